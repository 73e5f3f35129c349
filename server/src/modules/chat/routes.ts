import { API_PATHS, CHAT_MESSAGES, CHAT_PAGE_DEFAULT, CHAT_PAGE_MAX, type ChatCounterpart as Counterpart, type ConversationSummary as Summary, type MessagePage as Page, type UnreadCountResponse as UnreadCount } from '@sciexperts/shared/contracts';
import { ChatCounterpart, ChatCounterpartParams, ConversationSummary, CounterpartParams, MessagePage, MessagePageQuery, UnreadCountResponse } from '@sciexperts/shared/contracts/schemas';
import { Type } from 'typebox';
import { badRequest, notFound } from '../../http/errors';
import { api, requireSession, type Module } from '../../http/api';
import { ID_PATTERN, auth, bearer, errors } from '../../http/schemas';
import { findVisibleCounterpart, listConversationAfter, listConversations, markConversationRead, unreadTotal } from './repository';
import { listConversation } from './repository';
import { messageGroupKey } from './notices';
import { markGroupRead } from '../notifications/repository';
import { announceUnread } from '../notifications/delivery';

const idRe = new RegExp(ID_PATTERN);

/** Ids arrive as strings; anything but a positive integer is a 400 with a sentence, never a 500. */
function parseId(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!idRe.test(value)) throw badRequest([{ field: name, message: `${name} must be a positive integer.` }]);
  return Number(value);
}

export const chatModule: Module = async (app) => {
  requireSession(app);
  const { db } = app.ctx;
  const r = api(app);

  /** The counterpart must exist and must not be the member; owner-scoping is the pair (me, counterpart). */
  const counterpartOf = async (me: number, raw: string): Promise<Counterpart> => {
    const id = parseId(raw, 'counterpartId') as number;
    if (id === me) throw badRequest([{ field: 'counterpartId', message: 'You cannot open a conversation with yourself.' }]);
    // A hidden member is not there for someone who has no conversation with them yet (as in Counterpart).
    const found = await findVisibleCounterpart(db, me, id);
    if (!found) throw notFound(CHAT_MESSAGES.userNotFound);
    return found;
  };

  r.get(
    API_PATHS.chatConversations,
    {
      schema: {
        tags: ['Chat'],
        operationId: 'chatConversations',
        summary: 'Your conversations, most recent first',
        security: bearer,
        response: { 200: Type.Array(ConversationSummary), ...errors(401) },
      },
    },
    async (request): Promise<Summary[]> => listConversations(db, auth(request).userId),
  );

  r.get(
    API_PATHS.chatMessages,
    {
      schema: {
        tags: ['Chat'],
        operationId: 'chatMessages',
        summary: 'One page of your conversation with a member, newest last; `before` pages back, `after` fetches what you missed',
        security: bearer,
        params: CounterpartParams,
        querystring: MessagePageQuery,
        response: { 200: MessagePage, ...errors(400, 401, 404) },
      },
    },
    async (request): Promise<Page> => {
      const me = auth(request).userId;
      const before = parseId(request.query.before, 'before');
      const after = parseId(request.query.after, 'after');
      if (before !== undefined && after !== undefined) throw badRequest([{ field: 'after', message: 'Use either before or after, not both.' }]);
      let limit = CHAT_PAGE_DEFAULT;
      if (request.query.limit !== undefined) {
        const raw = request.query.limit;
        if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > CHAT_PAGE_MAX) {
          throw badRequest([{ field: 'limit', message: `limit must be an integer between 1 and ${CHAT_PAGE_MAX}.` }]);
        }
        limit = Number(raw);
      }
      const counterpart = await counterpartOf(me, request.params.counterpartId);
      if (after !== undefined) {
        // Oldest first from `after`; the client asks again while a full page comes back.
        return { messages: await listConversationAfter(db, me, counterpart.id, after, limit), nextBefore: null };
      }
      const rows = await listConversation(db, me, counterpart.id, limit + 1, before);
      const hasMore = rows.length > limit;
      const messages = hasMore ? rows.slice(rows.length - limit) : rows;
      return { messages, nextBefore: hasMore ? (messages[0]?.id ?? null) : null };
    },
  );

  r.post(
    API_PATHS.chatMarkRead,
    {
      schema: {
        tags: ['Chat'],
        operationId: 'chatMarkRead',
        summary: 'Mark what a member sent you as read; answers your remaining unread total',
        security: bearer,
        params: CounterpartParams,
        response: { 200: UnreadCountResponse, ...errors(400, 401, 404) },
      },
    },
    async (request): Promise<UnreadCount> => {
      const me = auth(request).userId;
      const counterpart = await counterpartOf(me, request.params.counterpartId);
      await markConversationRead(db, me, counterpart.id);
      // What the bell said about this conversation is read too.
      if ((await markGroupRead(db, me, messageGroupKey(counterpart.id), app.ctx.clock())) > 0) await announceUnread(app, me);
      return { count: await unreadTotal(db, me) };
    },
  );

  r.get(
    API_PATHS.chatUnreadCount,
    {
      schema: {
        tags: ['Chat'],
        operationId: 'chatUnreadCount',
        summary: 'How many messages you have not read',
        security: bearer,
        response: { 200: UnreadCountResponse, ...errors(401) },
      },
    },
    async (request): Promise<UnreadCount> => ({ count: await unreadTotal(db, auth(request).userId) }),
  );

  r.get(
    API_PATHS.chatCounterpart,
    {
      schema: {
        tags: ['Chat'],
        operationId: 'chatCounterpart',
        summary: 'Public name and avatar of a member to chat with',
        description: 'A hidden profile answers 404 unless you already share a conversation with that member.',
        security: bearer,
        params: ChatCounterpartParams,
        response: { 200: ChatCounterpart, ...errors(400, 401, 404) },
      },
    },
    async (request): Promise<Counterpart> => {
      const id = parseId(request.params.id, 'id') as number;
      const found = await findVisibleCounterpart(db, auth(request).userId, id);
      if (!found) throw notFound(CHAT_MESSAGES.userNotFound);
      return found;
    },
  );
};
