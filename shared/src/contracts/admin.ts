// The operators' console (mf-admin) and its API under /api/admin (docs/decisions: the console's authorization and
// audit log). Operators are accounts of their own, not members: a member's token never opens an admin route (404,
// so the console is not advertised), and every admin route checks the operator's role on the server.
// Types are Static<> of the TypeBox schemas in ./schemas/admin (type-only import).
import type { Static } from 'typebox';
import type * as S from './schemas/admin';
import { CONCIERGE_LIMITS } from './concierge';

/** The API's prefix for the console; the CORS list never applies below it (same-origin only). */
export const ADMIN_API_PREFIX = '/api/admin';

export const ADMIN_PATHS = {
  session: `${ADMIN_API_PREFIX}/Session`,
  me: `${ADMIN_API_PREFIX}/Me`,
  /** POST: the operator changes their password (the current one, and a fresh sign-in or a code: the step-up). */
  password: `${ADMIN_API_PREFIX}/Password`,
  audit: `${ADMIN_API_PREFIX}/Audit`,
  disputes: `${ADMIN_API_PREFIX}/Disputes`,
  dispute: `${ADMIN_API_PREFIX}/Disputes/:milestoneId`,
  disputeResolve: `${ADMIN_API_PREFIX}/Disputes/:milestoneId/Resolve`,
  members: `${ADMIN_API_PREFIX}/Members`,
  /** One member's page in the console (audited: an operator's read of a member is recorded). */
  member: `${ADMIN_API_PREFIX}/Members/:memberId`,
  memberEndSessions: `${ADMIN_API_PREFIX}/Members/:memberId/EndSessions`,
  memberResendVerification: `${ADMIN_API_PREFIX}/Members/:memberId/ResendVerification`,
  memberSuspend: `${ADMIN_API_PREFIX}/Members/:memberId/Suspend`,
  memberLift: `${ADMIN_API_PREFIX}/Members/:memberId/Lift`,
  /** GET ?page=&sort=oldest|reporters: every open report, a page at a time. */
  reports: `${ADMIN_API_PREFIX}/Reports`,
  reportClose: `${ADMIN_API_PREFIX}/Reports/:reportId/Close`,
  projectHide: `${ADMIN_API_PREFIX}/Projects/:projectId/Hide`,
  projectUnhide: `${ADMIN_API_PREFIX}/Projects/:projectId/Unhide`,
  memberHideProfile: `${ADMIN_API_PREFIX}/Members/:memberId/HideProfile`,
  memberUnhideProfile: `${ADMIN_API_PREFIX}/Members/:memberId/UnhideProfile`,
  concierge: `${ADMIN_API_PREFIX}/Concierge`,
  conciergeShortlist: `${ADMIN_API_PREFIX}/Concierge/:requestId/Shortlist`,
  money: `${ADMIN_API_PREFIX}/Money`,
  refundRetry: `${ADMIN_API_PREFIX}/Money/Refunds/:paymentId/Retry`,
  payoutRetry: `${ADMIN_API_PREFIX}/Money/Payouts/:withdrawalId/Retry`,
  /** POST: compares the ledger with the payment provider's own records now (audited), and answers the differences. */
  moneyReconciliation: `${ADMIN_API_PREFIX}/Money/Reconciliation`,
  vetting: `${ADMIN_API_PREFIX}/Vetting`,
  vettingRequest: `${ADMIN_API_PREFIX}/Vetting/:requestId`,
  vettingFile: `${ADMIN_API_PREFIX}/Vetting/:requestId/Files/:fileId`,
  vettingDecide: `${ADMIN_API_PREFIX}/Vetting/:requestId/Decide`,
} as const;

