// The concierge queue: requests from the public /concierge page, waiting for an operator to send a shortlist of
// experts within the promised hours (CONCIERGE_PROMISE). The shortlist is recorded with the request (once) and mailed to the requester.
import { ADMIN_LIMITS, expertSlug, projectPagePath, type ConciergeQueueItemView } from '@sciexperts/shared/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import { isListed } from '../directory/searchIndex';


export async function conciergeQueue(db: Db, now: Date): Promise<ConciergeQueueItemView[]> {
  const rows = await db.kysely.selectFrom('conciergeRequests').selectAll().where('answeredAt', 'is', null).orderBy('createdAt').orderBy('id').limit(200).execute();
  return rows.map((r) => {
    const waitingSeconds = Math.max(0, Math.floor((now.getTime() - Date.parse(r.createdAt)) / 1000));
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      need: r.need,
      budget: r.budget,
      deadline: r.deadline,
      createdAt: r.createdAt,
      waitingSeconds,
      nearingDeadline: waitingSeconds >= ADMIN_LIMITS.conciergeFlagHours * 3600,
    };
  });
}

/** The listed experts among `ids`, in the order given; undefined when any is not listed (suspended, hidden, unknown). */
export async function listedExperts(db: Db, ids: number[]): Promise<Array<{ id: number; firstName: string; lastName: string; headline: string | null }> | undefined> {
  const rows = await db.kysely.selectFrom('users').select(['id', 'firstName', 'lastName', 'headline', 'isProfilePublic', 'suspendedAt', 'profileHiddenAt']).where('id', 'in', ids).execute();
  const byId = new Map(rows.filter(isListed).map((r) => [r.id, r]));
  const picked = ids.map((id) => byId.get(id));
  return picked.every((p) => p !== undefined) ? (picked as Array<NonNullable<(typeof picked)[number]>>) : undefined;
}

/** Records the answer in the caller's transaction; false when the request is unknown or was answered already. */
export async function recordShortlist(trx: Kysely<Database>, id: number, by: string, expertIds: number[], at: Date): Promise<{ name: string; email: string } | undefined> {
  return trx
    .updateTable('conciergeRequests')
    .set({ answeredAt: at.toISOString(), answeredBy: by, shortlist: JSON.stringify(expertIds) })
    .where('id', '=', id)
    .where('answeredAt', 'is', null)
    .returning(['name', 'email'])
    .executeTakeFirst();
}

/**
 * The shortlist e-mail: each expert's profile link, the operator's note, and where the project draft made from the
 * request is: already made (a member with this confirmed address) or made when this address is confirmed.
 */
export function shortlistMailText(
  to: { name: string; email: string },
  experts: Array<{ id: number; firstName: string; lastName: string; headline: string | null }>,
  note: string,
  siteUrl: string,
  draftProjectId: number | null,
): string {
  const lines = experts.map((e) => `- ${e.firstName} ${e.lastName}${e.headline ? `, ${e.headline}` : ''}: ${siteUrl}/experts/${e.id}-${expertSlug(e.firstName, e.lastName)}`);
  const draft =
    draftProjectId !== null
      ? `We made a project draft from your request, with these experts invited:\n${siteUrl}${projectPagePath(draftProjectId)}\n\nCheck it, change what you like and publish it: the experts receive their invitations when you publish.`
      : `Sign up with this e-mail address (${to.email}), or sign in if you have an account with it, and confirm the address: you will then find a project draft made from your request, with these experts invited, in My Projects:\n${siteUrl}/profile/my-projects\n\nCheck it, change what you like and publish it: the experts receive their invitations when you publish.`;
  return `Hello ${to.name},\n\nHere are the experts we picked for your request:\n\n${lines.join('\n')}\n\n${note}\n\n${draft}\n`;
}
