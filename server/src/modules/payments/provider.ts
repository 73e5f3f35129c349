// The payment provider seen from the API: hosted checkout for funding a milestone, refunds, and payouts to an
// expert. The local stand-in (server/src/dev/paymentsStandIn.ts, started by `npm start`) and the Stripe adapter
// implement it. Money moves in the ledger only on a verified provider event (docs/decisions/0012-escrow-ledger.md),
// never on the browser's return from the checkout page.

/** What the API asks the provider to charge: one milestone's amount, in US cents. */
export interface CheckoutRequest {
  /** Ours: the payment row the session belongs to, echoed back in every event about it. */
  paymentId: number;
  amountCents: number;
  currency: 'USD';
  description: string;
  /** Where the provider's page sends the member afterwards (the workspace); a hint only, never proof of payment. */
  successUrl: string;
  cancelUrl: string;
  /** The same key asks for the same session again (a double click, a retried request). */
  idempotencyKey: string;
  /** The member's customer at the provider, when they have one: the checkout belongs to it, and saved cards live there. */
  customerId?: string | null;
  /** The member agreed that the provider keeps the card paid with for next time (on customerId, which is then set). */
  saveCard?: boolean;
  /**
   * Pay with this saved card of customerId, without the provider's card form: the answer's url is then the provider's
   * extra step when the bank wants one, or else successUrl. Money still moves only on the verified event.
   */
  paymentMethodId?: string | null;
}

/** A card the provider keeps on a customer, as it describes it (never the number). */
export interface ProviderCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CheckoutSession {
  /** The provider's id of the session. */
  sessionId: string;
  /** The hosted page the member's browser is sent to. */
  url: string;
}

export interface RefundRequest {
  paymentId: number;
  /** The provider's id of the charge (from the succeeded event). */
  chargeId: string;
  amountCents: number;
  idempotencyKey: string;
}

export interface PayoutRequest {
  withdrawalId: number;
  /** The provider's id of the expert's payout destination. */
  destination: string;
  amountCents: number;
  idempotencyKey: string;
}

export interface PayoutAccountLinkRequest {
  userId: number;
  email: string;
  /** The member's account at the provider when one was made before: the link finishes or updates it. */
  accountId: string | null;
  /** Where the provider's onboarding page sends the member back (Payment Details); a hint, never proof. */
  returnUrl: string;
  /** Where it sends them when the link expired, to ask for a fresh one. */
  refreshUrl: string;
}

export interface PayoutAccountLink {
  accountId: string;
  /** The provider's onboarding page, for the member's browser. */
  url: string;
}

/** A provider event, verified, in the API's own terms. Unknown event types are acknowledged and ignored. */
export type ProviderEvent =
  | { id: string; type: 'checkout.succeeded'; paymentId: number; sessionId: string; chargeId: string; amountCents: number }
  | { id: string; type: 'checkout.failed'; paymentId: number; sessionId: string; reason: string }
  | { id: string; type: 'refund.succeeded'; paymentId: number; refundId: string; amountCents: number }
  | { id: string; type: 'payout.paid'; withdrawalId: number; payoutId: string; amountCents: number }
  | { id: string; type: 'payout.failed'; withdrawalId: number; payoutId: string; reason: string }
  /** The provider's say on a connected payout account: whether it can receive payouts, and how to describe it. */
  | { id: string; type: 'payout-account.updated'; accountId: string; ready: boolean; label: string | null };

/**
 * One movement of money as the provider records it (for the reconciliation report): a card charge, a refund, a payout
 * to an expert. `providerId` is the id our own rows keep of it (payments.providerChargeId, providerRefundId,
 * withdrawals.providerPayoutId); `ourId` the payment or withdrawal it names, when the provider kept our id with it.
 */
export interface ProviderRecord {
  movement: 'charge' | 'refund' | 'payout';
  providerId: string;
  ourId: number | null;
  /** US cents, positive whichever way the money went. */
  amountCents: number;
  status: 'succeeded' | 'pending' | 'failed';
  createdAt: string;
}

export class WebhookRejected extends Error {}

/** The provider refused a call or did not answer; the money routes turn this into a 502, settlement retries later. */
export class ProviderCallFailed extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  payout(request: PayoutRequest): Promise<{ payoutId: string }>;
  /** Makes the member's connected account (once: the key is the member) and a link to the provider's onboarding page. */
  linkPayoutAccount(request: PayoutAccountLinkRequest): Promise<PayoutAccountLink>;
  /** Makes the member's customer, which keeps their saved cards (once: the key is the member). */
  createCustomer(request: { userId: number; email: string }): Promise<{ customerId: string }>;
  /** The cards saved on a customer. */
  listCards(customerId: string): Promise<ProviderCard[]>;
  /** Forgets a card of the customer: it can no longer be charged. The caller has checked it is one of theirs. */
  detachCard(customerId: string, cardId: string): Promise<void>;
  /** Every charge, refund and payout the provider records for this platform (all pages), for the reconciliation report. */
  listRecords(): Promise<ProviderRecord[]>;
  /** Verifies the signature and the replay window over the raw body; throws WebhookRejected otherwise. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, now: Date): ProviderEvent | null;
}
