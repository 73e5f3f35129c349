import { chatApi, notificationsApi } from '@sciexperts/shared/member';

/**
 * Route tests that reach the member frame: its messages badge and bell ask the API for their counts as soon as
 * they show. Here both answer 0, so the frame renders without a server (the test setup refuses unmocked requests).
 * Call in beforeEach, with jest.restoreAllMocks in afterEach. The bell's socket is mocked per file with
 * jest.mock('…/member/notifications/liveConnection'), which must sit in the test file itself.
 */
export function answerMemberFrameCounts(): void {
  jest.spyOn(chatApi, 'unreadCount').mockResolvedValue({ count: 0 });
  jest.spyOn(notificationsApi, 'unreadCount').mockResolvedValue({ unreadCount: 0 });
}
