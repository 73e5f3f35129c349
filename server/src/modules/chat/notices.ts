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
import { NOTIFICATION_EVENTS, type ChatMessage } from '@sciexperts/shared/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { JobQueue } from '../../jobs';
import type { ChatServer } from '../../chat/gateway';
import { userRoom } from '../../chat/gateway';
import { memberName, notifyPushedByCaller } from '../notifications/notify';
import { toNotification, type NotificationRow } from '../notifications/repository';
import type { SenderName } from './repository';
import { BoundedSet } from '../../chat/boundedSet';

/** The group of a sender's message notifications for one receiver. */
export const messageGroupKey = (senderId: number) => `message:${senderId}`;

const EXCERPT_MAX = 100;

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
    const flat = message.text.replace(/\s+/g, ' ').trim();
    const excerpt = flat.length <= EXCERPT_MAX ? flat : `${flat.slice(0, EXCERPT_MAX - 1).trimEnd()}…`;
    const told = {
      userId: message.receiverId,
      type: 'message' as const,
      text: `${memberName(sender)} sent you a message: “${excerpt}”`,
      link: `/chat?with=${message.senderId}`,
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
