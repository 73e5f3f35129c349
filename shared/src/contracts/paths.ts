// Every API path, spelled once: the server registers these templates, the clients fill them with pathTo().

export const API_PATHS = {
  health: '/api/health',
  healthLive: '/api/health/live',
  healthReady: '/api/health/ready',
  login: '/api/Account/Login',
  logout: '/api/Account/Logout',
  loginWithIdentity: '/api/Account/LoginWithAuth0',
  requestPasswordReset: '/api/Account/RequestPasswordReset',
  resetPassword: '/api/Account/ResetPassword',
  accountSessions: '/api/Account/Sessions',
  accountSessionRevoke: '/api/Account/Sessions/:id/Revoke',
  accountSessionsRevokeOthers: '/api/Account/Sessions/RevokeOthers',
  changePassword: '/api/Account/ChangePassword',
  changePhone: '/api/Account/ChangePhone',
  changeEmail: '/api/Account/ChangeEmail',
  confirmEmail: '/api/Account/ConfirmEmail',
  verifyEmail: '/api/Account/VerifyEmail',
  resendVerification: '/api/Account/ResendVerification',
  accountExport: '/api/Account/Export',
  accountDelete: '/api/Account/Delete',
  signup: '/api/User/AddNewUser',
  getUserById: '/api/User/GetUserById/:id',
  updateUser: '/api/User/UpdateUser/:id',
  updateIdentityUser: '/api/User/UpdateUserAuth0',
  bulkAddServices: '/api/User/BulkAddServices/:id',
  uploadProfileImage: '/api/User/UploadProfileImage/:id',
  allServices: '/api/Service/GetAllServices',
  publications: '/api/Publication/GetAllPublicationsByUserId/:userId',
  orcidCallback: '/auth/orcid/callback',
  chatConversations: '/api/Chat/Conversations',
  chatMessages: '/api/Chat/Messages/:counterpartId',
  chatMarkRead: '/api/Chat/MarkRead/:counterpartId',
  chatUnreadCount: '/api/Chat/UnreadCount',
  chatCounterpart: '/api/Chat/Counterpart/:id',
  blocks: '/api/Blocks',
  block: '/api/Blocks/:memberId',
  conciergeRequest: '/api/Concierge/Request',
  expertSearch: '/api/Experts/Search',
  expertProfile: '/api/Experts/:id',
  expertReviews: '/api/Experts/:id/Reviews',
  projects: '/api/Projects',
  projectsPublic: '/api/Projects/Public',
  /** Whether a project's page exists for visitors (public): 404 for a draft, hidden, invite-only or unknown one. */
  projectPublicPage: '/api/PublicProjects/:id',
  projectsMine: '/api/Projects/Mine',
  project: '/api/Projects/:id',
  projectPublish: '/api/Projects/:id/Publish',
  projectCancel: '/api/Projects/:id/Cancel',
  projectComplete: '/api/Projects/:id/Complete',
  projectProposals: '/api/Projects/:id/Proposals',
  projectInvitations: '/api/Projects/:id/Invitations',
  projectAttachments: '/api/Projects/:id/Attachments',
  projectAttachment: '/api/Projects/:id/Attachments/:attachmentId',
  projectClientReviews: '/api/Projects/:id/ClientReviews',
  proposalsMine: '/api/Proposals/Mine',
  proposal: '/api/Proposals/:id',
  proposalWithdraw: '/api/Proposals/:id/Withdraw',
  proposalShortlist: '/api/Proposals/:id/Shortlist',
  proposalDecline: '/api/Proposals/:id/Decline',
  proposalHire: '/api/Proposals/:id/Hire',
  invitationsMine: '/api/Invitations/Mine',
  invitationDecline: '/api/Invitations/:id/Decline',
  contractsMine: '/api/Contracts/Mine',
  contractWorkspace: '/api/Contracts/:id/Workspace',
  contractMilestones: '/api/Contracts/:id/Milestones',
  contractEnd: '/api/Contracts/:id/End',
  contractFiles: '/api/Contracts/:id/Files',
  contractFile: '/api/Contracts/:id/Files/:fileId',
  contractReviews: '/api/Contracts/:id/Reviews',
  reviewReply: '/api/Reviews/:id/Reply',
  milestoneAccept: '/api/Milestones/:id/Accept',
  milestoneFund: '/api/Milestones/:id/Fund',
  milestoneSubmit: '/api/Milestones/:id/Submit',
  milestoneRequestChanges: '/api/Milestones/:id/RequestChanges',
  milestoneApprove: '/api/Milestones/:id/Approve',
  milestoneRefund: '/api/Milestones/:id/Refund',
  milestoneDispute: '/api/Milestones/:id/Dispute',
  paymentsWebhook: '/api/Payments/Webhook',
  paymentsBalance: '/api/Payments/Balance',
  paymentsStatement: '/api/Payments/Statement',
  paymentReceipt: '/api/Payments/:id/Receipt',
  paymentsWithdrawals: '/api/Payments/Withdrawals',
  paymentsPayoutAccount: '/api/Payments/PayoutAccount',
  paymentsPayoutAccountLink: '/api/Payments/PayoutAccount/Link',
  paymentsCards: '/api/Payments/Cards',
  /** One saved card, outside /api/Payments so no card id can be read as a payment's id (/api/Payments/{id}/Receipt). */
  paymentsCard: '/api/PaymentCards/:cardId',
  /** The card's former address, still answered (not published) for remotes built before it moved. */
  paymentsCardBefore: '/api/Payments/Cards/:cardId',
  notifications: '/api/Notifications',
  notificationsUnreadCount: '/api/Notifications/UnreadCount',
  notificationRead: '/api/Notifications/:id/Read',
  notificationsReadAll: '/api/Notifications/ReadAll',
  notificationPreferences: '/api/Notifications/Preferences',
  notificationsUnsubscribe: '/api/Notifications/Unsubscribe',
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
} as const;

export type RecordKey = 'workExperience' | 'education' | 'certification';

/** The four calls of each profile record kind, exactly as the API spells them (its casing is part of the contract). */
export const RECORD_PATHS = {
  workExperience: {
    list: '/api/WorkExperience/GetAllWorkExperiencesByUserId/:userId',
    add: '/api/WorkExperience/AddNewWorkExperience/:userId',
    update: '/api/WorkExperience/UpdateWorkExperience/:id',
    remove: '/api/WorkExperience/DeleteWorkExperienceById/:id',
  },
  education: {
    list: '/api/Education/GetAllEducationByUserId/:userId',
    add: '/api/Education/AddEducation/:userId',
    update: '/api/Education/UpdateEducation/:id',
    remove: '/api/Education/DeleteEducationById/:id',
  },
  certification: {
    list: '/api/Certification/GetAllCertificationByUserId/:userId',
    add: '/api/Certification/AddCertification/:userId',
    update: '/api/Certification/UpdateCertification/:id',
    remove: '/api/Certification/DeleteCertificationById/:id',
  },
} as const satisfies Record<RecordKey, { list: string; add: string; update: string; remove: string }>;

/** The `:name` parameters of a path template. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type QueryValue = string | number | undefined;

/** Fills a template's parameters (encoded) and appends the defined query values: pathTo(API_PATHS.getUserById, { id: 7 }). */
export function pathTo<P extends string>(template: P, params: Record<PathParams<P>, string | number>, query: Record<string, QueryValue> = {}): string {
  const path = template.replace(/:([A-Za-z]+)/g, (_m, name: string) => encodeURIComponent(String((params as Record<string, string | number>)[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
