import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FundResponse, SavedCardList, Withdrawal, Workspace } from '@sciexperts/shared/contracts';
import {
  AUTHENTICATION_FAILED_MESSAGE,
  createPaymentsStandIn,
  DECLINED_MESSAGE,
  ACCOUNT_LINK_TTL_MS,
  PAYOUT_FAILED_MESSAGE,
  STATE_FILE,
  TEST_BANK_ACCOUNTS,
  TEST_CARDS,
  type PaymentsStandIn,
} from '../src/dev/paymentsStandIn';
import { WebhookSender, type Scheduler } from '../src/dev/paymentsWebhooks';
import { ConfigError, loadConfig } from '../src/config';
import { LocalPaymentProvider } from '../src/modules/payments/localProvider';
import { ProviderCallFailed, WebhookRejected, type CheckoutRequest, type PayoutAccountLinkRequest } from '../src/modules/payments/provider';
import { REPLAY_WINDOW_SECONDS, SIGNATURE_HEADER, signPayload } from '../src/modules/payments/signature';
import { member, startApp, type Harness } from './helpers';
import { reconcile } from '../src/modules/admin/reconciliation';
import { caller, hiredContract, stepUp } from './paymentsFixtures';

const SECRET_KEY = 'sk_test_standin_0123456789';
const WEBHOOK_SECRET = 'whsec_test_standin_0123456789';
const SITE = 'http://site.test/profile/workspace/7';

interface Delivery {
  body: string;
  headers: IncomingHttpHeaders;
}

