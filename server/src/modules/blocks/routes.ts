import { API_PATHS, BLOCK_MESSAGES as M, type BlockState as BlockStateT, type BlockedMember as BlockedMemberT } from '@sciexperts/shared/contracts';
import { BlockParams, BlockState, BlockedMemberList } from '@sciexperts/shared/contracts/schemas';
import { badRequest, notFound } from '../../http/errors';
import { api, requireSession, type Module } from '../../http/api';
import { auth, bearer, errors } from '../../http/schemas';
import { findVisibleCounterpart } from '../chat/repository';
import { blockChanged } from '../../chat/gateway';
import { block, blocks, listBlocked, unblock } from './repository';

const tags = ['Blocks'];

/**
 * Blocking a member closes every channel between the two, in either direction, with a different sentence for each
 * side: messages, calls, proposals, invitations, reschedules (rules.ts, decision 0039); the conversation's history
 * stays. Only the member who blocked sees the block; every route acts on the signed-in member's own blocks.
 */
export const blocksModule: Module = async (app) => {
  requireSession(app);
  const { db } = app.ctx;
  const r = api(app);

  /** Anyone I can see in the chat (a hidden profile only once we have conversed), never myself. */
  const other = async (me: number, raw: string): Promise<number> => {
    const id = Number(raw);
    if (id === me) throw badRequest([{ field: 'memberId', message: M.cannotBlockSelf }]);
    if (!(await findVisibleCounterpart(db, me, id))) throw notFound(M.memberNotFound);
    return id;
  };
  /** The chat's processes forget what they knew of the pair (typing is relayed from a cache; messages ask the database). */
  const changed = (a: number, b: number) => {
    if (app.hasDecorator('io')) blockChanged(app.io, a, b);
  };

  r.get(
    API_PATHS.blocks,
    { schema: { tags, operationId: 'blockedMembers', summary: 'The members you blocked, most recent first', security: bearer, response: { 200: BlockedMemberList, ...errors(401) } } },
    async (request): Promise<BlockedMemberT[]> => listBlocked(db, auth(request).userId),
  );

  r.get(
    API_PATHS.block,
    {
      schema: {
        tags,
        operationId: 'blockState',
        summary: 'Whether you blocked a member',
        security: bearer,
        params: BlockParams,
        response: { 200: BlockState, ...errors(400, 401, 404) },
      },
    },
    async (request): Promise<BlockStateT> => {
      const me = auth(request).userId;
      const id = Number(request.params.memberId);
      // A block I made answers even if the member has since hidden their profile.
      if (await blocks(db, me, id)) return { memberId: id, blocked: true };
      return { memberId: await other(me, request.params.memberId), blocked: false };
    },
  );

  r.put(
    API_PATHS.block,
    {
      schema: {
        tags,
        operationId: 'blockMember',
        summary: 'Block a member (again is the same)',
        description: '400 for yourself; 404 for a member who does not exist or whose hidden profile you cannot see.',
        security: bearer,
        params: BlockParams,
        response: { 200: BlockState, ...errors(400, 401, 404) },
      },
    },
    async (request): Promise<BlockStateT> => {
      const me = auth(request).userId;
      const id = await other(me, request.params.memberId);
      await block(db, me, id, app.ctx.clock());
      changed(me, id);
      return { memberId: id, blocked: true };
    },
  );

  r.delete(
    API_PATHS.block,
    {
      schema: {
        tags,
        operationId: 'unblockMember',
        summary: 'Unblock a member (unblocking someone not blocked changes nothing)',
        security: bearer,
        params: BlockParams,
        response: { 200: BlockState, ...errors(400, 401, 404) },
      },
    },
    async (request): Promise<BlockStateT> => {
      const me = auth(request).userId;
      const id = Number(request.params.memberId);
      if (!(await blocks(db, me, id))) await other(me, request.params.memberId);
      else {
        await unblock(db, me, id);
        changed(me, id);
      }
      return { memberId: id, blocked: false };
    },
  );
};
