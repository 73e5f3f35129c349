import type { ConciergeRequest } from '@sciexperts/shared/contracts';
import type { Db } from '../../db/connect';

export async function insertConciergeRequest(db: Db, request: ConciergeRequest, now: Date): Promise<number> {
  const row = await db.kysely
    .insertInto('conciergeRequests')
    .values({ ...request, createdAt: now.toISOString(), mailedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markConciergeRequestMailed(db: Db, id: number, now: Date): Promise<void> {
  await db.kysely.updateTable('conciergeRequests').set({ mailedAt: now.toISOString() }).where('id', '=', id).execute();
}
