// The public routes whose pages this remote provides, the member-area pages it fills, and the links it makes.
// The shell's router registers these paths (and its member-page list names these exposes); the standalone
// page uses the same table.
import { expertSlug } from '@sciexperts/shared';
import { projectPagePath, workspacePagePath } from '@sciexperts/shared/member';

export type PublicExpose = 'ProjectsPage' | 'ProjectPage' | 'CreateProjectPage';
export type MemberExpose = 'MyProjectsPage' | 'BrowseProjectsPage' | 'ProposalsPage' | 'FreelancerDashboard' | 'OwnerDashboard' | 'WorkspacePage' | 'PaymentDetailsPage' | 'BillingPage';

export const projectRoutes: ReadonlyArray<{ path: string; expose: PublicExpose }> = [
  { path: '/projects', expose: 'ProjectsPage' },
  { path: '/projects/:id', expose: 'ProjectPage' },
  { path: '/create-project', expose: 'CreateProjectPage' },
];

/** Where the shell's member frame shows each member page (relative to /profile). */
export const memberRoutes: ReadonlyArray<{ path: string; expose: MemberExpose }> = [
  { path: 'freelancer-dashboard', expose: 'FreelancerDashboard' },
  { path: 'my-projects', expose: 'MyProjectsPage' },
  { path: 'browse-projects', expose: 'BrowseProjectsPage' },
  { path: 'proposals', expose: 'ProposalsPage' },
  { path: 'project-owner-dashboard', expose: 'OwnerDashboard' },
  // The workspace list at /profile/workspace, one contract's workspace at /profile/workspace/<contractId>.
  { path: 'workspace/*', expose: 'WorkspacePage' },
  { path: 'payment', expose: 'PaymentDetailsPage' },
  { path: 'billing', expose: 'BillingPage' },
];

export const PROJECTS_PATH = '/projects';
export const CREATE_PROJECT_PATH = '/create-project';
export const MY_PROJECTS_PATH = '/profile/my-projects';
export const BROWSE_PROJECTS_PATH = '/profile/browse-projects';
export const PROPOSALS_PATH = '/profile/proposals';
export const EXPERT_SEARCH_PATH = '/find-an-expert';
export const WORKSPACE_PATH = '/profile/workspace';
export const PAYMENT_DETAILS_PATH = '/profile/payment';
export const BILLING_PATH = '/profile/billing';

/** One contract's workspace (the provider's checkout sends the member back here with ?payment=); the API builds the same path. */
export const workspacePath = workspacePagePath;

/** One project's page; the API's notifications link the same path. */
export const projectPath = projectPagePath;

/** The project form, with a catalogue service chosen already (service cards, 'Request a service'). */
export function createProjectPath(service?: string): string {
  return service ? `${CREATE_PROJECT_PATH}?service=${encodeURIComponent(service)}` : CREATE_PROJECT_PATH;
}

/** A draft opened again in the form. */
export function editDraftPath(id: number): string {
  return `${CREATE_PROJECT_PATH}?draft=${id}`;
}

/** The directory's search for one service (the 'search more experts' link). */
export function expertSearchPath(service?: string): string {
  return service ? `${EXPERT_SEARCH_PATH}?service=${encodeURIComponent(service)}` : EXPERT_SEARCH_PATH;
}

/** '/experts/42-ada-lovelace': the directory's public profile (the directory owns that route). */
export function expertPath(member: { id: number; firstName: string; lastName: string; slug?: string }): string {
  return `/experts/${member.id}-${member.slug || expertSlug(member.firstName, member.lastName)}`;
}

/** The conversation with one member; the shell's /chat opens it. */
export function chatPath(memberId: number): string {
  return `/chat?with=${memberId}`;
}

/** The positive integer id in a route parameter, or null. */
export function idOf(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,8}$/.test(param)) return null;
  return Number(param);
}
