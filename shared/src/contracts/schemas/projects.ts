// Projects, proposals, invitations and contracts. Server-only at run time. Cross-field rules (budget shape,
// catalogue, dates, milestone sums) are checked by server/src/modules/projects/rules.ts and answer 400 by field.
import { Type } from 'typebox';
import { BUDGET_TYPES, CONTRACT_STATUSES, CURRENCIES, PROJECT_DURATIONS, PROJECT_LIMITS as L, PROJECT_STATUSES, PROJECT_VISIBILITIES, PROPOSAL_STATUSES } from '../projects';
import { Id, Nullable, StringChoice } from './common';

const Cents = Type.Integer({ minimum: 1, maximum: L.centsMax, description: 'US cents (integer).' });
const DateText = Type.String({ maxLength: 10, description: "'YYYY-MM-DD'" });

export const BudgetInput = Type.Object(
  {
    type: StringChoice(BUDGET_TYPES),
    amountCents: Type.Optional(Cents),
    minCents: Type.Optional(Cents),
    maxCents: Type.Optional(Cents),
    currency: Type.Optional(StringChoice(CURRENCIES)),
  },
  { additionalProperties: false },
);

export const Budget = Type.Object(
  {
    type: StringChoice(BUDGET_TYPES),
    amountCents: Nullable(Type.Integer()),
    minCents: Nullable(Type.Integer()),
    maxCents: Nullable(Type.Integer()),
    currency: StringChoice(CURRENCIES),
  },
  { title: 'Budget' },
);

export const ProjectInput = Type.Object(
  {
    title: Type.String({ maxLength: L.titleMax }),
    description: Type.String({ maxLength: L.descriptionMax, description: `Plain text, ${L.descriptionMin}–${L.descriptionMax} characters.` }),
    service: Type.String({ maxLength: 200, description: 'A catalogue service name.' }),
    practiceAreas: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 20 }),
    budget: BudgetInput,
    duration: Type.Optional(StringChoice(PROJECT_DURATIONS)),
    deadline: Type.Optional(DateText),
    visibility: StringChoice(PROJECT_VISIBILITIES),
  },
  { additionalProperties: false },
);

/** Someone on the other side of a project, as the other party sees them (a link to their profile, a face, a name). */
export const MemberSummary = Type.Object(
  {
    id: Type.Integer(),
    firstName: Type.String(),
    lastName: Type.String(),
    slug: Type.String({ description: "'ada-lovelace': with the id, the public profile's path /experts/<id>-<slug>." }),
    headline: Type.String({ description: "'' when the member has none." }),
    profImgUrl: Nullable(Type.String()),
    country: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2.' })),
    verified: Type.Boolean({ description: 'An operator approved the member’s verification as an expert (the Verified badge on proposals).' }),
  },
  { title: 'MemberSummary' },
);

/** A file attached to a project; its bytes are served by GET projectAttachment to those who may see the project. */
export const Attachment = Type.Object(
  { id: Type.Integer(), name: Type.String(), contentType: Type.String(), size: Type.Integer({ description: 'Bytes.' }), createdAt: Type.String() },
  { title: 'Attachment' },
);

export const Project = Type.Object(
  {
    id: Type.Integer(),
    ownerId: Type.Integer(),
    title: Type.String(),
    description: Type.String(),
    service: Type.String(),
    practiceAreas: Type.Array(Type.String()),
    budget: Budget,
    duration: Nullable(Type.String()),
    deadline: Nullable(Type.String()),
    visibility: StringChoice(PROJECT_VISIBILITIES),
    status: StringChoice(PROJECT_STATUSES),
    createdAt: Type.String(),
    updatedAt: Type.String(),
    publishedAt: Nullable(Type.String()),
    owner: Type.Object(
      {
        firstName: Type.String(),
        country: Nullable(Type.String()),
        ratingAverage: Nullable(Type.Number({ description: "Mean of the experts' published reviews of the owner as a client, one decimal; null without any." })),
        reviewCount: Type.Integer({ description: 'Published reviews of the owner as a client.' }),
      },
      { description: "The owner's first name, country (ISO code) and rating as a client: all a non-owner learns of them." },
    ),
    proposalCount: Type.Integer({ description: 'Proposals received, withdrawn ones not counted.' }),
    newProposalCount: Type.Integer({ description: "Proposals still 'submitted' (the owner has not shortlisted or decided on them)." }),
    attachments: Type.Array(Attachment),
    fee: Nullable(
      Type.Object(
        { basisPoints: Type.Integer({ description: '1000 = 10 %.' }) },
        {
          description:
            "The platform's fee on each released milestone at today's rate: a proposal's expert receives its price less this (feeSplit). Null when the platform takes no payments.",
        },
      ),
    ),
    viewer: Type.Object(
      {
        isOwner: Type.Boolean(),
        proposalId: Nullable(Type.Integer({ description: "The viewer's own live or hired proposal on this project." })),
        declinedProposalId: Nullable(
          Type.Integer({ description: "The viewer's latest proposal on this project when the owner declined it and none is live or hired since (its reason is the viewer's to read)." }),
        ),
        invitationId: Nullable(Type.Integer({ description: "The viewer's undeclined invitation to this project." })),
      },
      { description: 'The signed-in member in relation to this project.' },
    ),
    hiddenBySciExperts: Type.Optional(
      Type.Object(
        { at: Type.String(), reason: Type.String() },
        { description: "The owner only: SciExperts' operators hid this project (out of the list, not found for others) for this reason." },
      ),
    ),
  },
  { title: 'Project' },
);

