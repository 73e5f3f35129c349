import type { Generated } from 'kysely';

// The tables of partner apps (migration 0053_partners), kept beside schema.ts and merged into its Database interface
// here, so this work touches no line there.

export interface PartnersTable {
  id: Generated<number>;
  /** Public: the embed's `partner` attribute and OAuth's client_id. */
  clientId: string;
  name: string;
  /** JSON list of origins (https://host[:port]). */
  origins: string;
  contact: string;
  /** SHA-256 (base64url) of the client secret, which is shown once. */
  secretHash: string;
  secretRotatedAt: string;
  /** 'active' | 'suspended' */
  status: string;
  createdAt: string;
  suspendedAt: string | null;
}

/** One consent of a member to a partner, with its current refresh token (by hash). */
export interface PartnerGrantsTable {
  id: Generated<number>;
  partnerId: number;
  userId: number;
  scope: string;
  refreshHash: string;
  /** The refresh token this one replaced: presented again, it ends the grant (it was copied). */
  previousRefreshHash: string | null;
  refreshExpiresAt: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A one-use authorization code (by hash), bound to its partner, redirect origin and PKCE challenge. */
export interface PartnerCodesTable {
  codeHash: string;
  partnerId: number;
  userId: number;
  redirectOrigin: string;
  codeChallenge: string;
  scope: string;
  expiresAt: string;
  usedAt: string | null;
  /** The grant the code was exchanged for: a second exchange ends it. */
  grantId: number | null;
}

declare module './schema' {
  interface Database {
    partners: PartnersTable;
    partnerGrants: PartnerGrantsTable;
    partnerCodes: PartnerCodesTable;
  }
  interface SessionsTable {
    /** A partner's chat-scoped access token (migration 0053); null for the member's own sign-ins. */
    partnerId: number | null;
    grantId: number | null;
  }
  interface MessagesTable {
    /** The partner's name when the message was sent with its token (migration 0053). */
    via: string | null;
  }
}
