// The site navigation of the headers and menus; the desktop bar and the mobile drawer both render it.

export interface NavLinkItem {
  label: string;
  to: string;
}

export interface NavMenu {
  label: string;
  items: NavLinkItem[];
}

export type NavEntry = NavLinkItem | NavMenu;

export const navigation: NavEntry[] = [
  { label: 'How it Works', to: '/how-it-works' },
  { label: 'Find an Expert', to: '/find-expert' },
  { label: 'Projects', to: '/projects' },
  {
    label: 'Solutions',
    items: [
      { label: 'Consulting', to: '/solutions/consulting' },
      { label: 'Strategy', to: '/solutions/strategy' },
      { label: 'Technology', to: '/solutions/technology' },
    ],
  },
  {
    label: 'Services',
    items: [
      { label: 'Consulting', to: '/services/consulting' },
      { label: 'Support', to: '/services/support' },
      { label: 'Tools', to: '/services/tools' },
    ],
  },
  { label: 'Concierge Services', to: '/concierge' },
];

export const requestServiceLink: NavLinkItem = { label: 'Request a service', to: '/request-service' };

export const howItWorksQuickLinks: NavLinkItem[] = [
  { label: 'Writers', to: '/services/scientific-writing' },
  { label: 'Data Analysis', to: '/find-an-expert/subject/data-analysis' },
  { label: 'Consultant', to: '/services/scientific-consulting' },
  { label: 'Product Development', to: '/find-an-expert/subject/product-development' },
  { label: 'Researchers', to: '/services/secondary-research' },
];

export function isMenu(entry: NavEntry): entry is NavMenu {
  return 'items' in entry;
}