/** The API's webhook as the stand-in sees it: records each delivery and answers the next status in line (then 200). */
async function startReceiver(): Promise<{ url: string; deliveries: Delivery[]; answers: number[]; close: () => Promise<void> }> {
  const deliveries: Delivery[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(answers.shift() ?? 200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/Payments/Webhook`,
    deliveries,
    answers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A scheduler the test drives: retries wait here until run, and their delays are kept. */
function manualScheduler() {
  const waiting: Array<{ ms: number; run: () => void }> = [];
  const delays: number[] = [];
  const schedule: Scheduler = (run, ms) => {
    const entry = { ms, run };
    waiting.push(entry);
    delays.push(ms);
    return () => void waiting.splice(waiting.indexOf(entry), 1);
  };
  const runNext = () => {
    const next = waiting.shift();
    if (!next) throw new Error('no retry is waiting');
    next.run();
  };
  return { schedule, delays, waiting, runNext };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const checkout = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  paymentId: 41,
  amountCents: 125_000,
  currency: 'USD',
  description: 'Protein stability study: Milestone 1',
  successUrl: `${SITE}?payment=41`,
  cancelUrl: `${SITE}?payment=41&cancelled=1`,
  idempotencyKey: `checkout:${Math.random()}`,
  ...over,
});

const accountLink = (over: Partial<PayoutAccountLinkRequest> = {}): PayoutAccountLinkRequest => ({
  userId: 12,
  email: 'ada@example.test',
  accountId: null,
  returnUrl: 'http://site.test/profile/payment?payoutAccount=return',
  refreshUrl: 'http://site.test/profile/payment?payoutAccount=refresh',
  ...over,
});

const bank = (accountNumber: string, over: Record<string, string> = {}) =>
  new URLSearchParams({ holderName: 'Ada Lovelace', routingNumber: TEST_BANK_ACCOUNTS.routingNumber, accountNumber, ...over });
const connect = (url: string, form: URLSearchParams) => fetch(url, { method: 'POST', body: form, redirect: 'manual' });

const card = (cardNumber: string, over: Record<string, string> = {}) => new URLSearchParams({ cardNumber, expiry: '12 / 34', cvc: '123', name: 'Olive Client', ...over });

describe('local payments stand-in', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let standIn: PaymentsStandIn;
  let provider: LocalPaymentProvider;
  let scheduler: ReturnType<typeof manualScheduler>;
  let now: Date;

  beforeEach(async () => {
    receiver = await startReceiver();
    scheduler = manualScheduler();
    now = new Date('2030-03-01T10:00:00Z');
    standIn = createPaymentsStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: receiver.url, clock: () => now, schedule: scheduler.schedule });
    await standIn.listen(0);
    provider = new LocalPaymentProvider({ baseUrl: standIn.url, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  });
  afterEach(async () => {
    await standIn.close();
    await receiver.close();
  });

  /** What the API does with a delivery: verify it at the moment it arrives. */
  const verified = (delivery: Delivery, at = now) => provider.verifyWebhook(Buffer.from(delivery.body), delivery.headers, at);
  const pay = (url: string, form: URLSearchParams) => fetch(url, { method: 'POST', body: form, redirect: 'manual' });

  describe('server-to-server API', () => {
    it('refuses calls without the secret key', async () => {
      const body = JSON.stringify({ ...checkout(), idempotencyKey: undefined });
      for (const authorization of [undefined, 'Bearer sk_wrong', SECRET_KEY]) {
        const res = await fetch(`${standIn.url}/v1/checkout/sessions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': 'k1', ...(authorization ? { authorization } : {}) },
          body,
        });
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ error: { type: 'authentication_error', message: 'Invalid API key provided.' } });
      }
      await expect(new LocalPaymentProvider({ baseUrl: standIn.url, secretKey: 'sk_wrong', webhookSecret: WEBHOOK_SECRET }).createCheckout(checkout())).rejects.toMatchObject({ status: 401 });
    });

    it('answers the same session for the same Idempotency-Key and refuses the key for another request', async () => {
      const request = checkout({ idempotencyKey: 'checkout:41' });
      const first = await provider.createCheckout(request);
      expect(first.sessionId).toMatch(/^cs_local_[0-9a-f]{24}$/);
      expect(first.url).toBe(`${standIn.url}/checkout/${first.sessionId}`);
      expect(await provider.createCheckout(request)).toEqual(first);
      expect((await provider.createCheckout(checkout({ idempotencyKey: 'checkout:42', paymentId: 42 }))).sessionId).not.toBe(first.sessionId);
      const reused = provider.createCheckout({ ...request, amountCents: 1 });
      await expect(reused).rejects.toBeInstanceOf(ProviderCallFailed);
      await expect(reused).rejects.toThrow(/can only be used with the same parameters/);
    });

    it('lists what it moved (a charge, a refund once however often asked, a payout) for the reconciliation report', async () => {
      expect(await provider.listRecords()).toEqual([]);
      const session = await provider.createCheckout(checkout());
      expect((await pay(session.url, card(TEST_CARDS.succeeds))).status).toBe(303);
      await standIn.webhooks.whenIdle();
      const chargeId = (verified(receiver.deliveries[0]!) as { chargeId: string }).chargeId;
      const { refundId } = await provider.refund({ paymentId: 41, chargeId, amountCents: 25_000, idempotencyKey: 'refund:payment:41' });
      // A repeated call (the same key) is one refund at the provider, and one record.
      await provider.refund({ paymentId: 41, chargeId, amountCents: 25_000, idempotencyKey: 'refund:payment:41' });
      const { payoutId } = await provider.payout({ withdrawalId: 7, destination: 'acct_unknown', amountCents: 60_000, idempotencyKey: 'payout:7' });
      const at = now.toISOString();
      expect(await provider.listRecords()).toEqual([
        { movement: 'charge', providerId: chargeId, ourId: 41, amountCents: 125_000, status: 'succeeded', createdAt: at },
        { movement: 'refund', providerId: refundId, ourId: 41, amountCents: 25_000, status: 'succeeded', createdAt: at },
        { movement: 'payout', providerId: payoutId, ourId: 7, amountCents: 60_000, status: 'succeeded', createdAt: at },
      ]);
      await expect(new LocalPaymentProvider({ baseUrl: standIn.url, secretKey: 'sk_wrong', webhookSecret: WEBHOOK_SECRET }).listRecords()).rejects.toMatchObject({ status: 401 });
    });

    it('refuses a session without a key or with a bad amount, currency or return address', async () => {
      const post = (body: unknown, key: string | null = 'k-bad') =>
        fetch(`${standIn.url}/v1/checkout/sessions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
          body: JSON.stringify(body),
        });
      const { idempotencyKey: _key, ...good } = checkout();
      expect((await post(good, null)).status).toBe(400);
      for (const bad of [{ amountCents: 0 }, { amountCents: 12.5 }, { currency: 'EUR' }, { successUrl: 'javascript:alert(1)' }, { description: '' }]) {
        const res = await post({ ...good, ...bad });
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
      }
      expect(receiver.deliveries).toHaveLength(0);
    });
  });

  describe('hosted checkout page', () => {
    it('is an accessible, self-contained form with the amount, the description and the test cards', async () => {
      const session = await provider.createCheckout(checkout());
      const res = await fetch(session.url);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("form-action 'self' http://site.test");
      const html = await res.text();
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<h1>Pay $1,250.00</h1>');
      expect(html).toContain('Protein stability study: Milestone 1');
      expect(html).toContain(`<form method="post" action="/checkout/${session.sessionId}">`);
      for (const [id, label] of [['card-number', 'Card number'], ['expiry', 'Expiry date'], ['cvc', 'Security code (CVC)'], ['name', 'Name on card']]) {
        expect(html).toContain(`<label for="${id}">${label}`);
        expect(html).toMatch(new RegExp(`<input id="${id}" [^>]*required`));
      }
      expect(html).toContain('autocomplete="cc-number"');
      expect(html).toContain('>Pay $1,250.00</button>');
      expect(html).toContain(`<a href="${SITE}?payment=41&#38;cancelled=1">Cancel and return to SciExperts</a>`);
      for (const number of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 3220']) expect(html).toContain(`<code>${number}</code>`);
      // No script and nothing fetched from elsewhere.
      expect(html).not.toMatch(/<script|<link|\bsrc=|url\(/i);
      expect((await fetch(`${standIn.url}/checkout/cs_local_unknown`)).status).toBe(404);
    });

    it('4242 4242 4242 4242: redirects to the success address and sends a verified checkout.succeeded', async () => {
      const session = await provider.createCheckout(checkout());
      const res = await pay(session.url, card('4242 4242 4242 4242'));
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`${SITE}?payment=41`);
      await standIn.webhooks.whenIdle();
      expect(receiver.deliveries).toHaveLength(1);
      const event = verified(receiver.deliveries[0]!);
      expect(event).toEqual({ id: expect.stringMatching(/^evt_local_/), type: 'checkout.succeeded', paymentId: 41, sessionId: session.sessionId, chargeId: expect.stringMatching(/^ch_local_/), amountCents: 125_000 });
      expect(JSON.parse(receiver.deliveries[0]!.body)).toMatchObject({ id: event!.id, type: 'checkout.succeeded', data: { paymentId: 41, amountCents: 125_000 } });

      // Paid once: the page says so, and paying again charges nothing.
      expect(await (await fetch(session.url)).text()).toContain('<h1>This payment is complete</h1>');
      const again = await pay(session.url, card(TEST_CARDS.succeeds));
      expect(again.status).toBe(409);
      await standIn.webhooks.whenIdle();
      expect(receiver.deliveries).toHaveLength(1);
      const status = await fetch(`${standIn.url}/v1/checkout/sessions/${session.sessionId}`, { headers: { authorization: `Bearer ${SECRET_KEY}` } });
      expect(await status.json()).toMatchObject({ status: 'paid', chargeId: (event as { chargeId: string }).chargeId });
    });

    it('4000 0000 0000 0002: shows the decline with a way back and sends checkout.failed; another card may still pay', async () => {
      const session = await provider.createCheckout(checkout());
      const res = await pay(session.url, card('4000 0000 0000 0002'));
      expect(res.status).toBe(402);
      const html = await res.text();
      expect(html).toContain(`<p class="problem" role="alert">${DECLINED_MESSAGE}</p>`);
      expect(html).toContain('Cancel and return to SciExperts');
      expect(html).toContain('value="Olive Client"');
      await standIn.webhooks.whenIdle();
      expect(verified(receiver.deliveries[0]!)).toEqual({ id: expect.any(String), type: 'checkout.failed', paymentId: 41, sessionId: session.sessionId, reason: 'Your card was declined.' });

      expect((await pay(session.url, card(TEST_CARDS.succeeds))).status).toBe(303);
      await standIn.webhooks.whenIdle();
      expect(receiver.deliveries.map((d) => verified(d)?.type)).toEqual(['checkout.failed', 'checkout.succeeded']);
    });

    it('4000 0000 0000 3220: asks for a confirmation that then succeeds or fails', async () => {
      const session = await provider.createCheckout(checkout());
      const res = await pay(session.url, card('4000000000003220'));
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<h1>Confirm this payment</h1>');
      expect(html).toContain(`method="post" action="/checkout/${session.sessionId}/confirm"`);
      expect(html).toContain('value="confirm">Confirm this payment</button>');
      expect(html).toContain('value="fail">Fail authentication</button>');
      expect(standIn.webhooks.pending).toBe(0);
      expect(receiver.deliveries).toHaveLength(0);
      // Reloading the page keeps the member on the confirmation step.
      expect(await (await fetch(session.url)).text()).toContain('<h1>Confirm this payment</h1>');

      const confirmed = await pay(`${session.url}/confirm`, new URLSearchParams({ decision: 'confirm' }));
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.get('location')).toBe(`${SITE}?payment=41`);
      await standIn.webhooks.whenIdle();
      expect(verified(receiver.deliveries[0]!)).toMatchObject({ type: 'checkout.succeeded', sessionId: session.sessionId });

      const other = await provider.createCheckout(checkout({ paymentId: 42 }));
      await pay(other.url, card(TEST_CARDS.needsConfirmation));
      const failed = await pay(`${other.url}/confirm`, new URLSearchParams({ decision: 'fail' }));
      expect(failed.status).toBe(402);
      expect(await failed.text()).toContain(AUTHENTICATION_FAILED_MESSAGE);
      await standIn.webhooks.whenIdle();
      expect(verified(receiver.deliveries[1]!)).toEqual({ id: expect.any(String), type: 'checkout.failed', paymentId: 42, sessionId: other.sessionId, reason: AUTHENTICATION_FAILED_MESSAGE });
    });

    it('names each field with a problem and charges nothing', async () => {
      const session = await provider.createCheckout(checkout());
      const res = await pay(session.url, card('4242 4242', { expiry: '13/40', cvc: '1', name: ' ' }));
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain('role="alert">Check the card details below.</p>');
      expect(html).toContain('aria-describedby="card-number-error" aria-invalid="true"');
      expect(html).toContain('<p class="error" id="card-number-error">Your card number is incomplete.</p>');
      expect(html).toContain('<p class="error" id="expiry-error">Enter the expiry date as MM / YY.</p>');
      expect(html).toContain('<p class="error" id="cvc-error">Your card&#39;s security code is incomplete.</p>');
      expect(html).toContain('<p class="error" id="name-error">Enter the name on the card.</p>');
      const realCard = await (await pay(session.url, card('5555 5555 5555 4444', { expiry: '02/30' }))).text();
      expect(realCard).toContain('This stand-in accepts only the test cards listed below.');
      // The clock says March 2030: February 2030 has ended.
      expect(realCard).toContain('Your card&#39;s expiry date is in the past.');
      expect(standIn.webhooks.pending).toBe(0);
      expect(receiver.deliveries).toHaveLength(0);
    });
  });

  describe('saved cards', () => {
    const savedCard = { id: expect.stringMatching(/^pm_local_/), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 };

    it('makes one customer per member; the page offers "Save this card for next time" only with a customer, checked when the member agreed', async () => {
      const { customerId } = await provider.createCustomer({ userId: 12, email: 'olive@example.test' });
      expect(customerId).toMatch(/^cus_local_/);
      expect(await provider.createCustomer({ userId: 12, email: 'olive@example.test' })).toEqual({ customerId });
      const page = async (over: Partial<CheckoutRequest>) => (await fetch((await provider.createCheckout(checkout(over))).url)).text();
      expect(await page({ customerId, saveCard: true })).toContain('<input type="checkbox" id="save-card" name="saveCard" value="yes" checked><label for="save-card">Save this card for next time</label>');
      expect(await page({ customerId })).toContain('<input type="checkbox" id="save-card" name="saveCard" value="yes"><label for="save-card">Save this card for next time</label>');
      expect(await page({})).not.toContain('Save this card');
      await expect(provider.createCheckout(checkout({ customerId: 'cus_local_unknown' }))).rejects.toMatchObject({ status: 400 });
    });

    it('keeps a card that paid with the box checked (never a declined one, nor one left unchecked), and offers it at the next checkout', async () => {
      const { customerId } = await provider.createCustomer({ userId: 13, email: 'olive@example.test' });
      const declined = await provider.createCheckout(checkout({ customerId, saveCard: true }));
      expect((await pay(declined.url, card(TEST_CARDS.declined, { saveCard: 'yes' }))).status).toBe(402);
      const unchecked = await provider.createCheckout(checkout({ customerId, saveCard: true, paymentId: 42 }));
      expect((await pay(unchecked.url, card(TEST_CARDS.succeeds))).status).toBe(303);
      expect(await provider.listCards(customerId)).toEqual([]);

      const saving = await provider.createCheckout(checkout({ customerId, saveCard: true, paymentId: 43 }));
      expect((await pay(saving.url, card(TEST_CARDS.succeeds, { saveCard: 'yes' }))).status).toBe(303);
      const cards = await provider.listCards(customerId);
      expect(cards).toEqual([savedCard]);

      // The next checkout lists it first; the card fields are then needed only for a new card.
      const next = await provider.createCheckout(checkout({ customerId, paymentId: 44 }));
      const html = await (await fetch(next.url)).text();
      expect(html).toContain('<legend>Pay with</legend>');
      expect(html).toContain(`<input type="radio" id="saved-0" name="savedCard" value="${cards[0]!.id}" checked><label for="saved-0">Visa •••• 4242, expires 12/34</label>`);
      expect(html).toContain('<label for="saved-new">A new card (enter it below)</label>');
      expect(html).not.toMatch(/<input id="card-number" [^>]*required/);
      const paid = await pay(next.url, new URLSearchParams({ savedCard: cards[0]!.id }));
      expect(paid.status).toBe(303);
      await standIn.webhooks.whenIdle();
      const events = receiver.deliveries.map((d) => verified(d));
      expect(events.filter((e) => e?.type === 'checkout.succeeded').map((e) => (e as { paymentId: number }).paymentId)).toEqual([42, 43, 44]);
      // The same card saved again is still one card.
      const again = await provider.createCheckout(checkout({ customerId, saveCard: true, paymentId: 45 }));
      await pay(again.url, new URLSearchParams({ savedCard: 'new', ...Object.fromEntries(card(TEST_CARDS.succeeds, { saveCard: 'yes' })) }));
      expect(await provider.listCards(customerId)).toHaveLength(1);
    });

    it('charges a saved card without the form (the confirmation step when the card asks for one), and forgets a detached card', async () => {
      const { customerId } = await provider.createCustomer({ userId: 14, email: 'olive@example.test' });
      for (const [paymentId, number] of [[50, TEST_CARDS.succeeds], [51, TEST_CARDS.needsConfirmation]] as const) {
        const session = await provider.createCheckout(checkout({ customerId, saveCard: true, paymentId }));
        await pay(session.url, card(number, { saveCard: 'yes' }));
        if (number === TEST_CARDS.needsConfirmation) await pay(`${session.url}/confirm`, new URLSearchParams({ decision: 'confirm' }));
      }
      const [plain, strict] = await provider.listCards(customerId);
      if (!plain || !strict) throw new Error('both cards should have been kept');

      const charged = await provider.createCheckout(checkout({ customerId, paymentMethodId: plain.id, paymentId: 52, successUrl: `${SITE}?payment=52` }));
      expect(charged.url).toBe(`${SITE}?payment=52`);
      const asks = await provider.createCheckout(checkout({ customerId, paymentMethodId: strict.id, paymentId: 53 }));
      expect(asks.url).toBe(`${standIn.url}/checkout/${asks.sessionId}`);
      expect(await (await fetch(asks.url)).text()).toContain('<h1>Confirm this payment</h1>');
      await standIn.webhooks.whenIdle();
      expect(receiver.deliveries.map((d) => verified(d)).filter((e) => e?.type === 'checkout.succeeded').map((e) => (e as { paymentId: number }).paymentId)).toEqual([50, 51, 52]);

      await expect(provider.createCheckout(checkout({ customerId, paymentMethodId: 'pm_local_unknown', paymentId: 54 }))).rejects.toBeInstanceOf(ProviderCallFailed);
      await provider.detachCard(customerId, plain.id);
      expect((await provider.listCards(customerId)).map((c) => c.id)).toEqual([strict.id]);
      await expect(provider.detachCard(customerId, plain.id)).rejects.toMatchObject({ status: 404 });
      await expect(provider.createCheckout(checkout({ customerId, paymentMethodId: plain.id, paymentId: 55 }))).rejects.toMatchObject({ status: 400 });
      const other = await provider.createCustomer({ userId: 15, email: 'sam@example.test' });
      await expect(provider.detachCard(other.customerId, strict.id)).rejects.toMatchObject({ status: 404 });
    });
  });

  describe('webhook delivery', () => {
    it('retries with back-off until acknowledged, signing each attempt afresh', async () => {
      receiver.answers.push(500, 503);
      const session = await provider.createCheckout(checkout());
      await pay(session.url, card(TEST_CARDS.succeeds));
      await until(() => scheduler.waiting.length === 1, 'the first retry');
      expect(receiver.deliveries).toHaveLength(1);

      now = new Date(now.getTime() + 10 * 60_000);
      scheduler.runNext();
      await until(() => scheduler.waiting.length === 1 && receiver.deliveries.length === 2, 'the second retry');
      now = new Date(now.getTime() + 10 * 60_000);
      scheduler.runNext();
      await standIn.webhooks.whenIdle();

      expect(scheduler.delays).toEqual([1000, 2000]);
      expect(receiver.deliveries).toHaveLength(3);
      // The same event each time, with a fresh timestamp: each attempt verifies when it arrives…
      const [first, , last] = receiver.deliveries as [Delivery, Delivery, Delivery];
      expect(new Set(receiver.deliveries.map((d) => d.body)).size).toBe(1);
      const stamps = receiver.deliveries.map((d) => Number(/t=(\d+)/.exec(String(d.headers[SIGNATURE_HEADER]))![1]));
      expect(stamps[1]! - stamps[0]!).toBe(600);
      expect(stamps[2]! - stamps[1]!).toBe(600);
      expect(verified(last)).toMatchObject({ type: 'checkout.succeeded' });
      // …where the first signature, twenty minutes old by then, would be refused as a replay.
      expect(() => verified(first)).toThrow('signature outside-window');
    });

    it('doubles the wait up to a cap and keeps events of one payment in order', async () => {
      const sent: string[] = [];
      let failuresLeft = 8;
      const fakeFetch = jest.fn(async (_url: string | URL | Request, init?: RequestInit) => {
        sent.push((JSON.parse(String(init!.body)) as { type: string }).type);
        return new Response(null, { status: failuresLeft-- > 0 ? 500 : 204 });
      }) as unknown as typeof fetch;
      const s = manualScheduler();
      const sender = new WebhookSender({ url: 'http://api.test/hook', secret: WEBHOOK_SECRET, clock: () => now, schedule: s.schedule, fetch: fakeFetch, firstDelayMs: 1000, maxDelayMs: 60_000, log: () => undefined });
      sender.send('payment:1', 'checkout.succeeded', { paymentId: 1 });
      sender.send('payment:1', 'refund.succeeded', { paymentId: 1 });
      sender.send('withdrawal:9', 'payout.paid', { withdrawalId: 9 });
      // The payout is not held up by the payment's failing event; the refund waits behind it.
      await until(() => s.waiting.length === 2, 'both first retries');
      expect(sent).toEqual(['checkout.succeeded', 'payout.paid']);
      while (s.waiting.length > 0) {
        s.runNext();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await sender.whenIdle();
      expect(s.delays).toEqual([1000, 1000, 2000, 2000, 4000, 4000, 8000, 8000]);
      expect(sent.filter((t) => t !== 'payout.paid')).toEqual(['checkout.succeeded', 'checkout.succeeded', 'checkout.succeeded', 'checkout.succeeded', 'checkout.succeeded', 'refund.succeeded']);

      const capped = manualScheduler();
      const alwaysDown = jest.fn(async () => new Response(null, { status: 502 })) as unknown as typeof fetch;
      const stubborn = new WebhookSender({ url: 'http://api.test/hook', secret: WEBHOOK_SECRET, clock: () => now, schedule: capped.schedule, fetch: alwaysDown, firstDelayMs: 1000, maxDelayMs: 60_000, log: () => undefined });
      stubborn.send('payment:2', 'checkout.failed', { paymentId: 2 });
      for (let i = 0; i < 8; i += 1) {
        await until(() => capped.waiting.length === 1, `retry ${i + 1}`);
        capped.runNext();
      }
      await until(() => capped.waiting.length === 1, 'the ninth retry');
      expect(capped.delays).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
      expect(stubborn.pending).toBe(1);
      stubborn.stop();
      expect(capped.waiting).toHaveLength(0);
    });
  });

  describe('refunds and payouts', () => {
    it('refunds a charge once per key and sends refund.succeeded after the charge', async () => {
      const session = await provider.createCheckout(checkout());
      await pay(session.url, card(TEST_CARDS.succeeds));
      await standIn.webhooks.whenIdle();
      const charge = verified(receiver.deliveries[0]!) as { chargeId: string };

      const request = { paymentId: 41, chargeId: charge.chargeId, amountCents: 125_000, idempotencyKey: 'refund:payment:41' };
      const { refundId } = await provider.refund(request);
      expect(refundId).toMatch(/^re_local_/);
      expect(await provider.refund(request)).toEqual({ refundId });
      await expect(provider.refund({ ...request, idempotencyKey: 'refund:again' })).rejects.toThrow(/exceeds what is left of charge/);
      await expect(provider.refund({ ...request, paymentId: 99, idempotencyKey: 'refund:other' })).rejects.toThrow(/belongs to another payment/);
      await standIn.webhooks.whenIdle();
      expect(receiver.deliveries.map((d) => verified(d))).toEqual([
        expect.objectContaining({ type: 'checkout.succeeded' }),
        { id: expect.any(String), type: 'refund.succeeded', paymentId: 41, refundId, amountCents: 125_000 },
      ]);
    });

    it('pays out once per key with payout.paid, and payout.failed to an account connected with the closed test number', async () => {
      const request = { withdrawalId: 5, destination: 'acct_local_unknown', amountCents: 90_000, idempotencyKey: 'payout:5' };
      const { payoutId } = await provider.payout(request);
      expect(payoutId).toMatch(/^po_local_/);
      expect(await provider.payout(request)).toEqual({ payoutId });
      const closed = await provider.linkPayoutAccount(accountLink());
      expect((await connect(closed.url, bank(TEST_BANK_ACCOUNTS.payoutsFail))).status).toBe(303);
      const failing = await provider.payout({ withdrawalId: 6, destination: closed.accountId, amountCents: 1_000, idempotencyKey: 'payout:6' });
      await standIn.webhooks.whenIdle();
      const events = receiver.deliveries.map((d) => verified(d));
      expect(events).toHaveLength(3);
      expect(events).toContainEqual({ id: expect.any(String), type: 'payout.paid', withdrawalId: 5, payoutId, amountCents: 90_000 });
      expect(events).toContainEqual({ id: expect.any(String), type: 'payout.failed', withdrawalId: 6, payoutId: failing.payoutId, reason: PAYOUT_FAILED_MESSAGE });
      await expect(provider.payout({ ...request, idempotencyKey: 'payout:bad', amountCents: -1 })).rejects.toMatchObject({ status: 400 });
    });
  });

  describe('payout account onboarding', () => {
    it('makes one account per member, and a fresh single-use link each time', async () => {
      const first = await provider.linkPayoutAccount(accountLink());
      expect(first.accountId).toMatch(/^acct_local_/);
      expect(first.url).toMatch(new RegExp(`^${standIn.url}/connect/[0-9a-f]+$`));
      const again = await provider.linkPayoutAccount(accountLink({ accountId: first.accountId }));
      expect(again.accountId).toBe(first.accountId);
      expect(again.url).not.toBe(first.url);
      await expect(provider.linkPayoutAccount(accountLink({ accountId: 'acct_local_nobody' }))).rejects.toMatchObject({ status: 400 });
    });

    it('is an accessible form; wrong details are shown back by field, without the account number', async () => {
      const { url } = await provider.linkPayoutAccount(accountLink());
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("form-action 'self' http://site.test");
      const html = await page.text();
      expect(html).toContain('<h1>Connect your payout account</h1>');
      expect(html).toContain('ada@example.test');
      expect(html).toContain('<label for="account-number">Account number</label>');
      const wrong = await connect(url, bank('98765', { routingNumber: '12', holderName: '' }));
      expect(wrong.status).toBe(400);
      const shown = await wrong.text();
      expect(shown).toContain('role="alert"');
      expect(shown).toContain('A routing number has 9 digits.');
      expect(shown).toContain('Enter the name on the account.');
      expect(shown).toContain('aria-invalid="true"');
      expect(shown).not.toContain('98765');
      expect(receiver.deliveries).toHaveLength(0);
    });

    it('connects with a test account: a signed payout-account.updated, the return to SciExperts, and the link is spent', async () => {
      const link = await provider.linkPayoutAccount(accountLink());
      const done = await connect(link.url, bank(TEST_BANK_ACCOUNTS.succeeds));
      expect(done.status).toBe(303);
      expect(done.headers.get('location')).toBe('http://site.test/profile/payment?payoutAccount=return');
      await standIn.webhooks.whenIdle();
      expect(receiver.deliveries.map((d) => verified(d))).toEqual([
        { id: expect.any(String), type: 'payout-account.updated', accountId: link.accountId, ready: true, label: 'Stand-in Bank •••• 6789' },
      ]);
      const spent = await fetch(link.url);
      expect(spent.status).toBe(410);
      expect(await spent.text()).toContain('href="http://site.test/profile/payment?payoutAccount=refresh"');
      expect((await fetch(`${standIn.url}/connect/00ff`)).status).toBe(404);
    });

    it('expires an unused link after thirty minutes', async () => {
      const link = await provider.linkPayoutAccount(accountLink());
      now = new Date(now.getTime() + ACCOUNT_LINK_TTL_MS);
      expect((await fetch(link.url)).status).toBe(410);
    });
  });
});

describe('LocalPaymentProvider.verifyWebhook', () => {
  const provider = new LocalPaymentProvider({ baseUrl: 'http://127.0.0.1:9', secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  const at = new Date('2030-03-01T10:00:00Z');
  const body = JSON.stringify({ id: 'evt_local_1', type: 'payout.paid', created: 1, data: { withdrawalId: 3, payoutId: 'po_local_1', amountCents: 500 } });
  const signed = (raw: string, secret = WEBHOOK_SECRET, when = at) => ({ [SIGNATURE_HEADER]: signPayload(secret, raw, when) });
  const rejection = (raw: string, headers: Record<string, string | string[] | undefined>) => {
    try {
      provider.verifyWebhook(Buffer.from(raw), headers, at);
    } catch (err) {
      expect(err).toBeInstanceOf(WebhookRejected);
      return (err as Error).message;
    }
    throw new Error('accepted');
  };

  it('accepts a correctly signed event inside the window', () => {
    expect(provider.verifyWebhook(Buffer.from(body), signed(body), at)).toEqual({ id: 'evt_local_1', type: 'payout.paid', withdrawalId: 3, payoutId: 'po_local_1', amountCents: 500 });
    const late = new Date(at.getTime() + (REPLAY_WINDOW_SECONDS - 1) * 1000);
    expect(provider.verifyWebhook(Buffer.from(body), signed(body), late)).not.toBeNull();
    expect(provider.verifyWebhook(Buffer.from(body), { [SIGNATURE_HEADER]: [signPayload(WEBHOOK_SECRET, body, at)] }, at)).not.toBeNull();
  });

  it('refuses a tampered body, a wrong secret, a stale or future timestamp and a missing or malformed header', () => {
    const tampered = body.replace('"amountCents":500', '"amountCents":500000');
    expect(rejection(tampered, signed(body))).toBe('signature mismatch');
    expect(rejection(body, signed(body, 'whsec_someone_else'))).toBe('signature mismatch');
    expect(rejection(body, signed(body, WEBHOOK_SECRET, new Date(at.getTime() - (REPLAY_WINDOW_SECONDS + 1) * 1000)))).toBe('signature outside-window');
    expect(rejection(body, signed(body, WEBHOOK_SECRET, new Date(at.getTime() + (REPLAY_WINDOW_SECONDS + 1) * 1000)))).toBe('signature outside-window');
    expect(rejection(body, {})).toBe('signature missing');
    expect(rejection(body, { [SIGNATURE_HEADER]: 'v1=abc' })).toBe('signature malformed');
  });

  it('ignores event types it does not handle and refuses signed events without their fields', () => {
    const unknown = JSON.stringify({ id: 'evt_local_2', type: 'customer.created', data: {} });
    expect(provider.verifyWebhook(Buffer.from(unknown), signed(unknown), at)).toBeNull();
    const incomplete = JSON.stringify({ id: 'evt_local_3', type: 'checkout.succeeded', data: { paymentId: 1, sessionId: 'cs', amountCents: 5 } });
    expect(rejection(incomplete, signed(incomplete))).toBe('malformed event: chargeId is missing');
    expect(rejection('not json', signed('not json'))).toBe('malformed event: not JSON');
  });
});

describe('the API with the local stand-in', () => {
  let h: Harness;
  let standIn: PaymentsStandIn;

  beforeAll(async () => {
    // The app needs the stand-in's address and the stand-in the app's: reserve a port for the stand-in first.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    h = await startApp({ payments: { provider: 'local', standInUrl: `http://127.0.0.1:${port}`, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, feeBasisPoints: 1000, autoReleaseDays: 14 } });
    standIn = createPaymentsStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: `${h.base}/api/Payments/Webhook` });
    await standIn.listen(port);
  });
  afterAll(async () => {
    await standIn.close();
    await h.close();
  });

  it('uses the configured stand-in, and funds a milestone only once its signed webhook arrives', async () => {
    expect(h.app.ctx.payments).toBeInstanceOf(LocalPaymentProvider);
    const client = await member(h, { firstName: 'Olive' });
    const expert = await member(h, { firstName: 'Ada' });
    const { contractId, milestoneIds } = await hiredContract(h, client, expert, [50_000]);
    const call = caller(h);
    const workspace = async () => (await call<Workspace>('GET', `/api/Contracts/${contractId}/Workspace`, client, { key: null })).body;

    const started = await call<FundResponse>('POST', `/api/Milestones/${milestoneIds[0]}/Fund`, client);
    expect(started.status).toBe(200);
    expect(started.body.checkoutUrl).toMatch(new RegExp(`^http://localhost:\\d+/checkout/cs_local_`));
    const page = await (await fetch(started.body.checkoutUrl)).text();
    expect(page).toContain('<h1>Pay $500.00</h1>');

    const paid = await fetch(started.body.checkoutUrl, { method: 'POST', body: card(TEST_CARDS.succeeds), redirect: 'manual' });
    expect(paid.headers.get('location')).toBe(`http://site.test/profile/workspace/${contractId}?payment=${started.body.paymentId}`);
    await standIn.webhooks.whenIdle();
    const ws = await workspace();
    expect(ws.milestones[0]).toMatchObject({ status: 'funded', payment: { status: 'succeeded' } });
    expect(ws.escrowCents).toBe(50_000);
  });
});

