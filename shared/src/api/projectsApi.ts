import { API_PATHS, pathTo, request, requestBlob } from '@sciexperts/shared';
import type {
  Attachment,
  Contract,
  ContractList,
  Invitation,
  InvitationList,
  Project,
  ProjectInput,
  ProjectList,
  ProjectListQuery,
  ProjectTeaserList,
  Proposal,
  ProposalInput,
  ProposalList,
} from '../contracts/projects';

/**
 * What the client says when the server gave no message of its own (status 0: not reached). The server's
 * messages (PROJECT_MESSAGES: 404 not available, 403 owner or author only, 409 illegal transition) win when it answers.
 */
const FAILED = {
  load: 'Could not load the projects. Please try again.',
  save: 'Failed to save the project. Please try again.',
  change: 'Failed to update the project. Please try again.',
  proposalLoad: 'Could not load the proposals. Please try again.',
  proposalSave: 'Failed to send the proposal. Please try again.',
  proposalChange: 'Failed to update the proposal. Please try again.',
  invitationLoad: 'Could not load the invitations. Please try again.',
  invitationChange: 'Failed to update the invitation. Please try again.',
  contractLoad: 'Could not load the contracts. Please try again.',
  attachmentSave: 'Failed to upload the file. Please try again.',
  attachmentLoad: 'Could not download the file. Please try again.',
  attachmentDelete: 'Failed to remove the file. Please try again.',
} as const;

/** The filter as query values: undefined ones are left out of the URL. */
const listQuery = (q: ProjectListQuery) => ({ service: q.service, budgetType: q.budgetType, minBudget: q.minBudget, maxBudget: q.maxBudget, postedSince: q.postedSince, q: q.q, matching: q.matching, page: q.page });

/**
 * Projects, proposals, invitations and contracts (docs/decisions/0010-projects-and-proposals.md). Every call but
 * publicList needs a session. A failure is an ApiError: 404 not visible, 403 not the owner or author, 409 an illegal
 * transition (nothing changed), status 0 the server was not reached.
 */
export const projectsApi = {
  // Projects
  createDraft: (body: ProjectInput) => request<Project>('post', API_PATHS.projects, { json: body, fallbackError: FAILED.save }),
  updateDraft: (id: number, body: ProjectInput) => request<Project>('put', pathTo(API_PATHS.project, { id }), { json: body, fallbackError: FAILED.save }),
  publish: (id: number) => request<Project>('post', pathTo(API_PATHS.projectPublish, { id }), { fallbackError: FAILED.change }),
  cancel: (id: number) => request<Project>('post', pathTo(API_PATHS.projectCancel, { id }), { fallbackError: FAILED.change }),
  complete: (id: number) => request<Project>('post', pathTo(API_PATHS.projectComplete, { id }), { fallbackError: FAILED.change }),
  /** Open public projects for members, newest first, 20 a page. */
  list: (query: ProjectListQuery = {}) => request<ProjectList>('get', pathTo(API_PATHS.projects, {}, listQuery(query)), { fallbackError: FAILED.load }),
  /** The signed-out teaser list: title, service, budget and age only. */
  publicList: (query: ProjectListQuery = {}) => request<ProjectTeaserList>('get', pathTo(API_PATHS.projectsPublic, {}, listQuery(query)), { fallbackError: FAILED.load }),
  mine: () => request<ProjectList>('get', API_PATHS.projectsMine, { fallbackError: FAILED.load }),
  get: (id: number) => request<Project>('get', pathTo(API_PATHS.project, { id }), { fallbackError: FAILED.load }),

  // Proposals
  proposals: (projectId: number) => request<ProposalList>('get', pathTo(API_PATHS.projectProposals, { id: projectId }), { fallbackError: FAILED.proposalLoad }),
  sendProposal: (projectId: number, body: ProposalInput) =>
    request<Proposal>('post', pathTo(API_PATHS.projectProposals, { id: projectId }), { json: body, fallbackError: FAILED.proposalSave }),
  myProposals: () => request<ProposalList>('get', API_PATHS.proposalsMine, { fallbackError: FAILED.proposalLoad }),
  getProposal: (id: number) => request<Proposal>('get', pathTo(API_PATHS.proposal, { id }), { fallbackError: FAILED.proposalLoad }),
  updateProposal: (id: number, body: ProposalInput) => request<Proposal>('put', pathTo(API_PATHS.proposal, { id }), { json: body, fallbackError: FAILED.proposalChange }),
  withdraw: (id: number) => request<Proposal>('post', pathTo(API_PATHS.proposalWithdraw, { id }), { fallbackError: FAILED.proposalChange }),
  shortlist: (id: number) => request<Proposal>('post', pathTo(API_PATHS.proposalShortlist, { id }), { fallbackError: FAILED.proposalChange }),
  /** Without a reason no body is sent (the server takes none as no reason). */
  decline: (id: number, reason?: string) =>
    request<Proposal>('post', pathTo(API_PATHS.proposalDecline, { id }), { json: reason === undefined ? undefined : { reason }, fallbackError: FAILED.proposalChange }),
  /** Accepts the proposal: the contract is created and the project starts, in one transaction. */
  hire: (id: number) => request<Contract>('post', pathTo(API_PATHS.proposalHire, { id }), { fallbackError: FAILED.proposalChange }),

  // Invitations
  invite: (projectId: number, expertId: number) =>
    request<Invitation>('post', pathTo(API_PATHS.projectInvitations, { id: projectId }), { json: { expertId }, fallbackError: FAILED.invitationChange }),
  invitations: (projectId: number) => request<InvitationList>('get', pathTo(API_PATHS.projectInvitations, { id: projectId }), { fallbackError: FAILED.invitationLoad }),
  myInvitations: () => request<InvitationList>('get', API_PATHS.invitationsMine, { fallbackError: FAILED.invitationLoad }),
  declineInvitation: (id: number) => request<Invitation>('post', pathTo(API_PATHS.invitationDecline, { id }), { fallbackError: FAILED.invitationChange }),

  // Attachments (the owner adds and removes them while the project is a draft or open)
  uploadAttachment: (projectId: number, file: Blob, name?: string) => {
    const form = new FormData();
    if (name === undefined) form.append('file', file);
    else form.append('file', file, name);
    return request<Attachment>('post', pathTo(API_PATHS.projectAttachments, { id: projectId }), { body: form, fallbackError: FAILED.attachmentSave });
  },
  /** The file's bytes (only members who may see the project get them). */
  downloadAttachment: (projectId: number, attachmentId: number) => requestBlob(pathTo(API_PATHS.projectAttachment, { id: projectId, attachmentId }), FAILED.attachmentLoad),
  deleteAttachment: (projectId: number, attachmentId: number) =>
    request<void>('delete', pathTo(API_PATHS.projectAttachment, { id: projectId, attachmentId }), { fallbackError: FAILED.attachmentDelete }),

  // Contracts
  myContracts: () => request<ContractList>('get', API_PATHS.contractsMine, { fallbackError: FAILED.contractLoad }),
};

export type ProjectsApi = typeof projectsApi;
