// Account settings: sessions, password, phone and e-mail changes. Server-only at run time.
import { Type } from 'typebox';
import { Nullable } from './common';

export const SessionInfo = Type.Object(
  {
    id: Type.String({ description: 'A public id of the session (not its secret).' }),
    device: Type.String({ description: 'Browser and system, as its user agent says ("Firefox on Linux").' }),
    createdAt: Type.String({ description: 'When it signed in.' }),
    lastUsedAt: Nullable(Type.String({ description: 'Its last request, to the minute.' })),
    current: Type.Boolean({ description: 'The session making this request.' }),
  },
  { title: 'SessionInfo' },
);
export const SessionList = Type.Object({ results: Type.Array(SessionInfo, { description: 'Most recently used first.' }) }, { title: 'SessionList' });
export const SessionParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }) });

export const ChangePasswordRequest = Type.Object(
  { currentPassword: Type.String({ maxLength: 200 }), newPassword: Type.String({ maxLength: 200 }) },
  { additionalProperties: false, title: 'ChangePasswordRequest' },
);
export const ChangePhoneRequest = Type.Object({ phoneNumber: Type.String({ maxLength: 40 }) }, { additionalProperties: false, title: 'ChangePhoneRequest' });
export const ChangeEmailRequest = Type.Object(
  {
    newEmail: Type.String({ maxLength: 320 }),
    currentPassword: Type.Optional(Type.String({ maxLength: 200, description: 'Required for members with a SciExperts password.' })),
  },
  { additionalProperties: false, title: 'ChangeEmailRequest' },
);
export const ConfirmEmailRequest = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false, title: 'ConfirmEmailRequest' });

/** Export and deletion: the current password (members of the identity provider: a recent sign-in instead). */
export const ReauthRequest = Type.Object(
  { currentPassword: Type.Optional(Type.String({ maxLength: 200, description: 'Required for members with a SciExperts password.' })) },
  { additionalProperties: false, title: 'ReauthRequest' },
);
