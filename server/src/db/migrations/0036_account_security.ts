import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect';
import { userFk, withId, type Table } from './shared';

/**
 * Account security (docs/decisions/0034-second-factor.md): single-use expiring challenges (the code step of a
 * sign-in, passkey ceremonies, the links of security e-mails), passkeys, the recent activity, the step-up a session
 * answered, and the hold a payout account change puts on withdrawals.
 */
export function accountSecurity(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('authChallenges')
        /** SHA-256 of the token handed out; the token itself is never stored. */
        .addColumn('tokenHash', 'text', (c) => c.primaryKey())
        /** 'secondFactor' | 'passkeyRegister' | 'passkeyLogin' | 'stepUpPasskey' | 'signInAlert' | 'payoutChange' */
        .addColumn('purpose', 'text', (c) => c.notNull())
        /** Null for a passkey sign-in, which does not know the member yet. */
        .addColumn('userId', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        /** The session it belongs to (step-up), or that it ends (sign-in alert). */
        .addColumn('sessionId', 'text')
        /** The WebAuthn challenge, or other data of the purpose. */
        .addColumn('data', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('expiresAt', 'text', (c) => c.notNull())
        .addColumn('usedAt', 'text')
        .execute();
      await withId(dialect, db.schema.createTable('passkeys') as Table)
        .addColumn('userId', 'integer', userFk)
        .addColumn('credentialId', 'text', (c) => c.notNull().unique())
        .addColumn('publicKey', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('lastUsedAt', 'text')
        .execute();
      await withId(dialect, db.schema.createTable('securityEvents') as Table)
        .addColumn('userId', 'integer', userFk)
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('securityEvents_by_user').on('securityEvents').columns(['userId', 'createdAt']).execute();
      await db.schema
        .createTable('payoutHolds')
        .addColumn('userId', 'integer', (c) => userFk(c).primaryKey())
        .addColumn('changedAt', 'text', (c) => c.notNull())
        .addColumn('holdUntil', 'text', (c) => c.notNull())
        .addColumn('confirmedAt', 'text')
        .execute();
      /** Until when the session's step-up holds (five minutes after the member confirmed it was them). */
      await db.schema.alterTable('sessions').addColumn('stepUpUntil', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').dropColumn('stepUpUntil').execute();
      for (const t of ['payoutHolds', 'securityEvents', 'passkeys', 'authChallenges']) await db.schema.dropTable(t).ifExists().execute();
    },
  };
}
