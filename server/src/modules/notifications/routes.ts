import {
  API_PATHS,
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES as M,
  type NotificationPage as NotificationPageT,
  type NotificationPreferences as NotificationPreferencesT,
  type UnreadNotifications as UnreadNotificationsT,
} from '@sciexperts/shared/contracts';
import {
  IdParams,
  MessageResponse,
  NotificationPage,
  NotificationPageQuery,
  NotificationPreferences,
  NotificationPreferencesInput,
  UnreadNotifications,
  UnsubscribeQuery,
} from '@sciexperts/shared/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../http/errors';
import { api, requireSession, type Module } from '../../http/api';
import { auth, bearer, errors, open } from '../../http/schemas';
import { announceUnread, registerNotificationJobs } from './delivery';
import * as repo from './repository';

const tags = ['Notifications'];

/**
 * The bell's list and counts, the e-mail choices, and the one-click unsubscribe (docs/decisions/0014-notifications.md).
 * A member sees only their own notifications; someone else's id is a 404 like an unknown one.
 */
export const notificationsModule: Module = async (app) => {
  const { db, clock } = app.ctx;
  registerNotificationJobs(app);

  const announceRead = (userId: number) => announceUnread(app, userId);

  // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` as a form, with no session. The site's page posts
  // the same address with no body.
  await app.register(async (inner: FastifyInstance) => {
    inner.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    api(inner).post(
      API_PATHS.notificationsUnsubscribe,
      {
        schema: {
          tags,
          operationId: 'unsubscribe',
          summary: "One-click unsubscribe from an e-mail's link: switches that e-mail's types off for its member; each link works once",
          security: open,
          querystring: UnsubscribeQuery,
          response: { 200: MessageResponse, ...errors(400) },
        },
      },
      async (request) => {
        const used = await repo.useUnsubscribeToken(db, request.query.token, clock());
        if (!used) throw badRequest(M.unsubscribeInvalid);
        return { message: M.unsubscribed };
      },
    );
  });

  await app.register(async (inner: FastifyInstance) => {
    requireSession(inner);
    const r = api(inner);

    r.get(
      API_PATHS.notifications,
      {
        schema: {
          tags,
          operationId: 'listNotifications',
          summary: "The member's notifications, newest first, a page at a time, with the unread count",
          security: bearer,
          querystring: NotificationPageQuery,
          response: { 200: NotificationPage, ...errors(400, 401) },
        },
      },
      async (request): Promise<NotificationPageT> => {
        const me = auth(request).userId;
        const limit = Math.min(Number(request.query.limit ?? NOTIFICATION_LIMITS.pageSize), NOTIFICATION_LIMITS.pageSizeMax);
        const before = request.query.before === undefined ? null : Number(request.query.before);
        const { rows, more } = await repo.listNotifications(db, me, before, limit);
        return { results: rows.map(repo.toNotification), nextBefore: more ? rows[rows.length - 1]!.id : null, unreadCount: await repo.unreadCount(db, me) };
      },
    );

    r.get(
      API_PATHS.notificationsUnreadCount,
      { schema: { tags, operationId: 'unreadNotifications', summary: 'How many of the member’s notifications are unread', security: bearer, response: { 200: UnreadNotifications, ...errors(401) } } },
      async (request): Promise<UnreadNotificationsT> => ({ unreadCount: await repo.unreadCount(db, auth(request).userId) }),
    );

    r.post(
      API_PATHS.notificationRead,
      {
        schema: {
          tags,
          operationId: 'readNotification',
          summary: 'Marks one notification read (again is fine); the new unread count',
          security: bearer,
          params: IdParams('id'),
          response: { 200: UnreadNotifications, ...errors(400, 401, 404) },
        },
      },
      async (request): Promise<UnreadNotificationsT> => {
        const me = auth(request).userId;
        if (!(await repo.markRead(db, me, Number(request.params.id), clock()))) throw notFound(M.notFound);
        return announceRead(me);
      },
    );

    r.post(
      API_PATHS.notificationsReadAll,
      { schema: { tags, operationId: 'readAllNotifications', summary: 'Marks every notification read', security: bearer, response: { 200: UnreadNotifications, ...errors(401) } } },
      async (request): Promise<UnreadNotificationsT> => {
        const me = auth(request).userId;
        await repo.markAllRead(db, me, clock());
        return announceRead(me);
      },
    );

    r.get(
      API_PATHS.notificationPreferences,
      {
        schema: { tags, operationId: 'notificationPreferences', summary: 'How each type reaches the member by e-mail', security: bearer, response: { 200: NotificationPreferences, ...errors(401) } },
      },
      async (request): Promise<NotificationPreferencesT> => ({ preferences: await repo.preferencesOf(db, auth(request).userId) }),
    );

    r.put(
      API_PATHS.notificationPreferences,
      {
        schema: {
          tags,
          operationId: 'setNotificationPreferences',
          summary: 'Changes how the listed types reach the member by e-mail (the others keep theirs)',
          security: bearer,
          body: NotificationPreferencesInput,
          response: { 200: NotificationPreferences, ...errors(400, 401) },
        },
      },
      async (request): Promise<NotificationPreferencesT> => {
        const me = auth(request).userId;
        const types = request.body.preferences.map((p) => p.type);
        if (new Set(types).size !== types.length) throw badRequest([{ field: 'preferences', message: 'Each type may appear once.' }]);
        await repo.setPreferences(db, me, request.body.preferences);
        return { preferences: await repo.preferencesOf(db, me) };
      },
    );
  });
};
