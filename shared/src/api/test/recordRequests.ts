// Test helper for the API clients' tests: every fetch is answered with `answer` and recorded as what a server
// would see (method, URL, JSON body, idempotency key, authorization).
import { authStore } from '../../auth/authStore';
import { configureRuntime } from '../../config/runtimeConfig';

export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
  /** The Idempotency-Key header. */
  key: string | null;
  /** The Authorization header, read at call time. */
  auth: string | null;
}

export const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function record(request: Request): Promise<SentRequest> {
  const text = await request.clone().text();
  let body: unknown;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    body = text;
  }
  return { method: request.method, url: request.url, body, key: request.headers.get('Idempotency-Key'), auth: request.headers.get('Authorization') };
}

/**
 * Signs in with token 't-1' against http://api.test, answers every fetch with `answer()` and records it. Call in
 * beforeEach; `restore` in afterEach.
 */
export function recordRequests(answer: () => Response = () => jsonResponse(200, { id: 1 })) {
  configureRuntime({ apiBaseUrl: 'http://api.test/' });
  authStore.setState({ status: 'ready', token: 't-1' });
  const sent: Promise<SentRequest>[] = [];
  const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    sent.push(record(input as Request));
    return Promise.resolve(answer());
  });
  /** The `index`th request, failing clearly when fetch was not called that often. */
  const nth = (index = 0): Promise<SentRequest> => {
    const request = sent[index];
    if (!request) throw new Error(`fetch was called ${sent.length} times, not ${index + 1}`);
    return request;
  };
  return {
    sent,
    nth,
    fetchMock,
    restore: () => {
      fetchMock.mockRestore();
      authStore.setState({ token: null });
    },
  };
}
