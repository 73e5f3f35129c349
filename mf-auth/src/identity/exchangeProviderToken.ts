import type { UserManager } from 'oidc-client-ts';
import { accountApi, type LoginWithAuth0Response, type SecondFactorChallenge, type User } from '@sciexperts/shared';
import { userApi } from '@sciexperts/shared/member';

/** The error when the token exchange answers without an access token. */
export const NO_ACCESS_TOKEN_MESSAGE = 'No access token received';
/** The error when the product token carries no member id to load the member by. */
export const NO_USER_ID_MESSAGE = 'No User Id';

/**
 * The exchange answered the second factor's code step instead of a session (docs/decisions/0042): the member turned
 * the authenticator app on, and the provider's token did not say it asked for several factors itself.
 */
export class SecondFactorNeeded extends Error {
  /** Where the member goes once the code is in (completeIdentityRedirect). */
  returnTo: string | null = null;
  constructor(readonly challengeToken: string) {
    super('Two-step verification is needed to finish this sign-in.');
    this.name = 'SecondFactorNeeded';
  }
}

export interface ProductSession {
  token: string;
  user: User;
}

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
 * POST /api/Account/LoginWithAuth0 for the product's token, and the member is loaded. The caller stores
 * the session (signIn with method 'identity') at the moment that suits its screen.
 * On any failure the provider's stored user is dropped, so nothing is signed in and nothing retries it.
 */
export async function exchangeProviderToken(identity: UserManager, providerAccessToken: string): Promise<ProductSession> {
  try {
    // The exchange endpoint promises only `accessToken`; our server sends the member as well, and any other backend is asked.
    const answer: Partial<LoginWithAuth0Response & SecondFactorChallenge> | undefined = await accountApi.loginWithIdentityToken(providerAccessToken);
    if (answer?.secondFactorRequired && answer.challengeToken) throw new SecondFactorNeeded(answer.challengeToken);
    if (!answer?.accessToken) throw new Error(NO_ACCESS_TOKEN_MESSAGE);
    const user = answer.user ?? ((await userApi.getById(userIdFromToken(answer.accessToken), answer.accessToken)) as User);
    return { token: answer.accessToken, user };
  } catch (error) {
    await identity.removeUser().catch(() => undefined);
    throw error;
  }
}
