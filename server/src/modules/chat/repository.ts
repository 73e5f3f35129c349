import type { ChatCounterpart, ChatMessage, ConversationSummary } from '@sciexperts/shared/contracts';
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import { isSessionActive } from '../account/repository';
import type { Database, MessagesTable } from '../../db/schema';

/** Created by migration 0002_chat_reads: the newest message id a member has read from a counterpart. */
export interface ChatReadsTable {
  userId: number;
  counterpartId: number;
  lastReadId: number;
}

const withReads = (db: Db) => db.kysely.withTables<{ chatReads: ChatReadsTable }>();

function toMessage(r: Selectable<MessagesTable>): ChatMessage {
  return { id: r.id, senderId: r.senderId, receiverId: r.receiverId, text: r.text, timestamp: r.createdAt, clientId: r.clientId, ...(r.via ? { via: r.via } : {}) };
}

export async function findCounterpart(db: Db, id: number): Promise<ChatCounterpart | undefined> {
  return db.kysely.selectFrom('users').select(['id', 'firstName', 'lastName', 'profImgUrl']).where('id', '=', id).executeTakeFirst();
}

/**
 * The name and photo of a member for `viewer`: a hidden profile (isProfilePublic off) is shown only to its owner
 * and to members who already share a conversation with it; to anyone else it does not exist.
 */
export async function findVisibleCounterpart(db: Db, viewer: number, id: number): Promise<ChatCounterpart | undefined> {
  const row = await db.kysely.selectFrom('users').select(['id', 'firstName', 'lastName', 'profImgUrl', 'isProfilePublic']).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const counterpart = { id: row.id, firstName: row.firstName, lastName: row.lastName, profImgUrl: row.profImgUrl };
  if (Number(row.isProfilePublic) === 1 || id === viewer) return counterpart;
  const shared = await db.kysely
    .selectFrom('messages')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('senderId', '=', viewer), eb('receiverId', '=', id)]), eb.and([eb('senderId', '=', id), eb('receiverId', '=', viewer)])]))
    .limit(1)
    .executeTakeFirst();
  return shared ? counterpart : undefined;
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

export async function findByClientId(db: Db, senderId: number, clientId: string): Promise<ChatMessage | undefined> {
  const row = await db.kysely.selectFrom('messages').selectAll().where('senderId', '=', senderId).where('clientId', '=', clientId).executeTakeFirst();
  return row ? toMessage(row) : undefined;
}

/** A clientId reused by its sender for a different receiver or text: storing it would lose one of the two messages. */
export class ClientIdConflict extends Error {
  constructor(readonly existing: ChatMessage) {
    super('This clientId was already used for a different message. Use a new clientId for each message.');
    this.name = 'ClientIdConflict';
  }
}

/** A message between two members one of whom blocked the other: nothing was stored. */
export class MessageBlocked extends Error {
  constructor(readonly by: 'bySender' | 'byReceiver') {
    super(`Message refused: blocked ${by}.`);
    this.name = 'MessageBlocked';
  }
}

