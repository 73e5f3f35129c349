import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { OidcConfig } from '../config';

export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /**
   * The token's `amr` claim (RFC 8176 authentication method references), [] when absent. "mfa" says the provider
   * itself asked for more than one factor (docs/decisions/0042-authenticator-lifecycle.md).
   */
  amr: string[];
}

export class OidcError extends Error {}

interface Discovery {
  jwks_uri?: string;
  userinfo_endpoint?: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The e-mail claim only when the same claim set has email_verified exactly true (not "true", not absent). */
const verifiedEmail = (claims: Record<string, unknown>): string | null => (claims.email_verified === true ? str(claims.email) : null);

/** Verifies identity-provider access tokens (JWT, typ at+jwt) against the provider's published keys. */
export class OidcVerifier {
  private jwks: ReturnType<typeof createRemoteJWKSet> | null = null;
  private discovery: Promise<Discovery> | null = null;

  /** The issuer must be configured exactly as the provider writes it in `iss` (Auth0's ends in a slash, others' do not). */
  constructor(private readonly config: OidcConfig) {}

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
      // A token without exp would be valid forever if it leaked; jose only checks exp when it is present.
      ({ payload } = await jwtVerify(token, await this.keys(), { issuer: this.config.issuer, audience: this.config.audience, typ: 'at+jwt', requiredClaims: ['exp'] }));
    } catch (err) {
      if (err instanceof OidcError) throw err;
      throw new OidcError('Auth0 token verification failed');
    }
    const subject = str(payload.sub);
    if (!subject) throw new OidcError('Auth0 token verification failed');
    // Only an address the provider says it verified is the member's: anyone can type someone else's into a provider.
    let email = verifiedEmail(payload);
    let firstName = str(payload.given_name);
    let lastName = str(payload.family_name);
    if (!email) {
      // Access tokens often omit profile claims; the userinfo endpoint has them for the same token.
      const info = await this.userinfo(token);
      email = verifiedEmail(info);
      firstName ??= str(info.given_name);
      lastName ??= str(info.family_name);
      if (!firstName && !lastName) firstName = str(info.name);
    }
    const amr = Array.isArray(payload.amr) ? payload.amr.filter((m): m is string => typeof m === 'string') : [];
    return { issuer: this.config.issuer, subject, email: email?.toLowerCase() ?? null, firstName, lastName, amr };
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
