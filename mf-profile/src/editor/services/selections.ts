import type { BulkServicesRequest, OfferedService, Service } from '@sciexperts/shared';

/** Selected practice-area names per service name (names are what BulkAddServices takes). */
export type Selections = Record<string, string[]>;

export function selectionsFromOffered(offered: OfferedService[]): Selections {
  const result: Selections = {};
  for (const item of offered) result[item.service.name] = item.practiceAreas.map((area) => area.name);
  return result;
}

export const countSelected = (selections: Selections) => Object.values(selections).reduce((sum, names) => sum + names.length, 0);

export function toggleArea(selections: Selections, serviceName: string, areaName: string): Selections {
  const current = selections[serviceName] ?? [];
  const next = current.includes(areaName) ? current.filter((name) => name !== areaName) : [...current, areaName];
  return { ...selections, [serviceName]: next };
}

/** In catalogue order; services with nothing ticked are left out. */
export function toBulkRequest(catalogue: Service[], selections: Selections): BulkServicesRequest {
  return {
    services: catalogue
      .map((service) => ({
        serviceName: service.name,
        practiceAreaNames: service.practiceAreas.map((area) => area.name).filter((name) => selections[service.name]?.includes(name)),
      }))
      .filter((item) => item.practiceAreaNames.length > 0),
  };
}
