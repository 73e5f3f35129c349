// Account settings (docs/decisions/0016-account-settings.md): the member's sessions, password, e-mail and phone.
// Types are Static<> of the TypeBox schemas in ./schemas/accountSettings (type-only import).
import type { Static } from 'typebox';
import type * as S from './schemas/accountSettings';

export const ACCOUNT_SETTINGS_LIMITS = {
  /** How long an e-mail confirmation link works. */
  emailTokenHours: 24,
  /** Members who sign in through the identity provider confirm a change by having signed in this recently. */
  recentSignInMinutes: 10,
} as const;

export const ACCOUNT_SETTINGS_MESSAGES = {
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'Your current password is not right.',
  tooManyAttempts: 'Too many wrong passwords. Please try again in 15 minutes.',
  passwordManagedByProvider: 'You sign in through your identity provider, so there is no SciExperts password to change.',
  passwordChanged: 'Your password is changed. You are signed out everywhere else.',
  phoneChanged: 'Your phone number is saved.',
  emailSame: 'This is already your e-mail address.',
  emailChangeInSettings: 'Change your e-mail address in the account settings: it changes once you open the link we send to the new address.',
  emailChangeSent: 'We sent a confirmation link to the new address. Your e-mail address changes when you open it.',
  recentSignInRequired: 'For your security, sign out and sign in again through your identity provider, then try again within 10 minutes.',
  emailLinkInvalid: 'This confirmation link is invalid or has expired. Ask for a new one from your account settings.',
  emailConfirmed: 'Your e-mail address is changed.',
  sessionNotFound: 'This session has already ended.',
  sessionEnded: 'The session is signed out.',
  otherSessionsEnded: 'You are signed out everywhere else.',
  verifyFirst: 'Please confirm your e-mail address first: open the link we sent you, or send it again from your account settings.',
  verificationSent: 'We sent you a new link. It works for 24 hours.',
  alreadyVerified: 'Your e-mail address is already confirmed.',
  tooManyVerificationMails: 'We already sent you several links. Please check your inbox (and spam folder), or try again in an hour.',
  verifyLinkInvalid: 'This link is invalid or has expired. Send a new one from your account settings.',
  verified: 'Thank you: your e-mail address is confirmed.',
  deleted: 'Your account is deleted. Thank you for having been part of SciExperts.',
  deleteBlockedContract: 'You have an active contract. End it, or wait until it completes, before deleting your account.',
  deleteBlockedEscrow: 'Money of your projects is held in escrow. Release or refund it before deleting your account.',
  deleteBlockedBalance: 'You have earnings to withdraw. Withdraw them before deleting your account.',
  exportFailed: 'Could not prepare your data. Please try again.',
  /** Fallbacks of the client calls when the server gave no message. */
  loadFailed: 'Could not load your account settings. Please try again.',
  saveFailed: 'Failed to save the change. Please try again.',
} as const;

/** How a deleted member is named wherever their past words stay (messages, reviews, statements of the other party). */
export const DELETED_MEMBER_NAME = { firstName: 'Deleted', lastName: 'member' } as const;

/** The Account settings page of the member area. */
export const ACCOUNT_SETTINGS_PAGE_PATH = '/profile/settings';

/** The site page the link in the welcome e-mail opens. */
export const VERIFY_EMAIL_PAGE_PATH = '/account/verify-email';

/** The site page an e-mail confirmation link opens (the API builds the link, the shell routes it). */
export const CONFIRM_EMAIL_PAGE_PATH = '/account/confirm-email';

export type SessionInfo = Static<typeof S.SessionInfo>;
export type SessionList = Static<typeof S.SessionList>;
export type ChangePasswordRequest = Static<typeof S.ChangePasswordRequest>;
export type ChangePhoneRequest = Static<typeof S.ChangePhoneRequest>;
export type ChangeEmailRequest = Static<typeof S.ChangeEmailRequest>;
export type ConfirmEmailRequest = Static<typeof S.ConfirmEmailRequest>;
export type ReauthRequest = Static<typeof S.ReauthRequest>;
