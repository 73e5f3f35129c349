// The API's side of the local payment stand-in (server/src/dev/paymentsStandIn.ts): server-to-server calls with
// the secret key, and verification of its signed webhooks. Only a verified event moves money
// (docs/decisions/0012-escrow-ledger.md).
import { checkSignature, SIGNATURE_HEADER } from './signature';
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

export interface LocalProviderOptions {
  /** The stand-in's address (PAYMENTS_STAND_IN_URL). */
  baseUrl: string;
  secretKey: string;
  webhookSecret: string;
  /** Injectable so tests need no network. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The pause before the first repeat of a call that never reached the stand-in (doubled before the second). */
  retryDelayMs?: number;
}

/** Calls that never reached the stand-in are made again this many times, as Stripe's SDK does (maxNetworkRetries). */
const NETWORK_RETRIES = 2;

/** A call answered by no one, as opposed to one that ran out of time (which may have been carried out). */
const neverArrived = (err: unknown) => {
  // By name, not instanceof: the timeout is a DOMException, which is an Error of another realm under some runners.
  const name = typeof err === 'object' && err !== null ? (err as { name?: unknown }).name : undefined;
  return name !== 'TimeoutError' && name !== 'AbortError';
};

type Fields = Record<string, unknown>;

const text = (data: Fields, key: string): string => {
  const value = data[key];
  if (typeof value !== 'string' || value === '') throw new WebhookRejected(`malformed event: ${key} is missing`);
  return value;
};
const count = (data: Fields, key: string): number => {
  const value = data[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) throw new WebhookRejected(`malformed event: ${key} is missing`);
  return value;
};

/** The stand-in's JSON (`{ id, type, data }`) in the API's terms; null for a type the API does not handle. */
function toProviderEvent(body: unknown): ProviderEvent | null {
  if (typeof body !== 'object' || body === null) throw new WebhookRejected('malformed event: not a JSON object');
  const { id, type, data } = body as Fields;
  if (typeof id !== 'string' || id === '' || typeof type !== 'string') throw new WebhookRejected('malformed event: id or type is missing');
  if (typeof data !== 'object' || data === null) throw new WebhookRejected('malformed event: data is missing');
  const d = data as Fields;
  switch (type) {
    case 'checkout.succeeded':
      return { id, type, paymentId: count(d, 'paymentId'), sessionId: text(d, 'sessionId'), chargeId: text(d, 'chargeId'), amountCents: count(d, 'amountCents') };
    case 'checkout.failed':
      return { id, type, paymentId: count(d, 'paymentId'), sessionId: text(d, 'sessionId'), reason: text(d, 'reason') };
    case 'refund.succeeded':
      return { id, type, paymentId: count(d, 'paymentId'), refundId: text(d, 'refundId'), amountCents: count(d, 'amountCents') };
    case 'payout.paid':
      return { id, type, withdrawalId: count(d, 'withdrawalId'), payoutId: text(d, 'payoutId'), amountCents: count(d, 'amountCents') };
    case 'payout.failed':
      return { id, type, withdrawalId: count(d, 'withdrawalId'), payoutId: text(d, 'payoutId'), reason: text(d, 'reason') };
    case 'payout-account.updated': {
      if (typeof d.ready !== 'boolean') throw new WebhookRejected('malformed event: ready is missing');
      const label = typeof d.label === 'string' && d.label !== '' ? d.label : null;
      return { id, type, accountId: text(d, 'accountId'), ready: d.ready, label };
    }
    default:
      return null;
  }
}

