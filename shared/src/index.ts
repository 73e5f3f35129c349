// The browser entry of the shared singleton: the contracts public pages use, the HTTP client, the stores, and the
// clients of sign-in and public reviews. No React screens. The member area's clients and contracts are the
// '@sciexperts/shared/member' entry, so public pages never download them.
export * from './contracts/entities';
export * from './contracts/api';
export * from './contracts/chat';
export * from './contracts/constants';
export * from './contracts/runtime';
export * from './contracts/paths';
export * from './contracts/limits';
export * from './contracts/messages';
// The release registry's paths and limits: the shell reports a failing remote with its version (releaseReports.ts).
export * from './contracts/releases';
export * from './contracts/rules';
export * from './contracts/records';
export * from './contracts/exposes';
export * from './contracts/concierge';
export * from './contracts/publicPages';
export * from './contracts/directory';
// The country list is not here: it is plain data, which the slices that show countries bundle themselves from
// '@sciexperts/shared/countries' (3 KB compressed that every other page then does not load).
export * from './contracts/catalogue';
export * from './contracts/reviews';
export * from './contracts/calls';
// What the shell's /projects/:id says, before the member entry's project page, of a project visitors cannot reach.
export { PROJECT_MESSAGES, type PublicProjectPage } from './contracts/projects';
export * from './contracts/format';
// Islands: which parts of a server-rendered page hydrate, and how the shell learns when one has.
export * from './contracts/islands';
// The Verified badge's label and the expert's verification contract (the profile area and the directory).
export * from './contracts/vetting';
// The sign-in popup of partner apps (the shell's /oauth/authorize) and the member's connected partners.
export { CHAT_EMBED, DEVELOPERS_EXAMPLE, OAUTH_PATHS, OAUTH_MESSAGE_TYPE, PARTNER_SCOPES, CONNECTED_PARTNER_PATHS, PARTNER_MESSAGES, type AuthorizeInfo, type AuthorizeAnswer, type AuthorizeQuery, type ConnectedPartner } from './contracts/partners';
// What any page needs to report something to the operators (the chat's Report, for one).
export { ADMIN_LIMITS, REPORTS_PATH, REPORT_REASONS, REPORT_REASON_LABELS, hiddenBySciExperts, type ReportReason, type ReportTarget, type ReportInput } from './contracts/admin';
export * from './config/runtimeConfig';
export * from './auth/authStore';
export { useAuth } from './auth/useAuth';
export { isIdentityReturn } from './auth/identityReturn';
export { logOut, setIdentitySignOut } from './auth/logOut';
export * from './ui/loginModalStore';
export * from './ui/callPicker';
export * from './ui/statusNoticeStore';
export * from './ssr/pageData';
export { isServerRendering, setServerRendering, islandsReleased, releaseIslands } from './ssr/serverRender';
export { ApiError, apiUrl, isUnreachable, request, requestBlob, setRequestAdjuster, toApiError, SESSION_EXPIRED_MESSAGE, type RequestAdjuster } from './api/http';
export { accountApi } from './api/accountApi';
export { securityApi } from './api/securityApi';
export * from './contracts/security';
export { recoveryApi } from './api/recoveryApi';
export * from './contracts/recovery';
export { stepUpStore, requestStepUp, finishStepUp, useStepUp } from './security/stepUp';
export { passkeysSupported, passkeyAutofillSupported, preparePasskeys, createPasskey, signWithPasskey, cancelPasskeyRequest } from './security/passkeyClient';
export { reviewsApi, type ReviewsApi } from './api/reviewsApi';
