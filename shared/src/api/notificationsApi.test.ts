import { NOTIFICATION_MESSAGES } from '../contracts/notifications';
import { ApiError } from './http';
import { notificationsApi } from './notificationsApi';
import { jsonResponse, recordRequests } from './test/recordRequests';

let recorder: ReturnType<typeof recordRequests>;
beforeEach(() => {
  recorder = recordRequests();
});
afterEach(() => recorder.restore());

describe('notificationsApi', () => {
  it.each([
    ['list', () => notificationsApi.list(), 'GET', '/api/Notifications', undefined],
    ['list before', () => notificationsApi.list(40), 'GET', '/api/Notifications?before=40', undefined],
    ['unreadCount', () => notificationsApi.unreadCount(), 'GET', '/api/Notifications/UnreadCount', undefined],
    ['read', () => notificationsApi.read(7), 'POST', '/api/Notifications/7/Read', undefined],
    ['readAll', () => notificationsApi.readAll(), 'POST', '/api/Notifications/ReadAll', undefined],
    ['preferences', () => notificationsApi.preferences(), 'GET', '/api/Notifications/Preferences', undefined],
    ['setPreferences', () => notificationsApi.setPreferences({ preferences: [{ type: 'message', email: 'daily' }] }), 'PUT', '/api/Notifications/Preferences', { preferences: [{ type: 'message', email: 'daily' }] }],
    ['unsubscribe', () => notificationsApi.unsubscribe('a b'), 'POST', '/api/Notifications/Unsubscribe?token=a+b', undefined],
  ] as const)('%s sends its method, path and body', async (_name, run, method, path, body) => {
    await run();
    expect(await recorder.nth()).toEqual({ method, url: `http://api.test${path}`, body, key: null, auth: 'Bearer t-1' });
  });

  it('sends a read with keepalive, so a page left at once (the click follows the link) does not cancel it', async () => {
    await notificationsApi.read(7);
    expect((recorder.fetchMock.mock.calls[0]![0] as Request).keepalive).toBe(true);
    await notificationsApi.list();
    expect((recorder.fetchMock.mock.calls[1]![0] as Request).keepalive).toBe(false);
  });

  it('surfaces the server’s message for a used unsubscribe link', async () => {
    recorder.fetchMock.mockResolvedValueOnce(jsonResponse(400, { message: NOTIFICATION_MESSAGES.unsubscribeInvalid }));
    await expect(notificationsApi.unsubscribe('used')).rejects.toEqual(new ApiError(NOTIFICATION_MESSAGES.unsubscribeInvalid, 400, { message: NOTIFICATION_MESSAGES.unsubscribeInvalid }));
  });
});