export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  private readonly send: typeof fetch;

  constructor(private readonly options: LocalProviderOptions) {
    const doFetch = options.fetch ?? fetch;
    this.send = (input, init) => doFetch(input, init);
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const { idempotencyKey, customerId, saveCard, paymentMethodId, ...body } = request;
    // A saved card is charged without the card form (the stand-in's page only for the bank's extra step).
    const answer = paymentMethodId
      ? await this.call('/v1/payment_intents', idempotencyKey, { ...body, customerId, paymentMethodId })
      : await this.call('/v1/checkout/sessions', idempotencyKey, { ...body, ...(customerId ? { customerId, saveCard: saveCard === true } : {}) });
    if (typeof answer.sessionId !== 'string' || typeof answer.url !== 'string') throw new ProviderCallFailed('The payments stand-in answered without a session.', null);
    return { sessionId: answer.sessionId, url: answer.url };
  }

  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    const { idempotencyKey, ...body } = request;
    const answer = await this.call('/v1/refunds', idempotencyKey, body);
    if (typeof answer.refundId !== 'string') throw new ProviderCallFailed('The payments stand-in answered without a refund id.', null);
    return { refundId: answer.refundId };
  }

  async payout(request: PayoutRequest): Promise<{ payoutId: string }> {
    const { idempotencyKey, ...body } = request;
    const answer = await this.call('/v1/payouts', idempotencyKey, body);
    if (typeof answer.payoutId !== 'string') throw new ProviderCallFailed('The payments stand-in answered without a payout id.', null);
    return { payoutId: answer.payoutId };
  }

  async linkPayoutAccount(request: PayoutAccountLinkRequest): Promise<PayoutAccountLink> {
    let accountId = request.accountId;
    if (!accountId) {
      const made = await this.call('/v1/accounts', `payout-account:${request.userId}`, { email: request.email, userId: request.userId });
      if (typeof made.accountId !== 'string') throw new ProviderCallFailed('The payments stand-in answered without an account.', null);
      accountId = made.accountId;
    }
    // A link is good once and briefly: a fresh key each time, so each call gets a fresh link.
    const link = await this.call('/v1/account_links', `account-link:${accountId}:${Date.now()}`, { accountId, returnUrl: request.returnUrl, refreshUrl: request.refreshUrl });
    if (typeof link.url !== 'string') throw new ProviderCallFailed('The payments stand-in answered without a link.', null);
    return { accountId, url: link.url };
  }

  async createCustomer(request: { userId: number; email: string }): Promise<{ customerId: string }> {
    const made = await this.call('/v1/customers', `customer:${request.userId}`, { email: request.email, userId: request.userId });
    if (typeof made.customerId !== 'string') throw new ProviderCallFailed('The payments stand-in answered without a customer.', null);
    return { customerId: made.customerId };
  }

  async listCards(customerId: string): Promise<ProviderCard[]> {
    const answer = await this.call(`/v1/customers/${encodeURIComponent(customerId)}/cards`, null, null, 'GET');
    if (!Array.isArray(answer.data)) throw new ProviderCallFailed('The payments stand-in answered without a list of cards.', null);
    return (answer.data as Fields[]).flatMap((c) =>
      typeof c.id === 'string' && typeof c.brand === 'string' && typeof c.last4 === 'string' && typeof c.expMonth === 'number' && typeof c.expYear === 'number'
        ? [{ id: c.id, brand: c.brand, last4: c.last4, expMonth: c.expMonth, expYear: c.expYear }]
        : [],
    );
  }

  async detachCard(customerId: string, cardId: string): Promise<void> {
    await this.call(`/v1/customers/${encodeURIComponent(customerId)}/cards/${encodeURIComponent(cardId)}`, null, null, 'DELETE');
  }

  async listRecords(): Promise<ProviderRecord[]> {
    const answer = await this.call('/v1/records', null, null, 'GET');
    if (!Array.isArray(answer.data)) throw new ProviderCallFailed('The payments stand-in answered without a list of records.', null);
    return (answer.data as Fields[]).flatMap((r): ProviderRecord[] =>
      (r.movement === 'charge' || r.movement === 'refund' || r.movement === 'payout') &&
      typeof r.providerId === 'string' &&
      typeof r.amountCents === 'number' &&
      (r.status === 'succeeded' || r.status === 'pending' || r.status === 'failed') &&
      typeof r.createdAt === 'string'
        ? [{ movement: r.movement, providerId: r.providerId, ourId: typeof r.ourId === 'number' ? r.ourId : null, amountCents: r.amountCents, status: r.status, createdAt: r.createdAt }]
        : [],
    );
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, now: Date): ProviderEvent | null {
    const header = headers[SIGNATURE_HEADER];
    const check = checkSignature(this.options.webhookSecret, rawBody, Array.isArray(header) ? header[0] : header, now);
    if (!check.ok) throw new WebhookRejected(`signature ${check.reason}`);
    // Parsed only once the bytes are known to come from the provider.
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookRejected('malformed event: not JSON');
    }
    return toProviderEvent(body);
  }

  /**
   * One call to the stand-in. A call that never reached it (a refused connection, or a kept-alive connection the
   * stand-in closed when it restarted, possibly after the request went out) is made again, up to NETWORK_RETRIES
   * times, when a repeat cannot do a thing twice: a read, a delete, or a POST with an idempotency key. A call that ran
   * out of time is not repeated here: its caller's own retry (with the same key) decides.
   */
  private async call(path: string, idempotencyKey: string | null, body: Fields | null, method: 'POST' | 'GET' | 'DELETE' = 'POST'): Promise<Fields> {
    let response: Response | undefined;
    for (let attempt = 0; !response; attempt++) {
      try {
        response = await this.send(`${this.options.baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${this.options.secretKey}`,
            accept: 'application/json',
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
        });
      } catch (err) {
        // Only what a repeat cannot do twice: a read, a delete, or a POST with its idempotency key.
        const repeatable = method !== 'POST' || idempotencyKey !== null;
        if (attempt < NETWORK_RETRIES && repeatable && neverArrived(err)) {
          await new Promise((resolve) => setTimeout(resolve, (this.options.retryDelayMs ?? 100) * 2 ** attempt));
          continue;
        }
        throw new ProviderCallFailed(`The payments stand-in did not answer ${path}: ${err instanceof Error ? err.message : String(err)}`, null);
      }
    }
    const answer = (await response.json().catch(() => null)) as Fields | null;
    if (!response.ok || !answer || typeof answer !== 'object') {
      const reason = (answer?.error as { message?: unknown } | undefined)?.message;
      throw new ProviderCallFailed(`The payments stand-in refused ${path} (${response.status})${typeof reason === 'string' ? `: ${reason}` : ''}`, response.status);
    }
    return answer;
  }
}
