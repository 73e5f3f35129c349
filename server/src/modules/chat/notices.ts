// What the chat tells a member through notifications: a new message, one unread notification per sender (later
// messages refresh it). Opening the conversation reads it (routes.ts), so a member who is in the conversation gets
// no e-mail about what they already saw.
import type { ChatMessage } from '@sciexperts/shared/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { JobQueue } from '../../jobs';
import { memberName, notify } from '../notifications/notify';

/** The group of a sender's message notifications for one receiver. */
export const messageGroupKey = (senderId: number) => `message:${senderId}`;

const EXCERPT_MAX = 100;

export async function tellReceiver(trx: Kysely<Database>, jobs: JobQueue, message: ChatMessage, now: Date): Promise<void> {
  const sender = await trx.selectFrom('users').select(['firstName', 'lastName']).where('id', '=', message.senderId).executeTakeFirst();
  if (!sender) return;
  const flat = message.text.replace(/\s+/g, ' ').trim();
  const excerpt = flat.length <= EXCERPT_MAX ? flat : `${flat.slice(0, EXCERPT_MAX - 1).trimEnd()}…`;
  await notify(
    trx,
    jobs,
    [
      {
        userId: message.receiverId,
        type: 'message',
        text: `${memberName(sender)} sent you a message: “${excerpt}”`,
        link: `/chat?with=${message.senderId}`,
        groupKey: messageGroupKey(message.senderId),
      },
    ],
    now,
  );
}