const Paged = { total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() };
export const ProjectList = Type.Object({ ...Paged, results: Type.Array(Project) }, { title: 'ProjectList' });

/** What a signed-out visitor sees of an open public project: no id, owner or description. */
export const ProjectTeaser = Type.Object(
  { title: Type.String(), service: Type.String(), budget: Budget, postedAt: Type.String({ description: 'When it was published (ISO time): the client shows its age.' }) },
  { title: 'ProjectTeaser' },
);
export const ProjectTeaserList = Type.Object({ ...Paged, results: Type.Array(ProjectTeaser) }, { title: 'ProjectTeaserList' });

/** A project page a visitor may reach (its content needs a session): only that it is there, nothing of the project. */
export const PublicProjectPage = Type.Object({ id: Type.Integer() }, { title: 'PublicProjectPage' });

const optionalText = (description: string) => Type.Optional(Type.String({ maxLength: 200, description }));
export const ProjectListQuery = Type.Object(
  {
    service: optionalText('A catalogue service name.'),
    budgetType: optionalText("'fixed' or 'hourly'."),
    minBudget: optionalText('Cents: projects whose budget reaches at least this.'),
    maxBudget: optionalText('Cents: projects whose budget starts at most at this.'),
    postedSince: optionalText("'YYYY-MM-DD': published on or after this day (UTC)."),
    q: optionalText('Words that must all appear (as prefixes, any case) in the title or description.'),
    matching: optionalText("'mine': only projects whose service is one the member offers on their profile (members only; the signed-out list refuses it)."),
    page: optionalText('1-based page number.'),
  },
  { additionalProperties: false },
);

export const Milestone = Type.Object(
  { title: Type.String({ maxLength: L.milestoneTitleMax }), amountCents: Cents, dueDate: DateText },
  { additionalProperties: false, title: 'Milestone' },
);

export const ProposalInput = Type.Object(
  {
    coverLetter: Type.String({ maxLength: L.coverLetterMax }),
    priceType: StringChoice(BUDGET_TYPES),
    priceCents: Type.Integer({ minimum: 1, maximum: L.centsMax, description: 'Fixed: the total; hourly: the rate.' }),
    duration: StringChoice(PROJECT_DURATIONS),
    milestones: Type.Optional(Type.Array(Milestone, { maxItems: L.milestonesMax })),
  },
  { additionalProperties: false },
);

export const Proposal = Type.Object(
  {
    id: Type.Integer(),
    projectId: Type.Integer(),
    expertId: Type.Integer(),
    coverLetter: Type.String(),
    priceType: StringChoice(BUDGET_TYPES),
    priceCents: Type.Integer(),
    duration: Type.String(),
    milestones: Type.Array(Type.Object({ title: Type.String(), amountCents: Type.Integer(), dueDate: Type.String() })),
    status: StringChoice(PROPOSAL_STATUSES),
    declineReason: Nullable(Type.String()),
    createdAt: Type.String(),
    updatedAt: Type.String(),
    expert: MemberSummary,
    project: Type.Object({ id: Type.Integer(), title: Type.String(), status: StringChoice(PROJECT_STATUSES) }),
  },
  { title: 'Proposal' },
);
export const ProposalList = Type.Object({ results: Type.Array(Proposal) }, { title: 'ProposalList' });

export const DeclineBody = Type.Object({ reason: Type.Optional(Type.String({ maxLength: L.reasonMax })) }, { additionalProperties: false });

export const InvitationInput = Type.Object({ expertId: Id }, { additionalProperties: false });
export const Invitation = Type.Object(
  {
    id: Type.Integer(),
    projectId: Type.Integer(),
    expertId: Type.Integer(),
    status: StringChoice(['invited', 'declined'] as const),
    createdAt: Type.String(),
    expert: MemberSummary,
    project: Type.Object({ id: Type.Integer(), title: Type.String(), status: StringChoice(PROJECT_STATUSES), ownerFirstName: Type.String() }),
  },
  { title: 'Invitation' },
);
export const InvitationList = Type.Object({ results: Type.Array(Invitation) }, { title: 'InvitationList' });

export const Contract = Type.Object(
  {
    id: Type.Integer(),
    projectId: Type.Integer(),
    proposalId: Type.Integer(),
    clientId: Type.Integer(),
    expertId: Type.Integer(),
    priceType: StringChoice(BUDGET_TYPES),
    priceCents: Type.Integer(),
    status: StringChoice(CONTRACT_STATUSES),
    milestones: Type.Array(Type.Object({ id: Type.Integer(), position: Type.Integer(), title: Type.String(), amountCents: Type.Integer(), dueDate: Type.String(), status: Type.String() })),
    createdAt: Type.String(),
    projectTitle: Type.String(),
    client: MemberSummary,
    expert: MemberSummary,
  },
  { title: 'Contract' },
);
export const ContractList = Type.Object({ results: Type.Array(Contract) }, { title: 'ContractList' });
