// Account security (docs/decisions/0034-second-factor.md): the second factor, passkeys, step-up, sign-in alerts and
// the payout hold. Paths, limits and sentences the server answers and the site shows, typed once.
import type { Static } from 'typebox';
import type * as S from './schemas/security';

export const SECURITY_PATHS = {
  /** The password step answered "second factor required": finish the sign-in with a code. */
  loginSecondFactor: '/api/Account/Login/SecondFactor',
  security: '/api/Account/Security',
  secondFactorSetup: '/api/Account/SecondFactor/Setup',
  secondFactorConfirm: '/api/Account/SecondFactor/Confirm',
  secondFactorDisable: '/api/Account/SecondFactor/Disable',
  recoveryCodesRegenerate: '/api/Account/SecondFactor/RecoveryCodes',
  stepUpOptions: '/api/Account/StepUp/Options',
  stepUp: '/api/Account/StepUp',
  passkeyRegisterOptions: '/api/Account/Passkeys/RegisterOptions',
  passkeys: '/api/Account/Passkeys',
  passkeyRemove: '/api/Account/Passkeys/:id/Remove',
  passkeyLoginOptions: '/api/Account/Passkeys/LoginOptions',
  passkeyLogin: '/api/Account/Passkeys/Login',
  /** The link of a sign-in alert: ends that session (no session needed). */
  signInAlertEndSession: '/api/Account/SignInAlert/EndSession',
  /** The link mailed at a payout account change: lifts the 48-hour hold. */
  payoutChangeConfirm: '/api/Account/PayoutChange/Confirm',
  /** The link mailed when a way into the account was added or removed: undoes an addition, ends every session. */
  securityChangeUndo: '/api/Account/SecurityChange/Undo',
} as const;

export const passkeyRemovePath = (id: number) => SECURITY_PATHS.passkeyRemove.replace(':id', String(id));

/** The site's pages the e-mails link to. */
export const SIGN_IN_ALERT_PAGE_PATH = '/account/not-me';
export const PAYOUT_CHANGE_PAGE_PATH = '/account/confirm-payout-change';
export const SECURITY_CHANGE_PAGE_PATH = '/account/undo-security-change';

export const SECURITY_LIMITS = {
  /** How long the answer to a step-up is good for, on that session only. */
  stepUpMinutes: 5,
  /** How long the token between the password step and the code step lives. */
  secondFactorChallengeMinutes: 5,
  /** How long a passkey challenge may be answered. */
  passkeyChallengeMinutes: 5,
  /** A payout account changed this recently holds withdrawals, unless confirmed from the e-mail. */
  payoutHoldHours: 48,
  /** Links in sign-in alerts, payout-change and sign-in-method e-mails. */
  securityLinkDays: 7,
  /**
   * A browser and address become a known place once a sign-in from there is this many days old and was not reported
   * (the alert's link has expired unused); the account's very first sign-in is known at once.
   */
  placeTrustDays: 7,
  /** A known place not signed in from for this many days is new again. */
  placeForgetDays: 30,
  passkeyNameMaxLength: 60,
  codeMaxLength: 32,
  recentActivityCount: 20,
} as const;

/** The `reason` of a 401 that asks the member to confirm it is them before the action (a step-up). */
export const STEP_UP_REASON = 'step-up';

export type StepUpMethod = 'passkey' | 'totp' | 'password';

export type SecurityEventType =
  | 'signIn'
  | 'secondFactorOn'
  | 'secondFactorOff'
  | 'recoveryCodesRegenerated'
  | 'passkeyAdded'
  | 'passkeyRemoved'
  | 'passwordChanged'
  | 'payoutAccountChanged'
  | 'reportedNotMe';

/** What the recent-activity list says for each kind of event. */
export const SECURITY_EVENT_LABELS: Record<SecurityEventType, string> = {
  signIn: 'Signed in',
  secondFactorOn: 'Two-step verification turned on',
  secondFactorOff: 'Two-step verification turned off',
  recoveryCodesRegenerated: 'New recovery codes made',
  passkeyAdded: 'Passkey added',
  passkeyRemoved: 'Passkey removed',
  passwordChanged: 'Password changed',
  payoutAccountChanged: 'Payout account changed',
  reportedNotMe: 'Reported as not you: every session ended',
};