function blockBetweenFilter(eb: ExpressionBuilder<Database, 'memberBlocks'>, a: number, b: number) {
  return eb.or([eb.and([eb('memberBlocks.blockerId', '=', a), eb('memberBlocks.blockedId', '=', b)]), eb.and([eb('memberBlocks.blockerId', '=', b), eb('memberBlocks.blockedId', '=', a)])]);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any outer scope: the subquery names its own table
function blockBetweenQuery(eb: ExpressionBuilder<any, any>, a: number, b: number) {
  return (eb as ExpressionBuilder<Database, never>).selectFrom('memberBlocks').select('memberBlocks.blockerId').where((w) => blockBetweenFilter(w, a, b));
}

/**
 * Stores once per (sender, clientId), the unique index, and never between a blocked pair (MessageBlocked, nothing
 * stored): an exact retry (same receiver and text) answers the first copy instead of a duplicate, and a reuse for
 * another message throws ClientIdConflict with nothing stored. No notification: the chat stores through messageStore
 * (notices.ts), which also tells the receiver; this plain store seeds conversations (tests, imports).
 * `createdAt` is the caller's "now" (the app's clock), the wall clock when not given.
 */
export async function insertMessage(
  db: Db,
  m: { senderId: number; receiverId: number; text: string; clientId: string | null; createdAt?: string },
): Promise<{ message: ChatMessage; created: true } | { message: ChatMessage; created: false }> {
  // ON CONFLICT DO NOTHING rather than look-up-then-insert: concurrent retries need no error path, on both dialects.
  // INSERT … SELECT … WHERE NOT EXISTS: a block between the two (either way) stores nothing, checked by the insert
  // itself, so a block holds at once in every process without a query of its own per message (decision 0039).
  const createdAt = m.createdAt ?? new Date().toISOString();
  const inserted = await db.kysely
    .insertInto('messages')
    .columns(['senderId', 'receiverId', 'text', 'clientId', 'createdAt'])
    .expression(
      db.kysely
        .selectNoFrom((eb) => [
          eb.val(m.senderId).as('senderId'),
          eb.val(m.receiverId).as('receiverId'),
          eb.val(m.text).as('text'),
          eb.val(m.clientId).as('clientId'),
          eb.val(createdAt).as('createdAt'),
        ])
        .where((w) => w.not(w.exists(blockBetweenQuery(w, m.senderId, m.receiverId)))),
    )
    .onConflict((oc) => oc.columns(['senderId', 'clientId']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { message: toMessage(inserted), created: true };
  return whyNothingStored(db, m, null, null);
}

/** The sender's session ended (logout, password reset, expiry) before the message was stored: nothing was. */
export class SessionEnded extends Error {
  constructor() {
    super('Message refused: the session has ended.');
    this.name = 'SessionEnded';
  }
}

/** A new conversation over the member's hourly cap: nothing was stored. */
export class NewConversationsLimited extends Error {
  constructor() {
    super('Message refused: too many new conversations this hour.');
    this.name = 'NewConversationsLimited';
  }
}

/** The hourly cap on new conversations, for a pair the caller has not seen converse. */
export interface NewPairCap {
  since: Date;
  limit: number;
}

/**
 * A message insert that stored nothing, on the rare path where it is worth queries to say why: the sender's session
 * ended (SessionEnded, when the insert checked `sessionId`), an exact retry (the first copy, created: false), a clientId
 * reused for another message (ClientIdConflict), a new conversation over the cap (NewConversationsLimited, when the
 * insert checked it), a block (MessageBlocked).
 */
export async function whyNothingStored(
  db: Db,
  m: { senderId: number; receiverId: number; text: string; clientId: string | null },
  cap: NewPairCap | null,
  sessionId: string | null,
): Promise<{ message: ChatMessage; created: false }> {
  if (sessionId !== null && !(await isSessionActive(db, sessionId, m.senderId))) throw new SessionEnded();
  const existing = m.clientId === null ? undefined : await findByClientId(db, m.senderId, m.clientId);
  if (!existing) {
    if (cap) {
      const opened = await openedSinceUnlessConversed(db, m.senderId, m.receiverId, cap.since);
      if (opened !== null && opened >= cap.limit) throw new NewConversationsLimited();
    }
    const by = await db.kysely.selectFrom('memberBlocks').select('blockerId').where((eb) => blockBetweenFilter(eb, m.senderId, m.receiverId)).execute();
    if (by.length > 0) throw new MessageBlocked(by.some((r) => r.blockerId === m.senderId) ? 'bySender' : 'byReceiver');
    throw new Error('Message insert stored nothing and no message holds its clientId.');
  }
  if (existing.receiverId !== m.receiverId || existing.text !== m.text) throw new ClientIdConflict(existing);
  return { message: existing, created: false };
}

const between = (a: number, b: number) => (eb: ExpressionBuilder<Database, 'messages'>) =>
  eb.or([eb.and([eb('senderId', '=', a), eb('receiverId', '=', b)]), eb.and([eb('senderId', '=', b), eb('receiverId', '=', a)])]);

/** Whether either member ever wrote to the other. */
export async function haveConversed(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db.kysely.selectFrom('messages').select('id').where(between(a, b)).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * How many conversations the member opened since `since`: their messages in that window that were the first one
 * between the two members. Counted from the table, so the cap holds across processes and restarts.
 */
function openedSince(eb: ExpressionBuilder<Database, never>, senderId: number, since: Date) {
  return eb
    .selectFrom('messages as m')
    .select((c) => c.fn.countAll<number | string>().as('n'))
    .where('m.senderId', '=', senderId)
    .where('m.createdAt', '>=', since.toISOString())
    .where((w) =>
      w.not(
        w.exists(
          w
            .selectFrom('messages as p')
            .select('p.id')
            .where('p.id', '<', w.ref('m.id'))
            .where((pe) =>
              pe.or([
                pe.and([pe('p.senderId', '=', senderId), pe('p.receiverId', '=', pe.ref('m.receiverId'))]),
                pe.and([pe('p.senderId', '=', pe.ref('m.receiverId')), pe('p.receiverId', '=', senderId)]),
              ]),
            ),
        ),
      ),
    );
}

export async function conversationsOpenedSince(db: Db, senderId: number, since: Date): Promise<number> {
  const row = await db.kysely.selectNoFrom((eb) => openedSince(eb, senderId, since).as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * What the new-conversation cap needs to know before `senderId` writes to `receiverId`, in one round trip: null when
 * the two have conversed (not a new conversation), otherwise how many conversations the sender opened since `since`
 * (counted only then: CASE does not evaluate the count for a known pair).
 */
export async function openedSinceUnlessConversed(db: Db, senderId: number, receiverId: number, since: Date): Promise<number | null> {
  const row = await db.kysely
    .selectNoFrom((eb) =>
      eb
        .case()
        .when(eb.exists(eb.selectFrom('messages').select('id').where(between(senderId, receiverId))))
        .then(sql<number>`-1`)
        .else(openedSince(eb, senderId, since))
        .end()
        .as('n'),
    )
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  return n < 0 ? null : n;
}

export async function listConversation(db: Db, a: number, b: number, limit: number, before?: number): Promise<ChatMessage[]> {
  let q = db.kysely
    .selectFrom('messages')
    .selectAll()
    .where((eb) => eb.or([eb.and([eb('senderId', '=', a), eb('receiverId', '=', b)]), eb.and([eb('senderId', '=', b), eb('receiverId', '=', a)])]));
  if (before !== undefined) q = q.where('id', '<', before);
  const rows = await q.orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toMessage).reverse();
}
