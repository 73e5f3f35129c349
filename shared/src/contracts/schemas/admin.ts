// The operators' console API (/api/admin) and the parties' dispute statements. Server-only at run time; mf-admin
// and mf-projects read the Static<> types with `import type`.
import { Type } from 'typebox';
import { ADMIN_LIMITS as L, AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, DISPUTE_OUTCOMES, OPERATOR_ROLES, PROVIDER_MOVEMENTS, RECONCILIATION_DIFFERENCES, REPORT_OUTCOMES, REPORT_REASONS, REPORT_SORTS, REPORT_STATUSES, REPORT_TARGETS } from '../admin';
import { MILESTONE_EVENT_KINDS, MILESTONE_STATUSES, PAYMENT_LIMITS } from '../payments';
import { BUDGET_TYPES, CONTRACT_STATUSES, PROJECT_STATUSES } from '../projects';
import { Nullable, StringChoice } from './common';

export const Operator = Type.Object(
  { id: Type.Integer(), email: Type.String(), role: StringChoice(OPERATOR_ROLES) },
  { title: 'Operator' },
);

export const AdminSignInBody = Type.Object(
  {
    email: Type.String({ maxLength: 254 }),
    password: Type.String({ maxLength: L.passwordMax }),
    code: Type.Optional(Type.String({ maxLength: 20, description: 'The second factor: a 6-digit TOTP code or a recovery code.' })),
  },
  { additionalProperties: false },
);

/**
 * Signing in is one call, made again with the code: the password alone answers `code-required` (or, at the first
 * sign-in, `setup-required` with the authenticator's setup); the password and a right code answer `signed-in`.
 */
export const AdminSession = Type.Object(
  {
    status: StringChoice(['signed-in', 'code-required', 'setup-required'] as const),
    token: Type.Optional(Type.String({ description: 'signed-in: an operator token (opaque; never a member token), sent as `Authorization: Bearer …` to /api/admin.' })),
    expiresAt: Type.Optional(Type.String()),
    operator: Type.Optional(Operator),
    enrolment: Type.Optional(
      Type.Object(
        { secret: Type.String({ description: 'Base32, to type into the app by hand.' }), otpauthUri: Type.String(), qrCodeDataUrl: Type.String({ description: 'data:image/svg+xml' }) },
        { description: 'setup-required: add this to an authenticator app, then sign in again with its code.' },
      ),
    ),
    recoveryCodes: Type.Optional(Type.Array(Type.String(), { description: 'The first sign-in only: ten one-time recovery codes, shown once.' })),
    passwordChangeRequired: Type.Optional(
      Type.Boolean({ description: 'signed-in with the one-time password from create-operator: the console answers 403 (reason password-change) to everything but the password change until it is changed.' }),
    ),
  },
  { title: 'AdminSession' },
);

/** The operator's new password. Within a few minutes of signing in that is all; later `code` is the step-up. */
export const AdminPasswordBody = Type.Object(
  {
    currentPassword: Type.String({ maxLength: L.passwordMax }),
    newPassword: Type.String({ maxLength: L.passwordMax }),
    code: Type.Optional(Type.String({ maxLength: 20, description: 'The step-up: a 6-digit TOTP code or a recovery code (asked with 403, reason step-up).' })),
  },
  { additionalProperties: false },
);

export const AuditEntry = Type.Object(
  {
    id: Type.Integer(),
    operatorId: Type.Integer(),
    operatorEmail: Type.String(),
    role: StringChoice(OPERATOR_ROLES),
    action: StringChoice(AUDIT_ACTIONS),
    objectType: Nullable(Type.String({ description: "'milestone', 'member', …" })),
    objectId: Nullable(Type.String()),
    reason: Nullable(Type.String({ description: 'The reason the operator typed.' })),
    details: Nullable(Type.String({ description: 'What the action did, in words (amounts of a split).' })),
    address: Type.String({ description: 'The address the action came from.' }),
    at: Type.String(),
  },
  { title: 'AuditEntry' },
);

