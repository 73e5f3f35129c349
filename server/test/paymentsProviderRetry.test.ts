// The API's client of the payments stand-in (LocalPaymentProvider) when a call never reaches it: a stand-in restarted
// under a running API closes the kept-alive connection the next call goes out on. No network: fetch is a stand-in.
import { LocalPaymentProvider } from '../src/modules/payments/localProvider';
import { ProviderCallFailed } from '../src/modules/payments/provider';

/** What undici throws when the other side closed the connection the request went out on. */
const closedConnection = () => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
const timedOut = () => new DOMException('The operation was aborted due to timeout', 'TimeoutError');

function providerWith(answers: Array<() => Response>) {
  const calls: Array<{ url: string; key: string | null }> = [];
  const fakeFetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), key: new Headers(init?.headers).get('idempotency-key') });
    const next = answers.shift();
    if (!next) throw new Error('no answer left');
    return next();
  });
  const provider = new LocalPaymentProvider({ baseUrl: 'http://stand-in.test', secretKey: 'sk_test', webhookSecret: 'whsec_test', fetch: fakeFetch as typeof fetch, retryDelayMs: 1 });
  return { provider, calls };
}

const refund = { paymentId: 7, chargeId: 'ch_1', amountCents: 12_000, idempotencyKey: 'refund:7:1' };
const ok = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const fail = (err: () => Error) => () => {
  throw err();
};

describe('the payments stand-in client, when a call never arrives', () => {
  it('makes the call again on a closed connection, with the same idempotency key, and returns the answer', async () => {
    const { provider, calls } = providerWith([fail(closedConnection), ok({ refundId: 're_1' })]);
    await expect(provider.refund(refund)).resolves.toEqual({ refundId: 're_1' });
    expect(calls).toEqual([
      { url: 'http://stand-in.test/v1/refunds', key: 'refund:7:1' },
      { url: 'http://stand-in.test/v1/refunds', key: 'refund:7:1' },
    ]);
  });

  it('gives up after two repeats with the stand-in named in the error', async () => {
    const { provider, calls } = providerWith([fail(closedConnection), fail(closedConnection), fail(closedConnection), ok({ refundId: 'never' })]);
    const failure = provider.refund(refund);
    await expect(failure).rejects.toBeInstanceOf(ProviderCallFailed);
    await expect(failure).rejects.toMatchObject({ status: null, message: expect.stringContaining('The payments stand-in did not answer /v1/refunds') });
    expect(calls).toHaveLength(3);
  });

  it('makes a read again too (it cannot do anything twice)', async () => {
    const { provider, calls } = providerWith([fail(closedConnection), ok({ data: [] })]);
    await expect(provider.listRecords()).resolves.toEqual([]);
    expect(calls.map((c) => c.url)).toEqual(['http://stand-in.test/v1/records', 'http://stand-in.test/v1/records']);
  });

  it('never repeats a POST without an idempotency key (none exists today; this keeps a future one safe)', async () => {
    const { provider, calls } = providerWith([fail(closedConnection), ok({ id: 'x' })]);
    const call = (provider as unknown as { call: (path: string, key: string | null, body: object | null) => Promise<unknown> }).call.bind(provider);
    await expect(call('/v1/anything', null, {})).rejects.toBeInstanceOf(ProviderCallFailed);
    expect(calls).toHaveLength(1);
  });

  it('does not repeat a call that ran out of time (it may have been carried out; the caller retries with its key)', async () => {
    const { provider, calls } = providerWith([fail(timedOut), ok({ refundId: 'late' })]);
    await expect(provider.refund(refund)).rejects.toBeInstanceOf(ProviderCallFailed);
    expect(calls).toHaveLength(1);
  });

  it('does not repeat a call the stand-in answered, even with an error', async () => {
    const { provider, calls } = providerWith([() => new Response(JSON.stringify({ error: { message: 'No such charge.' } }), { status: 404 }), ok({ refundId: 'x' })]);
    await expect(provider.refund(refund)).rejects.toMatchObject({ status: 404, message: expect.stringContaining('No such charge.') });
    expect(calls).toHaveLength(1);
  });
});
