import type { ColumnType, Generated } from 'kysely';
import type { CallTables } from './schemaCalls';
import type { ReleaseTables } from './schemaReleases';

// Column names mirror the API field names so rows map to contracts without a rename table.
// Booleans are stored as 0/1 integers so both dialects read them the same way.

export interface UsersTable {
  id: Generated<number>;
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  headline: string | null;
  profileSummary: string | null;
  hourlyFee: number | null;
  phoneNumber: string | null;
  profImgUrl: string | null;
  isProfilePublic: number;
  /** Bumped by triggers on every change to the member's records (migration 0022). */
  recordsVersion: Generated<number>;
  authProvider: 'password' | 'oidc';
  createdAt: string;
  /** ISO 3166-1 alpha-2 (DE) or null. */
  country: string | null;
  /** 1 for the seeded demo directory (SEED_DEMO). */
  isDemo: Generated<number>;
  /** When the member confirmed the address (the link in an e-mail, or the identity provider's word); null: not yet. */
  emailVerifiedAt: string | null;
  /** While set, an operator has suspended the member (migration 0038): no sign-in, profile and open projects hidden. */
  suspendedAt: Optional<string | null>;
  suspensionReason: Optional<string | null>;
  /** While set, an operator has hidden the member's profile (migration 0042): not listed, public profile 404 to others. */
  profileHiddenAt: Optional<string | null>;
  profileHiddenReason: Optional<string | null>;
  /** While set, an operator's approval of the expert holds (migration 0041): the "Verified" badge. */
  verifiedAt: Optional<string | null>;
  /** The iD of the ORCID record the member linked (migration 0041); null: none linked. */
  orcidId: Optional<string | null>;
  /** When the member deleted the account: the row stays, emptied of personal data. */
  deletedAt: string | null;
}

export interface IdentitiesTable {
  id: Generated<number>;
  userId: number;
  issuer: string;
  subject: string;
  createdAt: string;
}

export interface SessionsTable {
  id: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
  /** The User-Agent it signed in with (for the member's list of sessions). */
  userAgent: string | null;
  /** Its last authenticated request, written at most once a minute. */
  lastUsedAt: string | null;
}

export interface EmailTokensTable {
  tokenHash: string;
  userId: number;
  purpose: string;
  newEmail: string | null;
  expiresAt: string;
  usedAt: string | null;
}

export interface ServicesTable {
  id: Generated<number>;
  name: string;
}

export interface PracticeAreasTable {
  id: Generated<number>;
  serviceId: number;
  name: string;
}

export interface OfferedServicesTable {
  id: Generated<number>;
  userId: number;
  serviceId: number;
  createdAt: string;
}

export interface OfferedPracticeAreasTable {
  offeredServiceId: number;
  practiceAreaId: number;
}

export interface WorkExperiencesTable {
  id: Generated<number>;
  userId: number;
  companyName: string;
  jobTitle: string;
  employmentType: string;
  currentlyWorking: number;
  description: string | null;
  startTime: string;
  endTime: string | null;
}

export interface EducationsTable {
  id: Generated<number>;
  userId: number;
  institutionName: string;
  degreeTitle: string;
  degreeType: string;
  currentlyStudying: number;
  description: string | null;
  startTime: string;
  endTime: string | null;
}

export interface CertificationsTable {
  id: Generated<number>;
  userId: number;
  certificationName: string;
  issuingOrganization: string;
  certificationUrl: string | null;
  isExpire: number;
  startTime: string;
  endTime: string | null;
}

export interface PublicationsTable {
  id: Generated<number>;
  userId: number;
  position: number;
  title: string;
  url: string | null;
  type: string | null;
  pubYear: string | null;
  pubMonth: string | null;
  pubDay: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface MessagesTable {
  id: Generated<number>;
  senderId: number;
  receiverId: number;
  text: string;
  clientId: string | null;
  createdAt: string;
}

export interface UploadsTable {
  fileName: string;
  ownerId: number;
  createdAt: string;
}

export interface ConciergeRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  need: string;
  budget: string;
  deadline: string;
  createdAt: string;
  mailedAt: string | null;
  /** The operator's answer (migration 0040): when the shortlist was sent, by whom, and the experts' ids (JSON). */
  answeredAt: Optional<string | null>;
  answeredBy: Optional<string | null>;
  shortlist: Optional<string | null>;
  /** The shortlist as a project draft (migration 0043): the member who claimed it (once) and the draft made. */
  draftMemberId: Optional<number | null>;
  draftProjectId: Optional<number | null>;
}

