// Escrow: milestone money, the workspace of a contract, balances, statements and withdrawals
// (docs/decisions/0012-escrow-ledger.md). Constants, messages and types shared by the API and the front end.
// Types are Static<> of the TypeBox schemas in ./schemas/payments (type-only import).
import type { Static } from 'typebox';
import { formatCents, groupDigits } from './format';
import { PROJECT_LIMITS } from './projects';
import type * as S from './schemas/payments';

/**
 * A contract milestone's states. `proposed`: added by the client to an active contract, waiting for the expert's
 * acceptance; `cancelled`: never funded, closed when the client ended the contract.
 */
export const MILESTONE_STATUSES = ['proposed', 'pending', 'funded', 'submitted', 'disputed', 'released', 'refunded', 'split', 'cancelled'] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];
/** Milestones whose amount is in escrow. */
export const ESCROW_HELD_STATUSES = ['funded', 'submitted', 'disputed'] as const;
/**
 * Milestones that are settled: nothing more can happen to them. `split`: an operator settled its dispute with part
 * released to the expert and the rest refunded to the client.
 */
export const SETTLED_MILESTONE_STATUSES = ['released', 'refunded', 'split', 'cancelled'] as const;

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const WITHDRAWAL_STATUSES = ['requested', 'paid', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * Where an expert's payouts go: nothing connected yet, connected at the provider but not yet able to receive money
 * (onboarding unfinished or under review), or ready. Only a ready account can receive a withdrawal.
 */
export const PAYOUT_ACCOUNT_STATUSES = ['none', 'pending', 'ready'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

/** What the workspace's timeline shows, one entry per change of a milestone. */
export const MILESTONE_EVENT_KINDS = [
  'added',
  'accepted',
  'payment-failed',
  'funded',
  'submitted',
  'changes-requested',
  'approved',
  'auto-released',
  'refunded',
  'disputed',
  'resolved',
  'cancelled',
] as const;
export type MilestoneEventKind = (typeof MILESTONE_EVENT_KINDS)[number];

/** A milestone's state in the words the parties read (never by colour alone); the operators' console uses them too. */
export const MILESTONE_STATUS_LABELS: Record<MilestoneStatus, string> = {
  proposed: 'Proposed, waiting for the expert',
  pending: 'Waiting for funding',
  funded: 'Funded, in escrow',
  submitted: 'Work submitted',
  disputed: 'Disputed',
  released: 'Released',
  refunded: 'Refunded',
  split: 'Split by SciExperts',
  cancelled: 'Cancelled',
};

/** What happened, as the parties' timeline says it ('Funded', then ' by Olivia' when a member did it). */
export const MILESTONE_EVENT_LABELS: Record<MilestoneEventKind, string> = {
  added: 'Milestone added',
  accepted: 'Accepted',
  'payment-failed': 'Payment failed',
  funded: 'Funded',
  submitted: 'Work submitted',
  'changes-requested': 'Changes requested',
  approved: 'Approved and released',
  'auto-released': 'Released automatically',
  refunded: 'Refunded',
  disputed: 'Dispute opened',
  resolved: 'Dispute resolved by SciExperts',
  cancelled: 'Cancelled',
};

/** The kinds of ledger transactions, as the statement names them. */
export const LEDGER_KINDS = ['funding', 'refund', 'release', 'auto-release', 'withdrawal', 'payout-reversal'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The member's own accounts a statement line is about. */
export const STATEMENT_ACCOUNTS = ['escrow', 'available', 'paid-out'] as const;

/** How an operator settles a disputed milestone. */
export const RESOLVE_OUTCOMES = ['release', 'refund'] as const;
export type ResolveOutcome = (typeof RESOLVE_OUTCOMES)[number];

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const PAYMENT_LIMITS = {
  noteMax: 5000,
  idempotencyKeyMin: 8,
  idempotencyKeyMax: 100,
  /** Milestones on one contract, those added after hiring included. */
  milestonesMax: 50,
  milestoneTitleMax: PROJECT_LIMITS.milestoneTitleMax,
  centsMax: PROJECT_LIMITS.centsMax,
  defaultFeeBasisPoints: 1000,
  defaultAutoReleaseDays: 14,
  /** Shared files in one contract's workspace (each within the project attachments' size and types). */
  contractFilesMax: 50,
  /** Files delivered with one submission. */
  deliveryFilesMax: 10,
  /** The name a client gives a saved card ("Lab card"). */
  cardNameMax: 40,
  /** A saved card's id at the provider (a Stripe PaymentMethod id such as pm_1Nx…). */
  cardIdMax: 100,
} as const;

/** A saved card's id at the provider: letters, digits and underscores (Stripe's pm_… and the stand-in's alike). */
export const CARD_ID_PATTERN = '^[A-Za-z0-9_]{3,100}$';

/** 8–100 visible ASCII characters (a UUID is the usual choice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,100}$/;

/** A fresh key for one user action; a retry of the same action sends the same key again. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** The platform's fee on a released milestone: floor(amount × basis points / 10 000), in cents. */
export function platformFeeCents(amountCents: number, basisPoints: number): number {
  return Math.floor((amountCents * basisPoints) / 10_000);
}

/** A price split between the platform and the expert, in cents. */
export interface FeeSplit {
  feeCents: number;
  payoutCents: number;
}

/**
 * The fee and what the expert receives for a price paid as these amounts: a fixed price's milestones, or one hour at
 * an hourly rate. Each amount's fee is rounded down on its own, exactly as each milestone's is when it is released,
 * so the total shown before hiring is the total taken after.
 */
export function feeSplit(amountsCents: readonly number[], basisPoints: number): FeeSplit {
  let feeCents = 0;
  let total = 0;
  for (const amount of amountsCents) {
    feeCents += platformFeeCents(amount, basisPoints);
    total += amount;
  }
  return { feeCents, payoutCents: total - feeCents };
}

/** The site page of a contract's workspace (where the provider's checkout sends the member back). */
export function workspacePagePath(contractId: number): string {
  return `/profile/workspace/${contractId}`;
}

/** The Payment Details page, where the provider's payout-account onboarding sends the member back. */
export const PAYMENT_DETAILS_PAGE_PATH = '/profile/payment';
/** The query the return from the provider's onboarding carries: 'return' (done or left) or 'refresh' (the link expired). */
export const PAYOUT_ACCOUNT_RETURN_PARAM = 'payoutAccount';

/** 'R-000042': the number on a payment's receipt. */
export function receiptNumber(paymentId: number): string {
  return `R-${String(paymentId).padStart(6, '0')}`;
}

/** The name a payment's receipt is saved under, by the API's Content-Disposition and by the browser alike. */
export function receiptFileName(paymentId: number): string {
  return `sciexperts-receipt-${receiptNumber(paymentId)}.pdf`;
}

export function withdrawalTooLargeMessage(availableCents: number): string {
  return `You can withdraw at most ${formatCents(availableCents)}.`;
}

export const PAYMENT_MESSAGES = {
  notConfigured: 'Payments are not available on this server yet. Please try again later.',
  providerUnavailable: 'The payment provider could not be reached. Please try again.',
  idempotencyKeyRequired: `This request needs an ${IDEMPOTENCY_KEY_HEADER} header of ${PAYMENT_LIMITS.idempotencyKeyMin} to ${PAYMENT_LIMITS.idempotencyKeyMax} visible characters.`,
  idempotencyKeyReused: `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request.`,
  contractNotFound: 'This contract is not available.',
  milestoneNotFound: 'This milestone is not available.',
  receiptNotFound: 'This receipt is not available.',
  clientOnly: 'Only the client of this contract can do this.',
  expertOnly: 'Only the expert of this contract can do this.',
  contractNotActive: 'This contract has ended.',
  notPending: 'Only an accepted milestone that is not funded yet can be funded.',
  notProposed: 'Only a milestone the client proposed can be accepted.',
  notFunded: 'Only a funded milestone can be submitted.',
  notSubmitted: 'Only a submitted milestone can be approved, sent back for changes or disputed.',
  cannotRefund: 'Only a funded milestone that has not been submitted can be refunded.',
  notDisputed: 'Only a disputed milestone can be resolved.',
  moneyInEscrow: 'The contract can end only when no milestone holds money in escrow: approve, refund or resolve them first.',
  noteRequired: 'Please add a note.',
  noteTooLong: `The note may be at most ${groupDigits(PAYMENT_LIMITS.noteMax)} characters.`,
  plainText: 'Please use plain text (no control characters).',
  titleRequired: 'Please give the milestone a title.',
  dateInvalid: 'Dates must be real calendar dates (YYYY-MM-DD).',
  dateInPast: 'The date must be today or later.',
  tooManyMilestones: `A contract has at most ${PAYMENT_LIMITS.milestonesMax} milestones.`,
  nothingToWithdraw: 'There is nothing to withdraw yet.',
  fileNotFound: 'This file is not available.',
  filesTooMany: `A contract holds at most ${PAYMENT_LIMITS.contractFilesMax} shared files: remove one first.`,
  filesLocked: 'Files can be shared only while the contract is active.',
  fileNotYours: 'Only the member who shared a file can remove it.',
  fileDelivered: 'A file delivered with a milestone stays in the workspace.',
  deliveryFilesInvalid: 'Deliver only files you shared in this workspace that were not delivered before.',
  payoutAccountNeeded: 'Connect a payout account before you withdraw.',
  payoutAccountPending: 'Your payout account is not ready to receive money yet. Finish connecting it, then withdraw.',
  cardNotFound: 'This card is not available.',
  cardNameTooLong: `A card's name may be at most ${PAYMENT_LIMITS.cardNameMax} characters.`,
  cardChoiceConflict: 'Pay with a saved card or save a new one, not both.',
  cardNotSaved: 'Choose one of your saved cards, or pay with a new card.',
  webhookRejected: 'The webhook signature is missing, wrong or too old.',
  webhookMalformed: 'The webhook event lacks the fields of its type.',
} as const;

export type NoteInput = Static<typeof S.NoteInput>;
export type DeliveryInput = Static<typeof S.DeliveryInput>;
export type ContractFile = Static<typeof S.ContractFile>;
export type NewMilestoneInput = Static<typeof S.NewMilestoneInput>;
export type WithdrawalInput = Static<typeof S.WithdrawalInput>;
export type FundResponse = Static<typeof S.FundResponse>;
export type WorkspaceMilestone = Static<typeof S.WorkspaceMilestone>;
export type MilestoneEvent = Static<typeof S.MilestoneEvent>;
export type Workspace = Static<typeof S.Workspace>;
export type Balance = Static<typeof S.Balance>;
export type StatementLine = Static<typeof S.StatementLine>;
export type Statement = Static<typeof S.Statement>;
export type Withdrawal = Static<typeof S.Withdrawal>;
export type WithdrawalList = Static<typeof S.WithdrawalList>;
export type PayoutAccount = Static<typeof S.PayoutAccount>;
export type PayoutAccountLink = Static<typeof S.PayoutAccountLink>;
export type WebhookAck = Static<typeof S.WebhookAck>;
export type FundInput = Static<typeof S.FundInput>;
export type SavedCard = Static<typeof S.SavedCard>;
export type SavedCardList = Static<typeof S.SavedCardList>;
export type SavedCardNameInput = Static<typeof S.SavedCardNameInput>;
