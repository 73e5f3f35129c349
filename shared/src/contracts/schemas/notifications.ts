// Notifications and their e-mail preferences. Server-only at run time.
import { Type } from 'typebox';
import { EMAIL_MODES, NOTIFICATION_LIMITS, NOTIFICATION_TYPES } from '../notifications';
import { IdParam, Nullable, StringChoice } from './common';

export const Notification = Type.Object(
  {
    id: Type.Integer(),
    type: StringChoice(NOTIFICATION_TYPES),
    text: Type.String({ description: 'The sentence to show, written by the server.' }),
    link: Type.String({ description: 'The site path where it happened.' }),
    createdAt: Type.String(),
    readAt: Nullable(Type.String()),
  },
  { title: 'Notification' },
);

export const UnreadNotifications = Type.Object({ unreadCount: Type.Integer({ minimum: 0 }) }, { title: 'UnreadNotifications' });

export const NotificationPage = Type.Object(
  {
    results: Type.Array(Notification, { description: 'Newest first.' }),
    nextBefore: Nullable(Type.Integer({ description: 'Pass as `before` for the next older page; null when there is none.' })),
    unreadCount: Type.Integer({ minimum: 0 }),
  },
  { title: 'NotificationPage' },
);

export const NotificationPageQuery = Type.Object(
  {
    before: Type.Optional(IdParam),
    limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]?$', description: `1–99; more than ${NOTIFICATION_LIMITS.pageSizeMax} counts as ${NOTIFICATION_LIMITS.pageSizeMax}.` })),
  },
  { additionalProperties: false },
);

const Preference = Type.Object({ type: StringChoice(NOTIFICATION_TYPES), email: StringChoice(EMAIL_MODES) }, { additionalProperties: false });

export const NotificationPreferences = Type.Object({ preferences: Type.Array(Preference) }, { title: 'NotificationPreferences' });

export const NotificationPreferencesInput = Type.Object(
  { preferences: Type.Array(Preference, { minItems: 1, maxItems: NOTIFICATION_TYPES.length }) },
  { additionalProperties: false },
);

export const UnsubscribeQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