/** PostgreSQL's search index (SQLite's is an FTS5 virtual table of the same name, queried with raw SQL). */
export interface ExpertSearchTable {
  userId: number;
  document: unknown;
  completeness: number;
  country: string | null;
  hourlyFee: number | null;
  serviceIds: number[];
  areaIds: number[];
}

/** One row per listed expert: what the directory filters and orders by (see migration 0007). */
/** One row (id 1): moved on by trigger with every change to expertListing (migration 0054). */
export interface DirectoryGenerationTable {
  id: number;
  generation: number | string;
}

export interface ExpertListingTable {
  userId: number;
  completeness: number;
  country: string | null;
  hourlyFee: number | null;
  /** The expert's published reviews as the directory shows and sorts them (migration 0018): mean to one decimal, count. */
  ratingAverage: Optional<number | null>;
  reviewCount: Generated<number>;
  /** 1 while the expert is verified (migration 0041): the directory's "Verified experts only" filter. */
  verified: Generated<number>;
}

export interface Database extends CallTables, ReleaseTables {
  users: UsersTable;
  identities: IdentitiesTable;
  sessions: SessionsTable;
  emailTokens: EmailTokensTable;
  services: ServicesTable;
  practiceAreas: PracticeAreasTable;
  offeredServices: OfferedServicesTable;
  offeredPracticeAreas: OfferedPracticeAreasTable;
  workExperiences: WorkExperiencesTable;
  educations: EducationsTable;
  certifications: CertificationsTable;
  publications: PublicationsTable;
  passwordResetTokens: PasswordResetTokensTable;
  messages: MessagesTable;
  uploads: UploadsTable;
  conciergeRequests: ConciergeRequestsTable;
  expertSearch: ExpertSearchTable;
  expertListing: ExpertListingTable;
  directoryGeneration: DirectoryGenerationTable;
  projects: ProjectsTable;
  proposals: ProposalsTable;
  projectInvitations: ProjectInvitationsTable;
  contracts: ContractsTable;
  contractMilestones: ContractMilestonesTable;
  projectAttachments: ProjectAttachmentsTable;
  ledgerTransactions: LedgerTransactionsTable;
  ledgerEntries: LedgerEntriesTable;
  payments: PaymentsTable;
  webhookEvents: WebhookEventsTable;
  withdrawals: WithdrawalsTable;
  payoutAccounts: PayoutAccountsTable;
  paymentCustomers: PaymentCustomersTable;
  savedCardNames: SavedCardNamesTable;
  contractFiles: ContractFilesTable;
  milestoneEvents: MilestoneEventsTable;
  reviews: ReviewsTable;
  notifications: NotificationsTable;
  notificationPreferences: NotificationPreferencesTable;
  unsubscribeTokens: UnsubscribeTokensTable;
  operators: OperatorsTable;
  operatorSessions: OperatorSessionsTable;
  adminAudit: AdminAuditTable;
  disputeStatements: DisputeStatementsTable;
  disputeResolutions: DisputeResolutionsTable;
  reports: ReportsTable;
  vettingFiles: VettingFilesTable;
  vettingRequests: VettingRequestsTable;
}

export interface NotificationsTable {
  id: Generated<number>;
  userId: number;
  type: string;
  text: string;
  link: string;
  groupKey: string | null;
  sourceKey: string | null;
  createdAt: string;
  readAt: string | null;
  /** 'pending' | 'digest' | 'sent' | 'skipped' | 'off' */
  emailState: string;
  emailedAt: string | null;
  /**
   * Computed by the database: createdAt, or null while the notification is grouped and unread (a repeat may still
   * refresh it). The bell's index holds this, not createdAt, so a refresh changes no indexed column (migration 0055).
   */
  sortedAt: ColumnType<string | null, never, never>;
}

export interface NotificationPreferencesTable {
  userId: number;
  type: string;
  /** 'immediately' | 'daily' | 'off' */
  email: string;
}

export interface UnsubscribeTokensTable {
  tokenHash: string;
  userId: number;
  /** Comma-separated notification types. */
  types: string;
  createdAt: string;
  usedAt: string | null;
}

