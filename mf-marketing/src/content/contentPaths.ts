// The content pages' shape and the paths they and the home page link to. A module of its own: the home page's
// service cards need a path from here, and importing it from servicePages.ts brought every service and solution
// page's text (14 KB compressed) to the home page.
import { SERVICE_CATALOGUE } from '@sciexperts/shared';
import { type FaqItem } from './faq';

/** A name of the service catalogue (SERVICE_CATALOGUE): a project is posted for one of these. */
export type CatalogueService = (typeof SERVICE_CATALOGUE)[number]['name'];

export const CATALOGUE_SERVICES: readonly CatalogueService[] = SERVICE_CATALOGUE.map((entry) => entry.name);

export type ContentSection = 'solutions' | 'services';

export interface ContentPage {
  slug: string;
  section: ContentSection;
  /** The h1, and the page title. */
  title: string;
  /** Meta description, about 150 characters. */
  description: string;
  /** The sentence under the h1. */
  lead: string;
  /** What the service is: one or two paragraphs. */
  what: string[];
  /** Who it is for. */
  audience: string[];
  /** What the client receives. */
  deliverables: string[];
  /** Typical price range as experts quote it, e.g. 'USD 1,500 – 12,000 per project'. */
  price: string;
  /** Typical duration, e.g. '2 to 8 weeks'. */
  duration: string;
  /** What moves a quote up or down. */
  priceDrivers: string;
  faq: FaqItem[];
  /**
   * Static examples (ids in ./experts), shown when the directory cannot answer or has nobody for projectService;
   * otherwise the page shows the directory's first experts for projectService.
   */
  expertIds: string[];
  /** Pre-selected in the project form the call to action opens; the service whose experts the page shows. */
  projectService: CatalogueService;
}

export function contentPagePath(page: Pick<ContentPage, 'section' | 'slug'>): string {
  return `/${page.section}/${page.slug}`;
}

/** The call to action's target: the project form with this page's service chosen. */
export function postProjectPath(service: CatalogueService): string {
  return `/create-project?service=${encodeURIComponent(service)}`;
}

/** The directory's search filtered to one catalogue service (owned by the expert directory). */
export function expertDirectoryPath(service: CatalogueService): string {
  return `/find-an-expert?${new URLSearchParams({ service }).toString()}`;
}
