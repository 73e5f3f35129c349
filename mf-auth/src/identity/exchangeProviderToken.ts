import type { UserManager } from 'oidc-client-ts';
import { accountApi, signIn, userApi, type LoginWithAuth0Response, type User } from '@sciexperts/shared';

/** Spec §8: the exchange answered without a token. */
export const NO_ACCESS_TOKEN_MESSAGE = 'No access token received';
/** Spec §8: GetUserById without an id. */
export const NO_USER_ID_MESSAGE = 'No User Id';

/** The member id is the `sub` claim of the product token (the server issues sub = user id). */
function userIdFromToken(token: string): number {
  const payload = token.split('.')[1];
  if (payload) {
    try {
      const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
      const id = Number((JSON.parse(atob(base64)) as { sub?: unknown }).sub);
      if (Number.isSafeInteger(id) && id > 0) return id;
    } catch {
      // fall through: not a JWT we can read
    }
  }
  throw new Error(NO_USER_ID_MESSAGE);
}

/**
 * The second half of every identity sign-in: the provider's access token is exchanged at
 * POST /api/Account/LoginWithAuth0 for the product's token, the member is loaded, and only then is the
 * session stored (one write, marked 'identity' so logout ends the provider session too).
 * On any failure the provider's stored user is dropped, so nothing is signed in and nothing retries it.
 */
export async function exchangeProviderToken(identity: UserManager, providerAccessToken: string): Promise<User> {
  try {
    // Spec §7 promises only `accessToken`; our server sends the member as well, and any other backend is asked.
    const answer: Partial<LoginWithAuth0Response> | undefined = await accountApi.loginWithIdentityToken(providerAccessToken);
    if (!answer?.accessToken) throw new Error(NO_ACCESS_TOKEN_MESSAGE);
    const member = answer.user ?? ((await userApi.getById(userIdFromToken(answer.accessToken), answer.accessToken)) as User);
    signIn(answer.accessToken, member, 'identity');
    return member;
  } catch (error) {
    await identity.removeUser().catch(() => undefined);
    throw error;
  }
}