/** A column inserts may leave out (the database's default, usually NULL, applies). */
type Optional<T> = ColumnType<T, T | undefined, T>;

export type RecordTable = 'workExperiences' | 'educations' | 'certifications';

export interface ProjectsTable {
  id: Generated<number>;
  ownerId: number;
  title: string;
  description: string;
  service: string;
  /** JSON array of practice area names. */
  practiceAreas: string;
  budgetType: string;
  amountCents: number | null;
  minCents: number | null;
  maxCents: number | null;
  /** The budget as a range for filtering: fixed = [amount, amount], hourly = [min, max]. */
  budgetLow: number;
  budgetHigh: number;
  currency: string;
  duration: string | null;
  deadline: string | null;
  visibility: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  /** While set, an operator has hidden the project (migration 0042): out of the list, 404 to all but its owner. */
  hiddenAt: Optional<string | null>;
  hiddenReason: Optional<string | null>;
}

export interface ProposalsTable {
  id: Generated<number>;
  projectId: number;
  expertId: number;
  coverLetter: string;
  priceType: string;
  priceCents: number;
  duration: string;
  /** JSON array of {title, amountCents, dueDate}. */
  milestones: string;
  status: string;
  declineReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectInvitationsTable {
  id: Generated<number>;
  projectId: number;
  expertId: number;
  status: string;
  createdAt: string;
}

export interface ContractsTable {
  id: Generated<number>;
  projectId: number;
  proposalId: number;
  clientId: number;
  expertId: number;
  priceType: string;
  priceCents: number;
  status: string;
  createdAt: string;
  /** When the client ended it (the review window counts from here); null while active. */
  endedAt: Optional<string | null>;
  /** When its review window closed (both reviews written, or the 14 days over) and its reviews were published. */
  reviewsClosedAt: Optional<string | null>;
}

/** One party's review of the other after a contract (docs/decisions/0015-reviews.md). */
export interface ReviewsTable {
  id: Generated<number>;
  contractId: number;
  authorId: number;
  subjectId: number;
  /** 'expert' | 'client': what the subject was on the contract. */
  subjectRole: string;
  rating: number;
  text: string | null;
  createdAt: string;
  /** Null while hidden from the subject. */
  publishedAt: string | null;
  replyText: string | null;
  repliedAt: string | null;
}

export interface ContractMilestonesTable {
  id: Generated<number>;
  contractId: number;
  position: number;
  title: string;
  amountCents: number;
  dueDate: string;
  status: string;
  /** When the expert last submitted it (the auto-release counts from here). */
  submittedAt: Optional<string | null>;
  /** The payment that funded it (its refund goes back through this one). */
  paymentId: Optional<number | null>;
}

export interface ProjectAttachmentsTable {
  id: Generated<number>;
  projectId: number;
  /** The sanitised file name the owner uploaded (shown and offered on download). */
  name: string;
  /** Decided by the bytes, never by the name or the client's claim. */
  contentType: string;
  size: number;
  /** The file's name in the data directory's private attachments folder (a random UUID). */
  storageKey: string;
  createdAt: string;
}

/** One movement of money (docs/decisions/0012-escrow-ledger.md); its entries sum to zero. */
export interface LedgerTransactionsTable {
  id: Generated<number>;
  kind: string;
  /** Derived from what it pays for (`release:milestone:7`), so the same movement can never be written twice. */
  idempotencyKey: string;
  contractId: number | null;
  milestoneId: number | null;
  actorId: number | null;
  createdAt: string;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  transactionId: number;
  /** A named account: provider:cash, escrow:contract:<id>, expert:<id>:available, expert:<id>:paid-out, platform:fees. */
  account: string;
  /** Signed cents. */
  amountCents: number;
}

/** One checkout with the provider for one milestone. */
export interface PaymentsTable {
  id: Generated<number>;
  milestoneId: number;
  contractId: number;
  payerId: number;
  amountCents: number;
  status: string;
  providerSessionId: string | null;
  checkoutUrl: string | null;
  providerChargeId: string | null;
  providerRefundId: string | null;
  /** Set with the ledger's refund: the provider must be (or has been) asked to return this payment. */
  refundBookedAt: string | null;
  /** The part refunded when a dispute was split; null: the whole payment. */
  refundCents: Optional<number | null>;
  /** `<memberId>:<Idempotency-Key>` */
  idempotencyKey: string;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookEventsTable {
  id: Generated<number>;
  providerEventId: string;
  type: string;
  receivedAt: string;
}

export interface ContractFilesTable {
  id: Generated<number>;
  contractId: number;
  uploaderId: number;
  name: string;
  contentType: string;
  size: number;
  storageKey: string;
  /** The milestone (and its 'submitted' event) it was delivered with; null while only shared. */
  milestoneId: number | null;
  eventId: number | null;
  createdAt: string;
}

export interface PayoutAccountsTable {
  userId: number;
  provider: string;
  accountId: string;
  status: string;
  label: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The member's customer at the payment provider, which holds their saved cards (made once, when a card is first saved). */
export interface PaymentCustomersTable {
  userId: number;
  provider: string;
  customerId: string;
  createdAt: string;
}

/** A name the member gave one of their saved cards (the card itself is the provider's). */
export interface SavedCardNamesTable {
  userId: number;
  cardId: string;
  name: string;
  updatedAt: string;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  expertId: number;
  amountCents: number;
  status: string;
  destination: string;
  providerPayoutId: string | null;
  failureReason: string | null;
  /** `<memberId>:<Idempotency-Key>` */
  idempotencyKey: string;
  createdAt: string;
  updatedAt: string;
}

/** The workspace's timeline: one row per change of a milestone. */
export interface MilestoneEventsTable {
  id: Generated<number>;
  milestoneId: number;
  contractId: number;
  actorId: number | null;
  kind: string;
  note: string | null;
  /** `<memberId>:<Idempotency-Key>` of the call that made the change; null for the platform's own changes. */
  idempotencyKey: string | null;
  createdAt: string;
}

/** The operators' console (migration 0037_operators). */
export interface OperatorsTable {
  id: Generated<number>;
  email: string;
  /** 'operator' | 'finance' | 'support' */
  role: string;
  passwordHash: string;
  createdAt: string;
  disabledAt: string | null;
  /** Null while the one-time password from create-operator is still the password (migration 0046). */
  passwordChangedAt: string | null;
}

export interface OperatorSessionsTable {
  /** sha256 (hex) of the opaque token. */
  id: string;
  operatorId: number;
  createdAt: string;
  expiresAt: string;
  address: string;
}

/** Append-only: the database refuses UPDATE and DELETE. */
export interface AdminAuditTable {
  id: Generated<number>;
  operatorId: number;
  operatorEmail: string;
  role: string;
  action: string;
  objectType: string | null;
  objectId: string | null;
  reason: string | null;
  details: string | null;
  address: string;
  at: string;
}

export interface DisputeStatementsTable {
  id: Generated<number>;
  milestoneId: number;
  contractId: number;
  authorId: number;
  text: string;
  /** JSON array of contract file ids. */
  fileIds: string;
  createdAt: string;
}

export interface DisputeResolutionsTable {
  milestoneId: number;
  operatorId: number;
  operatorEmail: string;
  /** 'release' | 'refund' | 'split' */
  outcome: string;
  expertCents: number;
  clientCents: number;
  reason: string;
  at: string;
}

export interface ReportsTable {
  id: Generated<number>;
  reporterId: number;
  /** 'profile' | 'project' | 'proposal' | 'message' */
  targetType: string;
  targetId: number;
  /** The member responsible for the target (the sender, the owner, the expert). */
  subjectId: number | null;
  reason: string;
  note: string | null;
  /** 'open' | 'dismissed' | 'actioned' */
  status: string;
  createdAt: string;
  closedAt: string | null;
}

export interface VettingFilesTable {
  id: Generated<number>;
  userId: number;
  name: string;
  contentType: string;
  size: number;
  storageKey: string;
  createdAt: string;
}

export interface VettingRequestsTable {
  id: Generated<number>;
  userId: number;
  /** 'pending' | 'approved' | 'rejected' */
  status: string;
  legalName: string;
  identityFileId: number;
  degreeTitle: string;
  degreeInstitution: string;
  degreeYear: number;
  degreeFileId: number | null;
  affiliationInstitution: string;
  affiliationRole: string;
  /** The linked ORCID iD when the request was made. */
  orcidId: string | null;
  /** A re-review after a change of name: the approved request it was opened from. */
  reviewOf: number | null;
  createdAt: string;
  decidedAt: string | null;
  /** The deciding operator's e-mail. */
  decidedBy: string | null;
  decisionReason: string | null;
}
