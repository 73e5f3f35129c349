import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Db } from '../db/connect';
import type {} from '../db/schemaPartners';
import { createSession, deleteSession, deleteSessions, deleteUserSessions, isSessionActive, sessionsOf, touchSession } from '../modules/account/repository';
import { deleteAllMemberGrants } from '../modules/partners/repository';

export interface AuthContext {
  userId: number;
  sessionId: string;
}

/** A verified session with the token's expiry: what a long-lived connection needs to end itself on time. */
export interface VerifiedSession extends AuthContext {
  expiresAtMs: number;
  /** A partner app's chat-scoped token (docs/decisions/0050-partner-apps-and-scoped-tokens.md); absent for the member's own. */
  partnerId?: number;
}

/** What a partner's token may open (its signed `scp` claim) and whose it is (`pid`). */
export interface TokenScope {
  scope: string;
  partnerId: number;
}

/**
 * What a revocation ended: one session (logout), all of a member's sessions (password reset), or a list of sessions
 * (a partner app suspended or disconnected: its access tokens, in one message per 500).
 */
export type Revocation = { sessionId: string } | { userId: number } | { sessionIds: string[] };

const REVOKED_AT_ONCE = 500;

const ISSUER = 'sciexperts-api';
const CLOCK_TOLERANCE_SECONDS = 5;
const MAX_CACHED_SESSIONS = 10_000;
/** base64url of {"alg":"HS256","typ":"JWT"}: the only header this service ever signs. */
const EXPECTED_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

interface CachedSession {
  userId: number;
  /** Until when the database's "yes, active" may be reused (never past the session's own expiry). */
  reuseUntilMs: number;
}

/**
 * Tells every API process of each revocation (Redis pub/sub, docs/decisions/0032-shared-stores.md), so each can evict
 * its cache at once. Messages sent while a process's link is down are lost to it: `trusted(false)` says so, and the
 * process then asks the database on every check until the link is back (`trusted(true)`), starting from an empty cache.
 */
export interface RevocationBus {
  publish(revocation: Revocation): Promise<void>;
  subscribe(onRevocation: (revocation: Revocation) => void, trusted: (ok: boolean) => void): Promise<void>;
}

export interface TokenServiceOptions {
  /**
   * How long a positive session check may be reused in this process. Revocations made through this
   * service evict at once; a revocation by another process is seen within this window unless a
   * revocation bus tells this process of it, so several processes without one should keep it at 0.
   */
  sessionCacheMs?: number;
  /** Several processes: the bus that carries revocations between them. */
  bus?: RevocationBus;
}

interface SignedClaims {
  userId: number;
  sid: string;
  expMs: number;
  iatSeconds: number | null;
  /** Only on a partner's token: its scope and partner. A member's own token has neither and opens every route. */
  scoped: TokenScope | null;
}

