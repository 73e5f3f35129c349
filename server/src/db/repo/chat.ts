import type { ChatCounterpart, ChatMessage, ConversationSummary } from '@sciexperts/shared/contracts';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../connect';
import type { MessagesTable } from '../schema';

/** Created by migration 0002_chat_reads: the newest message id a member has read from a counterpart. */
export interface ChatReadsTable {
  userId: number;
  counterpartId: number;
  lastReadId: number;
}

const withReads = (db: Db) => db.kysely.withTables<{ chatReads: ChatReadsTable }>();

function toMessage(r: Selectable<MessagesTable>): ChatMessage {
  return { id: r.id, senderId: r.senderId, receiverId: r.receiverId, text: r.text, timestamp: r.createdAt, clientId: r.clientId };
}

export async function findCounterpart(db: Db, id: number): Promise<ChatCounterpart | undefined> {
  return db.kysely.selectFrom('users').select(['id', 'firstName', 'lastName', 'profImgUrl']).where('id', '=', id).executeTakeFirst();
}

/** Messages of the pair newer than `after`, oldest first (what a reconnecting client missed). */
export async function listConversationAfter(db: Db, a: number, b: number, after: number, limit: number): Promise<ChatMessage[]> {
  const rows = await db.kysely
    .selectFrom('messages')
    .selectAll()
    .where((eb) => eb.or([eb.and([eb('senderId', '=', a), eb('receiverId', '=', b)]), eb.and([eb('senderId', '=', b), eb('receiverId', '=', a)])]))
    .where('id', '>', after)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return rows.map(toMessage);
}

/** Unread messages per sender for `me` (messages after the member's read mark for that sender). */
async function unreadBySender(db: Db, me: number, senderId?: number): Promise<Map<number, number>> {
  let q = withReads(db)
    .selectFrom('messages as m')
    .leftJoin('chatReads as r', (j) => j.onRef('r.counterpartId', '=', 'm.senderId').on('r.userId', '=', me))
    .select(['m.senderId', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('m.receiverId', '=', me)
    .where((eb) => eb('m.id', '>', eb.fn.coalesce('r.lastReadId', sql<number>`0`)));
  if (senderId !== undefined) q = q.where('m.senderId', '=', senderId);
  const rows = await q.groupBy('m.senderId').execute();
  return new Map(rows.map((r) => [r.senderId, Number(r.n)]));
}

export async function unreadTotal(db: Db, me: number): Promise<number> {
  let total = 0;
  for (const n of (await unreadBySender(db, me)).values()) total += n;
  return total;
}

/** Marks everything the counterpart has sent to `me` so far as read (ids only grow, so the newest id is the mark). */
export async function markConversationRead(db: Db, me: number, counterpartId: number): Promise<void> {
  const newest = await db.kysely
    .selectFrom('messages')
    .select((eb) => eb.fn.max('id').as('maxId'))
    .where('senderId', '=', counterpartId)
    .where('receiverId', '=', me)
    .executeTakeFirst();
  const lastReadId = newest?.maxId === null || newest?.maxId === undefined ? null : Number(newest.maxId);
  if (lastReadId === null) return;
  await withReads(db)
    .insertInto('chatReads')
    .values({ userId: me, counterpartId, lastReadId })
    .onConflict((oc) => oc.columns(['userId', 'counterpartId']).doUpdateSet({ lastReadId }))
    .execute();
}

/** The member's conversations, most recent first: counterpart, last message and unread count. */
export async function listConversations(db: Db, me: number, limit = 100): Promise<ConversationSummary[]> {
  const latest = await sql<{ cp: number; lastId: number }>`
    select case when "senderId" = ${me} then "receiverId" else "senderId" end as cp, max(id) as "lastId"
    from messages
    where "senderId" = ${me} or "receiverId" = ${me}
    group by 1
    order by "lastId" desc
    limit ${limit}`.execute(db.kysely);
  const pairs = latest.rows.map((r) => ({ cp: Number(r.cp), lastId: Number(r.lastId) }));
  if (pairs.length === 0) return [];
  const [messages, users, unread] = await Promise.all([
    db.kysely.selectFrom('messages').selectAll().where('id', 'in', pairs.map((p) => p.lastId)).execute(),
    db.kysely.selectFrom('users').select(['id', 'firstName', 'lastName', 'profImgUrl']).where('id', 'in', pairs.map((p) => p.cp)).execute(),
    unreadBySender(db, me),
  ]);
  const byId = new Map(messages.map((m) => [m.id, toMessage(m)]));
  const userById = new Map(users.map((u) => [u.id, u]));
  const out: ConversationSummary[] = [];
  for (const p of pairs) {
    const lastMessage = byId.get(p.lastId);
    const counterpart = userById.get(p.cp);
    if (lastMessage && counterpart) out.push({ counterpart, lastMessage, unreadCount: unread.get(p.cp) ?? 0 });
  }
  return out;
}
