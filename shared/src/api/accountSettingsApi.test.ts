import { ACCOUNT_SETTINGS_MESSAGES } from '../contracts/accountSettings';
import { ApiError } from './http';
import { accountSettingsApi } from './accountSettingsApi';
import { jsonResponse, recordRequests } from './test/recordRequests';

let recorder: ReturnType<typeof recordRequests>;
beforeEach(() => {
  recorder = recordRequests();
});
afterEach(() => recorder.restore());

describe('accountSettingsApi', () => {
  it.each([
    ['sessions', () => accountSettingsApi.sessions(), 'GET', '/api/Account/Sessions', undefined],
    ['revokeSession', () => accountSettingsApi.revokeSession('abc_DEF-123'), 'POST', '/api/Account/Sessions/abc_DEF-123/Revoke', undefined],
    ['revokeOtherSessions', () => accountSettingsApi.revokeOtherSessions(), 'POST', '/api/Account/Sessions/RevokeOthers', undefined],
    ['changePassword', () => accountSettingsApi.changePassword({ currentPassword: 'a', newPassword: 'b' }), 'POST', '/api/Account/ChangePassword', { currentPassword: 'a', newPassword: 'b' }],
    ['changePhone', () => accountSettingsApi.changePhone({ phoneNumber: '+1 555' }), 'POST', '/api/Account/ChangePhone', { phoneNumber: '+1 555' }],
    ['changeEmail', () => accountSettingsApi.changeEmail({ newEmail: 'n@x.test', currentPassword: 'p' }), 'POST', '/api/Account/ChangeEmail', { newEmail: 'n@x.test', currentPassword: 'p' }],
    ['confirmEmail', () => accountSettingsApi.confirmEmail('tok'), 'POST', '/api/Account/ConfirmEmail', { token: 'tok' }],
    ['verifyEmail', () => accountSettingsApi.verifyEmail('tok'), 'POST', '/api/Account/VerifyEmail', { token: 'tok' }],
    ['resendVerification', () => accountSettingsApi.resendVerification(), 'POST', '/api/Account/ResendVerification', undefined],
    ['exportData', () => accountSettingsApi.exportData('pw'), 'POST', '/api/Account/Export', { currentPassword: 'pw' }],
    ['deleteAccount', () => accountSettingsApi.deleteAccount(), 'POST', '/api/Account/Delete', {}],
  ] as const)('%s sends its method, path and body', async (_name, run, method, path, body) => {
    await run();
    expect(await recorder.nth()).toEqual({ method, url: `http://api.test${path}`, body, key: null, auth: 'Bearer t-1' });
  });

  it("surfaces the server's message for a spent confirmation link, and its own when the server was not reached", async () => {
    recorder.fetchMock.mockResolvedValueOnce(jsonResponse(400, { message: ACCOUNT_SETTINGS_MESSAGES.emailLinkInvalid }));
    await expect(accountSettingsApi.confirmEmail('used')).rejects.toEqual(new ApiError(ACCOUNT_SETTINGS_MESSAGES.emailLinkInvalid, 400, { message: ACCOUNT_SETTINGS_MESSAGES.emailLinkInvalid }));
    recorder.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(accountSettingsApi.sessions()).rejects.toEqual(new ApiError(ACCOUNT_SETTINGS_MESSAGES.loadFailed, 0, null));
  });
});
