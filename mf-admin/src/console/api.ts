// Calls to the console's API (/api/admin) with the operator's token, on the site's own origin (the API answers no
// CORS there). An answer that says the session is over (401, or the 404 everyone but an operator gets) signs out.
import { ADMIN_PATHS, ADMIN_REFUSALS } from '@sciexperts/shared/member';
import type {
  AdminMemberView,
  AdminMembersView,
  ReportSort,
  AdminReportsView,
  ConciergeQueueView,
  ReportOutcome,
  AdminSessionView,
  MoneyOverviewView,
  ReconciliationView,
  AdminSignInInput,
  AdminPasswordInput,
  AuditPageView,
  AuditQueryInput,
  DisputeDetailView,
  DisputeQueueView,
  ResolveDisputeInput,
  ResolveDisputeResult,
} from '@sciexperts/shared/member';
import { PARTNER_PATHS, type PartnerSecret, type PartnerView, type RegisterPartnerBody } from '@sciexperts/shared/member';
import { API_PATHS, apiUrl, type ExpertSearchResponse } from '@sciexperts/shared';
import { PREVIEW_PARAM, RELEASE_PATHS, type ReleaseEventView, type ReleasesOverview } from '@sciexperts/shared';
import type { VettingDecisionInput, VettingDecisionResult, VettingDetailView, VettingQueueView } from '@sciexperts/shared';
import { sessionStore, setSession } from './session';

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Array<{ field?: string; message: string }> = [],
    /** ADMIN_REFUSALS: a refusal the console answers with a form (the password change, the step-up's code). */
    readonly reason?: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown, signedIn = true): Promise<T> {
  const token = sessionStore.getState().session?.token;
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (signedIn && token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(apiUrl(path), { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  } catch {
    throw new AdminApiError(0, 'The server cannot be reached. Check the connection and try again.');
  }
  const text = await res.text();
  const parsed = text ? (JSON.parse(text) as unknown) : null;
  if (!res.ok) {
    const b = (parsed ?? {}) as { message?: string; details?: Array<{ field?: string; message: string }>; reason?: string };
    // The session is over (expired: 401; signed out or unknown: the 404 of a path that does not exist): sign in again.
    if (signedIn && (res.status === 401 || (res.status === 404 && b.message?.startsWith('No route')))) setSession(null);
    // The password is still the one-time one (another tab signed in afresh, or the session predates the rule): the
    // console turns into the password change.
    const session = sessionStore.getState().session;
    if (signedIn && res.status === 403 && b.reason === ADMIN_REFUSALS.passwordChange && session && !session.passwordChangeRequired) setSession({ ...session, passwordChangeRequired: true });
    throw new AdminApiError(res.status, b.message ?? `The request failed (${res.status}).`, b.details ?? [], b.reason);
  }
  return parsed as T;
}

/** A document's bytes (it needs the operator's token, so it comes as bytes for saveBlob, never as a link). */
async function download(path: string): Promise<Blob> {
  const token = sessionStore.getState().session?.token;
  let res: Response;
  try {
    res = await fetch(apiUrl(path), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new AdminApiError(0, 'The server cannot be reached. Check the connection and try again.');
  }
  if (!res.ok) throw new AdminApiError(res.status, `The document could not be downloaded (${res.status}).`);
  return res.blob();
}

const withId = (path: string, id: number) => path.replace(':milestoneId', String(id));

export const adminApi = {
  signIn: (input: AdminSignInInput) => call<AdminSessionView>('POST', ADMIN_PATHS.session, input, false),
  signOut: () => call<null>('DELETE', ADMIN_PATHS.session),
  changePassword: (input: AdminPasswordInput) => call<null>('POST', ADMIN_PATHS.password, input),
  disputes: () => call<DisputeQueueView>('GET', ADMIN_PATHS.disputes),
  dispute: (id: number) => call<DisputeDetailView>('GET', withId(ADMIN_PATHS.dispute, id)),
  resolve: (id: number, input: ResolveDisputeInput) => call<ResolveDisputeResult>('POST', withId(ADMIN_PATHS.disputeResolve, id), input),
  members: (q: string) => call<AdminMembersView>('GET', `${ADMIN_PATHS.members}?q=${encodeURIComponent(q)}`),
  endSessions: (memberId: number, reason: string) => call<{ ended: number }>('POST', ADMIN_PATHS.memberEndSessions.replace(':memberId', String(memberId)), { reason }),
  resendVerification: (memberId: number) => call<null>('POST', ADMIN_PATHS.memberResendVerification.replace(':memberId', String(memberId))),
  /** One member's page (the server records that this operator opened it). */
  member: (memberId: number) => call<AdminMemberView>('GET', ADMIN_PATHS.member.replace(':memberId', String(memberId))),
  /** Suspending from a report names it: the server closes it as acted on in the suspension's transaction. */
  suspend: (memberId: number, reason: string, reportId?: number) => call<null>('POST', ADMIN_PATHS.memberSuspend.replace(':memberId', String(memberId)), { reason, ...(reportId ? { reportId } : {}) }),
  lift: (memberId: number, reason: string) => call<null>('POST', ADMIN_PATHS.memberLift.replace(':memberId', String(memberId)), { reason }),
  reports: (page = 1, sort: ReportSort = 'oldest') => call<AdminReportsView>('GET', `${ADMIN_PATHS.reports}?page=${page}&sort=${sort}`),
  /** Hiding answers a report when given one: it is closed as acted on in the same transaction. */
  hideProject: (projectId: number, reason: string, reportId?: number) => call<null>('POST', ADMIN_PATHS.projectHide.replace(':projectId', String(projectId)), { reason, ...(reportId ? { reportId } : {}) }),
  unhideProject: (projectId: number, reason: string) => call<null>('POST', ADMIN_PATHS.projectUnhide.replace(':projectId', String(projectId)), { reason }),
  hideProfile: (memberId: number, reason: string, reportId?: number) => call<null>('POST', ADMIN_PATHS.memberHideProfile.replace(':memberId', String(memberId)), { reason, ...(reportId ? { reportId } : {}) }),
  unhideProfile: (memberId: number, reason: string) => call<null>('POST', ADMIN_PATHS.memberUnhideProfile.replace(':memberId', String(memberId)), { reason }),
  closeReport: (reportId: number, outcome: ReportOutcome, reason: string) => call<null>('POST', ADMIN_PATHS.reportClose.replace(':reportId', String(reportId)), { outcome, reason }),
  concierge: () => call<ConciergeQueueView>('GET', ADMIN_PATHS.concierge),
  shortlist: (requestId: number, expertIds: number[], note: string) => call<null>('POST', ADMIN_PATHS.conciergeShortlist.replace(':requestId', String(requestId)), { expertIds, note }),
  /** The site's own directory search (public), as the visitor would search it. */
  searchExperts: (q: string) => call<ExpertSearchResponse>('GET', `${API_PATHS.expertSearch}?q=${encodeURIComponent(q)}`, undefined, false),
  money: () => call<MoneyOverviewView>('GET', ADMIN_PATHS.money),
  retryRefund: (paymentId: number) => call<{ sent: boolean }>('POST', ADMIN_PATHS.refundRetry.replace(':paymentId', String(paymentId))),
  retryPayout: (withdrawalId: number) => call<{ sent: boolean }>('POST', ADMIN_PATHS.payoutRetry.replace(':withdrawalId', String(withdrawalId))),
  /** Runs the reconciliation now (finance; audited): the ledger against the payment provider's records. */
  reconcile: () => call<ReconciliationView>('POST', ADMIN_PATHS.moneyReconciliation),
  /** A page of the audit log with the filters given (the next page: the same filters and `before`). */
  audit: (query: AuditQueryInput = {}) => {
    const params = new URLSearchParams(Object.entries(query).filter((pair): pair is [string, string] => typeof pair[1] === 'string' && pair[1] !== ''));
    const text = params.toString();
    return call<AuditPageView>('GET', `${ADMIN_PATHS.audit}${text ? `?${text}` : ''}`);
  },
  vettingQueue: () => call<VettingQueueView>('GET', ADMIN_PATHS.vetting),
  vettingRequest: (requestId: number) => call<VettingDetailView>('GET', ADMIN_PATHS.vettingRequest.replace(':requestId', String(requestId))),
  vettingFile: (requestId: number, fileId: number) => download(ADMIN_PATHS.vettingFile.replace(':requestId', String(requestId)).replace(':fileId', String(fileId))),
  decideVetting: (requestId: number, input: VettingDecisionInput) => call<VettingDecisionResult>('POST', ADMIN_PATHS.vettingDecide.replace(':requestId', String(requestId)), input),
  partners: () => call<PartnerView[]>('GET', PARTNER_PATHS.partners),
  releases: () => call<ReleasesOverview>('GET', RELEASE_PATHS.releases),
  releaseHistory: (remote: string) => call<{ events: ReleaseEventView[] }>('GET', RELEASE_PATHS.history.replace(':remote', remote)),
  promoteRelease: (remote: string, body: { version: string; force?: boolean }) => call<{ event: ReleaseEventView }>('POST', RELEASE_PATHS.promote.replace(':remote', remote), body),
  canaryRelease: (remote: string, body: { version: string; percent: number; force?: boolean }) => call<{ event: ReleaseEventView }>('POST', RELEASE_PATHS.canary.replace(':remote', remote), body),
  previewRelease: (remote: string, version: string) => call<{ url: string; token: string; expiresAt: string }>('POST', RELEASE_PATHS.preview.replace(':remote', remote), { version }),
  /**
   * Opens a preview link in this browser: the site's page server, given the link with this operator's bearer, keeps
   * the grant in this browser's cookie (decision 0049); the link alone opens nothing. True when the registry it answered
   * names the previewed release.
   */
  openPreview: async (token: string): Promise<boolean> => {
    const session = sessionStore.getState().session?.token;
    let res: Response;
    try {
      res = await fetch(`/remotes.json?${PREVIEW_PARAM}=${encodeURIComponent(token)}`, { headers: session ? { authorization: `Bearer ${session}` } : {}, cache: 'no-store' });
    } catch {
      throw new AdminApiError(0, 'The server cannot be reached. Check the connection and try again.');
    }
    const registry = res.ok ? ((await res.json()) as { remotes?: Array<{ preview?: boolean }> }) : null;
    return registry?.remotes?.some((r) => r.preview === true) ?? false;
  },
  rollbackRelease: (remote: string) => call<{ event: ReleaseEventView }>('POST', RELEASE_PATHS.rollback.replace(':remote', remote), {}),
  /** Answers the client secret, once. */
  registerPartner: (input: RegisterPartnerBody) => call<PartnerSecret>('POST', PARTNER_PATHS.partners, input),
  rotatePartnerSecret: (partnerId: number) => call<PartnerSecret>('POST', PARTNER_PATHS.partnerRotateSecret.replace(':partnerId', String(partnerId))),
  suspendPartner: (partnerId: number, reason: string) => call<PartnerView>('POST', PARTNER_PATHS.partnerSuspend.replace(':partnerId', String(partnerId)), { reason }),
  reinstatePartner: (partnerId: number, reason: string) => call<PartnerView>('POST', PARTNER_PATHS.partnerReinstate.replace(':partnerId', String(partnerId)), { reason }),
};