export const AuditQuery = Type.Object(
  {
    before: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,8}$', description: 'Entries older than this id (the next page).' })),
    limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$', description: `At most ${L.auditPageMax}; ${L.auditPageSize} when not given.` })),
    operatorId: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,8}$', description: 'Only what this operator did.' })),
    action: Type.Optional(StringChoice(AUDIT_ACTIONS, { description: 'Only this action.' })),
    objectType: Type.Optional(StringChoice(AUDIT_OBJECT_TYPES, { description: 'Only entries about this kind of object.' })),
    objectId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'With objectType: only entries about this one object.' })),
    from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "'YYYY-MM-DD': entries on or after this day (UTC)." })),
    to: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "'YYYY-MM-DD': entries on or before this day (UTC)." })),
  },
  { additionalProperties: false },
);

export const AuditPage = Type.Object(
  {
    entries: Type.Array(AuditEntry, { description: 'Newest first, those the filters let through.' }),
    nextBefore: Nullable(Type.Integer({ description: 'The next page: `before` with the same filters; null on the last page.' })),
    operators: Type.Array(Type.Object({ id: Type.Integer(), email: Type.String() }), { description: 'Every operator, for the filter.' }),
  },
  { title: 'AuditPage' },
);

const Party = Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() });

export const DisputeQueueItem = Type.Object(
  {
    milestoneId: Type.Integer(),
    contractId: Type.Integer(),
    projectTitle: Type.String(),
    milestoneTitle: Type.String(),
    amountCents: Type.Integer(),
    client: Party,
    expert: Party,
    disputedAt: Type.String(),
    waitingSeconds: Type.Integer({ description: 'How long it has waited for an operator.' }),
  },
  { title: 'DisputeQueueItem' },
);

export const DisputeQueue = Type.Object({ items: Type.Array(DisputeQueueItem, { description: 'Oldest first.' }) }, { title: 'DisputeQueue' });

const FileRef = Type.Object({ id: Type.Integer(), name: Type.String(), contentType: Type.String(), size: Type.Integer(), uploadedBy: Type.Integer(), createdAt: Type.String() });

export const DisputeStatement = Type.Object(
  {
    id: Type.Integer(),
    authorId: Type.Integer(),
    role: StringChoice(['client', 'expert'] as const),
    text: Type.String(),
    files: Type.Array(FileRef),
    createdAt: Type.String(),
  },
  { title: 'DisputeStatement' },
);

export const DisputeStatements = Type.Object({ statements: Type.Array(DisputeStatement, { description: 'Oldest first.' }) }, { title: 'DisputeStatements' });

export const DisputeResolution = Type.Object(
  {
    outcome: StringChoice(DISPUTE_OUTCOMES),
    expertCents: Type.Integer({ description: 'The part released to the expert (before the fee).' }),
    clientCents: Type.Integer({ description: 'The part refunded to the client.' }),
    reason: Type.String(),
    by: Type.String({ description: "The operator's e-mail." }),
    at: Type.String(),
  },
  { title: 'DisputeResolution' },
);

export const DisputeDetail = Type.Object(
  {
    milestone: Type.Object({ id: Type.Integer(), title: Type.String(), amountCents: Type.Integer(), dueDate: Type.String(), status: StringChoice(MILESTONE_STATUSES) }),
    contract: Type.Object({
      id: Type.Integer(),
      projectId: Type.Integer(),
      projectTitle: Type.String(),
      projectDescription: Type.String(),
      status: StringChoice(CONTRACT_STATUSES),
      priceType: StringChoice(BUDGET_TYPES),
      priceCents: Type.Integer(),
      createdAt: Type.String(),
      client: Party,
      expert: Party,
    }),
    disputedAt: Nullable(Type.String()),
    timeline: Type.Array(
      Type.Object({ id: Type.Integer(), kind: StringChoice(MILESTONE_EVENT_KINDS), actorId: Nullable(Type.Integer()), note: Nullable(Type.String()), createdAt: Type.String() }),
      { description: "This milestone's timeline, oldest first." },
    ),
    deliveredFiles: Type.Array(FileRef, { description: 'The files delivered with this milestone.' }),
    messages: Type.Array(Type.Object({ id: Type.Integer(), senderId: Type.Integer(), text: Type.String(), createdAt: Type.String() }), {
      description: 'The two parties’ messages to each other since the contract began, oldest first (read-only; the latest 200).',
    }),
    statements: Type.Array(DisputeStatement),
    resolution: Nullable(DisputeResolution),
    feeBasisPoints: Type.Integer(),
  },
  { title: 'DisputeDetail' },
);

