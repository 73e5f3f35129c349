import { ACCOUNT_MESSAGES, ApiError } from '@sciexperts/shared';
import { NO_ACCESS_TOKEN_MESSAGE, NO_USER_ID_MESSAGE } from './exchangeProviderToken';

/** The alert shown when the identity callback fails. */
export const IDENTITY_LOGIN_FAILED_MESSAGE = 'Login failed. Please try again.';

/** The identity library codes that may surface, each with the text a member reads. */
export const IDENTITY_ERROR_TEXT = {
  timeout: 'The identity provider took too long to answer.',
  cancelled: 'The sign-in was cancelled at the identity provider.',
  state_mismatch: 'This sign-in answer does not match a sign-in started in this browser, so it was refused.',
  missing_transaction: 'No sign-in was started in this browser, or it has expired.',
  missing_refresh_token: 'Your sign-in can no longer be renewed.',
  mfa_required: 'The identity provider needs a second sign-in step that was not completed.',
  login_required: 'The identity provider needs you to sign in again.',
  request_error: 'The identity provider could not be reached.',
} as const;

export type IdentityErrorCode = keyof typeof IDENTITY_ERROR_TEXT;

/** The library's generic messages, for failures without a more specific code. */
export const GENERIC_LOGIN_FAILED = ACCOUNT_MESSAGES.loginFailed;
export const GET_ACCESS_TOKEN_FAILED = 'Get access token failed';

// The provider's OAuth error codes (on the return URL or from the token endpoint) in the spec's terms.
const PROVIDER_ERRORS: Record<string, IdentityErrorCode> = {
  access_denied: 'cancelled',
  login_required: 'login_required',
  interaction_required: 'login_required',
  consent_required: 'login_required',
  mfa_required: 'mfa_required',
  temporarily_unavailable: 'request_error',
};

// oidc-client-ts throws plain Errors for a state it cannot match; these are its messages.
const LIBRARY_MESSAGES: Record<string, IdentityErrorCode> = {
  'No matching state found in storage': 'state_mismatch',
  'No state in response': 'missing_transaction',
};

interface ProviderErrorShape {
  name: string;
  error?: string | null;
  error_description?: string | null;
  form?: unknown;
}

/** Which spec code an identity failure is, when it is one of them. */
export function identityErrorCode(error: unknown): IdentityErrorCode | null {
  if (!(error instanceof Error)) return null;
  if (error.name === 'ErrorTimeout') return 'timeout';
  if (error.name === 'ErrorResponse') return PROVIDER_ERRORS[(error as ProviderErrorShape).error ?? ''] ?? null;
  if (error instanceof TypeError) return 'request_error'; // fetch could not reach the provider
  return LIBRARY_MESSAGES[error.message] ?? null;
}

/**
 * The readable reason shown under 'Login failed. Please try again.': the spec's text for a library code,
 * the server's message (or 'Auth0 token verification failed') when the exchange was refused, else the
 * library's generic message.
 */
export function describeIdentityError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  const code = identityErrorCode(error);
  if (code) return IDENTITY_ERROR_TEXT[code];
  if (error instanceof Error && error.name === 'ErrorResponse') {
    const { form, error_description } = error as ProviderErrorShape;
    // A refusal at the token endpoint (the request carried a form) is a failed token fetch.
    return form ? GET_ACCESS_TOKEN_FAILED : error_description || GENERIC_LOGIN_FAILED;
  }
  if (error instanceof Error && (error.message === NO_ACCESS_TOKEN_MESSAGE || error.message === NO_USER_ID_MESSAGE)) return error.message;
  return GENERIC_LOGIN_FAILED;
}