describe('the API with the local stand-in: saved cards', () => {
  let h: Harness;
  let standIn: PaymentsStandIn;

  beforeAll(async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    h = await startApp({ payments: { provider: 'local', standInUrl: `http://127.0.0.1:${port}`, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, feeBasisPoints: 1000, autoReleaseDays: 14 } });
    standIn = createPaymentsStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: `${h.base}/api/Payments/Webhook` });
    await standIn.listen(port);
  });
  afterAll(async () => {
    await standIn.close();
    await h.close();
  });

  it('saves the card at a checkout the client agreed to, pays the next milestone with it, and removes it at the provider', async () => {
    const client = await member(h, { firstName: 'Olive' });
    const expert = await member(h, { firstName: 'Ada' });
    const { contractId, milestoneIds } = await hiredContract(h, client, expert, [50_000, 70_000]);
    const call = caller(h);
    const workspace = async () => (await call<Workspace>('GET', `/api/Contracts/${contractId}/Workspace`, client, { key: null })).body;
    const cards = async () => (await call<SavedCardList>('GET', '/api/Payments/Cards', client, { key: null })).body.results;

    const first = await call<FundResponse>('POST', `/api/Milestones/${milestoneIds[0]}/Fund`, client, { body: { saveCard: true } });
    expect(await (await fetch(first.body.checkoutUrl)).text()).toContain('value="yes" checked><label for="save-card">Save this card for next time</label>');
    await fetch(first.body.checkoutUrl, { method: 'POST', body: card(TEST_CARDS.succeeds, { saveCard: 'yes' }), redirect: 'manual' });
    await standIn.webhooks.whenIdle();
    const [saved] = await cards();
    expect(saved).toEqual({ id: expect.stringMatching(/^pm_local_/), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, name: null });

    const second = await call<FundResponse>('POST', `/api/Milestones/${milestoneIds[1]}/Fund`, client, { body: { paymentMethodId: saved!.id } });
    expect(second.status).toBe(200);
    // No card form: straight back to the workspace, which waits for the signed event.
    expect(second.body.checkoutUrl).toBe(`http://site.test/profile/workspace/${contractId}?payment=${second.body.paymentId}`);
    await standIn.webhooks.whenIdle();
    expect((await workspace()).milestones.map((m) => m.status)).toEqual(['funded', 'funded']);

    expect((await call('DELETE', `/api/PaymentCards/${saved!.id}`, client, { key: null })).status).toBe(204);
    expect(await cards()).toEqual([]);
  });
});