export const ResolveDisputeBody = Type.Object(
  {
    outcome: StringChoice(DISPUTE_OUTCOMES),
    reason: Type.String({ maxLength: L.reasonMax }),
    expertCents: Type.Optional(Type.Integer({ minimum: 1, maximum: PAYMENT_LIMITS.centsMax, description: 'A split only: the part released to the expert; the rest goes back to the client.' })),
  },
  { additionalProperties: false },
);

export const ResolveDisputeResponse = Type.Object({ resolution: DisputeResolution, repeated: Type.Boolean({ description: 'true: this very resolution was made before; nothing changed.' }) }, { title: 'ResolveDisputeResponse' });

export const DisputeStatementBody = Type.Object(
  {
    text: Type.String({ maxLength: L.statementMax }),
    fileIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: L.statementFilesMax, uniqueItems: true, description: 'Files shared in this workspace.' })),
  },
  { additionalProperties: false },
);

export const MembersQuery = Type.Object({ q: Type.String({ maxLength: L.memberQueryMax, description: 'Part of a name or e-mail address (at least 2 characters).' }) }, { additionalProperties: false });

const Hidden = Type.Object({ at: Type.String(), reason: Type.String({ description: 'What the member was told.' }) });

/** One of a member's projects as operators see it, to hide or unhide it from the member's page. */
export const AdminMemberProject = Type.Object(
  { id: Type.Integer(), title: Type.String(), status: StringChoice(PROJECT_STATUSES), hidden: Nullable(Hidden) },
  { title: 'AdminMemberProject' },
);

/** A report about a member (what they wrote or own), open or closed, as their page in the console lists it. */
export const AdminMemberReport = Type.Object(
  {
    id: Type.Integer(),
    targetType: StringChoice(REPORT_TARGETS),
    targetId: Type.Integer(),
    target: Type.String({ description: 'What was reported: the message, the project’s title, the proposal’s letter, the profile’s headline (cut to 280 characters).' }),
    reason: StringChoice(REPORT_REASONS),
    note: Nullable(Type.String()),
    status: StringChoice(REPORT_STATUSES),
    createdAt: Type.String(),
    closedAt: Nullable(Type.String()),
  },
  { title: 'AdminMemberReport' },
);

export const AdminMemberReports = Type.Object(
  {
    about: Type.Array(AdminMemberReport, { description: `Reports about the member, open and closed, newest first (at most ${L.memberReportsMax}).` }),
    aboutCount: Type.Integer({ description: 'How many reports are about the member in all.' }),
    filed: Type.Integer({ description: 'How many reports the member filed.' }),
  },
  { title: 'AdminMemberReports', description: 'The reports about the member and the number they filed; null for a role that does not read reports (finance).' },
);

/** A member as operators see them: account state and contracts; never password hashes or tokens. */
export const AdminMember = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    createdAt: Type.String(),
    signInWith: StringChoice(['password', 'oidc'] as const),
    emailVerified: Type.Boolean(),
    deleted: Type.Boolean(),
    suspended: Nullable(Type.Object({ at: Type.String(), reason: Type.String() })),
    profilePublic: Type.Boolean(),
    profileHidden: Nullable(Type.Object({ ...Hidden.properties }, { description: 'Hidden from the directory by an operator (not a suspension: the account works).' })),
    projects: Type.Array(AdminMemberProject, { description: 'Their projects, drafts left out, newest first (at most 20).' }),
    activeSessions: Type.Integer(),
    contracts: Type.Object({ asClient: Type.Integer(), asExpert: Type.Integer() }),
    reports: Nullable(AdminMemberReports),
  },
  { title: 'AdminMember' },
);

