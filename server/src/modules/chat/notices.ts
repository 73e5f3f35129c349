// What the chat tells a member through notifications: a new message, one unread notification per sender (later
// messages refresh it). Opening the conversation reads it (routes.ts), so a member who is in the conversation gets
// no e-mail about what they already saw.
//
// This runs for every stored message, with the message itself (messageStore): the message, the upsert of the
// receiver's one unread notification from this sender (a new one with the receiver's e-mail choice, or a refresh of
// its text, link and time, which owes no new e-mail) and, for a new notification that owes one, its e-mail job.
// No delivery job: the gateway pushes the notification to the receiver's sockets once stored, in the message's frame.
// docs/decisions/0025-chat-message-cost.md.
import { DEFAULT_EMAIL_MODES, type ChatMessage } from '@sciexperts/shared/contracts';
import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/connect';
import type { JobQueue } from '../../jobs';
import { EMAIL_STATE_BY_MODE, NOTIFICATION_JOBS, memberName, queueImmediateEmail } from '../notifications/notify';
import type { NotificationRow } from '../notifications/repository';
import { whyNothingStored, type NewPairCap } from './repository';

/** The group of a sender's message notifications for one receiver. */
export const messageGroupKey = (senderId: number) => `message:${senderId}`;

const EXCERPT_MAX = 100;

/** What follows the sender's name in a message's notification. */
function afterName(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const excerpt = flat.length <= EXCERPT_MAX ? flat : `${flat.slice(0, EXCERPT_MAX - 1).trimEnd()}…`;
  return ` sent you a message: “${excerpt}”`;
}

const messageLink = (senderId: number) => `/chat?with=${senderId}`;

/*
 * PostgreSQL: a message and its notice in ONE statement (decision 0025). node-postgres sends a statement per round
 * trip, and the profile of the bench put a fifth of the server's CPU in the socket writes of those round trips
 * (BEGIN, INSERT message, notification UPDATE or upsert, e-mail job INSERT, COMMIT). Data-modifying CTEs make the
 * message, the upsert of the receiver's one unread notification from this sender (with the receiver's e-mail choice
 * read by the INSERT) and, for a notification that owes an immediate e-mail, its job, one atomic statement without a
 * transaction block. For a pair the caller has not seen converse, the same INSERT also checks the hourly cap on new
 * conversations (instead of a query of its own before it). Nothing stored (a retry, a block, the cap) goes the rare
 * path that asks why. SQLite cannot put an INSERT in a WITH: the same writes are three prepared statements there (below).
 */
const BLOCKED = `exists (select 1 from "memberBlocks" b where (b."blockerId" = $1 and b."blockedId" = $2) or (b."blockerId" = $2 and b."blockedId" = $1))`;
const CONVERSED = `exists (select 1 from messages p where (p."senderId" = $1 and p."receiverId" = $2) or (p."senderId" = $2 and p."receiverId" = $1))`;
/** Conversations the sender opened since $18: their messages since then that were the first between the two. */
const OPENED_SINCE = `(select count(*) from messages o where o."senderId" = $1 and o."createdAt" >= $18
  and not exists (select 1 from messages f where f.id < o.id
    and ((f."senderId" = $1 and f."receiverId" = o."receiverId") or (f."senderId" = o."receiverId" and f."receiverId" = $1))))`;

/** The sender's session is still signed in: a revoked session's next message is refused by the insert itself. */
const SIGNED_IN = `exists (select 1 from sessions z where z.id = $16 and z."userId" = $1 and z."expiresAt" > $17)`;

/** The partner app whose token the session is (docs/decisions/0050-partner-apps-and-scoped-tokens.md): the message is marked with its name. */
const VIA = `(select p.name from sessions v join partners p on p.id = v."partnerId" where v.id = $16)`;

