// The Stripe adapter (used when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set): Checkout Sessions fund a
// milestone (keeping the card on the member's Customer when they agreed), a PaymentIntent confirmed with a saved
// PaymentMethod pays with a kept card, Refunds return a payment, Connect Express accounts receive payouts (onboarded on Stripe's hosted page),
// and Connect transfers pay them. It speaks through the
// official `stripe` package, so request signing, retries and the webhook signature scheme are Stripe's own; this file
// only maps between Stripe's objects and the API's ProviderEvent terms (docs/decisions/0012-escrow-ledger.md).
import Stripe from 'stripe';
import {
  ProviderCallFailed,
  WebhookRejected,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type PayoutAccountLink,
  type PayoutAccountLinkRequest,
  type PayoutRequest,
  type ProviderCard,
  type ProviderEvent,
  type ProviderRecord,
  type RefundRequest,
} from './provider';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Replaces Stripe's HTTP client (tests answer from memory; no network). */
  fetch?: typeof fetch;
  /** Where Stripe's API is (tests: a local fake server over http); Stripe's own by default. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Seconds a signed event stays acceptable (Stripe's default, 300). */
  toleranceSeconds?: number;
}

/** The header Stripe signs its webhooks in. */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

type Metadata = Stripe.Metadata | null | undefined;

/** Our ids travel in Stripe's metadata; an event without them is not one of ours. */
const idFrom = (metadata: Metadata, key: 'paymentId' | 'withdrawalId'): number => {
  const value = Number(metadata?.[key]);
  if (!Number.isSafeInteger(value) || value <= 0) throw new WebhookRejected(`malformed event: metadata.${key} is missing`);
  return value;
};
const idOf = (value: string | { id: string } | null | undefined, what: string): string => {
  const id = typeof value === 'string' ? value : value?.id;
  if (!id) throw new WebhookRejected(`malformed event: ${what} is missing`);
  return id;
};

/**
 * Marks the PaymentIntents this adapter confirms itself with a saved card. Their own events fund the milestone; the
 * PaymentIntent behind a Checkout Session also carries our paymentId, but its session's events are the ones we act on.
 */
const SAVED_CARD_MARK = 'savedCard';

/** A verified Stripe event in the API's terms; null for the types the API does not act on (acknowledged, ignored). */
export function fromStripeEvent(event: Stripe.Event): ProviderEvent | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A completed session paid by a delayed method (a bank debit) is not money yet: its async_payment_* event decides.
      if (session.payment_status !== 'paid') return null;
      return {
        id: event.id,
        type: 'checkout.succeeded',
        paymentId: idFrom(session.metadata, 'paymentId'),
        sessionId: session.id,
        chargeId: idOf(session.payment_intent, 'payment_intent'),
        amountCents: session.amount_total ?? 0,
      };
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      const reason = event.type === 'checkout.session.expired' ? 'The checkout session expired before it was paid.' : 'The bank did not complete the payment.';
      return { id: event.id, type: 'checkout.failed', paymentId: idFrom(session.metadata, 'paymentId'), sessionId: session.id, reason };
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      if (intent.metadata?.[SAVED_CARD_MARK] !== 'true') return null;
      const paymentId = idFrom(intent.metadata, 'paymentId');
      if (event.type === 'payment_intent.succeeded') {
        return { id: event.id, type: 'checkout.succeeded', paymentId, sessionId: intent.id, chargeId: intent.id, amountCents: intent.amount_received || intent.amount };
      }
      const reason = intent.last_payment_error?.message || 'The card was declined.';
      return { id: event.id, type: 'checkout.failed', paymentId, sessionId: intent.id, reason };
    }
    case 'refund.created':
    case 'refund.updated': {
      const refund = event.data.object;
      // Pending refunds are not money back yet; a later refund.updated says succeeded (a repeat has the effect of one).
      if (refund.status !== 'succeeded') return null;
      return { id: event.id, type: 'refund.succeeded', paymentId: idFrom(refund.metadata, 'paymentId'), refundId: refund.id, amountCents: refund.amount };
    }
    case 'transfer.created': {
      // A Connect transfer lands in the expert's connected account when it is created.
      const transfer = event.data.object;
      return { id: event.id, type: 'payout.paid', withdrawalId: idFrom(transfer.metadata, 'withdrawalId'), payoutId: transfer.id, amountCents: transfer.amount };
    }
    case 'transfer.reversed': {
      const transfer = event.data.object;
      return { id: event.id, type: 'payout.failed', withdrawalId: idFrom(transfer.metadata, 'withdrawalId'), payoutId: transfer.id, reason: 'The transfer to the payout account was reversed.' };
    }
    case 'account.updated': {
      // A connected (Express) account: ready once Stripe lets it receive transfers and pay them out.
      const account = event.data.object;
      const ready = account.payouts_enabled === true && account.capabilities?.transfers === 'active';
      const bank = account.external_accounts?.data.find((x): x is Stripe.BankAccount => x.object === 'bank_account');
      const card = account.external_accounts?.data.find((x): x is Stripe.Card => x.object === 'card');
      const label = bank ? `${bank.bank_name ?? 'Bank account'} •••• ${bank.last4}` : card ? `${card.brand} •••• ${card.last4}` : null;
      return { id: event.id, type: 'payout-account.updated', accountId: account.id, ready, label };
    }
    default:
      return null;
  }
}

