import { authStore } from '../auth/authStore';
import { ApiError, request, requestBlob, SESSION_EXPIRED_MESSAGE, setRequestAdjuster } from './http';
import { jsonResponse, recordRequests } from './test/recordRequests';

// The HTTP client over the platform's fetch: what every API client relies on.
let recorder: ReturnType<typeof recordRequests>;
let answers: Array<Response | Error> = [];
beforeEach(() => {
  answers = [];
  recorder = recordRequests(() => {
    const next = answers.shift() ?? jsonResponse(200, { ok: true });
    if (next instanceof Error) throw next;
    return next;
  });
});
afterEach(() => {
  recorder.restore();
  setRequestAdjuster(null);
});

it("sends JSON with the member's token and answers the parsed body; 204 answers nothing", async () => {
  await expect(request('post', '/api/Things', { json: { name: 'A' }, fallbackError: 'x' })).resolves.toEqual({ ok: true });
  const sent = await recorder.nth(0);
  expect(sent).toMatchObject({ method: 'POST', url: 'http://api.test/api/Things', body: { name: 'A' }, auth: 'Bearer t-1' });
  answers.push(new Response(null, { status: 204 }));
  await expect(request('delete', '/api/Things/1', { fallbackError: 'x' })).resolves.toBeUndefined();
});

it("turns an error status into the server's message, and no answer into status 0", async () => {
  answers.push(jsonResponse(409, { message: 'Already accepted.' }));
  await expect(request('post', '/api/Things', { fallbackError: 'Could not save.' })).rejects.toEqual(new ApiError('Already accepted.', 409, { message: 'Already accepted.' }));
  answers.push(new Response('<html>bad gateway</html>', { status: 502 }));
  await expect(request('get', '/api/Things', { fallbackError: 'Could not load.' })).rejects.toMatchObject({ message: 'Could not load.', status: 502 });
  answers.push(new TypeError('Failed to fetch'));
  const unreachable = await request('get', '/api/Things', { fallbackError: 'Could not load.' }).catch((error: unknown) => error);
  expect(unreachable).toMatchObject({ message: 'Could not load.', status: 0, unreachable: true });
});

it("signs the member out on a 401 to the member's own token, not on one to a token the caller sent", async () => {
  answers.push(jsonResponse(401, { message: 'Who?' }));
  await expect(request('get', '/api/Chat/Conversations', { headers: { Authorization: 'Bearer partner-token' }, fallbackError: 'x' })).rejects.toMatchObject({ status: 401 });
  expect(authStore.getState().token).toBe('t-1');
  answers.push(jsonResponse(401, { message: 'Your session has expired or is invalid. Please sign in again.' }));
  await expect(requestBlob('/api/Receipts/1', 'Could not download.')).rejects.toMatchObject({ status: 401 });
  expect(authStore.getState()).toMatchObject({ token: null, signedOutReason: SESSION_EXPIRED_MESSAGE });
});

it('lets the server renderer rewrite a call before it is sent', async () => {
  setRequestAdjuster((sent) => new Request(sent.url.replace('http://api.test', 'http://127.0.0.1:3000'), sent));
  await request('get', '/api/Experts/1', { fallbackError: 'x' });
  const sent = await recorder.nth(0);
  expect(sent.url).toBe('http://127.0.0.1:3000/api/Experts/1');
});