const storeStatement = (capped: boolean) => `with m as (
  insert into messages ("senderId", "receiverId", text, "clientId", "createdAt", via)
  select $1::integer, $2::integer, $3::text, $4::text, $5::text, ${VIA}
  where ${SIGNED_IN} and not ${BLOCKED}${capped ? `
    and (${CONVERSED} or ${OPENED_SINCE} < $19::integer)` : ''}
  on conflict ("senderId", "clientId") do nothing
  returning *
), s as (
  select u."firstName", u."lastName" from users u where u.id = $1
), n as (
  insert into notifications ("userId", type, text, link, "groupKey", "sourceKey", "createdAt", "readAt", "emailState", "emailedAt")
  select m."receiverId", 'message', btrim(s."firstName" || ' ' || s."lastName") || $6, $7, $8, null, $9, null,
    coalesce((select case p.email when 'immediately' then $10 when 'daily' then $11 else $12 end
      from "notificationPreferences" p where p."userId" = m."receiverId" and p.type = 'message'), $13), null
  from m, s
  on conflict ("userId", "groupKey") where "groupKey" is not null and "readAt" is null
  do update set text = excluded.text, link = excluded.link, "createdAt" = excluded."createdAt"
  returning *
), j as (
  insert into jobs (name, payload, "runAt", "singletonKey", state, attempts, "createdAt")
  select $14, '{"id":' || n.id || '}', $15, n.id::text, 'pending', 0, $9 from n where n."emailState" = 'pending'
  on conflict do nothing
)
select m.*, s."firstName" as "senderFirstName", s."lastName" as "senderLastName", (select to_jsonb(n) from n) as notification
from m left join s on true`;
const STORE = storeStatement(false);
const STORE_NEW_PAIR = storeStatement(true);

interface StoredRow {
  id: number;
  senderId: number;
  receiverId: number;
  text: string;
  clientId: string | null;
  createdAt: string;
  via: string | null;
  senderFirstName: string | null;
  senderLastName: string | null;
  notification: NotificationRow | null;
}

/** Stores a message and tells its receiver (messageStore). */
export type MessageStore = (
  m: { senderId: number; receiverId: number; text: string; clientId: string | null },
  sessionId: string,
  cap: NewPairCap | null,
  now: Date,
) => Promise<StoreResult>;

export type StoreResult = { message: ChatMessage; created: true; notification: NotificationRow | null } | { message: ChatMessage; created: false };

/*
 * SQLite: the same three writes as the PostgreSQL statement (SQLite cannot put an INSERT in a WITH), each a statement
 * written once and prepared once (the SQLite handle keeps prepared statements by text), in one transaction. Kysely's
 * query builder took about a quarter of the server's CPU per message on SQLite (building and compiling the message
 * insert, the notification refresh or upsert and its transaction for every message; decision 0025), and the session
 * check and the new-pair query were statements of their own. The notification's text is made here from the sender's
 * name the insert returns.
 */
const SQLITE_SIGNED_IN = `exists (select 1 from sessions z where z.id = :sessionId and z."userId" = :senderId and z."expiresAt" > :now)`;
const SQLITE_BLOCKED = `exists (select 1 from "memberBlocks" b
  where (b."blockerId" = :senderId and b."blockedId" = :receiverId) or (b."blockerId" = :receiverId and b."blockedId" = :senderId))`;
const SQLITE_CONVERSED = `exists (select 1 from messages p
  where (p."senderId" = :senderId and p."receiverId" = :receiverId) or (p."senderId" = :receiverId and p."receiverId" = :senderId))`;
/** Conversations the sender opened since :since: their messages since then that were the first between the two. */
const SQLITE_OPENED_SINCE = `(select count(*) from messages o where o."senderId" = :senderId and o."createdAt" >= :since
  and not exists (select 1 from messages f where f.id < o.id
    and ((f."senderId" = :senderId and f."receiverId" = o."receiverId") or (f."senderId" = o."receiverId" and f."receiverId" = :senderId))))`;
