import { ACCOUNT_MESSAGES, accountApi, needsSecondFactor, securityApi, signIn, signWithPasskey } from '@sciexperts/shared';

export const NO_TOKEN_MESSAGE = 'No access token received';
export const UNKNOWN_LOGIN_ERROR = 'An Unknown error occured during login';

/** What the password step ended with: signed in, or the second factor's code is needed (with the step's token). */
export type PasswordStep = { signedIn: true } | { signedIn: false; challengeToken: string };

/**
 * Logs in and stores the session in place: every slice sees the new state without a page reload. A member with a
 * second factor gets no session yet, but the token for the code step (docs/decisions/0034-second-factor.md).
 */
export async function signInWithPassword(email: string, password: string): Promise<PasswordStep> {
  const response = await accountApi.login({ email, password });
  if (response && needsSecondFactor(response)) return { signedIn: false, challengeToken: response.challengeToken };
  if (!response?.token) throw new Error(NO_TOKEN_MESSAGE);
  signIn(response.token, response.user);
  return { signedIn: true };
}

/** The code step: the token from the password step and a code from the app (or a recovery code). */
export async function signInWithCode(challengeToken: string, code: string): Promise<void> {
  const response = await securityApi.loginWithCode(challengeToken, code.trim());
  if (!response?.token) throw new Error(NO_TOKEN_MESSAGE);
  signIn(response.token, response.user);
}

/** A passkey alone: the server's challenge, the authenticator's answer, the session. `autofill`: conditional UI. */
export async function signInWithPasskey(autofill = false): Promise<void> {
  const { options } = await securityApi.passkeyLoginOptions();
  const answer = await signWithPasskey(options, autofill);
  const response = await securityApi.passkeyLogin(answer);
  if (!response?.token) throw new Error(NO_TOKEN_MESSAGE);
  signIn(response.token, response.user);
}

/** A failed sign-in shows the server's message (the API client already falls back to 'Login failed'). */
export function describeLoginFailure(caught: unknown): string {
  if (caught instanceof Error) return caught.message || ACCOUNT_MESSAGES.loginFailed;
  return UNKNOWN_LOGIN_ERROR;
}
