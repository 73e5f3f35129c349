// Escrow, the contract workspace, balances, statements and withdrawals (docs/decisions/0012-escrow-ledger.md).
// Server-only at run time. Rules beyond the schema (plain text, real dates, the Idempotency-Key header, the balance)
// are checked by server/src/modules/payments/rules.ts and answer 400 by field.
import { Type } from 'typebox';
import {
  CARD_ID_PATTERN,
  LEDGER_KINDS,
  MILESTONE_EVENT_KINDS,
  MILESTONE_STATUSES,
  PAYMENT_LIMITS as L,
  PAYMENT_STATUSES,
  PAYOUT_ACCOUNT_STATUSES,
  STATEMENT_ACCOUNTS,
  WITHDRAWAL_STATUSES,
} from '../payments';
import { BUDGET_TYPES, CONTRACT_STATUSES } from '../projects';
import { Nullable, StringChoice } from './common';
import { MemberSummary } from './projects';

const Cents = Type.Integer({ minimum: 1, maximum: L.centsMax, description: 'US cents (integer).' });

export const NoteInput = Type.Object({ note: Type.String({ maxLength: L.noteMax, description: 'Plain text, 1–5,000 characters.' }) }, { additionalProperties: false });
/** A submission: the note, and the shared files (uploaded by the expert, not delivered before) that make the delivery. */
export const DeliveryInput = Type.Object(
  {
    note: Type.String({ maxLength: L.noteMax, description: 'Plain text, 1–5,000 characters.' }),
    fileIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: L.deliveryFilesMax, uniqueItems: true, description: 'Shared files of this workspace to deliver with it.' })),
  },
  { additionalProperties: false },
);

export const ContractFile = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    contentType: Type.String({ description: 'Decided from the content at upload.' }),
    size: Type.Integer({ description: 'Bytes.' }),
    uploadedBy: Type.Integer({ description: 'The member who shared it (one of the two parties).' }),
    createdAt: Type.String(),
    milestoneId: Nullable(Type.Integer({ description: 'The milestone it was delivered with, if any (delivered files cannot be removed).' })),
  },
  { title: 'ContractFile' },
);

export const NewMilestoneInput = Type.Object(
  {
    title: Type.String({ maxLength: L.milestoneTitleMax }),
    amountCents: Cents,
    dueDate: Type.String({ maxLength: 10, description: "'YYYY-MM-DD', today or later." }),
  },
  { additionalProperties: false },
);

export const WithdrawalInput = Type.Object({ amountCents: Cents }, { additionalProperties: false });

/**
 * How the client pays for a milestone. Nothing: a new card on the provider's page, not kept. `saveCard`: the client
 * agrees that the provider keeps the new card for next time (on their customer at the provider). `paymentMethodId`:
 * pay with one of their saved cards. Not both.
 */
export const FundInput = Type.Object(
  {
    saveCard: Type.Optional(Type.Boolean({ description: 'Keep the card used at checkout for next time (the client agreed).' })),
    paymentMethodId: Type.Optional(Type.String({ pattern: CARD_ID_PATTERN, description: 'One of the client’s saved cards (GET /api/Payments/Cards).' })),
  },
  { additionalProperties: false },
);

export const FundResponse = Type.Object(
  {
    paymentId: Type.Integer(),
    checkoutUrl: Type.String({ description: "The provider's hosted page; the milestone is funded only when the provider's verified webhook says so." }),
  },
  { title: 'FundResponse' },
);

export const WorkspaceMilestone = Type.Object(
  {
    id: Type.Integer(),
    position: Type.Integer(),
    title: Type.String(),
    amountCents: Type.Integer(),
    feeCents: Type.Integer({ description: "The platform's fee taken when it is released, at today's rate." }),
    payoutCents: Type.Integer({ description: 'What the expert receives: amountCents − feeCents.' }),
    dueDate: Type.String(),
    status: StringChoice(MILESTONE_STATUSES),
    submittedAt: Nullable(Type.String({ description: 'When the expert last submitted it.' })),
    autoReleaseAt: Nullable(Type.String({ description: 'While submitted: when it is released if the client does not answer.' })),
    payment: Nullable(
      Type.Object(
        { id: Type.Integer(), status: StringChoice(PAYMENT_STATUSES), failureReason: Nullable(Type.String()) },
        { description: 'The latest payment attempt for this milestone (a failed one keeps its reason).' },
      ),
    ),
  },
  { title: 'WorkspaceMilestone' },
);

export const MilestoneEvent = Type.Object(
  {
    id: Type.Integer(),
    milestoneId: Type.Integer(),
    kind: StringChoice(MILESTONE_EVENT_KINDS),
    actorId: Nullable(Type.Integer({ description: 'null: the platform (a provider event, the auto-release, an operator).' })),
    note: Nullable(Type.String()),
    fileIds: Type.Array(Type.Integer(), { description: 'The shared files delivered with a submission (empty otherwise).' }),
    createdAt: Type.String(),
  },
  { title: 'MilestoneEvent' },
);