export const AdminMembers = Type.Object({ members: Type.Array(AdminMember, { description: `At most ${L.membersPageMax}, newest first.` }) }, { title: 'AdminMembers' });

export const AdminReason = Type.Object({ reason: Type.String({ maxLength: L.reasonMax }) }, { additionalProperties: false });

const Waiting = Type.Object({ id: Type.Integer(), amountCents: Type.Integer(), memberId: Type.Integer(), since: Type.String(), reason: Nullable(Type.String()) });

export const MoneyOverview = Type.Object(
  {
    totals: Type.Object(
      {
        inEscrowCents: Type.Integer({ description: 'Held for milestones now (every escrow account).' }),
        releasedCents: Type.Integer({ description: 'Released from escrow to experts, fees included, ever.' }),
        refundedCents: Type.Integer({ description: 'Returned to clients, ever (booked).' }),
        feesCents: Type.Integer({ description: "The platform's fees." }),
        waitingForPayoutCents: Type.Integer({ description: "Experts' balances not withdrawn yet." }),
        paidOutCents: Type.Integer({ description: 'Withdrawn by experts (requested or paid).' }),
      },
      { description: 'From the ledger.' },
    ),
    refundsNotAcknowledged: Type.Array(Waiting, { description: 'Refunds booked that the provider has not acknowledged (retry asks again).' }),
    payoutsNotAcknowledged: Type.Array(Waiting, { description: 'Withdrawals the provider has not acknowledged (retry asks again).' }),
    failedPayouts: Type.Array(Waiting, { description: 'Payouts the bank returned: the money is back in the expert’s balance.' }),
  },
  { title: 'MoneyOverview' },
);

export const RetryResponse = Type.Object({ sent: Type.Boolean() }, { title: 'RetryResponse' });

/** One of a list, or null (the null in the list too, so that a validator of the enum accepts it). */
const NullableChoice = <T extends string>(choices: readonly T[]) => Type.Unsafe<T | null>({ type: ['string', 'null'], enum: [...choices, null] });

export const ReconciliationDifference = Type.Object(
  {
    kind: StringChoice(RECONCILIATION_DIFFERENCES),
    movement: StringChoice(PROVIDER_MOVEMENTS),
    ourId: Nullable(Type.Integer({ description: 'The payment (a charge, a refund) or the withdrawal (a payout) it is about; null when the provider names none of ours.' })),
    providerId: Nullable(Type.String({ description: "The provider's id of it, when either side knows one." })),
    ledgerCents: Nullable(Type.Integer({ description: 'What the ledger booked; null when the ledger has nothing.' })),
    providerCents: Nullable(Type.Integer({ description: 'What the provider records; null when it has nothing.' })),
    ledgerStatus: NullableChoice(['succeeded', 'failed'] as const),
    providerStatus: NullableChoice(['succeeded', 'pending', 'failed'] as const),
    at: Type.String({ description: 'When it was booked, or when the provider recorded it.' }),
    description: Type.String({ description: 'The difference in words.' }),
  },
  { title: 'ReconciliationDifference' },
);

export const Reconciliation = Type.Object(
  {
    provider: StringChoice(['local', 'stripe'] as const),
    ranAt: Type.String(),
    ledgerCount: Type.Integer({ description: 'Movements the ledger booked with the provider (charges, refunds, payouts).' }),
    providerCount: Type.Integer({ description: 'Records the provider listed.' }),
    matched: Type.Integer({ description: 'Movements found on both sides with the same amount and outcome.' }),
    differences: Type.Array(ReconciliationDifference, { description: 'Every difference, the oldest first; empty when the two agree.' }),
  },
  { title: 'Reconciliation' },
);

