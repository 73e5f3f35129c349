// What the chat tells a member through notifications: a new message, one unread notification per sender (later
// messages refresh it). Opening the conversation reads it (routes.ts), so a member who is in the conversation gets
// no e-mail about what they already saw.
//
// This runs for every stored message, so its common case is one statement: while the receiver has not opened the
// conversation, a message only refreshes the unread notification of its sender (text, link, time). That refresh owes
// no new e-mail (the first one's is still queued, or was sent). A conversation's first unread message writes a new
// notification and queues its e-mail by the receiver's choice, in two statements. Neither needs a delivery job: the
// gateway pushes the notification to the receiver's sockets after the commit, with the message.
// docs/decisions/0025-chat-message-cost.md.
import { DEFAULT_EMAIL_MODES, NOTIFICATION_EVENTS, type ChatMessage } from '@sciexperts/shared/contracts';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import type { JobQueue } from '../../jobs';
import type { ChatServer } from '../../chat/gateway';
import { userRoom } from '../../chat/gateway';
import { EMAIL_STATE_BY_MODE, NOTIFICATION_JOBS, memberName, notifyPushedByCaller } from '../notifications/notify';
import { toNotification, type NotificationRow } from '../notifications/repository';
import { whyNothingStored, type NewPairCap, type SenderName } from './repository';
import { BoundedSet } from '../../chat/boundedSet';

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

/**
 * Tells receivers about messages, in each message's transaction; what it returns is the notification written or
 * refreshed, for the caller to push once the transaction has committed.
 *
 * Which statement comes first is a guess from what this process last did: for a conversation whose notification it
 * wrote or refreshed and saw unread, the refresh (one UPDATE); for any other, the upsert (a new row with the
 * receiver's e-mail choice, or the refresh of one another process wrote) and, for a new row that owes an e-mail, its
 * job. A wrong guess costs one statement, never a wrong notification: the UPDATE finding nothing falls back to the
 * upsert, and an e-mail job queued twice is refused by its key (and sent once by its claim).
 */
export function messageNotices(jobs: JobQueue, emailDelayMs: number) {
  const likelyUnread = new BoundedSet<string>();
  return async function tellReceiver(trx: Kysely<Database>, message: ChatMessage, sender: SenderName, now: Date): Promise<NotificationRow | null> {
    const told = {
      userId: message.receiverId,
      type: 'message' as const,
      text: `${memberName(sender)}${afterName(message.text)}`,
      link: messageLink(message.senderId),
      groupKey: messageGroupKey(message.senderId),
    };
    const conversation = `${told.userId}:${message.senderId}`;
    if (likelyUnread.has(conversation)) {
      const refreshed = await trx
        .updateTable('notifications')
        .set({ text: told.text, link: told.link, createdAt: now.toISOString() })
        .where('userId', '=', told.userId)
        .where('groupKey', '=', told.groupKey)
        .where('readAt', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (refreshed) return refreshed;
      likelyUnread.delete(conversation);
    }
    const [written] = await notifyPushedByCaller(trx, jobs, [told], now, emailDelayMs);
    if (written) likelyUnread.add(conversation);
    return written ?? null;
  };
}

/** The live half: every tab and device of the receiver (every process, through the adapter). */
export function pushNotification(io: ChatServer, row: NotificationRow): void {
  io.to(userRoom(row.userId)).emit(NOTIFICATION_EVENTS.created, toNotification(row));
}

/*
 * PostgreSQL: a message and its notice in ONE statement (decision 0025). node-postgres sends a statement per round
 * trip, and the profile of the bench put a fifth of the server's CPU in the socket writes of those round trips
 * (BEGIN, INSERT message, notification UPDATE or upsert, e-mail job INSERT, COMMIT). Data-modifying CTEs make the
 * message, the upsert of the receiver's one unread notification from this sender (with the receiver's e-mail choice
 * read by the INSERT) and, for a notification that owes an immediate e-mail, its job, one atomic statement without a
 * transaction block. For a pair the caller has not seen converse, the same INSERT also checks the hourly cap on new
 * conversations (instead of a query of its own before it). Nothing stored (a retry, a block, the cap) goes the rare
 * path that asks why. SQLite cannot put an INSERT in a WITH and keeps insertMessage's transaction with tellReceiver.
 */
const BLOCKED = `exists (select 1 from "memberBlocks" b where (b."blockerId" = $1 and b."blockedId" = $2) or (b."blockerId" = $2 and b."blockedId" = $1))`;
const CONVERSED = `exists (select 1 from messages p where (p."senderId" = $1 and p."receiverId" = $2) or (p."senderId" = $2 and p."receiverId" = $1))`;
/** Conversations the sender opened since $18: their messages since then that were the first between the two. */
const OPENED_SINCE = `(select count(*) from messages o where o."senderId" = $1 and o."createdAt" >= $18
  and not exists (select 1 from messages f where f.id < o.id
    and ((f."senderId" = $1 and f."receiverId" = o."receiverId") or (f."senderId" = o."receiverId" and f."receiverId" = $1))))`;

/** The sender's session is still signed in: a revoked session's next message is refused by the insert itself. */
const SIGNED_IN = `exists (select 1 from sessions z where z.id = $16 and z."userId" = $1 and z."expiresAt" > $17)`;

const storeStatement = (capped: boolean) => `with m as (
  insert into messages ("senderId", "receiverId", text, "clientId", "createdAt")
  select $1::integer, $2::integer, $3::text, $4::text, $5::text
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
  senderFirstName: string | null;
  senderLastName: string | null;
  notification: NotificationRow | null;
}

export type StoreResult = { message: ChatMessage; created: true; notification: NotificationRow | null } | { message: ChatMessage; created: false };

/**
 * Stores a chat message and tells its receiver in one statement (PostgreSQL only), if the sender's session `sessionId`
 * is still signed in (SessionEnded otherwise: the caller need not read the session before). `cap` for a pair not
 * known to have conversed: the insert then also holds the sender to the hourly cap on new conversations. Throws what
 * insertMessage throws (ClientIdConflict, MessageBlocked, a foreign-key violation for an unknown recipient),
 * NewConversationsLimited and SessionEnded.
 */
export function messageStore(db: Db, emailDelayMs: number) {
  const states = [EMAIL_STATE_BY_MODE.immediately, EMAIL_STATE_BY_MODE.daily, EMAIL_STATE_BY_MODE.off, EMAIL_STATE_BY_MODE[DEFAULT_EMAIL_MODES.message]];
  return async function store(
    m: { senderId: number; receiverId: number; text: string; clientId: string | null },
    sessionId: string,
    cap: NewPairCap | null,
    now: Date,
  ): Promise<StoreResult> {
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
    const message: ChatMessage = { id: row.id, senderId: row.senderId, receiverId: row.receiverId, text: row.text, timestamp: row.createdAt, clientId: row.clientId };
    return { message, created: true, notification: row.notification };
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
