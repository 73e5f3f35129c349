import {
  ACCOUNT_SETTINGS_MESSAGES as M,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  type ChangePhoneRequest,
  type SessionList,
} from '../contracts/accountSettings';
import { type MessageResponse, API_PATHS, pathTo, request, requestBlob } from '@sciexperts/shared';

/** The signed-in member's account settings (docs/decisions/0016-account-settings.md); confirmEmail needs no session. */
export const accountSettingsApi = {
  sessions: () => request<SessionList>('get', API_PATHS.accountSessions, { fallbackError: M.loadFailed }),
  revokeSession: (id: string) => request<MessageResponse>('post', pathTo(API_PATHS.accountSessionRevoke, { id }), { fallbackError: M.saveFailed }),
  revokeOtherSessions: () => request<MessageResponse>('post', API_PATHS.accountSessionsRevokeOthers, { fallbackError: M.saveFailed }),
  changePassword: (body: ChangePasswordRequest) => request<MessageResponse>('post', API_PATHS.changePassword, { json: body, fallbackError: M.saveFailed }),
  changePhone: (body: ChangePhoneRequest) => request<MessageResponse>('post', API_PATHS.changePhone, { json: body, fallbackError: M.saveFailed }),
  changeEmail: (body: ChangeEmailRequest) => request<MessageResponse>('post', API_PATHS.changeEmail, { json: body, fallbackError: M.saveFailed }),
  /** The member's data as the JSON file the server wrote (the caller saves it as it is). */
  exportData: (currentPassword?: string) =>
    requestBlob(API_PATHS.accountExport, M.exportFailed, { method: 'post', json: currentPassword === undefined ? {} : { currentPassword } }),
  deleteAccount: (currentPassword?: string) =>
    request<MessageResponse>('post', API_PATHS.accountDelete, { json: currentPassword === undefined ? {} : { currentPassword }, fallbackError: M.saveFailed }),
  verifyEmail: (token: string) => request<MessageResponse>('post', API_PATHS.verifyEmail, { json: { token }, fallbackError: M.saveFailed }),
  resendVerification: () => request<MessageResponse>('post', API_PATHS.resendVerification, { fallbackError: M.saveFailed }),
  confirmEmail: (token: string) => request<MessageResponse>('post', API_PATHS.confirmEmail, { json: { token }, fallbackError: M.saveFailed }),
};
