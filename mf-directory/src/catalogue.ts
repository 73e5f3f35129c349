// The service catalogue (names and practice areas) the filters offer, from the shared contract: the search's
// `service` and `area` parameters must match the API's spelling exactly.
import { SERVICE_CATALOGUE } from '@sciexperts/shared';

export { SERVICE_CATALOGUE };

export interface CatalogueEntry {
  name: string;
  practiceAreas: readonly string[];
}

/** The catalogue's spelling of a service name, matched without regard to case or surrounding spaces. */
export function catalogueService(name: string): CatalogueEntry | undefined {
  const wanted = name.trim().toLowerCase();
  return SERVICE_CATALOGUE.find((entry) => entry.name.toLowerCase() === wanted);
}

/** The practice areas a filter offers: the chosen service's, or every service's (sorted, once each). */
export function practiceAreasFor(service: string): string[] {
  const entry = service ? catalogueService(service) : undefined;
  if (entry) return [...entry.practiceAreas];
  return [...new Set(SERVICE_CATALOGUE.flatMap((e) => e.practiceAreas))].sort(byEnglishName);
}

/**
 * Alphabetical, ignoring case: the order localeCompare gives these plain English names (catalogue.test.ts holds
 * it so), without the ICU collator whose first use costs a phone a long task while the search page hydrates.
 */
function byEnglishName(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The service a practice area belongs to. */
export function serviceOfArea(area: string): string | undefined {
  const wanted = area.trim().toLowerCase();
  return SERVICE_CATALOGUE.find((e) => e.practiceAreas.some((a) => a.toLowerCase() === wanted))?.name;
}
