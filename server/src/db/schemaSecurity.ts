import type { Generated } from 'kysely';

// The tables of account security (migrations 0035_second_factor and 0036_account_security), kept beside schema.ts and merged into its Database
// interface here, so this work touches no line there.

/** One TOTP factor per owner (a member or an operator); pending until confirmed with a code. */
export interface SecondFactorsTable {
  /** 'member' | 'operator' */
  ownerKind: string;
  ownerId: number;
  /** The base32 secret, sealed with AES-256-GCM (server/src/auth/secondFactor/secretBox.ts). */
  secret: string;
  /** When a code confirmed the setup; null: the setup is pending. */
  confirmedAt: string | null;
  /** The 30-second step of the last code accepted: that code and every older one are refused. */
  lastUsedStep: number | null;
  createdAt: string;
}

export interface RecoveryCodesTable {
  ownerKind: string;
  ownerId: number;
  /** SHA-256 (base64url) of the normalised code. */
  codeHash: string;
  createdAt: string;
  usedAt: string | null;
}

declare module './schema' {
  interface Database {
    secondFactors: SecondFactorsTable;
    recoveryCodes: RecoveryCodesTable;
    authChallenges: AuthChallengesTable;
    passkeys: PasskeysTable;
    securityEvents: SecurityEventsTable;
    payoutHolds: PayoutHoldsTable;
  }
  interface SessionsTable {
    /** Until when the session's step-up holds (migration 0036). */
    stepUpUntil: string | null;
  }
}

/** Single-use, expiring challenges (migration 0036_account_security). */
export interface AuthChallengesTable {
  tokenHash: string;
  purpose: string;
  userId: number | null;
  sessionId: string | null;
  data: string | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface PasskeysTable {
  id: Generated<number>;
  userId: number;
  /** base64url, as WebAuthn's JSON gives it. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** bigint: PostgreSQL answers it as a string; read it through Number(). */
  counter: number | string;
  /** JSON array of the authenticator's transports. */
  transports: string | null;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface SecurityEventsTable {
  id: Generated<number>;
  userId: number;
  /** SecurityEventType */
  type: string;
  device: string;
  address: string;
  createdAt: string;
}

export interface PayoutHoldsTable {
  userId: number;
  changedAt: string;
  holdUntil: string;
  confirmedAt: string | null;
}
