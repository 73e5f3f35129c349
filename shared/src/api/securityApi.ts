import type { LoginResponse, MessageResponse } from '../contracts/api';
import {
  SECURITY_PATHS as P,
  passkeyRemovePath,
  type AlertEndSessionAnswer,
  type LoginAnswer,
  type PasskeyOptionsAnswer,
  type RecoveryCodesAnswer,
  type SecondFactorSetup,
  type SecurityOverview,
  type StepUpAnswer,
  type StepUpOptions,
  type StepUpRequest,
} from '../contracts/security';
import { ACCOUNT_MESSAGES } from '../contracts/messages';
import { request } from './http';

const FAILED = 'Something went wrong. Please try again.';

/** Account security (docs/decisions/0034-second-factor.md): the code step of a sign-in, passkeys, step-up, settings. */
export const securityApi = {
  loginWithCode: (challengeToken: string, code: string) =>
    request<LoginResponse>('post', P.loginSecondFactor, { json: { challengeToken, code }, fallbackError: ACCOUNT_MESSAGES.loginFailed }),
  passkeyLoginOptions: () => request<PasskeyOptionsAnswer>('post', P.passkeyLoginOptions, { fallbackError: ACCOUNT_MESSAGES.loginFailed }),
  passkeyLogin: (response: unknown) => request<LoginResponse>('post', P.passkeyLogin, { json: { response }, fallbackError: ACCOUNT_MESSAGES.loginFailed }),
  overview: () => request<SecurityOverview>('get', P.security, { fallbackError: FAILED }),
  setupSecondFactor: () => request<SecondFactorSetup>('post', P.secondFactorSetup, { fallbackError: FAILED }),
  confirmSecondFactor: (code: string) => request<RecoveryCodesAnswer>('post', P.secondFactorConfirm, { json: { code }, fallbackError: FAILED }),
  disableSecondFactor: () => request<MessageResponse>('post', P.secondFactorDisable, { fallbackError: FAILED }),
  regenerateRecoveryCodes: () => request<RecoveryCodesAnswer>('post', P.recoveryCodesRegenerate, { fallbackError: FAILED }),
  stepUpOptions: () => request<StepUpOptions>('post', P.stepUpOptions, { fallbackError: FAILED }),
  stepUp: (body: StepUpRequest) => request<StepUpAnswer>('post', P.stepUp, { json: body, fallbackError: FAILED }),
  passkeyRegisterOptions: () => request<PasskeyOptionsAnswer>('post', P.passkeyRegisterOptions, { fallbackError: FAILED }),
  addPasskey: (name: string, response: unknown) => request<MessageResponse>('post', P.passkeys, { json: { name, response }, fallbackError: FAILED }),
  removePasskey: (id: number) => request<MessageResponse>('post', passkeyRemovePath(id), { fallbackError: FAILED }),
  endAlertedSession: (token: string) => request<AlertEndSessionAnswer>('post', P.signInAlertEndSession, { json: { token }, fallbackError: FAILED }),
  undoSecurityChange: (token: string) => request<AlertEndSessionAnswer>('post', P.securityChangeUndo, { json: { token }, fallbackError: FAILED }),
  confirmPayoutChange: (token: string) => request<MessageResponse>('post', P.payoutChangeConfirm, { json: { token }, fallbackError: FAILED }),
};

export type { LoginAnswer };
