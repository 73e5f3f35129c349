import type { NamedRef, OfferedService, Service } from '@sciexperts/shared/contracts';
import type { Db } from '../../db/connect';
import { refreshExpertSearch } from '../directory/searchIndex';

export async function listServices(db: Db): Promise<Service[]> {
  const [services, areas] = await Promise.all([
    db.kysely.selectFrom('services').select(['id', 'name']).orderBy('id').execute(),
    db.kysely.selectFrom('practiceAreas').select(['id', 'name', 'serviceId']).orderBy('id').execute(),
  ]);
  return services.map((s) => ({
    id: s.id,
    name: s.name,
    practiceAreas: areas.filter((a) => a.serviceId === s.id).map((a) => ({ id: a.id, name: a.name })),
  }));
}

export async function listOfferedServices(db: Db, userId: number): Promise<OfferedService[]> {
  const offered = await db.kysely
    .selectFrom('offeredServices')
    .innerJoin('services', 'services.id', 'offeredServices.serviceId')
    .select(['offeredServices.id as id', 'offeredServices.createdAt as createdAt', 'services.id as serviceId', 'services.name as serviceName'])
    .where('offeredServices.userId', '=', userId)
    .orderBy('offeredServices.id')
    .execute();
  if (offered.length === 0) return [];
  const areas = await db.kysely
    .selectFrom('offeredPracticeAreas')
    .innerJoin('practiceAreas', 'practiceAreas.id', 'offeredPracticeAreas.practiceAreaId')
    .select(['offeredPracticeAreas.offeredServiceId as offeredServiceId', 'practiceAreas.id as id', 'practiceAreas.name as name'])
    .where('offeredPracticeAreas.offeredServiceId', 'in', offered.map((o) => o.id))
    .orderBy('practiceAreas.id')
    .execute();
  return offered.map((o) => ({
    id: o.id,
    createdAt: o.createdAt,
    service: { id: o.serviceId, name: o.serviceName },
    practiceAreas: areas.filter((a) => a.offeredServiceId === o.id).map((a): NamedRef => ({ id: a.id, name: a.name })),
  }));
}

export interface ResolvedSelection {
  serviceId: number;
  practiceAreaIds: number[];
}

/** Replaces the whole selection at once so a failed save never leaves half of it. */
export async function replaceOfferedServices(db: Db, userId: number, selections: ResolvedSelection[]): Promise<void> {
  const now = new Date().toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('offeredServices').where('userId', '=', userId).execute();
    for (const sel of selections) {
      const row = await trx.insertInto('offeredServices').values({ userId, serviceId: sel.serviceId, createdAt: now }).returning('id').executeTakeFirstOrThrow();
      if (sel.practiceAreaIds.length > 0) {
        await trx
          .insertInto('offeredPracticeAreas')
          .values(sel.practiceAreaIds.map((practiceAreaId) => ({ offeredServiceId: row.id, practiceAreaId })))
          .execute();
      }
    }
    await refreshExpertSearch(trx, db.dialect, userId);
  });
}

export async function seedCatalogue(db: Db, catalogue: ReadonlyArray<{ name: string; practiceAreas: readonly string[] }>): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    for (const entry of catalogue) {
      let service = await trx.selectFrom('services').select('id').where('name', '=', entry.name).executeTakeFirst();
      if (!service) service = await trx.insertInto('services').values({ name: entry.name }).returning('id').executeTakeFirstOrThrow();
      const existing = new Set((await trx.selectFrom('practiceAreas').select('name').where('serviceId', '=', service.id).execute()).map((r) => r.name));
      const missing = entry.practiceAreas.filter((n) => !existing.has(n));
      if (missing.length > 0) await trx.insertInto('practiceAreas').values(missing.map((name) => ({ serviceId: service.id, name }))).execute();
    }
  });
}
