// Account recovery (docs/decisions/0043-account-recovery.md): what a password reset answers and the removals its grant
// allows. Server-only at run time; the types are in ../recovery.ts.
import { Type } from 'typebox';
import { IdParams, Nullable } from './common';

export const RecoveryPasskey = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    createdAt: Type.String(),
    addedRecently: Type.Boolean({ description: 'Added in the 24 hours before the reset, or after it.' }),
  },
  { additionalProperties: false, title: 'RecoveryPasskey' },
);
export const RecoveryAuthenticator = Type.Object(
  { enabledAt: Nullable(Type.String()), addedRecently: Type.Boolean({ description: 'Turned on in the 24 hours before the reset, or after it.' }) },
  { additionalProperties: false, title: 'RecoveryAuthenticator' },
);
/** The account's ways to sign in besides the password, as the reset page lists them. */
export const RecoveryFactors = Type.Object(
  { passkeys: Type.Array(RecoveryPasskey, { description: 'Recently added first, then oldest first.' }), authenticator: Nullable(RecoveryAuthenticator) },
  { additionalProperties: false, title: 'RecoveryFactors' },
);
/** The proof the reset gave: the e-mailed link and the new password, for 15 minutes, for this member only. */
export const RecoveryGrant = Type.Object(
  { grant: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false, title: 'RecoveryGrant' },
);
export const PasswordResetAnswer = Type.Object(
  {
    message: Type.String(),
    recovery: Nullable(
      Type.Object(
        {
          grant: Type.String({ description: 'Removes passkeys and the authenticator app of this member until expiresAt.' }),
          expiresAt: Type.String(),
          factors: RecoveryFactors,
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, title: 'PasswordResetAnswer', description: 'recovery is null when the account has neither a passkey nor an authenticator app.' },
);
export const RecoveryRemovalAnswer = Type.Object({ message: Type.String(), factors: RecoveryFactors }, { additionalProperties: false, title: 'RecoveryRemovalAnswer' });
export const RecoveryPasskeyParams = IdParams('id');
