import { CONNECTED_PARTNER_PATHS, type ConnectedPartner } from '../contracts/partners';
import type { MessageResponse } from '../contracts/api';
import { request } from './http';

const FAILED = {
  load: 'Failed to load your connected partners. Please try again.',
  save: 'Failed to disconnect. Please try again.',
} as const;

/** The member's connected partner apps (docs/decisions/0050-partner-apps-and-scoped-tokens.md), in Account settings. */
export const partnersApi = {
  connected: () => request<ConnectedPartner[]>('get', CONNECTED_PARTNER_PATHS.list, { fallbackError: FAILED.load }),
  /** Ends that partner's tokens for this member, and its chat sockets. */
  disconnect: (clientId: string) => request<MessageResponse>('delete', CONNECTED_PARTNER_PATHS.revoke.replace(':clientId', encodeURIComponent(clientId)), { fallbackError: FAILED.save }),
};
