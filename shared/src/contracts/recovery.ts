// Account recovery (docs/decisions/0043-account-recovery.md): after an e-mailed password reset the member sees the
// account's passkeys and authenticator app and may remove any of them with the short-lived grant the reset answered.
// Paths, limits and sentences the server answers and the site shows, typed once.
import type { Static } from 'typebox';
import type * as S from './schemas/recovery';

export const RECOVERY_PATHS = {
  passkeyRemove: '/api/Account/Recovery/Passkeys/:id/Remove',
  authenticatorRemove: '/api/Account/Recovery/Authenticator/Remove',
} as const;

export const recoveryPasskeyRemovePath = (id: number) => RECOVERY_PATHS.passkeyRemove.replace(':id', String(id));

export const RECOVERY_LIMITS = {
  /** How long the grant a reset answers may remove passkeys and the authenticator app. */
  grantMinutes: 15,
  /** A factor added this long before the reset (or after it) is flagged "Added recently". */
  recentFactorHours: 24,
  grantMaxLength: 200,
} as const;

export const RECOVERY_MESSAGES = {
  /** The heading the reset page moves to once the new password is saved. */
  factorsHeading: 'Check how your account signs in',
  factorsIntro:
    'Your new password is saved and every device has been signed out. Remove any passkey or authenticator app you do not recognise: whoever added it could still sign in with it.',
  /** Beside a factor added in the day before the reset (or after it). */
  recentFlag: 'Added recently.',
  recentNote: 'Remove it unless you added it yourself.',
  passkeyRemoved: 'Passkey removed. It can no longer sign in.',
  authenticatorRemoved: 'Authenticator app removed. Its codes no longer work; you can turn two-step verification on again in your account settings.',
  authenticatorNotOn: 'There is no authenticator app on this account.',
  passkeyNotFound: 'This passkey no longer exists.',
  grantInvalid: 'This page has expired. To remove a passkey or an authenticator app, request a new reset link.',
  nothingLeft: 'No passkey or authenticator app is left on your account. Sign in with your new password.',
  removeFailed: 'We could not remove it. Please try again.',
} as const;

// Types: Static<> of the TypeBox schemas in ./schemas/recovery (type-only import, no TypeBox in bundles).
export type RecoveryPasskey = Static<typeof S.RecoveryPasskey>;
export type RecoveryAuthenticator = Static<typeof S.RecoveryAuthenticator>;
export type RecoveryFactors = Static<typeof S.RecoveryFactors>;
export type RecoveryGrant = Static<typeof S.RecoveryGrant>;
export type PasswordResetAnswer = Static<typeof S.PasswordResetAnswer>;
export type RecoveryRemovalAnswer = Static<typeof S.RecoveryRemovalAnswer>;
