import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/connect';
import { createSession, isSessionActive } from '../db/repo/sessions';

export interface AuthContext {
  userId: number;
  sessionId: string;
}

const ISSUER = 'sciexperts-api';

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    private readonly db: Db,
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(userId: number): Promise<string> {
    const session = await createSession(this.db, userId, this.ttlSeconds);
    return new SignJWT({ sid: session.id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(session.expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** A valid signature is not enough: the session must still exist, so logout and password reset revoke at once. */
  async verify(token: string): Promise<AuthContext | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const sid = payload.sid;
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sid !== 'string') return null;
      if (!(await isSessionActive(this.db, sid, userId))) return null;
      return { userId, sessionId: sid };
    } catch {
      return null;
    }
  }
}

/** Reads `Bearer <token>`; anything else is no token. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
