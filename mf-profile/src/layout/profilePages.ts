// The profile area's pages (spec §2), in sidebar order; path '' is the editor at /profile.
// The sidebar and the routes are both generated from this list, so they cannot disagree.
export interface ProfilePage {
  path: string;
  title: string;
  navLabel: string;
  description: string;
}

export const FREELANCER_DASHBOARD = 'freelancer-dashboard';
export const OWNER_DASHBOARD = 'project-owner-dashboard';

export const profilePages: ProfilePage[] = [
  { path: FREELANCER_DASHBOARD, title: 'Freelancer Dashboard', navLabel: 'Dashboard', description: 'Your projects, proposals and earnings at a glance will appear here.' },
  { path: '', title: 'Profile', navLabel: 'Profile', description: 'Your expert profile: headline, summary, hourly rate, services and experience.' },
  { path: 'my-projects', title: 'My Projects', navLabel: 'My Projects', description: 'Projects you own or work on will be listed here.' },
  { path: 'browse-projects', title: 'Browse Projects', navLabel: 'Browse Projects', description: 'Open projects that match your expertise will be listed here.' },
  { path: 'proposals', title: 'Proposals', navLabel: 'Proposals', description: 'Proposals you have sent and received will appear here.' },
  { path: 'workspace', title: 'Workspace', navLabel: 'Workspace', description: 'Shared files, milestones and messages of active projects will live here.' },
  { path: 'payment', title: 'Payment Details', navLabel: 'Payment Details', description: 'Your payout methods will be managed here.' },
  { path: 'billing', title: 'Billing', navLabel: 'Billing', description: 'Invoices and escrow payments will appear here.' },
  { path: 'calls', title: 'Scheduled Calls', navLabel: 'Scheduled Calls', description: 'Calls you have scheduled with clients and experts will appear here.' },
  { path: 'settings', title: 'Account Setting', navLabel: 'Account Setting', description: 'Your account, password and notification settings will be managed here.' },
  { path: OWNER_DASHBOARD, title: 'Project Owner Dashboard', navLabel: '', description: 'Your posted projects, invited experts and quotes will appear here.' },
];

/** The page whose route matches `pathname` (/profile, /profile/settings, …); undefined for unknown paths. */
export function pageForPath(pathname: string): ProfilePage | undefined {
  const rest = pathname.replace(/^\/profile\/?/, '').replace(/\/$/, '');
  return profilePages.find((page) => page.path === rest);
}

export function profileHref(path: string): string {
  return path ? `/profile/${path}` : '/profile';
}
