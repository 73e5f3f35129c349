// Account security (docs/decisions/0034-second-factor.md): second factor, passkeys, step-up, recent activity.
// Server-only at run time; the types are in ../securityTypes.ts.
import { Type } from 'typebox';
import { IdParams, Nullable } from './common';
import { LoginResponse, LoginWithAuth0Response } from './account';

const code = Type.String({ maxLength: 32, description: 'A 6-digit code from the authenticator app, or a recovery code.' });

/** The password step's answer when the member has a second factor: no session yet, a token for the code step. */
export const SecondFactorChallenge = Type.Object(
  {
    secondFactorRequired: Type.Literal(true),
    challengeToken: Type.String({ description: 'Single use, valid for 5 minutes; send it with the code.' }),
    expiresInSeconds: Type.Integer(),
  },
  { title: 'SecondFactorChallenge' },
);
/** What the password step answers: a session, or the request for the second factor. */
export const LoginAnswer = Type.Union([LoginResponse, SecondFactorChallenge], { title: 'LoginAnswer' });
/** What the identity provider's exchange answers: a session, or (second factor on, no MFA asserted) the code step. */
export const IdentityLoginAnswer = Type.Union([LoginWithAuth0Response, SecondFactorChallenge], { title: 'IdentityLoginAnswer' });

export const LoginSecondFactorRequest = Type.Object(
  { challengeToken: Type.String({ minLength: 1, maxLength: 200 }), code },
  { additionalProperties: false, title: 'LoginSecondFactorRequest' },
);

export const SecondFactorSetup = Type.Object(
  {
    secret: Type.String({ description: 'Base32, to type into the app by hand.' }),
    otpauthUri: Type.String(),
    qrCodeDataUrl: Type.String({ description: 'The otpauth address as an SVG QR code (data: URL).' }),
  },
  { title: 'SecondFactorSetup' },
);
export const CodeRequest = Type.Object({ code }, { additionalProperties: false, title: 'CodeRequest' });
export const RecoveryCodes = Type.Object(
  { message: Type.String(), recoveryCodes: Type.Array(Type.String(), { description: 'Ten one-time codes, shown this once.' }) },
  { title: 'RecoveryCodes' },
);

export const PasskeyInfo = Type.Object(
  { id: Type.Integer(), name: Type.String(), createdAt: Type.String(), lastUsedAt: Nullable(Type.String()) },
  { title: 'PasskeyInfo' },
);
export const SecurityEvent = Type.Object(
  {
    type: Type.String(),
    label: Type.String(),
    device: Type.String({ description: 'Browser and system ("Chrome on macOS").' }),
    address: Type.String({ description: 'The client address it came from.' }),
    at: Type.String(),
  },
  { title: 'SecurityEvent' },
);
export const SecurityOverview = Type.Object(
  {
    hasPassword: Type.Boolean(),
    secondFactor: Type.Object({ enabled: Type.Boolean(), enabledAt: Nullable(Type.String()), recoveryCodesLeft: Type.Integer() }),
    passkeys: Type.Array(PasskeyInfo),
    stepUpMethods: Type.Array(Type.Union([Type.Literal('passkey'), Type.Literal('totp'), Type.Literal('password')])),
    recentActivity: Type.Array(SecurityEvent, { description: 'Recent sign-ins and security changes, newest first.' }),
  },
  { title: 'SecurityOverview' },
);

/** WebAuthn JSON as @simplewebauthn/browser produces it; its own verification checks every inner field. */
const WebAuthnJson = Type.Object(
  {
    id: Type.String({ maxLength: 1024 }),
    rawId: Type.String({ maxLength: 1024 }),
    type: Type.Literal('public-key'),
    response: Type.Object({}, { additionalProperties: true }),
    clientExtensionResults: Type.Object({}, { additionalProperties: true }),
    authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: true },
);
/** Options for navigator.credentials (WebAuthn's JSON form), handed to @simplewebauthn/browser as they are. */
export const PasskeyOptions = Type.Object({ options: Type.Object({}, { additionalProperties: true }) }, { title: 'PasskeyOptions' });
export const PasskeyRegisterRequest = Type.Object(
  { name: Type.String({ maxLength: 60 }), response: WebAuthnJson },
  { additionalProperties: false, title: 'PasskeyRegisterRequest' },
);
export const PasskeyLoginRequest = Type.Object({ response: WebAuthnJson }, { additionalProperties: false, title: 'PasskeyLoginRequest' });
export const PasskeyParams = IdParams('id');

export const StepUpOptions = Type.Object(
  {
    methods: Type.Array(Type.Union([Type.Literal('passkey'), Type.Literal('totp'), Type.Literal('password')]), { description: 'Best first.' }),
    passkeyOptions: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { title: 'StepUpOptions' },
);
export const StepUpRequest = Type.Union(
  [
    Type.Object({ method: Type.Literal('totp'), code }, { additionalProperties: false }),
    Type.Object({ method: Type.Literal('password'), password: Type.String({ maxLength: 1024 }) }, { additionalProperties: false }),
    Type.Object({ method: Type.Literal('passkey'), response: WebAuthnJson }, { additionalProperties: false }),
  ],
  { title: 'StepUpRequest' },
);
export const StepUpAnswer = Type.Object({ message: Type.String(), until: Type.String() }, { title: 'StepUpAnswer' });

export const LinkTokenRequest = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false, title: 'LinkTokenRequest' });
/** The links of a sign-in alert and of a sign-in-method e-mail: every session is ended; a reset token lets the page ask for a new password at once. */
export const AlertEndSessionAnswer = Type.Object(
  { message: Type.String(), resetToken: Nullable(Type.String({ description: 'For /reset-password; null for members without a SciExperts password.' })) },
  { title: 'AlertEndSessionAnswer' },
);