describe('the API with the local stand-in: a restart keeps what it moved', () => {
  let h: Harness;
  let standIn: PaymentsStandIn;
  let port: number;
  let dataDir: string;
  const lines: string[] = [];
  const start = async () => {
    standIn = createPaymentsStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: `${h.base}/api/Payments/Webhook`, dataDir, log: (line) => lines.push(line) });
    await standIn.listen(port);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sciexperts-payments-state-'));
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    h = await startApp({ payments: { provider: 'local', standInUrl: `http://127.0.0.1:${port}`, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, feeBasisPoints: 1000, autoReleaseDays: 14 } });
    await start();
  });
  afterAll(async () => {
    await standIn.close();
    await h.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('still has the charges, refunds and payouts, the payout account and the saved card after a restart on the same folder, and the reconciliation finds no difference', async () => {
    const client = await member(h, { firstName: 'Olive' });
    const expert = await member(h, { firstName: 'Ada' });
    const { contractId, milestoneIds } = await hiredContract(h, client, expert, [50_000, 70_000, 30_000]);
    const call = caller(h);
    const cards = async () => (await call<SavedCardList>('GET', '/api/Payments/Cards', client, { key: null })).body.results;
    const workspace = async () => (await call<Workspace>('GET', `/api/Contracts/${contractId}/Workspace`, client, { key: null })).body;

    // A charge with the card saved on a new customer, released to the expert; a second charge refunded.
    const first = await call<FundResponse>('POST', `/api/Milestones/${milestoneIds[0]}/Fund`, client, { body: { saveCard: true } });
    await fetch(first.body.checkoutUrl, { method: 'POST', body: card(TEST_CARDS.succeeds, { saveCard: 'yes' }), redirect: 'manual' });
    const second = await call<FundResponse>('POST', `/api/Milestones/${milestoneIds[1]}/Fund`, client);
    await fetch(second.body.checkoutUrl, { method: 'POST', body: card(TEST_CARDS.succeeds), redirect: 'manual' });
    await standIn.webhooks.whenIdle();
    expect((await call('POST', `/api/Milestones/${milestoneIds[0]}/Submit`, expert, { body: { note: 'Delivered.' } })).status).toBe(200);
    expect((await call('POST', `/api/Milestones/${milestoneIds[0]}/Approve`, client)).status).toBe(200);
    expect((await call('POST', `/api/Milestones/${milestoneIds[1]}/Refund`, client)).status).toBe(200);

    // The expert connects a payout account on the stand-in's page and withdraws part of the balance.
    await stepUp(h, expert);
    const link = await call<{ url: string }>('POST', '/api/Payments/PayoutAccount/Link', expert, { key: null });
    expect((await connect(link.body.url, bank(TEST_BANK_ACCOUNTS.succeeds))).status).toBe(303);
    await standIn.webhooks.whenIdle();
    expect((await call<Withdrawal>('POST', '/api/Payments/Withdrawals', expert, { body: { amountCents: 5_000 } })).status).toBe(201);
    await standIn.webhooks.whenIdle();
    const [saved] = await cards();
    expect(saved).toMatchObject({ brand: 'visa', last4: '4242' });
    const before = await h.app.ctx.payments!.listRecords();
    expect(before.map((r) => [r.movement, r.amountCents, r.status])).toEqual([
      ['charge', 50_000, 'succeeded'],
      ['charge', 70_000, 'succeeded'],
      ['refund', 70_000, 'succeeded'],
      ['payout', 5_000, 'succeeded'],
    ]);

    await standIn.close();
    expect(JSON.parse(readFileSync(path.join(dataDir, STATE_FILE), 'utf8'))).toMatchObject({ version: 1 });
    // The API's HTTP client notices its kept-alive connections closed (a real restart takes seconds, not a tick).
    await new Promise((resolve) => setTimeout(resolve, 100));
    await start();
    expect(lines).toContain(`Payments stand-in: 4 records, 1 payout accounts and 1 customers read from ${path.join(dataDir, STATE_FILE)}`);

    // The records, the saved card (charged again without its form) and the payout account (a new link finds it).
    expect(await h.app.ctx.payments!.listRecords()).toEqual(before);
    expect(await cards()).toEqual([saved]);
    const third = await call<FundResponse>('POST', `/api/Milestones/${milestoneIds[2]}/Fund`, client, { body: { paymentMethodId: saved!.id } });
    expect(third.status).toBe(200);
    await standIn.webhooks.whenIdle();
    expect((await workspace()).milestones.map((m) => m.status)).toEqual(['released', 'refunded', 'funded']);
    await stepUp(h, expert);
    expect((await call<{ url: string }>('POST', '/api/Payments/PayoutAccount/Link', expert, { key: null })).status).toBe(200);

    const report = await reconcile(h.db, h.app.ctx.payments!, new Date());
    expect(report).toMatchObject({ ledgerCount: 5, providerCount: 5, matched: 5, differences: [] });
  });
});