const ourIdIn = (metadata: Metadata, key: 'paymentId' | 'withdrawalId'): number | null => {
  const value = Number(metadata?.[key]);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
};

/** A balance transaction as a ProviderRecord; null for the kinds the ledger does not book with the provider. */
export function stripeRecord(bt: Stripe.BalanceTransaction): ProviderRecord | null {
  const createdAt = new Date(bt.created * 1000).toISOString();
  const amountCents = Math.abs(bt.amount);
  const source = bt.source;
  if (source === null || typeof source === 'string') return null;
  switch (bt.type) {
    case 'charge':
    case 'payment': {
      const charge = source as Stripe.Charge;
      const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
      const status = charge.status === 'succeeded' ? 'succeeded' : charge.status === 'pending' ? 'pending' : 'failed';
      return { movement: 'charge', providerId: intent ?? charge.id, ourId: ourIdIn(charge.metadata, 'paymentId'), amountCents, status, createdAt };
    }
    case 'refund':
    case 'payment_refund': {
      const refund = source as Stripe.Refund;
      const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'pending' || refund.status === 'requires_action' ? 'pending' : 'failed';
      return { movement: 'refund', providerId: refund.id, ourId: ourIdIn(refund.metadata, 'paymentId'), amountCents, status, createdAt };
    }
    case 'transfer': {
      const transfer = source as Stripe.Transfer;
      return { movement: 'payout', providerId: transfer.id, ourId: ourIdIn(transfer.metadata, 'withdrawalId'), amountCents, status: transfer.reversed ? 'failed' : 'succeeded', createdAt };
    }
    default:
      return null;
  }
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      // Retries with Stripe's own back-off; the idempotency key makes a retried call one call.
      maxNetworkRetries: 2,
      timeout: 15_000,
      // No request timings of ours sent along to Stripe.
      telemetry: false,
      ...(options.fetch ? { httpClient: Stripe.createFetchHttpClient(options.fetch) } : {}),
      ...(options.api ?? {}),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    if (request.paymentMethodId) return this.payWithSavedCard(request, request.paymentMethodId);
    const metadata = { paymentId: String(request.paymentId) };
    const customer = request.customerId ?? undefined;
    const session = await this.call('checkout session', () =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [{ quantity: 1, price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amountCents, product_data: { name: request.description } } }],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: String(request.paymentId),
          metadata,
          ...(customer ? { customer } : {}),
          // The refund event carries the payment intent's metadata, so our id follows the money. The member agreed to
          // keep the card: Stripe attaches it to their Customer, for payments they start themselves (on_session).
          payment_intent_data: { metadata, ...(request.saveCard && customer ? { setup_future_usage: 'on_session' as const } : {}) },
        },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    if (!session.url) throw new ProviderCallFailed('Stripe answered without a checkout page.', null);
    return { sessionId: session.id, url: session.url };
  }

  /**
   * A saved card: one PaymentIntent, confirmed now with the member present. Stripe answers with the bank's step to
   * send the browser to (3-D Secure, a redirect because return_url is given), or with the result. A decline comes as
   * an error but still carries the PaymentIntent, whose payment_failed event marks the payment: the member goes back
   * to the workspace, which shows it.
   */
  private async payWithSavedCard(request: CheckoutRequest, paymentMethodId: string): Promise<CheckoutSession> {
    if (!request.customerId) throw new ProviderCallFailed('A saved card needs the customer it belongs to.', null);
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          customer: request.customerId,
          payment_method: paymentMethodId,
          confirm: true,
          return_url: request.successUrl,
          description: request.description,
          metadata: { paymentId: String(request.paymentId), [SAVED_CARD_MARK]: 'true' },
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (err) {
      const declined = err instanceof Stripe.errors.StripeCardError ? err.payment_intent : undefined;
      if (declined) return { sessionId: declined.id, url: request.successUrl };
      return this.call('payment with a saved card', () => Promise.reject(err));
    }
    if (intent.status === 'requires_action') {
      const next = intent.next_action?.redirect_to_url?.url;
      if (!next) throw new ProviderCallFailed('Stripe asked for a step this site cannot show.', null);
      return { sessionId: intent.id, url: next };
    }
    return { sessionId: intent.id, url: request.successUrl };
  }

  async createCustomer(request: { userId: number; email: string }): Promise<{ customerId: string }> {
    const customer = await this.call('customer', () =>
      // One Customer per member, however often they save a card.
      this.stripe.customers.create({ email: request.email, metadata: { userId: String(request.userId) } }, { idempotencyKey: `customer:${request.userId}` }),
    );
    return { customerId: customer.id };
  }

  async listCards(customerId: string): Promise<ProviderCard[]> {
    const list = await this.call('saved cards', () => this.stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 }));
    return list.data.flatMap((pm) =>
      pm.card ? [{ id: pm.id, brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year }] : [],
    );
  }

  async detachCard(_customerId: string, cardId: string): Promise<void> {
    await this.call('card removal', () => this.stripe.paymentMethods.detach(cardId));
  }

  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    const refund = await this.call('refund', () =>
      this.stripe.refunds.create(
        { payment_intent: request.chargeId, amount: request.amountCents, metadata: { paymentId: String(request.paymentId) } },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    return { refundId: refund.id };
  }

  async payout(request: PayoutRequest): Promise<{ payoutId: string }> {
    const transfer = await this.call('transfer', () =>
      this.stripe.transfers.create(
        { amount: request.amountCents, currency: 'usd', destination: request.destination, metadata: { withdrawalId: String(request.withdrawalId) } },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    return { payoutId: transfer.id };
  }

  async linkPayoutAccount(request: PayoutAccountLinkRequest): Promise<PayoutAccountLink> {
    let accountId = request.accountId;
    if (!accountId) {
      const account = await this.call('connected account', () =>
        this.stripe.accounts.create(
          { type: 'express', email: request.email, capabilities: { transfers: { requested: true } }, metadata: { userId: String(request.userId) } },
          // One connected account per member, however often they click.
          { idempotencyKey: `payout-account:${request.userId}` },
        ),
      );
      accountId = account.id;
    }
    const id = accountId;
    // Account links are single-use and short-lived: each call asks for a fresh one.
    const link = await this.call('account link', () => this.stripe.accountLinks.create({ account: id, type: 'account_onboarding', return_url: request.returnUrl, refresh_url: request.refreshUrl }));
    return { accountId: id, url: link.url };
  }

  /**
   * The balance transactions (every page, through the SDK's auto-pagination) with their sources expanded: a charge or
   * payment is a card charge (its PaymentIntent is the id our payments keep), a refund a refund, a transfer a payout to
   * an expert's connected account (reversed: failed). Stripe's fees, its payouts to the platform's bank and
   * adjustments are not movements the ledger books with the provider, and are left out.
   */
  async listRecords(): Promise<ProviderRecord[]> {
    return this.call('balance transactions', async () => {
      const records: ProviderRecord[] = [];
      for await (const bt of this.stripe.balanceTransactions.list({ limit: 100, expand: ['data.source'] })) {
        const found = stripeRecord(bt);
        if (found) records.push(found);
      }
      return records;
    });
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, now: Date): ProviderEvent | null {
    const header = headers[STRIPE_SIGNATURE_HEADER];
    let event: Stripe.Event;
    try {
      // Stripe's own check: HMAC-SHA256 over "<timestamp>.<body>", compared in constant time, within the tolerance of now.
      event = Stripe.webhooks.constructEvent(rawBody, Array.isArray(header) ? (header[0] ?? '') : (header ?? ''), this.options.webhookSecret, this.options.toleranceSeconds ?? 300, undefined, now.getTime());
    } catch (err) {
      throw new WebhookRejected(`signature ${err instanceof Error ? err.message : 'invalid'}`);
    }
    return fromStripeEvent(event);
  }

  /** Stripe's errors in the API's terms: a refusal or no answer is a ProviderCallFailed, retried later. */
  private async call<T>(what: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError) throw new ProviderCallFailed(`Stripe refused the ${what}: ${err.message}`, err.statusCode ?? null);
      throw new ProviderCallFailed(`Stripe did not answer the ${what}: ${err instanceof Error ? err.message : String(err)}`, null);
    }
  }
}
