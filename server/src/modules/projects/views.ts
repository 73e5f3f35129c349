// The projects domain's rows as the contract shows them: each function enriches a whole list with a fixed number
// of queries (one per kind of related data, never one per row).
import {
  expertSlug,
  type Attachment,
  type Contract,
  type Invitation,
  type MemberSummary,
  type Project,
  type Proposal,
} from '@sciexperts/shared/contracts';
import type { Db } from '../../db/connect';
import { publishedRatings } from '../reviews/ratings';
import { toProjectBase, type AttachmentRow, type ContractRow, type InvitationRow, type ProjectRow, type ProposalRow } from './repository';

/** Proposals that give the viewer a place on a project: still live, or hired. */
const VIEWER_PROPOSAL_STATUSES = ['submitted', 'shortlisted', 'hired'];

const distinct = (ids: number[]) => [...new Set(ids)];

export async function memberSummaries(db: Db, ids: number[]): Promise<Map<number, MemberSummary>> {
  const wanted = distinct(ids);
  if (wanted.length === 0) return new Map();
  const rows = await db.kysely.selectFrom('users').select(['id', 'firstName', 'lastName', 'headline', 'profImgUrl', 'country', 'verifiedAt']).where('id', 'in', wanted).execute();
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, firstName: r.firstName, lastName: r.lastName, slug: expertSlug(r.firstName, r.lastName), headline: r.headline ?? '', profImgUrl: r.profImgUrl, country: r.country, verified: Boolean(r.verifiedAt) },
    ]),
  );
}

/** Members are never deleted while their projects live (rows cascade), so a gap is a bug: say so instead of inventing a name. */
function pick<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`${what} ${String(key)} is missing`);
  return value;
}

export const toAttachment = (r: AttachmentRow): Attachment => ({ id: r.id, name: r.name, contentType: r.contentType, size: r.size, createdAt: r.createdAt });

/**
 * Projects as `viewerId` sees them: owner's first name and country, proposal counts, attachments, the platform's fee
 * rate (`fee`: null without payments), own proposal (live or hired, else the latest when it was declined) and invitation.
 */
export async function projectViews(db: Db, rows: ProjectRow[], viewerId: number, fee: Project['fee']): Promise<Project[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const ownerIds = distinct(rows.map((r) => r.ownerId));
  const [owners, counts, attachments, ownProposals, ownInvitations, ownerRatings] = await Promise.all([
    db.kysely.selectFrom('users').select(['id', 'firstName', 'country']).where('id', 'in', ownerIds).execute(),
    db.kysely
      .selectFrom('proposals')
      .select((eb) => [
        'projectId',
        eb.fn.sum<number | string>(eb.case().when('status', '!=', 'withdrawn').then(1).else(0).end()).as('received'),
        eb.fn.sum<number | string>(eb.case().when('status', '=', 'submitted').then(1).else(0).end()).as('fresh'),
      ])
      .where('projectId', 'in', ids)
      .groupBy('projectId')
      .execute(),
    db.kysely.selectFrom('projectAttachments').selectAll().where('projectId', 'in', ids).orderBy('id').execute(),
    // All of the viewer's proposals on these projects (a handful each): the live or hired one, else the latest.
    db.kysely.selectFrom('proposals').select(['id', 'projectId', 'status']).where('projectId', 'in', ids).where('expertId', '=', viewerId).orderBy('id').execute(),
    db.kysely.selectFrom('projectInvitations').select(['id', 'projectId']).where('projectId', 'in', ids).where('expertId', '=', viewerId).where('status', '=', 'invited').execute(),
    publishedRatings(db.kysely, ownerIds, 'client'),
  ]);
  const ownerById = new Map(
    owners.map((o) => [o.id, { firstName: o.firstName, country: o.country, ...(ownerRatings.get(o.id) ?? { ratingAverage: null, reviewCount: 0 }) }]),
  );
  const countsOf = new Map(counts.map((c) => [c.projectId, { proposalCount: Number(c.received), newProposalCount: Number(c.fresh) }]));
  const proposalOf = new Map(ownProposals.filter((p) => VIEWER_PROPOSAL_STATUSES.includes(p.status)).map((p) => [p.projectId, p.id]));
  // Ordered by id, so the last one set per project is the latest.
  const latestOf = new Map(ownProposals.map((p) => [p.projectId, p]));
  const declinedOf = (projectId: number) => {
    const latest = latestOf.get(projectId);
    return !proposalOf.has(projectId) && latest?.status === 'declined' ? latest.id : null;
  };
  const invitationOf = new Map(ownInvitations.map((i) => [i.projectId, i.id]));
  return rows.map((r) => ({
    ...toProjectBase(r),
    owner: pick(ownerById, r.ownerId, 'owner'),
    ...(countsOf.get(r.id) ?? { proposalCount: 0, newProposalCount: 0 }),
    attachments: attachments.filter((a) => a.projectId === r.id).map(toAttachment),
    fee,
    viewer: {
      isOwner: r.ownerId === viewerId,
      proposalId: proposalOf.get(r.id) ?? null,
      declinedProposalId: declinedOf(r.id),
      invitationId: invitationOf.get(r.id) ?? null,
    },
    // Hidden by an operator: its owner reads why (nobody else gets the project at all).
    ...(r.hiddenAt && r.ownerId === viewerId ? { hiddenBySciExperts: { at: r.hiddenAt, reason: r.hiddenReason ?? '' } } : {}),
  }));
}

