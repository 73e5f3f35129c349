import type { Kysely, Migration } from 'kysely';

/** The new-conversation cap counts a member's messages of the last hour: this keeps that a range read, however long their history. */
export function messagesBySenderTime(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('messages_sender_created').on('messages').columns(['senderId', 'createdAt']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('messages_sender_created').ifExists().execute();
    },
  };
}
