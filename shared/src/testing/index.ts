// Test fixtures for the contracts' shapes, shared by every slice's tests so that a new field is added
// in one place. Only tests import this entry (lint keeps it out of browser code).
import type { Contract, ContractReviews, ExpertCard, ExpertSearchResponse, Invitation, MemberSummary, Project, Proposal, PublicReview, ReviewPage, User } from '../contracts';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'ada@example.test',
    firstName: 'Ada',
    lastName: 'Expert',
    headline: 'Statistician',
    profileSummary: 'I analyse data.',
    hourlyFee: 50,
    phoneNumber: '+1 5551234567',
    profImgUrl: null,
    isProfilePublic: false,
    authProvider: 'password',
    offeredServices: [],
    workExperiences: [],
    ...overrides,
  };
}

export function makeExpertCard(overrides: Partial<ExpertCard> = {}): ExpertCard {
  return {
    id: 42,
    slug: 'ada-lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    headline: 'Biostatistician for clinical trials',
    profImgUrl: 'https://api.example/img/42.png',
    hourlyFee: 85,
    country: 'GB',
    services: [{ name: 'Statistical Analysis', practiceAreas: ['Biostatistics'] }],
    snippet: 'I design and analyse clinical trials with Bayesian methods.',
    highlights: [[42, 58]],
    ratingAverage: null,
    reviewCount: 0,
    verified: false,
    ...overrides,
  };
}

export function makeExpertPage(results: ExpertCard[], overrides: Partial<ExpertSearchResponse> = {}): ExpertSearchResponse {
  return { total: results.length, page: 1, pageSize: 12, results, ...overrides };
}

export function makeMemberSummary(overrides: Partial<MemberSummary> = {}): MemberSummary {
  return { id: 42, firstName: 'Ada', lastName: 'Lovelace', slug: 'ada-lovelace', headline: 'Biostatistician for clinical trials', profImgUrl: null, country: 'GB', verified: false, ...overrides };
}

export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 5,
    ownerId: 9,
    title: 'Survival analysis of a cohort study',
    description: 'We need a biostatistician to analyse ten years of follow-up data from a cohort of 2,000 patients.',
    service: 'Statistical Analysis',
    practiceAreas: ['Biostatistics'],
    budget: { type: 'fixed', amountCents: 150000, minCents: null, maxCents: null, currency: 'USD' },
    duration: '1-4-weeks',
    deadline: null,
    visibility: 'public',
    status: 'open',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    publishedAt: '2026-11-20T10:05:00.000Z',
    owner: { firstName: 'Olivia', country: 'US', ratingAverage: null, reviewCount: 0 },
    proposalCount: 0,
    newProposalCount: 0,
    attachments: [],
    fee: { basisPoints: 1000 },
    viewer: { isOwner: false, proposalId: null, declinedProposalId: null, invitationId: null },
    ...overrides,
  };
}

export function makeProposal(overrides: Partial<Proposal> = {}): Proposal {
  return {
    id: 11,
    projectId: 5,
    expertId: 42,
    coverLetter: 'I have analysed several cohort studies like yours.',
    priceType: 'fixed',
    priceCents: 150000,
    duration: '1-4-weeks',
    milestones: [
      { title: 'Data cleaning', amountCents: 50000, dueDate: '2026-12-10' },
      { title: 'Analysis and report', amountCents: 100000, dueDate: '2026-12-24' },
    ],
    status: 'submitted',
    declineReason: null,
    createdAt: '2026-11-21T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
    expert: makeMemberSummary(),
    project: { id: 5, title: 'Survival analysis of a cohort study', status: 'open' },
    ...overrides,
  };
}

export function makeInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    id: 3,
    projectId: 5,
    expertId: 42,
    status: 'invited',
    createdAt: '2026-11-21T08:00:00.000Z',
    expert: makeMemberSummary(),
    project: { id: 5, title: 'Survival analysis of a cohort study', status: 'open', ownerFirstName: 'Olivia' },
    ...overrides,
  };
}

export function makeContract(overrides: Partial<Contract> = {}): Contract {
  return {
    id: 2,
    projectId: 5,
    proposalId: 11,
    clientId: 9,
    expertId: 42,
    priceType: 'fixed',
    priceCents: 150000,
    status: 'active',
    milestones: [
      { id: 1, position: 1, title: 'Data cleaning', amountCents: 50000, dueDate: '2026-12-10', status: 'pending' },
      { id: 2, position: 2, title: 'Analysis and report', amountCents: 100000, dueDate: '2026-12-24', status: 'pending' },
    ],
    createdAt: '2026-11-22T09:00:00.000Z',
    projectTitle: 'Survival analysis of a cohort study',
    client: makeMemberSummary({ id: 9, firstName: 'Olivia', lastName: 'Owner', slug: 'olivia-owner', headline: '', country: 'US' }),
    expert: makeMemberSummary(),
    ...overrides,
  };
}

/** A contract's reviews as its expert (id 42) sees them once the contract ended: nothing written yet. */
export function makeContractReviews(overrides: Partial<ContractReviews> = {}): ContractReviews {
  return {
    contractId: 2,
    state: 'open',
    windowEndsAt: '2026-12-15T10:00:00.000Z',
    subject: { id: 9, firstName: 'Olivia', lastName: 'Owner', role: 'client' },
    mine: null,
    theirs: null,
    theirsWritten: false,
    canWrite: true,
    canReply: false,
    ...overrides,
  };
}

export function makePublicReview(overrides: Partial<PublicReview> = {}): PublicReview {
  return {
    id: 1,
    rating: 5,
    text: 'Clear analysis plan, delivered early.',
    publishedAt: '2026-12-02T09:00:00.000Z',
    reviewerFirstName: 'Olivia',
    reply: null,
    ...overrides,
  };
}

export function makeReviewPage(results: PublicReview[], overrides: Partial<ReviewPage> = {}): ReviewPage {
  const average = results.length > 0 ? Math.round((results.reduce((sum, r) => sum + r.rating, 0) / results.length) * 10) / 10 : null;
  return { ratingAverage: average, reviewCount: results.length, page: 1, pageSize: 10, results, ...overrides };
}
