import type {
  LoginRequest,
  LoginResponse,
  LoginWithAuth0Response,
  PasswordResetConfirm,
  PasswordResetRequest,
  SignupRequest,
  SignupResponse,
} from '../contracts/api';
import { request } from './http';

export const accountApi = {
  login: (body: LoginRequest) =>
    request<LoginResponse>('post', '/api/Account/Login', { json: body, fallbackError: 'Login failed' }),
  signup: (body: SignupRequest) =>
    request<SignupResponse>('post', '/api/User/AddNewUser', { json: body, fallbackError: 'Registration Failed' }),
  loginWithIdentityToken: (identityAccessToken: string) =>
    request<LoginWithAuth0Response>('post', '/api/Account/LoginWithAuth0', {
      headers: { Authorization: `Bearer ${identityAccessToken}` },
      fallbackError: 'Auth0 token verification failed',
    }),
  logout: () => request<void>('post', '/api/Account/Logout', { fallbackError: 'Logout failed' }),
  /** Always answers the same neutral message, whether or not the e-mail is known. */
  requestPasswordReset: (body: PasswordResetRequest) =>
    request<{ message: string }>('post', '/api/Account/RequestPasswordReset', {
      json: body,
      fallbackError: 'We could not send the reset link. Please try again.',
    }),
  resetPassword: (body: PasswordResetConfirm) =>
    request<{ message: string }>('post', '/api/Account/ResetPassword', {
      json: body,
      fallbackError: 'We could not change your password. Please try again.',
    }),
};