export const SECURITY_MESSAGES = {
  secondFactorRequired: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  codeRequired: 'Enter the code.',
  codeWrong: 'That code is not right. Check your authenticator app and try again.',
  codeReused: 'That code has already been used. Wait for the next code in your authenticator app.',
  recoveryCodeReused: 'That recovery code has already been used. Each recovery code works once.',
  challengeExpired: 'This sign-in has expired. Please enter your e-mail and password again.',
  tooManyCodes: 'Too many wrong codes. Please wait and try again.',
  setupStarted: 'Scan the QR code with your authenticator app, then enter the code it shows.',
  noPendingSetup: 'Start the setup again: there is no setup waiting for a code.',
  alreadyOn: 'Two-step verification is already on.',
  secondFactorOn: 'Two-step verification is on. Save your recovery codes now: they are shown only once.',
  secondFactorOff: 'Two-step verification is off.',
  secondFactorNotOn: 'Two-step verification is not on.',
  recoveryCodesRegenerated: 'New recovery codes are ready. The old ones no longer work.',
  stepUpRequired: 'Please confirm it is you to continue.',
  stepUpDone: 'Thank you. You can continue for the next 5 minutes.',
  stepUpPasswordWrong: 'That password is not right.',
  stepUpMethodUnavailable: 'This way of confirming is not set up on your account.',
  stepUpIdentityProvider: 'Please sign in again with your identity provider to continue.',
  passkeyAdded: 'Passkey added.',
  passkeyRemoved: 'Passkey removed.',
  passkeyNotFound: 'This passkey no longer exists.',
  passkeyNameRequired: 'Give the passkey a name.',
  passkeyChallengeInvalid: 'This passkey request has expired or was already used. Please try again.',
  passkeyVerificationFailed: 'The passkey could not be verified. Please try again.',
  passkeyUnknown: 'This passkey is not registered with SciExperts.',
  passkeyAlreadyRegistered: 'This passkey is already registered.',
  passkeyNotSupported: 'This browser cannot use passkeys.',
  alertLinkInvalid: 'This link has expired or was already used.',
  alertSessionEnded: 'Every sign-in to your account has been ended. Choose a new password now.',
  securityChangeUndone: 'Done. The change is undone and every sign-in to your account has been ended. Choose a new password now.',
  securityChangeUndoneNoPassword: 'Done. The change is undone and every sign-in to your account has been ended.',
  payoutLinkInvalid: 'This link has expired or was already used.',
  payoutChangeConfirmed: 'Payout account change confirmed. Withdrawals are no longer held.',
  payoutHeld: 'Your payout account was changed recently, so withdrawals are held until 48 hours after the change. Confirm the change from the e-mail we sent to withdraw sooner.',
  stepUpOtherSession: 'This confirmation belongs to another session.',
} as const;

/**
 * The payment page's word on a held payout account change, said before the member presses Withdraw: the hold, its
 * end (the payout account's holdUntil, written in the reader's time) and the way out.
 */
export const payoutHeldUntilMessage = (until: string) =>
  `Your payout account was changed recently, so withdrawals are held until ${until}. If you made the change, confirm it from the e-mail we sent you to withdraw sooner.`;

// Types: Static<> of the TypeBox schemas in ./schemas/security (type-only import, no TypeBox in bundles).

export type SecondFactorChallenge = Static<typeof S.SecondFactorChallenge>;
export type LoginAnswer = Static<typeof S.LoginAnswer>;
export type LoginSecondFactorRequest = Static<typeof S.LoginSecondFactorRequest>;
export type SecondFactorSetup = Static<typeof S.SecondFactorSetup>;
export type RecoveryCodesAnswer = Static<typeof S.RecoveryCodes>;
export type PasskeyInfo = Static<typeof S.PasskeyInfo>;
export type SecurityEventInfo = Static<typeof S.SecurityEvent>;
export type SecurityOverview = Static<typeof S.SecurityOverview>;
export type PasskeyOptionsAnswer = Static<typeof S.PasskeyOptions>;
export type PasskeyRegisterRequest = Static<typeof S.PasskeyRegisterRequest>;
export type PasskeyLoginRequest = Static<typeof S.PasskeyLoginRequest>;
export type StepUpOptions = Static<typeof S.StepUpOptions>;
export type StepUpRequest = Static<typeof S.StepUpRequest>;
export type StepUpAnswer = Static<typeof S.StepUpAnswer>;

/** True for the password step's answer that asks for the second factor. */
export const needsSecondFactor = (answer: LoginAnswer): answer is SecondFactorChallenge => 'secondFactorRequired' in answer && answer.secondFactorRequired === true;
export type AlertEndSessionAnswer = Static<typeof S.AlertEndSessionAnswer>;
export type IdentityLoginAnswer = Static<typeof S.IdentityLoginAnswer>;
