import type { BlockState, BlockedMember } from '../contracts/blocks';
import { API_PATHS, pathTo } from '../contracts/paths';
import { request } from './http';

/** What the client says when the server gave no message of its own (not reached); the server's sentences win. */
const FAILED = {
  load: 'Failed to load the blocked members. Please try again.',
  save: 'Failed to save. Please try again.',
} as const;

/** Blocking a member (server/src/modules/blocks): only the member who blocked sees or changes their blocks. */
export const blocksApi = {
  list: () => request<BlockedMember[]>('get', API_PATHS.blocks, { fallbackError: FAILED.load }),
  state: (memberId: number) => request<BlockState>('get', pathTo(API_PATHS.block, { memberId }), { fallbackError: FAILED.load }),
  block: (memberId: number) => request<BlockState>('put', pathTo(API_PATHS.block, { memberId }), { fallbackError: FAILED.save }),
  unblock: (memberId: number) => request<BlockState>('delete', pathTo(API_PATHS.block, { memberId }), { fallbackError: FAILED.save }),
};
