// Service cards (home, each opening the project form with its catalogue service chosen) and the ten service
// tiles of the how-it-works page.
import bookIcon from '../assets/icons/book.svg';
import chartIcon from '../assets/icons/chart.svg';
import documentIcon from '../assets/icons/document.svg';
import flaskIcon from '../assets/icons/flask.svg';
import appleIcon from '../assets/icons/apple.svg';
import lightbulbIcon from '../assets/icons/lightbulb.svg';
import penIcon from '../assets/icons/pen.svg';
import searchIcon from '../assets/icons/search.svg';
import stethoscopeIcon from '../assets/icons/stethoscope.svg';
import globeIcon from '../assets/icons/globe.svg';
import { type CatalogueService, postProjectPath } from './contentPaths';

export interface ServiceCard {
  id: string;
  title: string;
  description: string;
  icon: string;
  /** The catalogue service the card stands for, chosen in the project form it opens. */
  service: CatalogueService;
}

export const serviceCards: ServiceCard[] = [
  { id: 'data-analysis', title: 'Data analysis', description: 'Statistics, data science and visualisation for your study or product.', icon: chartIcon, service: 'Statistical Analysis' },
  { id: 'scientific-writing', title: 'Scientific writing', description: 'Papers, reports, grant proposals and regulatory documents.', icon: penIcon, service: 'Scientific Report' },
  { id: 'consulting', title: 'Scientific consulting', description: 'Independent advice on methods, regulation and strategy.', icon: lightbulbIcon, service: 'Scientific Consulting' },
  { id: 'product-development', title: 'Product development', description: 'Formulation, prototyping and testing from idea to launch.', icon: flaskIcon, service: 'Food Science and Technology' },
  { id: 'research', title: 'Research', description: 'Literature searches, systematic reviews and market research.', icon: searchIcon, service: 'Secondary Research' },
  { id: 'editing', title: 'Editing and review', description: 'Language, structure and peer-review preparation.', icon: bookIcon, service: 'Scientific Editing' },
];

/** Where a service card leads: the project form with the card's service chosen. */
export function serviceCardPath(card: Pick<ServiceCard, 'service'>): string {
  return postProjectPath(card.service);
}

export interface ServiceTile {
  id: string;
  name: string;
  icon: string;
}

/** The ten service tiles of the How it Works page, in the order they are shown. */
export const serviceTiles: ServiceTile[] = [
  { id: 'data-science', name: 'Data Science', icon: chartIcon },
  { id: 'scientific-consulting', name: 'Scientific Consulting', icon: lightbulbIcon },
  { id: 'statistical-analysis', name: 'Statistical Analysis', icon: chartIcon },
  { id: 'food-science', name: 'Food Science and Technology', icon: appleIcon },
  { id: 'medical-writing', name: 'Medical Writing', icon: penIcon },
  { id: 'clinical-evaluation-report', name: 'Clinical Evaluation Report', icon: stethoscopeIcon },
  { id: 'scientific-report', name: 'Scientific Report', icon: documentIcon },
  { id: 'secondary-research', name: 'Secondary Research', icon: globeIcon },
  { id: 'literature-search', name: 'Literature Search', icon: searchIcon },
  { id: 'scientific-editing', name: 'Scientific Editing', icon: bookIcon },
];

/** Where a service tile leads: the service's own page (/services/:slug, slug = the tile's id). */
export function serviceTilePath(tile: Pick<ServiceTile, 'id'>): string {
  return `/services/${tile.id}`;
}
