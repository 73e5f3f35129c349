// Projects, proposals, invitations and contracts: constants, messages and types shared by the API and the
// future mf-projects remote. Types are Static<> of the TypeBox schemas in ./schemas/projects (type-only import).
import type { Static } from 'typebox';
import { formatCents, groupDigits } from './format';
import type * as S from './schemas/projects';

export const PROJECT_STATUSES = ['draft', 'open', 'in-progress', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROPOSAL_STATUSES = ['submitted', 'shortlisted', 'hired', 'declined', 'withdrawn'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
/** A proposal the owner has not decided on yet (the author may still edit or withdraw it). */
export const LIVE_PROPOSAL_STATUSES = ['submitted', 'shortlisted'] as const;
/** A contract is active from the hire until the client ends it (every milestone released or refunded). */
export const CONTRACT_STATUSES = ['active', 'completed'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const PROJECT_VISIBILITIES = ['public', 'invite-only'] as const;
export const BUDGET_TYPES = ['fixed', 'hourly'] as const;
export const CURRENCIES = ['USD'] as const;
export const PROJECT_DURATIONS = ['less-than-1-week', '1-4-weeks', '1-3-months', '3-6-months', 'more-than-6-months'] as const;

export const PROJECT_LIMITS = {
  titleMax: 150,
  descriptionMin: 50,
  descriptionMax: 5000,
  coverLetterMax: 5000,
  reasonMax: 1000,
  milestoneTitleMax: 200,
  milestonesMax: 20,
  /** Integer cents; fits a 32-bit integer column on both databases. */
  centsMax: 2_000_000_000,
  pageSize: 20,
  attachmentsMax: 5,
  attachmentMaxBytes: 10 * 1024 * 1024,
  attachmentNameMax: 200,
  queryMax: 200,
  pageMax: 1000,
} as const;

export const PROJECT_MESSAGES = {
  notFound: 'This project is not available.',
  proposalNotFound: 'This proposal is not available.',
  invitationNotFound: 'This invitation is not available.',
  ownerOnly: 'Only the project owner can do this.',
  authorOnly: 'Only the author of a proposal can do this.',
  titleRequired: 'Please give the project a title.',
  plainText: 'Please use plain text (no control characters).',
  descriptionLength: `The description must be ${PROJECT_LIMITS.descriptionMin} to ${groupDigits(PROJECT_LIMITS.descriptionMax)} characters.`,
  serviceInvalid: 'Please choose a service from the catalogue.',
  areaInvalid: 'Practice areas must belong to the chosen service.',
  fixedAmount: 'A fixed budget needs amountCents (and no minCents or maxCents).',
  hourlyRange: 'An hourly budget needs minCents and maxCents, minCents not above maxCents (and no amountCents).',
  durationOrDeadline: 'Give either an expected duration or a deadline, not both.',
  dateInvalid: 'Dates must be real calendar dates (YYYY-MM-DD).',
  dateInPast: 'The date must be today or later.',
  milestonesRequired: 'A fixed-price proposal needs a plan of at least one milestone.',
  milestonesHourly: 'An hourly proposal has no milestone plan.',
  notDraft: 'Only a draft can be changed or published.',
  notOpen: 'This project is not open to proposals.',
  cannotCancel: 'Only a draft or an open project can be cancelled.',
  cannotComplete: 'Only a project in progress can be completed.',
  ownProject: 'You cannot send a proposal on your own project.',
  duplicateProposal: 'You already have a live proposal on this project: edit it instead.',
  proposalDecided: 'This proposal can no longer be changed.',
  cannotShortlist: 'Only a submitted proposal can be shortlisted.',
  alreadyHired: 'Someone has already been hired on this project, or it is not open.',
  notListed: 'Only a listed expert (public profile with a headline) can be invited.',
  selfInvite: 'You cannot invite yourself.',
  alreadyInvited: 'This expert is already invited to this project.',
  invitationDeclined: 'This invitation has already been declined.',
  queryInvalid: 'Invalid filter.',
  attachmentType: 'Attachments must be PDF files, images (PNG, JPEG, GIF, WebP) or office documents (Word, Excel, PowerPoint, OpenDocument).',
  attachmentTooLarge: 'The file is too large (10 MB at most).',
  attachmentsTooMany: 'A project has at most 5 attachments.',
  attachmentNotFound: 'This attachment is not available.',
  attachmentsLocked: 'Attachments can be changed only while the project is a draft or open.',
  queryTooLong: `The search may be at most ${PROJECT_LIMITS.queryMax} characters.`,
  matchingInvalid: "'matching' accepts only 'mine'.",
  matchingSignedIn: "'matching' needs a signed-in member.",
  pageInvalid: `Page must be a whole number from 1 to ${PROJECT_LIMITS.pageMax}.`,
} as const;

/** '… add up to $X, $Y less than the total $Z' (amounts in cents, shown as dollars). */
export function milestoneSumMessage(sumCents: number, totalCents: number): string {
  const usd = formatCents;
  const diff = totalCents - sumCents;
  return `The milestones add up to ${usd(sumCents)}, ${usd(Math.abs(diff))} ${diff > 0 ? 'less' : 'more'} than the total of ${usd(totalCents)}.`;
}

/** What the attachment picker offers (`accept`); the server decides by the file's content, not its name. */
export const ATTACHMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.gif,.webp,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp';

export type MemberSummary = Static<typeof S.MemberSummary>;
export type Attachment = Static<typeof S.Attachment>;
export type Budget = Static<typeof S.Budget>;
export type ProjectInput = Static<typeof S.ProjectInput>;
export type Project = Static<typeof S.Project>;
export type ProjectList = Static<typeof S.ProjectList>;
export type ProjectTeaser = Static<typeof S.ProjectTeaser>;
export type ProjectTeaserList = Static<typeof S.ProjectTeaserList>;
export type PublicProjectPage = Static<typeof S.PublicProjectPage>;
export type ProjectListQuery = Static<typeof S.ProjectListQuery>;
export type Milestone = Static<typeof S.Milestone>;
export type ProposalInput = Static<typeof S.ProposalInput>;
export type Proposal = Static<typeof S.Proposal>;
export type ProposalList = Static<typeof S.ProposalList>;
export type DeclineBody = Static<typeof S.DeclineBody>;
export type InvitationInput = Static<typeof S.InvitationInput>;
export type Invitation = Static<typeof S.Invitation>;
export type InvitationList = Static<typeof S.InvitationList>;
export type Contract = Static<typeof S.Contract>;
export type ContractList = Static<typeof S.ContractList>;

/** The site page of one project (where notifications about it link). */
export function projectPagePath(projectId: number): string {
  return `/projects/${projectId}`;
}
