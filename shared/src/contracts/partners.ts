// Partner apps (issue 45): sites that embed the chat, registered by operators in the console, whose members sign in
// through a SciExperts popup (OAuth 2.0 authorization code with PKCE, answered to the opener by postMessage) and get a
// token that opens the chat and nothing else (docs/decisions/0050-partner-apps-and-scoped-tokens.md).
// Types are Static<> of the TypeBox schemas in ./schemas/partners (type-only import).
import type { Static } from 'typebox';
import type * as S from './schemas/partners';
import { ADMIN_API_PREFIX } from './admin';

// What the embed's loader needs lives in a file that imports nothing, so its bundle carries only that.
export { CHAT_EMBED, CHAT_EMBED_CONFIG_PATH, CHAT_EMBED_RUNTIME_PATH, OAUTH_MESSAGE_TYPE, OAUTH_PATHS } from './chatEmbed';

export const PARTNER_PATHS = {
  /** GET: every partner; POST: register one (answers its secret, once). */
  partners: `${ADMIN_API_PREFIX}/Partners`,
  /** POST: a new secret; the old one stops working at once. */
  partnerRotateSecret: `${ADMIN_API_PREFIX}/Partners/:partnerId/RotateSecret`,
  /** POST { reason }: its tokens, refresh tokens and sockets end on every process. */
  partnerSuspend: `${ADMIN_API_PREFIX}/Partners/:partnerId/Suspend`,
  partnerReinstate: `${ADMIN_API_PREFIX}/Partners/:partnerId/Reinstate`,
} as const;

/** The member's "Connected partners" in Account settings. */
export const CONNECTED_PARTNER_PATHS = {
  list: '/api/ConnectedPartners',
  /** DELETE: every token of that partner for this member ends, and its sockets close. */
  revoke: '/api/ConnectedPartners/:clientId',
} as const;

/** The one scope a partner may ask for, and the words the consent screen says about it. */
export const PARTNER_SCOPES = { chat: 'read and send your SciExperts messages' } as const;
export type PartnerScope = keyof typeof PARTNER_SCOPES;
export const CHAT_SCOPE: PartnerScope = 'chat';

export const PARTNER_STATUSES = ['active', 'suspended'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

export const PARTNER_LIMITS = {
  nameMax: 100,
  contactMax: 254,
  originsMax: 10,
  originMax: 200,
  /** An authorization code is exchanged at once by the popup's opener; it lives this long. */
  codeSeconds: 120,
  /** The access token's life; the embed refreshes before it ends. */
  accessTokenSeconds: 15 * 60,
  /** A refresh token's life; each use answers a new one (the old one then ends the grant if it comes back). */
  refreshTokenDays: 30,
  /** RFC 7636: 43 to 128 characters of [A-Za-z0-9-._~]. */
  verifierMin: 43,
  verifierMax: 128,
  stateMax: 500,
} as const;

export const PARTNER_MESSAGES = {
  nameRequired: 'Give the partner a name.',
  contactInvalid: 'The contact must be an e-mail address.',
  originsRequired: 'List at least one origin the partner embeds the chat from.',
  tooManyOrigins: `A partner has at most ${PARTNER_LIMITS.originsMax} origins.`,
  duplicateOrigin: 'Each origin is listed once.',
  notFound: 'No such partner.',
  alreadySuspended: 'This partner is already suspended.',
  notSuspended: 'This partner is not suspended.',
  suspended: 'This partner is suspended; its members cannot sign in through it.',
  unknownClient: 'Unknown partner (client_id).',
  badSecret: 'The client secret is wrong.',
  redirectNotRegistered: 'This redirect origin is not registered for the partner.',
  originMismatch: 'This request comes from an origin the partner did not register.',
  scopeUnknown: 'The only scope a partner may ask for is "chat".',
  challengeMethod: 'code_challenge_method must be S256.',
  challengeShape: 'code_challenge must be the base64url SHA-256 of the verifier (43 characters).',
  verifierShape: 'code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_" and "~".',
  badGrant: 'The code or refresh token is invalid, expired or already used.',
  verifierMismatch: 'The code verifier does not match the code challenge.',
  redirectMismatch: 'redirect_uri is not the one the code was issued for.',
  grantType: 'grant_type must be authorization_code or refresh_token.',
  scopeRefused: 'This token only opens SciExperts messages.',
  denied: 'You did not connect the partner.',
  notConnected: 'This partner is not connected to your account.',
  revoked: 'The partner is disconnected: it can no longer read or send your messages.',
  memberToken: 'Connecting a partner needs your own SciExperts sign-in, not a partner’s token.',
} as const;

/** OAuth 2.0's error codes (RFC 6749), sent as the error body's `reason`. */
export const OAUTH_ERRORS = {
  invalidRequest: 'invalid_request',
  invalidClient: 'invalid_client',
  invalidGrant: 'invalid_grant',
  unauthorizedClient: 'unauthorized_client',
  unsupportedGrantType: 'unsupported_grant_type',
  invalidScope: 'invalid_scope',
  accessDenied: 'access_denied',
  insufficientScope: 'insufficient_scope',
} as const;

/**
 * The developers' page's live example: a partner page the chat remote serves (`examplePath`, framed by /developers),
 * signed in through the built-in demo partner. The server ensures that partner only with the demo data (SEED_DEMO,
 * refused in production) and DEMO_PARTNER_ORIGINS naming the example's origin (also refused in production).
 */
export const DEVELOPERS_EXAMPLE = {
  examplePath: '/developers-example.html',
  partner: { clientId: 'sx_developers_example', name: 'SciExperts developers example', contact: 'developers@sciexperts.example' },
} as const;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why `origin` cannot be a partner's origin, or null: an origin exactly (scheme, host, port; no path, no wildcard),
 * https, or http on localhost outside production (a partner's own development machine).
 */
export function partnerOriginProblem(origin: string, production: boolean): string | null {
  if (origin.includes('*')) return `"${origin}": no wildcards; list each origin.`;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return `"${origin}" is not an origin (https://host or https://host:port).`;
  }
  if (url.origin !== origin) return `"${origin}" is not an origin: write it as ${url.origin === 'null' ? 'https://host' : url.origin}, without a path or a trailing slash.`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) {
    return production ? `"${origin}": http://localhost is for development only; production partners use https.` : null;
  }
  return `"${origin}" must be an https:// origin.`;
}

export type PartnerView = Static<typeof S.PartnerView>;
export type RegisterPartnerBody = Static<typeof S.RegisterPartnerBody>;
export type PartnerSecret = Static<typeof S.PartnerSecret>;
export type PartnerReasonBody = Static<typeof S.PartnerReasonBody>;
export type AuthorizeQuery = Static<typeof S.AuthorizeQuery>;
export type AuthorizeInfo = Static<typeof S.AuthorizeInfo>;
export type AuthorizeDecision = Static<typeof S.AuthorizeDecision>;
export type AuthorizeAnswer = Static<typeof S.AuthorizeAnswer>;
export type TokenRequest = Static<typeof S.TokenRequest>;
export type TokenAnswer = Static<typeof S.TokenAnswer>;
export type RevokeRequest = Static<typeof S.RevokeRequest>;
export type ConnectedPartner = Static<typeof S.ConnectedPartner>;
