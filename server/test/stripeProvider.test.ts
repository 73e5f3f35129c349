// The Stripe adapter without network: requests are answered by a fake fetch behind Stripe's own HTTP client, and
// webhooks are signed with the SDK's own test-signature helper, then verified and mapped by the adapter and the API.
import Stripe from 'stripe';
import type { FundResponse, Workspace } from '@sciexperts/shared/contracts';
import type { PaymentsConfig } from '../src/config';
import { ProviderCallFailed, WebhookRejected } from '../src/modules/payments/provider';
import { STRIPE_SIGNATURE_HEADER, StripePaymentProvider } from '../src/modules/payments/stripeProvider';
import { member, startApp, type Harness } from './helpers';
import { caller, hiredContract, ledgerProblems, type Member } from './paymentsFixtures';

const SECRET = 'whsec_stripe_test_secret';
const NOW = new Date('2026-11-24T10:00:00Z');

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  form: URLSearchParams;
}

/** Stands in for api.stripe.com: records each request and answers with the object `answer` returns. */
function fakeStripe(answer: (sent: Sent) => { status?: number; body: unknown }) {
  const sent: Sent[] = [];
  const doFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
    const request = { url: String(input), method: init?.method ?? 'GET', headers, form: new URLSearchParams(typeof init?.body === 'string' ? init.body : '') };
    sent.push(request);
    const { status = 200, body } = answer(request);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } });
  }) as typeof fetch;
  return { sent, doFetch };
}

/** A Stripe event as its webhook sends it, and the signature header Stripe would send with it. */
function signed(type: string, object: Record<string, unknown>, at = NOW, secret = SECRET) {
  const payload = JSON.stringify({ id: `evt_${type}_${Math.random().toString(36).slice(2)}`, object: 'event', type, data: { object }, api_version: '2025-01-01', created: Math.floor(at.getTime() / 1000) });
  return { raw: payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(at.getTime() / 1000) }) };
}

const paidSession = (paymentId: number, amount: number) => ({
  id: `cs_test_${paymentId}`,
  object: 'checkout.session',
  payment_status: 'paid',
  status: 'complete',
  amount_total: amount,
  payment_intent: `pi_test_${paymentId}`,
  metadata: { paymentId: String(paymentId) },
});