export const ReportBody = Type.Object(
  {
    targetType: StringChoice(REPORT_TARGETS),
    targetId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    reason: StringChoice(REPORT_REASONS),
    note: Type.Optional(Type.String({ maxLength: L.reportNoteMax, description: 'What happened, in the member’s words (optional).' })),
  },
  { additionalProperties: false },
);

export const ReportReceipt = Type.Object({ id: Type.Integer(), message: Type.String() }, { title: 'ReportReceipt' });

export const AdminReport = Type.Object(
  {
    id: Type.Integer(),
    targetType: StringChoice(REPORT_TARGETS),
    targetId: Type.Integer(),
    reason: StringChoice(REPORT_REASONS),
    note: Nullable(Type.String()),
    reporter: Type.Object({ id: Type.Integer(), name: Type.String() }),
    subject: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() }, { description: 'The member responsible for what was reported.' })),
    excerpt: Type.String({ description: 'What was reported: the message, the project’s title, the proposal’s letter, the profile’s headline.' }),
    createdAt: Type.String(),
    waitingSeconds: Type.Integer(),
    reporters: Type.Integer({ description: 'How many members have an open report about the same target (this one included).' }),
  },
  { title: 'AdminReport' },
);

export const ReportsQuery = Type.Object(
  {
    page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$', description: 'The page, from 1.' })),
    sort: Type.Optional(StringChoice(REPORT_SORTS, { description: 'oldest (the default): the longest-waiting first; reporters: the targets most members reported first, then the oldest.' })),
  },
  { additionalProperties: false },
);

export const AdminReports = Type.Object(
  {
    reports: Type.Array(AdminReport, { description: `Open reports in the order asked, at most ${L.reportsPageSize} a page.` }),
    page: Type.Integer({ description: 'This page, from 1.' }),
    pages: Type.Integer({ description: 'How many pages the open reports fill now (at least 1).' }),
    total: Type.Integer({ description: 'How many reports are open in all.' }),
    sort: StringChoice(REPORT_SORTS),
  },
  { title: 'AdminReports' },
);

/** Suspending a member: the reason they are told, and the report it answers (closed as acted on in the same transaction). */
export const SuspendBody = Type.Object(
  {
    reason: Type.String({ maxLength: L.reasonMax }),
    reportId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'An open report about this member: closed as actioned with the suspension, or neither happens.' })),
  },
  { additionalProperties: false },
);

/** Hiding a project or a profile: the reason the member is told, and the report it answers (closed as acted on). */
export const HideBody = Type.Object(
  {
    reason: Type.String({ maxLength: L.reasonMax }),
    reportId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The open report this answers: closed as actioned in the same transaction.' })),
  },
  { additionalProperties: false },
);

export const CloseReportBody = Type.Object({ outcome: StringChoice(REPORT_OUTCOMES), reason: Type.String({ maxLength: L.reasonMax }) }, { additionalProperties: false });

export const ConciergeQueueItem = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    need: Type.String(),
    budget: Type.String(),
    deadline: Type.String(),
    createdAt: Type.String(),
    waitingSeconds: Type.Integer({ description: 'How long it has waited for an answer.' }),
    nearingDeadline: Type.Boolean({ description: `Unanswered for ${L.conciergeFlagHours} hours or more: the ${L.conciergePromiseHours}-hour promise is close.` }),
  },
  { title: 'ConciergeQueueItem' },
);

export const ConciergeQueue = Type.Object({ requests: Type.Array(ConciergeQueueItem, { description: 'Unanswered requests, the oldest first.' }) }, { title: 'ConciergeQueue' });

export const ShortlistBody = Type.Object(
  {
    expertIds: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { minItems: 1, maxItems: L.shortlistMax, uniqueItems: true }),
    note: Type.String({ maxLength: L.reasonMax, description: 'A few words to the requester about the choice.' }),
  },
  { additionalProperties: false },
);
