import type { ChatMessage } from '@sciexperts/shared/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../connect';
import type { MessagesTable } from '../schema';

function toMessage(r: Selectable<MessagesTable>): ChatMessage {
  return { id: r.id, senderId: r.senderId, receiverId: r.receiverId, text: r.text, timestamp: r.createdAt, clientId: r.clientId };
}

export async function findByClientId(db: Db, senderId: number, clientId: string): Promise<ChatMessage | undefined> {
  const row = await db.kysely.selectFrom('messages').selectAll().where('senderId', '=', senderId).where('clientId', '=', clientId).executeTakeFirst();
  return row ? toMessage(row) : undefined;
}

/** Stores once per (sender, clientId): a retried send returns the first copy instead of a duplicate. */
export async function insertMessage(db: Db, m: { senderId: number; receiverId: number; text: string; clientId: string | null }): Promise<{ message: ChatMessage; created: boolean }> {
  if (m.clientId !== null) {
    const existing = await findByClientId(db, m.senderId, m.clientId);
    if (existing) return { message: existing, created: false };
  }
  try {
    const row = await db.kysely.insertInto('messages').values({ ...m, createdAt: new Date().toISOString() }).returningAll().executeTakeFirstOrThrow();
    return { message: toMessage(row), created: true };
  } catch (err) {
    // Two concurrent retries: the unique index let one in; answer with that one.
    if (m.clientId !== null) {
      const existing = await findByClientId(db, m.senderId, m.clientId);
      if (existing) return { message: existing, created: false };
    }
    throw err;
  }
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
