import { Type } from 'typebox';
import { ID_PATTERN, Nullable } from './common';

export const BlockParams = Type.Object({ memberId: Type.String({ pattern: ID_PATTERN, description: 'The other member’s id.' }) }, { additionalProperties: false });

/** Whether I block this member (never whether they block me: the blocked member is not told). */
export const BlockState = Type.Object({ memberId: Type.Integer(), blocked: Type.Boolean() });

/** A member I blocked, with when; name and avatar only. */
export const BlockedMember = Type.Object({
  id: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  profImgUrl: Nullable(Type.String()),
  blockedAt: Type.String({ description: 'ISO 8601' }),
});

export const BlockedMemberList = Type.Array(BlockedMember);
