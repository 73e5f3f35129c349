import type {
  LoginRequest,
  LoginWithAuth0Response,
  MessageResponse,
  PasswordResetConfirm,
  PasswordResetRequest,
  SignupRequest,
  SignupResponse,
} from '../contracts/api';
import { ACCOUNT_MESSAGES } from '../contracts/messages';
import type { LoginAnswer } from '../contracts/security';
import type { PasswordResetAnswer } from '../contracts/recovery';
import { API_PATHS } from '../contracts/paths';
import { request } from './http';

export const accountApi = {
  /** A session, or (second factor on) the token for the code step: securityApi.loginWithCode. */
  login: (body: LoginRequest) => request<LoginAnswer>('post', API_PATHS.login, { json: body, fallbackError: ACCOUNT_MESSAGES.loginFailed }),
  signup: (body: SignupRequest) => request<SignupResponse>('post', API_PATHS.signup, { json: body, fallbackError: ACCOUNT_MESSAGES.registrationFailed }),
  loginWithIdentityToken: (identityAccessToken: string) =>
    request<LoginWithAuth0Response>('post', API_PATHS.loginWithIdentity, {
      headers: { Authorization: `Bearer ${identityAccessToken}` },
      fallbackError: ACCOUNT_MESSAGES.identityTokenFailed,
    }),
  logout: () => request<void>('post', API_PATHS.logout, { fallbackError: ACCOUNT_MESSAGES.logoutFailed }),
  /** Always answers the same neutral message, whether or not the e-mail is known. */
  requestPasswordReset: (body: PasswordResetRequest) =>
    request<MessageResponse>('post', API_PATHS.requestPasswordReset, { json: body, fallbackError: ACCOUNT_MESSAGES.resetRequestFailed }),
  /** Signs the member out everywhere; `recovery` lists passkeys and the authenticator app, removable with recoveryApi. */
  resetPassword: (body: PasswordResetConfirm) => request<PasswordResetAnswer>('post', API_PATHS.resetPassword, { json: body, fallbackError: ACCOUNT_MESSAGES.resetFailed }),
};
