import { ACCOUNT_MESSAGES, ApiError } from '@sciexperts/shared';

export const NETWORK_ERROR_MESSAGE = ACCOUNT_MESSAGES.registrationNetworkError;

/**
 * The message reads 'Error: ' plus the server's message. An ApiError without a body never reached the server
 * (offline, timeout, CORS), so it gets the network wording rather than the client's fallback text.
 */
export function describeSignupFailure(caught: unknown): string {
  if (caught instanceof ApiError) return caught.body?.message ? `Error: ${caught.body.message}` : NETWORK_ERROR_MESSAGE;
  if (caught instanceof Error && caught.message) return `Error: ${caught.message}`;
  return NETWORK_ERROR_MESSAGE;
}