/** The member-side addition to the dispute flow: a party's statement (and files) on a disputed milestone. */
export const DISPUTE_STATEMENT_PATH = '/api/Milestones/:id/DisputeStatement';
/** A member reports a profile, a project, a proposal or a message to the operators. */
export const REPORTS_PATH = '/api/Reports';
export const REPORT_TARGETS = ['profile', 'project', 'proposal', 'message'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
/** The reasons a member picks from, with the words the Report dialog shows. */
export const REPORT_REASONS = ['spam', 'harassment', 'fraud', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or abuse',
  fraud: 'Fraud or a scam',
  inappropriate: 'Inappropriate content',
  other: 'Something else',
};
export const REPORT_OUTCOMES = ['dismissed', 'actioned'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
/** A report waits ('open') until an operator closes it with an outcome. */
export const REPORT_STATUSES = ['open', ...REPORT_OUTCOMES] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** How the operators' queue orders open reports: the oldest first, or by how many members reported the same target. */
export const REPORT_SORTS = ['oldest', 'reporters'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

/** Both parties read the statements of a dispute (their own and the other party's). */
export const DISPUTE_STATEMENTS_PATH = '/api/Milestones/:id/DisputeStatements';

/**
 * The roles: `operator` runs trust and safety (disputes, vetting, moderation, concierge, members), `finance` the
 * money (disputes are money decisions too, the ledger's totals, payouts, reconciliation), `support` answers members
 * (reads disputes, concierge, members) and decides nothing about money; `release` ships the remotes (the Releases page:
 * register, promote, canary, rollback) and sees nothing about members or money.
 */
export const OPERATOR_ROLES = ['operator', 'finance', 'support', 'release'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** What each role may do; the server checks this table on every admin route. */
export const ADMIN_PERMISSIONS = {
  'audit.read': ['operator', 'finance'],
  'disputes.read': ['operator', 'finance', 'support'],
  'disputes.resolve': ['operator', 'finance'],
  'members.read': ['operator', 'finance', 'support'],
  'members.act': ['operator', 'support'],
  'members.suspend': ['operator'],
  'reports.read': ['operator', 'support'],
  'reports.close': ['operator'],
  /** Hiding a project, or a profile from the directory (not suspending: the account keeps working). */
  'moderation.hide': ['operator'],
  'concierge.read': ['operator', 'support'],
  'concierge.answer': ['operator', 'support'],
  'money.read': ['operator', 'finance'],
  'money.retry': ['finance'],
  'money.reconcile': ['finance'],
  // Identity documents are personal data: only the trust-and-safety role reads them and decides.
  'vetting.read': ['operator'],
  'vetting.decide': ['operator'],
  // Partner apps (issue 45): support reads the list to answer a partner; only trust and safety registers, rotates, suspends.
  'partners.read': ['operator', 'support'],
  'partners.manage': ['operator'],
  // Releases of the remotes: the release role, and the trust-and-safety operators who run the console.
  'releases.read': ['operator', 'release'],
  'releases.change': ['operator', 'release'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type AdminPermission = keyof typeof ADMIN_PERMISSIONS;

export function mayDo(role: OperatorRole, permission: AdminPermission): boolean {
  return (ADMIN_PERMISSIONS[permission] as readonly OperatorRole[]).includes(role);
}

/** How a dispute ends: all to the expert, all back to the client, or part to each. */
export const DISPUTE_OUTCOMES = ['release', 'refund', 'split'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

/** The money the provider moves for us, as the reconciliation report names it: a card charge, a refund, a payout. */
export const PROVIDER_MOVEMENTS = ['charge', 'refund', 'payout'] as const;
export type ProviderMovement = (typeof PROVIDER_MOVEMENTS)[number];
/** How the ledger and the provider's records can disagree about one movement. */
export const RECONCILIATION_DIFFERENCES = ['amount', 'status', 'missing-in-ledger', 'missing-at-provider'] as const;
export type ReconciliationDifferenceKind = (typeof RECONCILIATION_DIFFERENCES)[number];

/** What the audit log records an operator doing. */
export const AUDIT_ACTIONS = [
  'sign-in',
  /** A wrong password or code for an operator's e-mail, with the address it came from. */
  'sign-in.failed',
  'sign-out',
  'password.change',
  'dispute.release',
  'dispute.refund',
  'dispute.split',
  'member.search',
  'member.read',
  /** A route the operator's role may not use, tried anyway (the console does not offer it): refused with 403. */
  'refused',
  'member.end-sessions',
  'member.resend-verification',
  'member.suspend',
  'member.lift',
  'report.dismissed',
  'report.actioned',
  'project.hide',
  'project.unhide',
  'profile.hide',
  'profile.unhide',
  'concierge.shortlist',
  'refund.retry',
  'payout.retry',
  'money.reconcile',
  'vetting.document',
  'vetting.approve',
  'vetting.reject',
  'partner.register',
  'partner.rotate-secret',
  'partner.suspend',
  'partner.reinstate',
  'release.register',
  'release.promote',
  'release.canary',
  'release.rollback',
  /** A signed preview link made for a release (who can open it: decision 0049). */
  'release.preview',
  /** The canary check's own rollback: written by no operator (SYSTEM_AUDIT_OPERATOR). */
  'release.auto-rollback',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What an audit entry is about (its `objectType`); the console links each to its page. `member-search` and `route`
 * have no id: the words searched and the route tried are in the entry's details.
 */
export const AUDIT_OBJECT_TYPES = [
  'milestone',
  'member',
  'project',
  'report',
  'concierge-request',
  'vetting-request',
  'vetting-file',
  'payment',
  'withdrawal',
  'provider',
  'operator',
  'member-search',
  'route',
  /** A partner app (issue 45); the object id is the partner's id. */
  'partner',
  /** A remote's release; the object id is `<remote>@<version>`. */
  'release',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

export const ADMIN_LIMITS = {
  reasonMax: 2000,
  reportNoteMax: 1000,
  /** The concierge's promise (CONCIERGE_PROMISE): a shortlist this many hours after the request. */
  conciergePromiseHours: CONCIERGE_LIMITS.answerHours,
  /** A request this old unanswered is flagged: the promise is close. */
  conciergeFlagHours: CONCIERGE_LIMITS.answerHours - 4,
  shortlistMax: 10,
  memberQueryMin: 2,
  memberQueryMax: 100,
  membersPageMax: 50,
  /**
   * Reports one member may file in 24 hours, counting each target once (reporting the same thing again is the same
   * report), so one member cannot bury others' reports under their own.
   */
  reportsPerDay: 20,
  /** Open reports on a page of the operators' queue. */
  reportsPageSize: 50,
  /** Reports about a member listed on their page in the console (newest first). */
  memberReportsMax: 20,
  statementMax: 5000,
  statementFilesMax: 5,
  statementsPerPartyMax: 10,
  passwordMax: 200,
  auditPageMax: 100,
  /** Entries on a page of the console's audit log. */
  auditPageSize: 50,
  /** An operator's session lasts a working day; signing in again asks for the second factor again. */
  sessionTtlSeconds: 8 * 3600,
  /** The authenticator key of a setup not yet confirmed is answered again, unchanged, for this long. */
  setupPendingSeconds: 3600,
  /** A sign-in with both factors counts as the step-up a password change needs for this long; later, a code. */
  stepUpSeconds: 5 * 60,
} as const;

export const ADMIN_MESSAGES = {
  signInFailed: 'The e-mail, password or code is wrong.',
  sessionExpired: 'Your operator session has expired. Please sign in again.',
  wrongRole: 'Your role may not do this.',
  tooManySignIns: 'Too many failed sign-ins. Try again later.',
  passwordChangeRequired: 'Choose a new password before using the console: the one you were given works only once.',
  stepUpRequired: 'Enter a code from your authenticator app to confirm it’s you.',
  currentPasswordWrong: 'The current password or the code is wrong.',
  samePassword: 'Choose a password other than the one you have now.',
  passwordChangedMeanwhile: 'Your password was changed in the meantime. Sign in again with it.',
  passwordsDiffer: 'The new passwords do not match.',
  passwordChanged: 'Your password is changed. Your other sessions are signed out.',
  reasonRequired: 'Give a reason (1–2,000 characters).',
  splitAmount: 'The expert’s part must be between 1 cent and the milestone’s amount less 1 cent.',
  splitOnlyForSplit: 'Only a split names the expert’s part.',
  notDisputed: 'This milestone is not disputed.',
  statementRequired: 'Write your statement (1–5,000 characters).',
  statementNotDisputed: 'Statements can be added only while the milestone is disputed.',
  statementsFull: 'You have added the most statements a dispute takes (10).',
  statementFile: 'Attach only files shared in this workspace.',
  memberQuery: 'Type at least 2 characters of a name or e-mail address.',
  noMember: 'No such member.',
  alreadyVerified: 'This member has confirmed their e-mail address already.',
  nothingToRetry: 'Nothing to retry: the provider has acknowledged it, or it is not waiting.',
  providerDown: 'The payment provider could not be reached; the retry job asks again.',
  providerDownReconciliation: 'The payment provider could not be reached, so there is no report. Try again in a few minutes.',
  accountSuspended: 'Your account is suspended. We sent you an e-mail with the reason; write to support to appeal.',
  alreadySuspended: 'This member is suspended already.',
  notSuspended: 'This member is not suspended.',
  reportNotFound: 'There is nothing to report there.',
  reportOwn: 'You cannot report yourself or your own content.',
  reportSent: 'Thank you. The SciExperts team reviews every report.',
  reportClosed: 'This report was closed already.',
  reportsPerDay: `You can send up to ${ADMIN_LIMITS.reportsPerDay} reports a day, and you have sent ${ADMIN_LIMITS.reportsPerDay} in the last 24 hours. We review every one; please report again tomorrow.`,
  noProject: 'No such project.',
  projectHiddenAlready: 'This project is hidden already.',
  projectNotHidden: 'This project is not hidden.',
  profileHiddenAlready: 'This profile is hidden already.',
  profileNotHidden: 'This profile is not hidden.',
  reportNotAbout: 'That report is not about this project or member.',
  shortlistExperts: 'Pick 1 to 10 experts listed in the directory.',
  shortlistSent: 'This request was answered already.',
  auditDay: 'Choose a day that exists (YYYY-MM-DD).',
  auditDates: 'The “from” date must be on or before the “to” date.',
} as const;

/** The body's `reason` of a console refusal the console handles by itself (a form to show, not an error to read). */
export const ADMIN_REFUSALS = { passwordChange: 'password-change', stepUp: 'step-up' } as const;

/** What the owner of a hidden project or profile reads on it. */
export function hiddenBySciExperts(reason: string): string {
  return `Hidden by SciExperts: ${reason}`;
}

/** The 409 of a stale action: someone else (or you, differently) resolved it first. */
export function disputeResolvedMessage(by: string, at: string): string {
  return `This dispute was resolved by ${by} at ${at}.`;
}

export type OperatorView = Static<typeof S.Operator>;
export type AdminSignInInput = Static<typeof S.AdminSignInBody>;
export type AdminSessionView = Static<typeof S.AdminSession>;
export type AdminPasswordInput = Static<typeof S.AdminPasswordBody>;
export type AuditEntryView = Static<typeof S.AuditEntry>;
export type AuditPageView = Static<typeof S.AuditPage>;
/** The audit log's filters and page, as the query string sends them. */
export type AuditQueryInput = Static<typeof S.AuditQuery>;
export type DisputeQueueView = Static<typeof S.DisputeQueue>;
export type DisputeQueueItemView = Static<typeof S.DisputeQueueItem>;
export type DisputeDetailView = Static<typeof S.DisputeDetail>;
export type DisputeStatementView = Static<typeof S.DisputeStatement>;
export type DisputeStatementsView = Static<typeof S.DisputeStatements>;
export type DisputeResolutionView = Static<typeof S.DisputeResolution>;
export type ResolveDisputeInput = Static<typeof S.ResolveDisputeBody>;
export type ResolveDisputeResult = Static<typeof S.ResolveDisputeResponse>;
export type DisputeStatementInput = Static<typeof S.DisputeStatementBody>;
export type AdminMemberView = Static<typeof S.AdminMember>;
export type AdminMembersView = Static<typeof S.AdminMembers>;
export type MoneyOverviewView = Static<typeof S.MoneyOverview>;
export type ReconciliationView = Static<typeof S.Reconciliation>;
export type ReconciliationDifferenceView = Static<typeof S.ReconciliationDifference>;
export type ReportInput = Static<typeof S.ReportBody>;
export type AdminReportView = Static<typeof S.AdminReport>;
export type AdminReportsView = Static<typeof S.AdminReports>;
export type AdminReportsQuery = Static<typeof S.ReportsQuery>;
export type SuspendInput = Static<typeof S.SuspendBody>;
export type HideInput = Static<typeof S.HideBody>;
export type AdminMemberProjectView = Static<typeof S.AdminMemberProject>;
export type AdminMemberReportView = Static<typeof S.AdminMemberReport>;
export type ConciergeQueueView = Static<typeof S.ConciergeQueue>;
export type ConciergeQueueItemView = Static<typeof S.ConciergeQueueItem>;
