// The Stripe side of the reconciliation report without network: the official SDK talks plain HTTP to a small fake of
// api.stripe.com on 127.0.0.1 (its host/port/protocol options), which pages the balance transactions the way Stripe
// does (has_more, starting_after); the adapter walks every page with the SDK's auto-pagination.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProviderCallFailed } from '../src/modules/payments/provider';
import { StripePaymentProvider } from '../src/modules/payments/stripeProvider';

const KEY = 'sk_test_reconciliation_0123456789';
const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const bt = (id: string, type: string, amount: number, created: string, source: unknown) => ({ id, object: 'balance_transaction', type, amount, currency: 'usd', created: at(created), status: 'available', source });

/** Two pages of balance transactions, as Stripe lists them (newest first). */
const PAGES = [
  [
    bt('txn_5', 'transfer', -60_000, '2026-11-24T12:00:00Z', { id: 'tr_5', object: 'transfer', amount: 60_000, reversed: true, metadata: { withdrawalId: '7' } }),
    bt('txn_4', 'stripe_fee', -300, '2026-11-24T11:30:00Z', 'fee_4'),
    bt('txn_3', 'refund', -25_000, '2026-11-24T11:00:00Z', { id: 're_3', object: 'refund', amount: 25_000, status: 'pending', metadata: { paymentId: '41' } }),
  ],
  [
    bt('txn_2', 'payout', -90_000, '2026-11-24T10:30:00Z', { id: 'po_2', object: 'payout', amount: 90_000 }),
    bt('txn_1', 'charge', 125_000, '2026-11-24T10:00:00Z', { id: 'ch_1', object: 'charge', amount: 125_000, status: 'succeeded', payment_intent: 'pi_41', metadata: {} }),
  ],
];

describe('Stripe balance transactions for the reconciliation report', () => {
  let server: Server;
  let port: number;
  const seen: Array<{ path: string; query: URLSearchParams; authorization: string | undefined }> = [];
  let failWith: number | null = null;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      seen.push({ path: url.pathname, query: url.searchParams, authorization: req.headers.authorization });
      res.setHeader('content-type', 'application/json');
      res.setHeader('request-id', 'req_fake');
      if (failWith !== null) {
        res.writeHead(failWith);
        return void res.end(JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong on our end.' } }));
      }
      if (url.pathname !== '/v1/balance_transactions' || req.method !== 'GET') {
        res.writeHead(404);
        return void res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } }));
      }
      const page = url.searchParams.get('starting_after') === 'txn_3' ? 1 : 0;
      res.writeHead(200);
      res.end(JSON.stringify({ object: 'list', url: '/v1/balance_transactions', has_more: page === 0, data: PAGES[page] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const provider = () => new StripePaymentProvider({ secretKey: KEY, webhookSecret: 'whsec_x', api: { host: '127.0.0.1', port, protocol: 'http' } });

  it('walks every page and keeps the charges, refunds and transfers in the ledger’s terms', async () => {
    seen.length = 0;
    expect(await provider().listRecords()).toEqual([
      { movement: 'payout', providerId: 'tr_5', ourId: 7, amountCents: 60_000, status: 'failed', createdAt: '2026-11-24T12:00:00.000Z' },
      { movement: 'refund', providerId: 're_3', ourId: 41, amountCents: 25_000, status: 'pending', createdAt: '2026-11-24T11:00:00.000Z' },
      // The PaymentIntent is the id a payment keeps; Stripe's fee and its payout to the platform's bank are left out.
      { movement: 'charge', providerId: 'pi_41', ourId: null, amountCents: 125_000, status: 'succeeded', createdAt: '2026-11-24T10:00:00.000Z' },
    ]);
    expect(seen).toHaveLength(2);
    for (const request of seen) {
      expect(request.authorization).toBe(`Bearer ${KEY}`);
      expect(request.query.get('limit')).toBe('100');
      // The SDK sends the list as expand[0]=…: each transaction comes with its charge, refund or transfer.
      expect([...request.query].filter(([k]) => k.startsWith('expand')).map(([, v]) => v)).toEqual(['data.source']);
    }
    expect(seen[1]!.query.get('starting_after')).toBe('txn_3');
  });

  it('says the provider could not be reached when Stripe refuses', async () => {
    failWith = 401;
    try {
      await expect(provider().listRecords()).rejects.toBeInstanceOf(ProviderCallFailed);
    } finally {
      failWith = null;
    }
  });
});