describe("the payments stand-in's state file", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sciexperts-payments-state-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
  const open = (lines: string[]) => createPaymentsStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: 'http://127.0.0.1:9/api/Payments/Webhook', dataDir, log: (line) => lines.push(line), schedule: manualScheduler().schedule });
  const customer = (standIn: PaymentsStandIn) =>
    fetch(`${standIn.url}/v1/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/json', 'idempotency-key': 'customer:7' },
      body: JSON.stringify({ email: 'olive@example.test', userId: 7 }),
    }).then((res) => res.json() as Promise<{ customerId: string }>);

  it('sends again after a restart the webhooks the API had not acknowledged, with their own ids, then forgets them', async () => {
    const receiver = await startReceiver();
    const lines: string[] = [];
    const start = () => createPaymentsStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: receiver.url, dataDir, log: (line) => lines.push(line), schedule: manualScheduler().schedule });
    try {
      receiver.answers.push(503);
      const first = start();
      await first.listen(0);
      const refund = await fetch(`${first.url}/v1/refunds`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/json', 'idempotency-key': 'refund:payment:41' },
        body: JSON.stringify({ chargeId: 'ch_before', amountCents: 2_500, paymentId: 41 }),
      });
      expect(refund.status).toBe(200);
      await until(() => receiver.deliveries.length === 1, 'the refused delivery');
      // Its retry waits in the scheduler when the stand-in stops.
      await first.close();
      const kept = () => (JSON.parse(readFileSync(path.join(dataDir, STATE_FILE), 'utf8')) as { state: { webhooks: Array<{ orderingKey: string; event: { id: string } }> } }).state.webhooks;
      const refused = JSON.parse(receiver.deliveries[0]!.body) as { id: string; type: string };
      expect(kept()).toEqual([{ orderingKey: 'payment:41', event: expect.objectContaining({ id: refused.id, type: 'refund.succeeded' }) }]);

      const second = start();
      await second.listen(0);
      try {
        await second.webhooks.whenIdle();
        expect(receiver.deliveries.map((d) => (JSON.parse(d.body) as { id: string }).id)).toEqual([refused.id, refused.id]);
        expect(kept()).toEqual([]);
      } finally {
        await second.close();
      }
    } finally {
      await receiver.close();
    }
  });

  it.each([
    ['not JSON', '{"version":1,"state":', 'is not JSON'],
    ['another version', '{"version":99,"state":{}}', 'is not a version 1 state file'],
    ['another shape', '{"version":1,"state":{"sessions":"none"}}', 'does not hold the state this stand-in writes'],
  ])('starts empty with a warning on a file that is %s, keeps that file aside and writes its own', async (_, text, why) => {
    const file = path.join(dataDir, STATE_FILE);
    writeFileSync(file, text);
    const lines: string[] = [];
    const standIn = open(lines);
    await standIn.listen(0);
    try {
      expect(lines).toEqual([expect.stringMatching(new RegExp(`^warning: .*${STATE_FILE} ${why}; it was moved to .*\\.unreadable-\\d+ and the stand-in starts empty$`))]);
      expect(readdirSync(dataDir).filter((name) => name.includes('.unreadable-')).map((name) => readFileSync(path.join(dataDir, name), 'utf8'))).toEqual([text]);
      const made = await customer(standIn);
      // The idempotency answer is kept too: the same key after a restart is the same customer.
      await standIn.close();
      const again = open(lines);
      await again.listen(0);
      try {
        expect(await customer(again)).toEqual(made);
      } finally {
        await again.close();
      }
      expect(readdirSync(dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    } finally {
      await standIn.close();
    }
  });
});

describe('payments configuration', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sciexperts-payments-config-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const STAND_IN = { PAYMENTS_STAND_IN_URL: 'http://localhost:3003/', PAYMENTS_SECRET_KEY: 'sk_local', PAYMENTS_WEBHOOK_SECRET: 'whsec_local' };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ DATA_DIR: dataDir, ...env });
      return [];
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
  };

  it('has no provider by default, the local stand-in with its three settings, Stripe with its two', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).payments).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, ...STAND_IN, PLATFORM_FEE_BPS: '250', AUTO_RELEASE_DAYS: '7' }).payments).toEqual({
      provider: 'local',
      standInUrl: 'http://localhost:3003',
      secretKey: 'sk_local',
      webhookSecret: 'whsec_local',
      feeBasisPoints: 250,
      autoReleaseDays: 7,
    });
    expect(loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).payments).toMatchObject({ provider: 'stripe', standInUrl: null, feeBasisPoints: 1000, autoReleaseDays: 14 });
  });

  it('refuses half a configuration, both providers at once and fees or delays out of range', () => {
    expect(problems({ PAYMENTS_STAND_IN_URL: STAND_IN.PAYMENTS_STAND_IN_URL })).toEqual([expect.stringMatching(/^PAYMENTS_STAND_IN_URL, PAYMENTS_SECRET_KEY and PAYMENTS_WEBHOOK_SECRET must be set together/)]);
    expect(problems({ STRIPE_SECRET_KEY: 'sk_test_x' })).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together/)]);
    expect(problems({ ...STAND_IN, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toEqual([expect.stringMatching(/^Set either the local payment stand-in .* or Stripe .*, not both\./)]);
    expect(problems({ PLATFORM_FEE_BPS: '5001', AUTO_RELEASE_DAYS: '0' })).toEqual([
      'PLATFORM_FEE_BPS must be an integer between 0 and 5000 (got "5001").',
      'AUTO_RELEASE_DAYS must be an integer between 1 and 90 (got "0").',
    ]);
  });

  it('uses the Stripe adapter when Stripe is configured, and refuses an unsigned webhook', async () => {
    const h = await startApp({ payments: { provider: 'stripe', standInUrl: null, secretKey: 'sk_test_x', webhookSecret: 'whsec_x', feeBasisPoints: 1000, autoReleaseDays: 14 } });
    try {
      expect(h.app.ctx.payments?.name).toBe('stripe');
      expect((await h.api('POST', '/api/Payments/Webhook', { raw: '{}' })).status).toBe(400);
    } finally {
      await h.close();
    }
  });
});
