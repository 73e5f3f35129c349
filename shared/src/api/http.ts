import { authStore, signOut } from '../auth/authStore';
import { getRuntimeConfig } from '../config/runtimeConfig';
import type { ApiErrorBody } from '../contracts/api';
import { STEP_UP_REASON } from '../contracts/security';
import { requestStepUp } from '../security/stepUp';

export const SESSION_EXPIRED_MESSAGE = 'Your session has ended. Please log in again.';

/**
 * Error carrying the server's `{ message }` and the HTTP status. Status 0 means the request never got an
 * answer (offline, server down, timeout): `unreachable` is true and trying again may help, unlike a 4xx.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server could not be reached: never a missing record, always worth a retry. */
  get unreachable(): boolean {
    return this.status === 0;
  }
}

/** True for an ApiError (or anything with status 0) that says the server was not reached. */
export function isUnreachable(error: unknown): boolean {
  return (error as { status?: unknown } | null)?.status === 0;
}

/**
 * Rewrites an API call before it is sent, or leaves it (undefined). Server-side only: the shell's server sends the
 * calls of the page it renders straight to the API with the visitor's address (serverApiCalls.ts); browsers never
 * set one.
 */
export type RequestAdjuster = (request: Request) => Request | undefined;
let adjustRequest: RequestAdjuster | null = null;

export function setRequestAdjuster(adjuster: RequestAdjuster | null): void {
  adjustRequest = adjuster;
}

/** How long a call may take before it counts as unreachable (status 0). */
const TIMEOUT_MS = 15_000;

/** A non-2xx answer: the response, for toApiError to read the server's message from. */
class HttpStatusError extends Error {
  constructor(readonly response: Response) {
    super(`HTTP ${response.status}`);
    this.name = 'HttpStatusError';
  }
}

interface SendOptions {
  method: 'get' | 'post' | 'put' | 'delete';
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  keepalive?: boolean;
}

/**
 * One call over the platform's fetch: the member's token unless the caller sent its own, the server-side adjuster,
 * a timeout, and a 401 on our own token (not a step-up) signing the member out everywhere. What this needed of a
 * client library (ky: a timeout, two hooks, a JSON body, throwing on an error status) is these lines; the library
 * was 4.8 KB gzip on every page (decision 0020, "Round five").
 */
async function send(url: string, options: SendOptions): Promise<Response> {
  const headers = new Headers(options.headers);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }
  const token = authStore.getState().token;
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  const built = new Request(url, {
    method: options.method.toUpperCase(),
    headers,
    body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
    ...(options.keepalive ? { keepalive: true } : {}),
  });
  const request = adjustRequest?.(built) ?? built;
  const response = await fetch(request);
  // A 401 on a call made with our token means the server ended the session: sign out everywhere.
  // Only for our own token: a call an integrator made with its token says nothing about our session.
  // A 401 that asks for a step-up is not an ending: the session is fine, the member confirms it is them.
  const current = authStore.getState().token;
  if (response.status === 401 && current && request.headers.get('Authorization') === `Bearer ${current}` && !(await asksForStepUp(response))) {
    signOut(SESSION_EXPIRED_MESSAGE);
  }
  if (!response.ok) throw new HttpStatusError(response);
  return response;
}

async function asksForStepUp(response: Response): Promise<boolean> {
  try {
    return ((await response.clone().json()) as ApiErrorBody).reason === STEP_UP_REASON;
  } catch {
    return false;
  }
}

/** The call failed with a step-up 401: the member is asked (one dialog for the whole site) and it is sent once more. */
const isStepUp = (error: ApiError) => error.status === 401 && error.body?.reason === STEP_UP_REASON;

export function apiUrl(path: string, apiBaseUrl: string = getRuntimeConfig().apiBaseUrl): string {
  return `${apiBaseUrl.replace(/\/$/, '')}${path}`;
}

/** Turns an error status into an ApiError with the server's message (or `fallback`); anything else is status 0. */
export async function toApiError(error: unknown, fallback: string): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HttpStatusError) {
    let body: ApiErrorBody | null = null;
    try {
      body = (await error.response.clone().json()) as ApiErrorBody;
    } catch {
      body = null;
    }
    return new ApiError(body?.message || fallback, error.response.status, body);
  }
  return new ApiError(fallback, 0, null);
}

export async function request<T>(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  options: {
    json?: unknown;
    body?: BodyInit;
    headers?: Record<string, string>;
    fallbackError: string;
    apiBaseUrl?: string;
    /** Sent even if the page unloads first (fetch's keepalive): a small write the member's next step must not cancel. */
    keepalive?: boolean;
    /** The retry after a step-up: a second step-up 401 is the caller's to show, not another dialog. */
    afterStepUp?: boolean;
  },
): Promise<T> {
  try {
    const response = await send(apiUrl(path, options.apiBaseUrl), {
      method,
      json: options.json,
      body: options.body,
      headers: options.headers,
      keepalive: options.keepalive,
    });
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (error) {
    const failure = await toApiError(error, options.fallbackError);
    if (!isStepUp(failure) || options.afterStepUp) throw failure;
    if (!(await requestStepUp())) throw failure;
    return request<T>(method, path, { ...options, afterStepUp: true });
  }
}

/** A file the API serves only with the member's token (an attachment, a receipt, a data export): the bytes, to save. */
export async function requestBlob(path: string, fallbackError: string, options: { method?: 'get' | 'post'; json?: unknown } = {}): Promise<Blob> {
  try {
    const response = await send(apiUrl(path), { method: options.method ?? 'get', json: options.json });
    return await response.blob();
  } catch (error) {
    throw await toApiError(error, fallbackError);
  }
}
