// The tables of account security (migration 0035_second_factor), kept beside schema.ts and merged into its Database
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
  }
}