export const Workspace = Type.Object(
  {
    contract: Type.Object({
      id: Type.Integer(),
      projectId: Type.Integer(),
      projectTitle: Type.String(),
      status: StringChoice(CONTRACT_STATUSES),
      priceType: StringChoice(BUDGET_TYPES),
      priceCents: Type.Integer(),
      createdAt: Type.String(),
      client: MemberSummary,
      expert: MemberSummary,
    }),
    viewerRole: StringChoice(['client', 'expert'] as const),
    milestones: Type.Array(WorkspaceMilestone),
    events: Type.Array(MilestoneEvent, { description: 'The timeline, oldest first.' }),
    files: Type.Array(ContractFile, { description: 'Files the two parties shared, newest first.' }),
    escrowCents: Type.Integer({ description: 'Money of this contract held in escrow (from the ledger).' }),
    fee: Type.Object({ basisPoints: Type.Integer({ description: '1000 = 10 %.' }) }),
    autoReleaseDays: Type.Integer(),
  },
  { title: 'Workspace' },
);

export const Balance = Type.Object(
  {
    availableCents: Type.Integer({ description: 'What the member may withdraw (earned as an expert).' }),
    inEscrowCents: Type.Integer({ description: 'Money the member paid as a client that is held in escrow.' }),
    paidOutCents: Type.Integer({ description: 'Everything withdrawn (requested or paid; failed payouts come back to available).' }),
  },
  { title: 'Balance' },
);

export const StatementLine = Type.Object(
  {
    transactionId: Type.Integer(),
    createdAt: Type.String(),
    kind: StringChoice(LEDGER_KINDS),
    account: StringChoice(STATEMENT_ACCOUNTS, { description: "escrow: a contract's escrow; available and paid-out: the member's own." }),
    contractId: Nullable(Type.Integer()),
    milestoneId: Nullable(Type.Integer()),
    projectTitle: Nullable(Type.String()),
    milestoneTitle: Nullable(Type.String()),
    amountCents: Type.Integer({ description: 'Signed: positive adds to the account.' }),
    feeCents: Nullable(Type.Integer({ description: "On a release: the platform's fee kept from it." })),
    balanceCents: Type.Integer({ description: 'The account (that escrow, or the member’s own) after this line.' }),
    receiptPaymentId: Type.Optional(
      Type.Integer({ description: 'On a funding the member paid: the payment whose receipt they can get (GET /api/Payments/{id}/Receipt).' }),
    ),
  },
  { title: 'StatementLine' },
);

export const Statement = Type.Object(
  {
    lines: Type.Array(StatementLine, { description: 'Newest first.' }),
    fee: Type.Object({ basisPoints: Type.Integer() }),
  },
  { title: 'Statement' },
);

export const Withdrawal = Type.Object(
  {
    id: Type.Integer(),
    amountCents: Type.Integer(),
    status: StringChoice(WITHDRAWAL_STATUSES),
    failureReason: Nullable(Type.String()),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  },
  { title: 'Withdrawal' },
);
export const WithdrawalList = Type.Object({ results: Type.Array(Withdrawal) }, { title: 'WithdrawalList' });

export const PayoutAccount = Type.Object(
  {
    status: StringChoice(PAYOUT_ACCOUNT_STATUSES),
    label: Nullable(Type.String({ description: "The provider's description of the destination (bank and last digits), once it has one." })),
    updatedAt: Nullable(Type.String()),
    holdUntil: Nullable(
      Type.String({
        description: 'While withdrawals are held after a change of payout account: when the hold ends (it ends sooner once the change is confirmed from the e-mail). Null when withdrawals are not held.',
      }),
    ),
  },
  { title: 'PayoutAccount' },
);
export const PayoutAccountLink = Type.Object(
  { url: Type.String({ description: "The provider's page where the member connects (or finishes connecting) their payout account." }) },
  { title: 'PayoutAccountLink' },
);

/** Route params of one saved card: its id at the provider. */
export const CardIdParams = Type.Object({ cardId: Type.String({ pattern: CARD_ID_PATTERN, description: "The card's id at the provider." }) }, { additionalProperties: false });

/** A card the provider keeps for the member: what it says of the card (never its number), and the member's name for it. */
export const SavedCard = Type.Object(
  {
    id: Type.String({ description: "The provider's id of the saved card (a payment method)." }),
    brand: Type.String({ description: "The card network as the provider names it: 'visa', 'mastercard', …" }),
    last4: Type.String(),
    expMonth: Type.Integer({ minimum: 1, maximum: 12 }),
    expYear: Type.Integer(),
    name: Nullable(Type.String({ description: 'The name the member gave it, if any.' })),
  },
  { title: 'SavedCard' },
);
export const SavedCardList = Type.Object({ results: Type.Array(SavedCard) }, { title: 'SavedCardList' });
export const SavedCardNameInput = Type.Object(
  { name: Type.String({ maxLength: 200, description: `Plain text, at most ${L.cardNameMax} characters once trimmed; empty removes the name.` }) },
  { additionalProperties: false },
);

export const WebhookAck = Type.Object({ received: Type.Boolean(), duplicate: Type.Boolean() }, { title: 'WebhookAck' });
