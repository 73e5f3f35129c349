// Blocking a member: paths are in ./paths (blocks, block), bodies are Static<> of ./schemas/blocks.
import type { Static } from 'typebox';
import type * as S from './schemas/blocks';

export type BlockedMember = Static<typeof S.BlockedMember>;
export type BlockState = Static<typeof S.BlockState>;

/**
 * What a block says, to whom. The member who blocked is told what they did and how to undo it; the blocked member
 * learns only that their messages are not accepted (not who decided, nor since when), as most messaging products do.
 */
export const BLOCK_MESSAGES = {
  cannotBlockSelf: 'You cannot block yourself.',
  memberNotFound: 'Member not found.',
  /** The chat's answer to a message from the member who blocked. */
  youBlocked: 'You blocked this member. Unblock them to send a message.',
  /** The chat's answer to a message from the blocked member. */
  notAccepting: 'This member is not accepting your messages.',
  /** The conversation's banner for the member who blocked (the history stays visible). */
  banner: 'You blocked this member. They cannot message you or book a call with you.',
  blockButton: 'Block',
  unblockButton: 'Unblock',
  confirmTitle: 'Block this member?',
  confirmBody: 'They will not be able to message you or book a call with you. They are not told that you blocked them. Your conversation stays visible, and you can unblock them at any time.',
  cancelButton: 'Cancel',
  settingsTitle: 'Blocked members',
  settingsEmpty: 'You have not blocked anyone.',
  blocked: 'Member blocked.',
  unblocked: 'Member unblocked.',
} as const;