const SQLITE_VIA = `(select p.name from sessions v join partners p on p.id = v."partnerId" where v.id = :sessionId)`;
const sqliteInsertMessage = (capped: boolean) =>
  positional(`insert into messages ("senderId", "receiverId", text, "clientId", "createdAt", via)
  select :senderId, :receiverId, :text, :clientId, :now, ${SQLITE_VIA}
  where ${SQLITE_SIGNED_IN} and not ${SQLITE_BLOCKED}${capped ? `
    and (${SQLITE_CONVERSED} or ${SQLITE_OPENED_SINCE} < :limit)` : ''}
  on conflict ("senderId", "clientId") do nothing
  returning *, (select u."firstName" from users u where u.id = :senderId) as "senderFirstName",
    (select u."lastName" from users u where u.id = :senderId) as "senderLastName"`);
const SQLITE_INSERT_MESSAGE = sqliteInsertMessage(false);
const SQLITE_INSERT_MESSAGE_NEW_PAIR = sqliteInsertMessage(true);
const SQLITE_UPSERT_NOTIFICATION = positional(`insert into notifications
  ("userId", type, text, link, "groupKey", "sourceKey", "createdAt", "readAt", "emailState", "emailedAt")
  values (:receiverId, 'message', :text, :link, :groupKey, null, :at, null,
    coalesce((select case p.email when 'immediately' then :immediately when 'daily' then :daily else :off end
      from "notificationPreferences" p where p."userId" = :receiverId and p.type = 'message'), :byDefault), null)
  on conflict ("userId", "groupKey") where "groupKey" is not null and "readAt" is null
  do update set text = excluded.text, link = excluded.link, "createdAt" = excluded."createdAt"
  returning *`);

/**
 * A statement written with named places (`:name`), sent with `?` and its values in the places' order: better-sqlite3
 * binds an array of values to `?` only (not to `?1` or `$1`), and Kysely hands it an array.
 */
function positional(text: string): { sql: string; values: (named: Record<string, unknown>) => unknown[] } {
  const names: string[] = [];
  const sql = text.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    names.push(name);
    return '?';
  });
  return {
    sql,
    values: (named) =>
      names.map((name) => {
        if (!(name in named)) throw new Error(`No value for :${name}.`);
        return named[name];
      }),
  };
}

/**
 * Stores a chat message and tells its receiver in one go (PostgreSQL: one statement; SQLite: one transaction of
 * prepared statements), if the sender's session `sessionId` is still signed in (SessionEnded otherwise: the caller
 * need not read the session before). `cap` for a pair not known to have conversed: the insert then also holds the
 * sender to the hourly cap on new conversations. Throws what the plain insertMessage throws (ClientIdConflict,
 * MessageBlocked, a foreign-key violation for an unknown recipient), NewConversationsLimited and SessionEnded. On
 * SQLite, `jobs` queues a new notification's e-mail (and wakes this process's worker when it is due at once).
 */
export function messageStore(db: Db, emailDelayMs: number, jobs?: JobQueue): MessageStore {
  const states = [EMAIL_STATE_BY_MODE.immediately, EMAIL_STATE_BY_MODE.daily, EMAIL_STATE_BY_MODE.off, EMAIL_STATE_BY_MODE[DEFAULT_EMAIL_MODES.message]];
  if (db.dialect === 'sqlite') {
    if (!jobs) throw new Error('The SQLite message store needs the job queue for e-mails.');
    return sqliteMessageStore(db, emailDelayMs, jobs, states);
  }
  return async (m, sessionId, cap, now) => {
    const at = now.toISOString();
    const wallClock = new Date().toISOString();
    const params: unknown[] = [
      m.senderId,
      m.receiverId,
      m.text,
      m.clientId,
      wallClock,
      afterName(m.text),
      messageLink(m.senderId),
      messageGroupKey(m.senderId),
      at,
      ...states,
      NOTIFICATION_JOBS.email,
      new Date(now.getTime() + emailDelayMs).toISOString(),
      sessionId,
      wallClock,
      // The cap's, for the statement that checks it (PostgreSQL refuses a parameter its statement does not use).
      ...(cap ? [cap.since.toISOString(), cap.limit] : []),
    ];
    const { rows } = await db.kysely.executeQuery<StoredRow>(CompiledQuery.raw(cap ? STORE_NEW_PAIR : STORE, params));
    const row = rows[0];
    if (!row) return whyNothingStored(db, m, cap, sessionId);
    return { message: storedMessage(row), created: true, notification: row.notification };
  };
}

