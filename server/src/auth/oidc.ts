import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { OidcConfig } from '../config';

export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

export class OidcError extends Error {}

interface Discovery {
  jwks_uri?: string;
  userinfo_endpoint?: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Verifies identity-provider access tokens (JWT, typ at+jwt) against the provider's published keys. */
export class OidcVerifier {
  private jwks: ReturnType<typeof createRemoteJWKSet> | null = null;
  private discovery: Promise<Discovery> | null = null;
  private readonly issuers: string[];

  constructor(private readonly config: OidcConfig) {
    const bare = config.issuer.replace(/\/+$/, '');
    // Providers differ on the trailing slash (Auth0 keeps it); accept both spellings of the configured issuer.
    this.issuers = [bare, `${bare}/`];
  }

  private discover(): Promise<Discovery> {
    this.discovery ??= fetch(`${this.config.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) })
      .then(async (r) => (r.ok ? ((await r.json()) as Discovery) : {}))
      .catch(() => {
        this.discovery = null;
        return {};
      });
    return this.discovery;
  }

  private async keys() {
    if (this.jwks) return this.jwks;
    const url = this.config.jwksUrl ?? (await this.discover()).jwks_uri;
    if (!url) throw new OidcError('The identity provider publishes no signing keys (set OIDC_JWKS_URL).');
    this.jwks = createRemoteJWKSet(new URL(url));
    return this.jwks;
  }

  async verify(token: string): Promise<OidcIdentity> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await this.keys(), { issuer: this.issuers, audience: this.config.audience, typ: 'at+jwt' }));
    } catch (err) {
      if (err instanceof OidcError) throw err;
      throw new OidcError('Auth0 token verification failed');
    }
    const subject = str(payload.sub);
    if (!subject) throw new OidcError('Auth0 token verification failed');
    let email = str(payload.email);
    let firstName = str(payload.given_name);
    let lastName = str(payload.family_name);
    if (!email) {
      // Access tokens often omit profile claims; the userinfo endpoint has them for the same token.
      const info = await this.userinfo(token);
      email = str(info.email);
      firstName ??= str(info.given_name);
      lastName ??= str(info.family_name);
      if (!firstName && !lastName) firstName = str(info.name);
    }
    return { issuer: str(payload.iss) ?? this.config.issuer, subject, email: email?.toLowerCase() ?? null, firstName, lastName };
  }

  private async userinfo(token: string): Promise<Record<string, unknown>> {
    const endpoint = (await this.discover()).userinfo_endpoint;
    if (!endpoint) return {};
    try {
      const r = await fetch(endpoint, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) });
      return r.ok ? ((await r.json()) as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
}
