import { Type } from 'typebox';
import { PARTNER_LIMITS as L, PARTNER_SCOPES, PARTNER_STATUSES } from '../partners';
import { ADMIN_LIMITS } from '../admin';
import { Nullable, StringChoice } from './common';

const SCOPES = Object.keys(PARTNER_SCOPES);

export const PartnerView = Type.Object({
  id: Type.Integer(),
  clientId: Type.String(),
  name: Type.String(),
  origins: Type.Array(Type.String()),
  contact: Type.String(),
  status: StringChoice(PARTNER_STATUSES),
  createdAt: Type.String({ description: 'ISO 8601' }),
  secretRotatedAt: Type.String({ description: 'ISO 8601: when the current secret was made.' }),
  suspendedAt: Nullable(Type.String({ description: 'ISO 8601' })),
});

export const PartnerList = Type.Array(PartnerView);

export const RegisterPartnerBody = Type.Object(
  {
    name: Type.String({ maxLength: L.nameMax }),
    origins: Type.Array(Type.String({ maxLength: L.originMax }), { maxItems: L.originsMax, description: 'https://host[:port], no wildcards; http://localhost outside production.' }),
    contact: Type.String({ maxLength: L.contactMax, description: "An e-mail address at the partner's." }),
  },
  { additionalProperties: false },
);

/** The secret, shown this once: only its hash is kept. */
export const PartnerSecret = Type.Object({ partner: PartnerView, clientSecret: Type.String() });

export const PartnerReasonBody = Type.Object({ reason: Type.String({ maxLength: ADMIN_LIMITS.reasonMax }) }, { additionalProperties: false });

export const PartnerIdParams = Type.Object({ partnerId: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }) }, { additionalProperties: false });

/** OAuth 2.0's authorization request with PKCE (RFC 6749, RFC 7636), with the popup's response mode. */
const authorizeFields = {
  client_id: Type.String({ maxLength: 100 }),
  redirect_uri: Type.String({ maxLength: L.originMax, description: "The partner page's origin: where the popup posts the code (postMessage targetOrigin)." }),
  response_type: StringChoice(['code']),
  scope: Type.String({ maxLength: 100, description: 'chat' }),
  code_challenge: Type.String({ maxLength: 128 }),
  code_challenge_method: Type.String({ maxLength: 10, description: 'S256' }),
  state: Type.Optional(Type.String({ maxLength: L.stateMax })),
  response_mode: Type.Optional(StringChoice(['web_message'])),
};

export const AuthorizeQuery = Type.Object(authorizeFields, { additionalProperties: false });

/** What the consent screen shows. */
export const AuthorizeInfo = Type.Object({
  partner: Type.Object({ clientId: Type.String(), name: Type.String() }),
  scope: StringChoice(SCOPES),
  scopeText: Type.String({ description: 'What the partner may do, in the consent screen’s words.' }),
  redirectOrigin: Type.String(),
});

export const AuthorizeDecision = Type.Object({ ...authorizeFields, decision: StringChoice(['allow', 'deny']) }, { additionalProperties: false });

/** What the popup posts to `redirectOrigin`: the code, or the refusal (error access_denied). */
export const AuthorizeAnswer = Type.Object({
  redirectOrigin: Type.String(),
  code: Nullable(Type.String()),
  error: Nullable(Type.String()),
  state: Nullable(Type.String()),
});

export const TokenRequest = Type.Object(
  {
    grant_type: Type.String({ maxLength: 50, description: 'authorization_code or refresh_token' }),
    client_id: Type.String({ maxLength: 100 }),
    client_secret: Type.Optional(Type.String({ maxLength: 200, description: "Only from the partner's own server; a page never holds it." })),
    code: Type.Optional(Type.String({ maxLength: 200 })),
    code_verifier: Type.Optional(Type.String({ maxLength: 200 })),
    redirect_uri: Type.Optional(Type.String({ maxLength: L.originMax })),
    refresh_token: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

export const TokenAnswer = Type.Object({
  access_token: Type.String(),
  token_type: StringChoice(['Bearer']),
  expires_in: Type.Integer(),
  refresh_token: Type.String(),
  scope: StringChoice(SCOPES),
  user_id: Type.Integer({ description: 'The member the token acts for (the chat socket’s userId).' }),
});

export const RevokeRequest = Type.Object(
  {
    token: Type.String({ maxLength: 2000 }),
    client_id: Type.String({ maxLength: 100 }),
    token_type_hint: Type.Optional(StringChoice(['refresh_token', 'access_token'])),
  },
  { additionalProperties: false },
);

export const ConnectedPartner = Type.Object({
  clientId: Type.String(),
  name: Type.String(),
  scope: StringChoice(SCOPES),
  scopeText: Type.String(),
  connectedAt: Type.String({ description: 'ISO 8601: the first consent still in force.' }),
  lastUsedAt: Nullable(Type.String({ description: 'ISO 8601' })),
});
export const ConnectedPartnerList = Type.Array(ConnectedPartner);
export const ClientIdParams = Type.Object({ clientId: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
