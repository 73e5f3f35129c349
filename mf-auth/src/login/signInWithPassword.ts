import { ACCOUNT_MESSAGES, accountApi, signIn } from '@sciexperts/shared';

export const NO_TOKEN_MESSAGE = 'No access token received';
export const UNKNOWN_LOGIN_ERROR = 'An Unknown error occured during login';

/** Logs in and stores the session in place: every slice sees the new state without a page reload. */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  const response = await accountApi.login({ email, password });
  if (!response?.token) throw new Error(NO_TOKEN_MESSAGE);
  signIn(response.token, response.user);
}

/** A failed sign-in shows the server's message (the API client already falls back to 'Login failed'). */
export function describeLoginFailure(caught: unknown): string {
  if (caught instanceof Error) return caught.message || ACCOUNT_MESSAGES.loginFailed;
  return UNKNOWN_LOGIN_ERROR;
}
