import type { Publication } from '@sciexperts/shared/contracts';
import type { Db } from '../../db/connect';

const part = (value: string | null) => (value === null ? null : { value });

export async function listPublications(db: Db, userId: number): Promise<Publication[]> {
  const rows = await db.kysely.selectFrom('publications').selectAll().where('userId', '=', userId).orderBy('position').execute();
  return rows.map((r) => ({
    title: r.title,
    url: r.url,
    type: r.type,
    publicationDate: r.pubYear === null && r.pubMonth === null && r.pubDay === null ? null : { year: part(r.pubYear), month: part(r.pubMonth), day: part(r.pubDay) },
  }));
}

/** ORCID is the source of truth: a sync replaces the stored list. */
export async function replacePublications(db: Db, userId: number, works: Publication[], orcidId?: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    // The record's iD is kept with the profile: a verification request names it (docs/decisions/0040-expert-vetting.md).
    if (orcidId !== undefined) await trx.updateTable('users').set({ orcidId }).where('id', '=', userId).execute();
    await trx.deleteFrom('publications').where('userId', '=', userId).execute();
    if (works.length === 0) return;
    await trx
      .insertInto('publications')
      .values(
        works.map((w, position) => ({
          userId,
          position,
          title: w.title,
          url: w.url,
          type: w.type,
          pubYear: w.publicationDate?.year?.value ?? null,
          pubMonth: w.publicationDate?.month?.value ?? null,
          pubDay: w.publicationDate?.day?.value ?? null,
        })),
      )
      .execute();
  });
}