export async function projectView(db: Db, row: ProjectRow, viewerId: number, fee: Project['fee']): Promise<Project> {
  return (await projectViews(db, [row], viewerId, fee))[0]!;
}

/** Proposals with their expert (as a MemberSummary) and the project's title and status. */
export async function proposalViews(db: Db, rows: ProposalRow[]): Promise<Proposal[]> {
  if (rows.length === 0) return [];
  const [experts, projects] = await Promise.all([
    memberSummaries(db, rows.map((r) => r.expertId)),
    db.kysely.selectFrom('projects').select(['id', 'title', 'status']).where('id', 'in', distinct(rows.map((r) => r.projectId))).execute(),
  ]);
  const projectById = new Map(projects.map((p) => [p.id, { id: p.id, title: p.title, status: p.status as Project['status'] }]));
  return rows.map((r) => ({
    id: r.id,
    projectId: r.projectId,
    expertId: r.expertId,
    coverLetter: r.coverLetter,
    priceType: r.priceType as Proposal['priceType'],
    priceCents: r.priceCents,
    duration: r.duration,
    milestones: JSON.parse(r.milestones) as Proposal['milestones'],
    status: r.status as Proposal['status'],
    declineReason: r.declineReason,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    expert: pick(experts, r.expertId, 'expert'),
    project: pick(projectById, r.projectId, 'project'),
  }));
}

export async function proposalView(db: Db, row: ProposalRow): Promise<Proposal> {
  return (await proposalViews(db, [row]))[0]!;
}

/** Invitations with the invited expert and the project's title, status and owner's first name. */
export async function invitationViews(db: Db, rows: InvitationRow[]): Promise<Invitation[]> {
  if (rows.length === 0) return [];
  const [experts, projects] = await Promise.all([
    memberSummaries(db, rows.map((r) => r.expertId)),
    db.kysely
      .selectFrom('projects')
      .innerJoin('users', 'users.id', 'projects.ownerId')
      .select(['projects.id', 'projects.title', 'projects.status', 'users.firstName'])
      .where('projects.id', 'in', distinct(rows.map((r) => r.projectId)))
      .execute(),
  ]);
  const projectById = new Map(projects.map((p) => [p.id, { id: p.id, title: p.title, status: p.status as Project['status'], ownerFirstName: p.firstName }]));
  return rows.map((r) => ({
    id: r.id,
    projectId: r.projectId,
    expertId: r.expertId,
    status: r.status as Invitation['status'],
    createdAt: r.createdAt,
    expert: pick(experts, r.expertId, 'expert'),
    project: pick(projectById, r.projectId, 'project'),
  }));
}

export async function invitationView(db: Db, row: InvitationRow): Promise<Invitation> {
  return (await invitationViews(db, [row]))[0]!;
}

/** Contracts with the project's title and both parties. */
export async function contractViews(db: Db, rows: ContractRow[]): Promise<Contract[]> {
  if (rows.length === 0) return [];
  const [members, projects] = await Promise.all([
    memberSummaries(db, rows.flatMap((r) => [r.clientId, r.expertId])),
    db.kysely.selectFrom('projects').select(['id', 'title']).where('id', 'in', distinct(rows.map((r) => r.projectId))).execute(),
  ]);
  const titleOf = new Map(projects.map((p) => [p.id, p.title]));
  return rows.map((r) => ({ ...r, projectTitle: pick(titleOf, r.projectId, 'project'), client: pick(members, r.clientId, 'client'), expert: pick(members, r.expertId, 'expert') }));
}
