import type { ExposedComponentId, ExposedProps } from '@sciexperts/shared';

/**
 * One page of the member area. The sidebar and the routes under /profile are both
 * generated from the list below, so they cannot disagree; `module` names the remote module that fills the
 * page and `props` are checked against that module's props in the shared expose map.
 */
export type MemberPage = {
  [Id in ExposedComponentId]: {
    /** Relative to /profile; '' is /profile itself. */
    path: string;
    /** The header's title on this page. */
    title: string;
    /** The sidebar's link text; empty for a page reached another way (the owner dashboard, by the switch). */
    navLabel: string;
    module: Id;
    /** The page also answers the paths below its own (/profile/workspace/12): the module reads the rest from the URL. */
    subPages?: true;
  } & (Record<never, never> extends ExposedProps<Id> ? { props?: ExposedProps<Id> } : { props: ExposedProps<Id> });
}[ExposedComponentId];

/** A page whose module only the run-time registry knows (decision 0008): typed by data, rendered untyped. */
export interface RegistryMemberPage {
  path: string;
  title: string;
  navLabel: string;
  module: string;
  props?: undefined;
  subPages?: undefined;
}

export type AnyMemberPage = MemberPage | RegistryMemberPage;

export const FREELANCER_DASHBOARD = 'freelancer-dashboard';
export const OWNER_DASHBOARD = 'project-owner-dashboard';

/** In sidebar order. */
export const memberPages: MemberPage[] = [
  { path: FREELANCER_DASHBOARD, title: 'Freelancer Dashboard', navLabel: 'Dashboard', module: 'mf_projects/FreelancerDashboard' },
  { path: '', title: 'Profile', navLabel: 'Profile', module: 'mf_profile/ProfileEditor' },
  { path: 'my-projects', title: 'My Projects', navLabel: 'My Projects', module: 'mf_projects/MyProjectsPage' },
  { path: 'browse-projects', title: 'Browse Projects', navLabel: 'Browse Projects', module: 'mf_projects/BrowseProjectsPage' },
  { path: 'proposals', title: 'Proposals', navLabel: 'Proposals', module: 'mf_projects/ProposalsPage' },
  { path: 'workspace', title: 'Workspace', navLabel: 'Workspace', module: 'mf_projects/WorkspacePage', subPages: true },
  { path: 'payment', title: 'Payment Details', navLabel: 'Payment Details', module: 'mf_projects/PaymentDetailsPage' },
  { path: 'billing', title: 'Billing', navLabel: 'Billing', module: 'mf_projects/BillingPage' },
  { path: 'calls', title: 'Scheduled Calls', navLabel: 'Scheduled Calls', module: 'mf_profile/CallsPage' },
  { path: 'settings', title: 'Account settings', navLabel: 'Account settings', module: 'mf_profile/AccountSettingsPage' },
  { path: OWNER_DASHBOARD, title: 'Project Owner Dashboard', navLabel: '', module: 'mf_projects/OwnerDashboard' },
];

/**
 * The shell's pages, then the registry's. The shell's own entries win a clash of paths, so a registry
 * entry can add pages to the frame but never replace or hide one the shell lists.
 */
export function mergeMemberPages(own: readonly MemberPage[], fromRegistry: readonly RegistryMemberPage[]): AnyMemberPage[] {
  const taken = new Set<string>(own.map((page) => page.path));
  const merged: AnyMemberPage[] = [...own];
  for (const page of fromRegistry) {
    if (taken.has(page.path)) continue;
    taken.add(page.path);
    merged.push(page);
  }
  return merged;
}

/** The page whose route matches `pathname` (/profile, /profile/settings, …); undefined for unknown paths. */
export function pageForPath(pages: readonly AnyMemberPage[], pathname: string): AnyMemberPage | undefined {
  const rest = pathname.replace(/^\/profile\/?/, '').replace(/\/$/, '');
  return pages.find((page) => page.path === rest || (page.subPages === true && page.path !== '' && rest.startsWith(`${page.path}/`)));
}

export function profileHref(path: string): string {
  return path ? `/profile/${path}` : '/profile';
}