describe('the Stripe adapter', () => {
  const provider = new StripePaymentProvider({ secretKey: 'sk_test_123', webhookSecret: SECRET, fetch: fakeStripe(() => ({ body: {} })).doFetch });
  const verify = (event: { raw: string; header: string }, at = NOW) => provider.verifyWebhook(Buffer.from(event.raw), { [STRIPE_SIGNATURE_HEADER]: event.header }, at);

  it('maps a paid checkout session to checkout.succeeded with our payment id and the payment intent as the charge', () => {
    const event = signed('checkout.session.completed', paidSession(41, 125_000));
    expect(verify(event)).toEqual({ id: expect.stringMatching(/^evt_/), type: 'checkout.succeeded', paymentId: 41, sessionId: 'cs_test_41', chargeId: 'pi_test_41', amountCents: 125_000 });
  });

  it('waits for a delayed payment method instead of treating a completed-but-unpaid session as money', () => {
    expect(verify(signed('checkout.session.completed', { ...paidSession(42, 100), payment_status: 'unpaid' }))).toBeNull();
    expect(verify(signed('checkout.session.async_payment_succeeded', paidSession(42, 100)))).toMatchObject({ type: 'checkout.succeeded', paymentId: 42 });
    expect(verify(signed('checkout.session.async_payment_failed', paidSession(42, 100)))).toMatchObject({ type: 'checkout.failed', paymentId: 42, reason: 'The bank did not complete the payment.' });
    expect(verify(signed('checkout.session.expired', paidSession(42, 100)))).toMatchObject({ type: 'checkout.failed', reason: 'The checkout session expired before it was paid.' });
  });

  it('maps refunds only once they have succeeded, and Connect transfers to payouts', () => {
    const refund = { id: 're_1', object: 'refund', amount: 5_000, status: 'pending', metadata: { paymentId: '7' } };
    expect(verify(signed('refund.created', refund))).toBeNull();
    expect(verify(signed('refund.updated', { ...refund, status: 'succeeded' }))).toMatchObject({ type: 'refund.succeeded', paymentId: 7, refundId: 're_1', amountCents: 5_000 });
    const transfer = { id: 'tr_1', object: 'transfer', amount: 9_000, metadata: { withdrawalId: '3' } };
    expect(verify(signed('transfer.created', transfer))).toMatchObject({ type: 'payout.paid', withdrawalId: 3, payoutId: 'tr_1', amountCents: 9_000 });
    expect(verify(signed('transfer.reversed', transfer))).toMatchObject({ type: 'payout.failed', withdrawalId: 3, payoutId: 'tr_1' });
  });

  it("maps a connected account's update to payout-account.updated: ready once transfers and payouts are enabled", () => {
    const account = {
      id: 'acct_1',
      object: 'account',
      payouts_enabled: true,
      capabilities: { transfers: 'active' },
      external_accounts: { object: 'list', data: [{ id: 'ba_1', object: 'bank_account', bank_name: 'STRIPE TEST BANK', last4: '6789' }] },
    };
    expect(verify(signed('account.updated', account))).toMatchObject({ type: 'payout-account.updated', accountId: 'acct_1', ready: true, label: 'STRIPE TEST BANK •••• 6789' });
    expect(verify(signed('account.updated', { ...account, capabilities: { transfers: 'pending' }, external_accounts: { object: 'list', data: [] } }))).toMatchObject({ ready: false, label: null });
  });

  it('makes one Express account per member (keyed by the member) and a fresh onboarding link', async () => {
    const stripe = fakeStripe(({ url }) =>
      url.endsWith('/v1/accounts') ? { body: { id: 'acct_9', object: 'account' } } : { body: { object: 'account_link', url: 'https://connect.stripe.com/setup/e/acct_9/x' } },
    );
    const p = new StripePaymentProvider({ secretKey: 'sk_test_123', webhookSecret: SECRET, fetch: stripe.doFetch });
    const request = { userId: 5, email: 'ada@example.test', accountId: null, returnUrl: 'http://site/profile/payment?payoutAccount=return', refreshUrl: 'http://site/profile/payment?payoutAccount=refresh' };
    await expect(p.linkPayoutAccount(request)).resolves.toEqual({ accountId: 'acct_9', url: 'https://connect.stripe.com/setup/e/acct_9/x' });
    const [made, link] = stripe.sent as [Sent, Sent];
    expect(made.headers['idempotency-key']).toBe('payout-account:5');
    expect(Object.fromEntries(made.form)).toMatchObject({ type: 'express', email: 'ada@example.test', 'capabilities[transfers][requested]': 'true', 'metadata[userId]': '5' });
    expect(link.url).toBe('https://api.stripe.com/v1/account_links');
    expect(Object.fromEntries(link.form)).toMatchObject({ account: 'acct_9', type: 'account_onboarding', return_url: request.returnUrl, refresh_url: request.refreshUrl });
    // An account made before: only a new link.
    await p.linkPayoutAccount({ ...request, accountId: 'acct_9' });
    expect(stripe.sent.slice(2).map((x) => x.url)).toEqual(['https://api.stripe.com/v1/account_links']);
  });

  it('acknowledges event types it does not act on, and refuses ours without our ids', () => {
    expect(verify(signed('customer.created', { id: 'cus_1', object: 'customer' }))).toBeNull();
    expect(() => verify(signed('checkout.session.completed', { ...paidSession(1, 100), metadata: {} }))).toThrow(WebhookRejected);
  });

  it('refuses a wrong secret, a changed body, a missing header and a replay outside five minutes', () => {
    const event = signed('checkout.session.completed', paidSession(43, 100));
    expect(() => verify(signed('checkout.session.completed', paidSession(43, 100), NOW, 'whsec_someone_else'))).toThrow(WebhookRejected);
    expect(() => verify({ raw: event.raw.replace('"amount_total":100', '"amount_total":999999'), header: event.header })).toThrow(WebhookRejected);
    expect(() => provider.verifyWebhook(Buffer.from(event.raw), {}, NOW)).toThrow(WebhookRejected);
    expect(() => verify(event, new Date(NOW.getTime() + 301_000))).toThrow(WebhookRejected);
    expect(verify(event, new Date(NOW.getTime() + 299_000))).toMatchObject({ paymentId: 43 });
  });

  it('creates a checkout session, a refund and a transfer with our ids in metadata and the idempotency key', async () => {
    const stripe = fakeStripe(({ url }) => {
      if (url.endsWith('/v1/checkout/sessions')) return { body: { id: 'cs_test_9', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_9' } };
      if (url.endsWith('/v1/refunds')) return { body: { id: 're_9', object: 'refund' } };
      return { body: { id: 'tr_9', object: 'transfer' } };
    });
    const p = new StripePaymentProvider({ secretKey: 'sk_test_123', webhookSecret: SECRET, fetch: stripe.doFetch });
    await expect(
      p.createCheckout({ paymentId: 9, amountCents: 150_000, currency: 'USD', description: 'Assay: Milestone 1', successUrl: 'http://site/w?payment=9', cancelUrl: 'http://site/w?cancelled=1', idempotencyKey: 'checkout:9' }),
    ).resolves.toEqual({ sessionId: 'cs_test_9', url: 'https://checkout.stripe.com/c/pay/cs_test_9' });
    await expect(p.refund({ paymentId: 9, chargeId: 'pi_test_9', amountCents: 150_000, idempotencyKey: 'refund:payment:9' })).resolves.toEqual({ refundId: 're_9' });
    await expect(p.payout({ withdrawalId: 4, destination: 'acct_123', amountCents: 90_000, idempotencyKey: 'payout:4' })).resolves.toEqual({ payoutId: 'tr_9' });

    const [checkout, refund, transfer] = stripe.sent as [Sent, Sent, Sent];
    expect(checkout.url).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect(checkout.headers['idempotency-key']).toBe('checkout:9');
    expect(checkout.headers.authorization).toBe('Bearer sk_test_123');
    expect(Object.fromEntries(checkout.form)).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '150000',
      'line_items[0][price_data][product_data][name]': 'Assay: Milestone 1',
      'metadata[paymentId]': '9',
      'payment_intent_data[metadata][paymentId]': '9',
      success_url: 'http://site/w?payment=9',
    });
    expect(refund.headers['idempotency-key']).toBe('refund:payment:9');
    expect(Object.fromEntries(refund.form)).toMatchObject({ payment_intent: 'pi_test_9', amount: '150000', 'metadata[paymentId]': '9' });
    expect(transfer.url).toBe('https://api.stripe.com/v1/transfers');
    expect(Object.fromEntries(transfer.form)).toMatchObject({ destination: 'acct_123', amount: '90000', currency: 'usd', 'metadata[withdrawalId]': '4' });
  });

  it('keeps the card on the Customer when the client agreed: the session names the customer and sets setup_future_usage', async () => {
    const stripe = fakeStripe(() => ({ body: { id: 'cs_test_10', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_10' } }));
    const p = new StripePaymentProvider({ secretKey: 'sk_test_123', webhookSecret: SECRET, fetch: stripe.doFetch });
    const request = { paymentId: 10, amountCents: 5_000, currency: 'USD' as const, description: 'Assay: Milestone 2', successUrl: 'http://site/w?payment=10', cancelUrl: 'http://site/w?cancelled=1', idempotencyKey: 'checkout:10' };
    await p.createCheckout({ ...request, customerId: 'cus_7', saveCard: true });
    await p.createCheckout({ ...request, customerId: 'cus_7', saveCard: false });
    await p.createCheckout(request);
    const [saving, notSaving, noCustomer] = stripe.sent.map((x) => Object.fromEntries(x.form));
    expect(saving).toMatchObject({ customer: 'cus_7', 'payment_intent_data[setup_future_usage]': 'on_session', 'payment_intent_data[metadata][paymentId]': '10' });
    expect(notSaving).toMatchObject({ customer: 'cus_7' });
    expect(notSaving).not.toHaveProperty(['payment_intent_data[setup_future_usage]']);
    expect(noCustomer).not.toHaveProperty('customer');
    expect(noCustomer).not.toHaveProperty(['payment_intent_data[setup_future_usage]']);
  });

  it('pays with a saved card through a confirmed PaymentIntent: the workspace when paid, the bank page when it asks, the workspace on a decline', async () => {
    let answer: { status?: number; body: unknown } = { body: { id: 'pi_11', object: 'payment_intent', status: 'succeeded' } };
    const stripe = fakeStripe(() => answer);
    const p = new StripePaymentProvider({ secretKey: 'sk_test_123', webhookSecret: SECRET, fetch: stripe.doFetch });
    const request = {
      paymentId: 11,
      amountCents: 7_500,
      currency: 'USD' as const,
      description: 'Assay: Milestone 3',
      successUrl: 'http://site/w?payment=11',
      cancelUrl: 'http://site/w?cancelled=1',
      idempotencyKey: 'checkout:11',
      customerId: 'cus_7',
      paymentMethodId: 'pm_card_1',
    };
    await expect(p.createCheckout(request)).resolves.toEqual({ sessionId: 'pi_11', url: 'http://site/w?payment=11' });
    const sent = stripe.sent[0]!;
    expect(sent.url).toBe('https://api.stripe.com/v1/payment_intents');
    expect(sent.headers['idempotency-key']).toBe('checkout:11');
    expect(Object.fromEntries(sent.form)).toMatchObject({
      amount: '7500',
      currency: 'usd',
      customer: 'cus_7',
      payment_method: 'pm_card_1',
      confirm: 'true',
      return_url: 'http://site/w?payment=11',
      'metadata[paymentId]': '11',
      'metadata[savedCard]': 'true',
    });

    answer = { body: { id: 'pi_12', object: 'payment_intent', status: 'requires_action', next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://hooks.stripe.com/3d_secure/x' } } } };
    await expect(p.createCheckout({ ...request, idempotencyKey: 'checkout:12' })).resolves.toEqual({ sessionId: 'pi_12', url: 'https://hooks.stripe.com/3d_secure/x' });

    answer = { status: 402, body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.', payment_intent: { id: 'pi_13', object: 'payment_intent', status: 'requires_payment_method' } } } };
    await expect(p.createCheckout({ ...request, idempotencyKey: 'checkout:13' })).resolves.toEqual({ sessionId: 'pi_13', url: 'http://site/w?payment=11' });

    answer = { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such PaymentMethod' } } };
    await expect(p.createCheckout({ ...request, idempotencyKey: 'checkout:14' })).rejects.toBeInstanceOf(ProviderCallFailed);
  });

  it('maps the events of a saved-card PaymentIntent, and ignores those of a checkout session’s PaymentIntent', () => {
    const intent = { id: 'pi_20', object: 'payment_intent', amount: 7_500, amount_received: 7_500, metadata: { paymentId: '20', savedCard: 'true' } };
    expect(verify(signed('payment_intent.succeeded', intent))).toMatchObject({ type: 'checkout.succeeded', paymentId: 20, sessionId: 'pi_20', chargeId: 'pi_20', amountCents: 7_500 });
    expect(verify(signed('payment_intent.payment_failed', { ...intent, last_payment_error: { message: 'Your card has insufficient funds.' } }))).toMatchObject({
      type: 'checkout.failed',
      paymentId: 20,
      reason: 'Your card has insufficient funds.',
    });
    expect(verify(signed('payment_intent.succeeded', { ...intent, metadata: { paymentId: '20' } }))).toBeNull();
  });

  it('makes one Customer per member, lists its cards and detaches one', async () => {
    const stripe = fakeStripe(({ url, method }) => {
      if (url.endsWith('/v1/customers')) return { body: { id: 'cus_9', object: 'customer' } };
      if (method === 'GET')
        return {
          body: {
            object: 'list',
            has_more: false,
            data: [{ id: 'pm_1', object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 } }],
          },
        };
      return { body: { id: 'pm_1', object: 'payment_method' } };
    });
    const p = new StripePaymentProvider({ secretKey: 'sk_test_123', webhookSecret: SECRET, fetch: stripe.doFetch });
    await expect(p.createCustomer({ userId: 5, email: 'olive@example.test' })).resolves.toEqual({ customerId: 'cus_9' });
    await expect(p.listCards('cus_9')).resolves.toEqual([{ id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 }]);
    await p.detachCard('cus_9', 'pm_1');
    const [made, listed, detached] = stripe.sent as [Sent, Sent, Sent];
    expect(made.headers['idempotency-key']).toBe('customer:5');
    expect(Object.fromEntries(made.form)).toMatchObject({ email: 'olive@example.test', 'metadata[userId]': '5' });
    expect(listed.url).toMatch(/^https:\/\/api\.stripe\.com\/v1\/customers\/cus_9\/payment_methods\?/);
    expect(new URL(listed.url).searchParams.get('type')).toBe('card');
    expect([detached.method, detached.url]).toEqual(['POST', 'https://api.stripe.com/v1/payment_methods/pm_1/detach']);
  });

  it("turns Stripe's refusal into a ProviderCallFailed with its status, for the retry job", async () => {
    const stripe = fakeStripe(() => ({ status: 400, body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } }));
    const p = new StripePaymentProvider({ secretKey: 'sk_test_123', webhookSecret: SECRET, fetch: stripe.doFetch });
    const failure = p.refund({ paymentId: 1, chargeId: 'pi_gone', amountCents: 100, idempotencyKey: 'refund:payment:1' });
    await expect(failure).rejects.toBeInstanceOf(ProviderCallFailed);
    await expect(failure).rejects.toMatchObject({ status: 400, message: expect.stringContaining('No such payment_intent') });
  });
});

describe('the API configured for Stripe', () => {
  const STRIPE_CONFIG: PaymentsConfig = { provider: 'stripe', standInUrl: null, secretKey: 'sk_test_123', webhookSecret: SECRET, feeBasisPoints: 1000, autoReleaseDays: 14 };
  let h: Harness;
  let client: Member;
  let expert: Member;
  const stripe = fakeStripe(({ form }) => ({ body: { id: `cs_test_${form.get('metadata[paymentId]')}`, object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/x' } }));

  beforeAll(async () => {
    // No provider injected: the app builds the Stripe adapter from the configuration, as in production.
    h = await startApp({ payments: STRIPE_CONFIG }, { fetch: stripe.doFetch });
    client = await member(h, { firstName: 'Olive' });
    expert = await member(h, { firstName: 'Ada' });
  });
  afterAll(() => h?.close());

  it('funds a milestone through a Checkout Session and credits escrow only on the signed Stripe event', async () => {
    const call = caller(h);
    const { contractId, milestoneIds } = await hiredContract(h, client, expert, [80_000]);
    const started = await call<FundResponse>('POST', `/api/Milestones/${milestoneIds[0]}/Fund`, client);
    expect(started.status).toBe(200);
    expect(started.body.checkoutUrl).toBe('https://checkout.stripe.com/c/pay/x');
    const statusNow = async () => (await call<Workspace>('GET', `/api/Contracts/${contractId}/Workspace`, client, { key: null })).body.milestones[0]?.status;
    expect(await statusNow()).toBe('pending');

    const post = (event: { raw: string; header: string }) =>
      h.api<{ received: boolean; duplicate: boolean }>('POST', '/api/Payments/Webhook', { raw: event.raw, headers: { 'content-type': 'application/json', [STRIPE_SIGNATURE_HEADER]: event.header } });
    const forged = signed('checkout.session.completed', paidSession(started.body.paymentId, 80_000), new Date(), 'whsec_forged');
    expect((await post(forged)).status).toBe(400);
    expect(await statusNow()).toBe('pending');

    const event = signed('checkout.session.completed', paidSession(started.body.paymentId, 80_000), new Date());
    expect((await post(event)).body).toEqual({ received: true, duplicate: false });
    expect((await post(event)).body).toEqual({ received: true, duplicate: true });
    expect(await statusNow()).toBe('funded');
    expect(await ledgerProblems(h.db)).toEqual([]);
  });
});