export class TokenService {
  private readonly key: Uint8Array;
  private readonly sessionCacheMs: number;
  private readonly cache = new Map<string, CachedSession>();
  /**
   * Tokens whose signature and claims this process has checked, with what they say: a signature does not change,
   * so the HMAC and the parse are done once per token, not on every request (the times are checked each time).
   */
  private readonly verifiedTokens = new Map<string, SignedClaims>();
  /** When this process last wrote each session's lastUsedAt. */
  private readonly touched = new Map<string, number>();
  private readonly revokedListeners = new Set<(revocation: Revocation) => void>();
  private readonly bus: RevocationBus | null;
  /** With a bus, the cache is used only while the bus is known to deliver (false until it is subscribed). */
  private cacheTrusted: boolean;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly ttlSeconds: number,
    options: TokenServiceOptions = {},
  ) {
    this.key = new TextEncoder().encode(secret);
    this.sessionCacheMs = options.sessionCacheMs ?? 0;
    this.bus = options.bus ?? null;
    this.cacheTrusted = this.bus === null;
  }

  /** Subscribes to the other processes' revocations; the app awaits it before taking requests. */
  async listenForRevocations(): Promise<void> {
    await this.bus?.subscribe(
      (revocation) => this.evict(revocation),
      (ok) => {
        // Whatever was cached may have missed a revocation while the link was down: start afresh either way.
        this.cache.clear();
        this.cacheTrusted = ok;
      },
    );
  }

  private evict(revocation: Revocation): void {
    if ('sessionId' in revocation) this.cache.delete(revocation.sessionId);
    else if ('sessionIds' in revocation) for (const sid of revocation.sessionIds) this.cache.delete(sid);
    else for (const [sid, entry] of this.cache) if (entry.userId === revocation.userId) this.cache.delete(sid);
  }

  /** A new session and its token; `userAgent` labels it in the member's list of sessions. */
  async issue(userId: number, userAgent: string | null = null): Promise<string> {
    const session = await createSession(this.db, userId, this.ttlSeconds, new Date(), userAgent);
    return new SignJWT({ sid: session.id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(session.expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** A valid signature is not enough: the session must still exist, so logout and password reset revoke at once. */
  async verify(token: string, now = Date.now()): Promise<AuthContext | null> {
    const session = await this.verifySession(token, now);
    return session ? { userId: session.userId, sessionId: session.sessionId } : null;
  }

  async verifySession(token: string, now = Date.now()): Promise<VerifiedSession | null> {
    const claims = this.verifySignedClaims(token, now);
    if (!claims) return null;
    const session: VerifiedSession = { userId: claims.userId, sessionId: claims.sid, expiresAtMs: claims.expMs, ...(claims.scoped ? { partnerId: claims.scoped.partnerId } : {}) };
    return (await this.isActive(session, now)) ? session : null;
  }

  /**
   * A partner's access token: a session of the member marked with the partner and the grant (so every revocation path
   * and the socket rooms serve it as they serve any session), signed with its scope so each request can be refused
   * outside the chat without a database read.
   */
  async issueScoped(userId: number, grant: { partnerId: number; grantId: number; scope: string }, ttlSeconds: number): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
    const session = await createSession(this.db, userId, ttlSeconds, new Date(), null, { partnerId: grant.partnerId, grantId: grant.grantId });
    const token = await new SignJWT({ sid: session.id, scp: grant.scope, pid: grant.partnerId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(session.expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, sessionId: session.id, expiresAt: session.expiresAt };
  }

  /**
   * The scope a token was signed with, by its signature and times alone (no session lookup): null for a member's own
   * token or one that is not ours. The partners' scope hook refuses a scoped token outside its routes with this.
   */
  signedScope(token: string | null, now = Date.now()): TokenScope | null {
    return token ? (this.verifySignedClaims(token, now)?.scoped ?? null) : null;
  }

  /**
   * Several sessions at once (a partner suspended, a member disconnecting a partner), as revokeSession does one: one
   * delete, one message to the other processes and one disconnection of their sockets per 500, so a partner with
   * thousands of members is ended in about the time of one logout.
   */
  async revokeSessions(sessionIds: readonly string[]): Promise<void> {
    for (let i = 0; i < sessionIds.length; i += REVOKED_AT_ONCE) {
      const ids = sessionIds.slice(i, i + REVOKED_AT_ONCE);
      for (const id of ids) this.cache.delete(id);
      await deleteSessions(this.db, ids);
      await this.tellOthers({ sessionIds: ids });
      this.notifyRevoked({ sessionIds: ids });
    }
  }

  /**
   * The member a token was signed for, by its signature and times alone (no session lookup), or null: what the
   * request budget is counted under (docs/decisions/0045-per-member-limits.md). Nobody without the secret can make
   * one, and a revoked session's token still names the same member, so it buys no budget of its own.
   */
  signedMember(token: string | null, now = Date.now()): number | null {
    return token ? (this.verifySignedClaims(token, now)?.userId ?? null) : null;
  }

  /**
   * The session check without a promise when the answer is known at once, for the session hook every signed-in
   * request passes (decision 0019: its two promises and microtask turn were a visible share of a cached read): the
   * session when this process's cache holds it active now, null when the token itself is refused (signature, claims,
   * times), undefined when only the database can tell (then `verify`). The rules and the revocation bound are verify's.
   */
  verifyAtOnce(token: string, now = Date.now()): AuthContext | null | undefined {
    const claims = this.verifySignedClaims(token, now);
    if (!claims) return null;
    return this.cachedActive(claims.userId, claims.sid, now) ? { userId: claims.userId, sessionId: claims.sid } : undefined;
  }

  /** Whether this process's cache says the session is active now; an entry past its reuse is dropped. */
  private cachedActive(userId: number, sid: string, now: number): boolean {
    const cached = this.cacheTrusted ? this.cache.get(sid) : undefined;
    if (cached && cached.userId === userId && now < cached.reuseUntilMs) return true;
    if (cached) this.cache.delete(sid);
    return false;
  }

  /** Re-checks a session verified earlier (an open socket, before each of its events) through the same short cache. */
  async isActive(session: VerifiedSession, now = Date.now()): Promise<boolean> {
    const { userId, sessionId: sid, expiresAtMs } = session;
    if (this.cachedActive(userId, sid, now)) return true;
    if (!(await isSessionActive(this.db, sid, userId, new Date(now)))) return false;
    if (this.sessionCacheMs > 0 && this.cacheTrusted) this.remember(sid, userId, Math.min(now + this.sessionCacheMs, expiresAtMs));
    this.touch(sid, now);
    return true;
  }

  /**
   * For a caller that checks the session by other means (the chat's message INSERT reads the session row itself on
   * PostgreSQL): records the use as isActive would, for the member's list of sessions.
   */
  noteUsed(session: AuthContext, now = Date.now()): void {
    this.touch(session.sessionId, now);
  }

  /**
   * Called after every revocation made through this service, once the session rows are gone, so holders of
   * long-lived connections (the chat gateway) can end them. Returns the unsubscribe function.
   */
  onRevoked(listener: (revocation: Revocation) => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  async revokeSession(sessionId: string): Promise<void> {
    this.cache.delete(sessionId);
    await deleteSession(this.db, sessionId);
    await this.tellOthers({ sessionId });
    this.notifyRevoked({ sessionId });
  }

  /**
   * The other processes evict their caches. The rows are already gone, so a failed publish only means they keep
   * checking the database (their link is down too, and their caches are off until it is back).
   */
  private async tellOthers(revocation: Revocation): Promise<void> {
    await this.bus?.publish(revocation).catch(() => undefined);
  }

  /** Every session of the member but `keepSessionId` (a password change keeps the member signed in where they made it). */
  async revokeOtherSessions(userId: number, keepSessionId: string): Promise<void> {
    // Partner apps' refresh tokens too: otherwise a connected partner would sign itself in again (decision 0050).
    await deleteAllMemberGrants(this.db, userId);
    const ids = (await sessionsOf(this.db, userId, new Date(0))).map((s) => s.id).filter((id) => id !== keepSessionId);
    for (const id of ids) await this.revokeSession(id);
  }

  async revokeUserSessions(userId: number): Promise<void> {
    for (const [sid, entry] of this.cache) if (entry.userId === userId) this.cache.delete(sid);
    await deleteAllMemberGrants(this.db, userId);
    await deleteUserSessions(this.db, userId);
    await this.tellOthers({ userId });
    this.notifyRevoked({ userId });
  }

  private notifyRevoked(revocation: Revocation): void {
    for (const listener of this.revokedListeners) {
      // The revocation itself is done; a failing listener must not turn a logout into an error.
      try {
        listener(revocation);
      } catch {
        /* the listener's own concern */
      }
    }
  }

  /**
   * HS256 check done synchronously with node:crypto: this runs on every authenticated request, and the
   * WebCrypto path (key import and a promise per call) cost several times more CPU than the HMAC itself.
   * Only the exact header this service signs is accepted, so no algorithm confusion is possible.
   */
  private verifySignedClaims(token: string, now: number): { userId: number; sid: string; expMs: number; scoped: TokenScope | null } | null {
    let claims = this.verifiedTokens.get(token);
    if (!claims) {
      const checked = this.checkSignedClaims(token);
      if (!checked) return null;
      if (this.verifiedTokens.size >= MAX_CACHED_SESSIONS) this.verifiedTokens.delete(this.verifiedTokens.keys().next().value as string);
      this.verifiedTokens.set(token, checked);
      claims = checked;
    }
    const nowSeconds = now / 1000;
    if (claims.expMs / 1000 + CLOCK_TOLERANCE_SECONDS <= nowSeconds) return null;
    if (claims.iatSeconds !== null && claims.iatSeconds - CLOCK_TOLERANCE_SECONDS > nowSeconds) return null;
    return { userId: claims.userId, sid: claims.sid, expMs: claims.expMs, scoped: claims.scoped };
  }

  /** The signature and the claims' shape; the times are the caller's to check. */
  private checkSignedClaims(token: string): SignedClaims | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, payload, signature] = parts as [string, string, string];
    if (header !== EXPECTED_HEADER) return null;
    const expected = createHmac('sha256', this.key).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
      claims = parsed as Record<string, unknown>;
    } catch {
      return null;
    }
    if (claims.iss !== ISSUER) return null;
    if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return null;
    const userId = Number(claims.sub);
    const sid = claims.sid;
    if (typeof claims.sub !== 'string' || !Number.isSafeInteger(userId) || userId <= 0 || typeof sid !== 'string' || sid === '') return null;
    // A token that names a scope is a partner's: both claims or neither (a malformed pair is no token at all).
    let scoped: TokenScope | null = null;
    if (claims.scp !== undefined || claims.pid !== undefined) {
      if (typeof claims.scp !== 'string' || typeof claims.pid !== 'number' || !Number.isSafeInteger(claims.pid) || claims.pid <= 0) return null;
      scoped = { scope: claims.scp, partnerId: claims.pid };
    }
    return { userId, sid, expMs: claims.exp * 1000, iatSeconds: typeof claims.iat === 'number' ? claims.iat : null, scoped };
  }

  /**
   * "Last used" for the member's list of sessions, written at most once a minute per session by this process (and
   * by the database's condition across processes), after the answer: a failure costs nothing but the label.
   */
  private touch(sid: string, now: number): void {
    const last = this.touched.get(sid);
    if (last !== undefined && now - last < 60_000) return;
    if (this.touched.size >= MAX_CACHED_SESSIONS) this.touched.delete(this.touched.keys().next().value as string);
    this.touched.set(sid, now);
    touchSession(this.db, sid, new Date(now)).catch(() => undefined);
  }

  private remember(sid: string, userId: number, reuseUntilMs: number): void {
    // Map keeps insertion order, so the first key is the oldest entry.
    if (this.cache.size >= MAX_CACHED_SESSIONS) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(sid, { userId, reuseUntilMs });
  }
}

let lastHeader: string | undefined;
let lastToken: string | null = null;

/**
 * Reads `Bearer <token>`; anything else is no token. A request's header is read three times (its budget, the partner
 * scope, the session): the last answer is kept, so the pattern runs once and each lookup by the token gets the same
 * string, whose hash V8 keeps, instead of a fresh copy to hash again.
 */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  if (header === lastHeader) return lastToken;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  lastHeader = header;
  lastToken = match?.[1] ?? null;
  return lastToken;
}
