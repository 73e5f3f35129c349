import { Type } from 'typebox';
import { Nullable } from './common';

export const ChatMessage = Type.Object({
  id: Type.Integer(),
  senderId: Type.Integer(),
  receiverId: Type.Integer(),
  text: Type.String(),
  timestamp: Type.String({ description: 'ISO 8601' }),
  clientId: Nullable(Type.String({ description: "The sender's client-generated id, used to de-duplicate retries." })),
  via: Type.Optional(Type.String({ description: 'The partner app the sender wrote it through ("University Portal"); absent when sent on SciExperts.' })),
});

/** The public face of a chat counterpart: name and avatar only. */
export const ChatCounterpart = Type.Object({ id: Type.Integer(), firstName: Type.String(), lastName: Type.String(), profImgUrl: Nullable(Type.String()) });

export const ConversationSummary = Type.Object({ counterpart: ChatCounterpart, lastMessage: ChatMessage, unreadCount: Type.Integer() });

export const MessagePage = Type.Object({
  messages: Type.Array(ChatMessage),
  nextBefore: Nullable(Type.Integer({ description: 'Pass as `before` to fetch the next older page; null when there is none.' })),
});

/** `GET /api/Chat/UnreadCount` and the answer of `POST /api/Chat/MarkRead/:counterpartId` (the member's total). */
export const UnreadCountResponse = Type.Object({ count: Type.Integer() });

/** Ids arrive as strings and are checked in code, so a bad one is a 400 naming the field. */
export const CounterpartParams = Type.Object({ counterpartId: Type.String({ description: 'The other member’s id.' }) }, { additionalProperties: false });
export const ChatCounterpartParams = Type.Object({ id: Type.String() }, { additionalProperties: false });
export const MessagePageQuery = Type.Object(
  {
    before: Type.Optional(Type.String({ description: 'An older page: messages before this id.' })),
    after: Type.Optional(Type.String({ description: 'What was missed: messages after this id, oldest first.' })),
    limit: Type.Optional(Type.String({ description: '1…100' })),
  },
  { additionalProperties: false },
);
