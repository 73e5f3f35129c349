import type { ChatCounterpart, ConversationSummary, MessagePage, UnreadCountResponse } from '@sciexperts/shared/contracts';
import { CHAT_PAGE_DEFAULT, CHAT_PAGE_MAX } from '@sciexperts/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../http/errors';
import { ID_PATTERN, auth, bearer, errorSchema } from '../http/schemas';
import { findCounterpart, listConversationAfter, listConversations, markConversationRead, unreadTotal } from '../db/repo/chat';
import { listConversation } from '../db/repo/messages';

const counterpartParams = {
  type: 'object',
  properties: { counterpartId: { type: 'string', description: 'The other member’s id.' } },
  required: ['counterpartId'],
  additionalProperties: false,
} as const;

const idRe = new RegExp(ID_PATTERN);

/** Ids arrive as strings; anything but a positive integer is a 400 with a sentence, never a 500. */
function parseId(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!idRe.test(value)) throw badRequest([{ field: name, message: `${name} must be a positive integer.` }]);
  return Number(value);
}

export function chatRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** The counterpart must exist and must not be the member; owner-scoping is the pair (me, counterpart). */
  const counterpartOf = async (me: number, raw: string): Promise<ChatCounterpart> => {
    const id = parseId(raw, 'counterpartId') as number;
    if (id === me) throw badRequest([{ field: 'counterpartId', message: 'You cannot open a conversation with yourself.' }]);
    const found = await findCounterpart(db, id);
    if (!found) throw notFound('User not found');
    return found;
  };

  app.get('/api/Chat/Conversations', { schema: { tags: ['Chat'], summary: 'Your conversations, most recent first', security: bearer } }, async (request): Promise<ConversationSummary[]> =>
    listConversations(db, auth(request).userId),
  );

  app.get<{ Params: { counterpartId: string }; Querystring: { before?: string; after?: string; limit?: string } }>(
    '/api/Chat/Messages/:counterpartId',
    {
      schema: {
        tags: ['Chat'],
        summary: 'One page of your conversation with a member, newest last; `before` pages back, `after` fetches what you missed',
        security: bearer,
        params: counterpartParams,
        querystring: {
          type: 'object',
          properties: { before: { type: 'string' }, after: { type: 'string' }, limit: { type: 'string' } },
          additionalProperties: false,
        },
        response: { 400: errorSchema, 404: errorSchema },
      },
    },
    async (request): Promise<MessagePage> => {
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

  app.post<{ Params: { counterpartId: string } }>(
    '/api/Chat/MarkRead/:counterpartId',
    { schema: { tags: ['Chat'], summary: 'Mark what a member sent you as read; answers your remaining unread total', security: bearer, params: counterpartParams, response: { 400: errorSchema, 404: errorSchema } } },
    async (request): Promise<UnreadCountResponse> => {
      const me = auth(request).userId;
      const counterpart = await counterpartOf(me, request.params.counterpartId);
      await markConversationRead(db, me, counterpart.id);
      return { count: await unreadTotal(db, me) };
    },
  );

  app.get('/api/Chat/UnreadCount', { schema: { tags: ['Chat'], summary: 'How many messages you have not read', security: bearer } }, async (request): Promise<UnreadCountResponse> => ({
    count: await unreadTotal(db, auth(request).userId),
  }));

  app.get<{ Params: { id: string } }>(
    '/api/Chat/Counterpart/:id',
    {
      schema: {
        tags: ['Chat'],
        summary: 'Public name and avatar of a member to chat with',
        security: bearer,
        params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
        response: { 400: errorSchema, 404: errorSchema },
      },
    },
    async (request): Promise<ChatCounterpart> => {
      const id = parseId(request.params.id, 'id') as number;
      const found = await findCounterpart(db, id);
      if (!found) throw notFound('User not found');
      return found;
    },
  );
}
