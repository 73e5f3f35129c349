import { BLOCK_MESSAGES as M } from '@sciexperts/shared/contracts';
import type { Db } from '../../db/connect';
import { HttpError } from '../../http/errors';
import { blockBetween } from './repository';

/**
 * The one refusal of every channel between two members one of whom blocked the other (calls, proposals,
 * invitations, reschedules; the chat's insert makes the same choice of sentence itself): 409 with the block's
 * sentence for `me`, before anything is written, so nothing is stored and nobody is notified. The member who blocked
 * is told so; the blocked member only that they are not accepted.
 */
export async function refuseIfBlocked(db: Db, me: number, other: number): Promise<void> {
  const by = await blockBetween(db, me, other);
  if (by) throw new HttpError(409, by === 'byMe' ? M.youBlocked : M.notAccepting);
}