type InsertedRow = Omit<StoredRow, 'notification'>;

const storedMessage = (row: InsertedRow): ChatMessage => ({
  id: row.id,
  senderId: row.senderId,
  receiverId: row.receiverId,
  text: row.text,
  timestamp: row.createdAt,
  clientId: row.clientId,
  ...(row.via ? { via: row.via } : {}),
});

function sqliteMessageStore(db: Db, emailDelayMs: number, jobs: JobQueue, states: readonly string[]): MessageStore {
  return async (m, sessionId, cap, now) => {
    const wallClock = new Date().toISOString();
    const stored = await db.kysely.transaction().execute(async (trx) => {
      const insert = cap ? SQLITE_INSERT_MESSAGE_NEW_PAIR : SQLITE_INSERT_MESSAGE;
      const named = { ...m, sessionId, now: wallClock, ...(cap ? { since: cap.since.toISOString(), limit: cap.limit } : {}) };
      const inserted = (await trx.executeQuery<InsertedRow>(CompiledQuery.raw(insert.sql, insert.values(named)))).rows[0];
      if (!inserted) return null;
      const sender = { firstName: inserted.senderFirstName ?? '', lastName: inserted.senderLastName ?? '' };
      const notice = SQLITE_UPSERT_NOTIFICATION.values({
        receiverId: m.receiverId,
        text: `${memberName(sender)}${afterName(m.text)}`,
        link: messageLink(m.senderId),
        groupKey: messageGroupKey(m.senderId),
        at: now.toISOString(),
        immediately: states[0],
        daily: states[1],
        off: states[2],
        byDefault: states[3],
      });
      const notification = (await trx.executeQuery<NotificationRow>(CompiledQuery.raw(SQLITE_UPSERT_NOTIFICATION.sql, notice))).rows[0] ?? null;
      // A new notification owes its e-mail by the receiver's choice; a refreshed one's is queued already (a second is
      // refused by the job's key, as on PostgreSQL).
      if (notification?.emailState === EMAIL_STATE_BY_MODE.immediately) await queueImmediateEmail(jobs, notification, emailDelayMs, trx);
      return { inserted, notification };
    });
    if (!stored) return whyNothingStored(db, m, cap, sessionId);
    return { message: storedMessage(stored.inserted), created: true, notification: stored.notification };
  };
}

/**
 * Before a PostgreSQL process takes traffic: opens `connections` of the pool (node-postgres opens them lazily, in
 * the first busy second otherwise) and runs both store statements on each a few times, for a session that does not
 * exist, so nothing is written. Each connection then has them prepared (a statement is named from its second use) and
 * past the custom plans PostgreSQL makes for a prepared statement's first five runs, and the process has compiled its
 * own part of the path. Measured in decision 0025. Best effort, and at most `limitMs`: a failure only leaves the work
 * to the first messages.
 */
export async function warmMessageStore(db: Db, connections: number, limitMs = 5000): Promise<void> {
  const nobody = { senderId: 0, receiverId: 0, text: 'warm-up', clientId: null };
  let waiting = connections;
  let allHeld: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (allHeld = resolve));
  const arrived = () => {
    if (--waiting === 0) allHeld();
  };
  const deadline = new Promise<void>((resolve) => setTimeout(resolve, limitMs).unref());
  const warm = Promise.all(
    Array.from({ length: connections }, () => {
      let counted = false;
      return db.kysely
        .connection()
        .execute(async (conn) => {
          // Every connection is held until all are, so each warm-up runs on a connection of its own.
          counted = true;
          arrived();
          await Promise.race([held, deadline]);
          const store = messageStore({ ...db, kysely: conn }, 0);
          for (let i = 0; i < 6; i++) {
            for (const cap of [null, { since: new Date(0), limit: 0 }]) await store(nobody, '', cap, new Date()).catch(() => undefined);
          }
        })
        .catch(() => {
          if (!counted) arrived();
        });
    }),
  );
  await Promise.race([warm, deadline]);
}
