import {
  API_PATHS,
  LIVE_PROPOSAL_STATUSES,
  PAYMENT_MESSAGES,
  PROJECT_LIMITS,
  PROJECT_MESSAGES as M,
  type Contract as ContractT,
  type ContractList as ContractListT,
  type Invitation as InvitationT,
  type InvitationList as InvitationListT,
  type Project as ProjectT,
  type ProjectList as ProjectListT,
  type ProjectTeaserList as ProjectTeaserListT,
  type Proposal as ProposalT,
  type ProposalList as ProposalListT,
} from '@sciexperts/shared/contracts';
import {
  ContractList,
  Contract,
  DeclineBody,
  IdParams,
  Invitation,
  InvitationInput,
  InvitationList,
  Project,
  ProjectInput,
  ProjectList,
  ProjectListQuery,
  ProjectTeaserList,
  Proposal,
  PublicProjectPage,
  ProposalInput,
  ProposalList,
} from '@sciexperts/shared/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors';
import { api, requireSession, type Module } from '../../http/api';
import { auth, bearer, errors, open } from '../../http/schemas';
import { isListedMember } from '../directory/repository';
import { endContract } from '../payments/repository';
import * as repo from './repository';
import { tellExpertOfDecision, tellHeldInvitations, tellHired, tellInvited, tellOwnerOfProposal } from './notices';
import { refuseIfBlocked } from '../blocks/rules';
import { checkProject, checkProposal, earliestToday, parseProjectFilter } from './rules';
import { attachmentRoutes, attachmentsDir, sweepOrphanAttachments } from './attachments';
import { requireVerifiedEmail } from '../account/verification';
import { contractViews, invitationView, invitationViews, projectView, projectViews, proposalView, proposalViews } from './views';

const conflict = (message: string) => new HttpError(409, message);
const tags = ['Projects'];
const Id = IdParams('id');
const pageOf = (total: number, page: number) => ({ total, page, pageSize: PROJECT_LIMITS.pageSize });

/**
 * Projects and proposals (docs/decisions/0010-projects-and-proposals.md). Signed-out visitors get only the
 * teaser list; everything else needs a session. A project the member may not see is a 404 (its existence does
 * not leak); a visible project or a proposal the member may read but not change is a 403; an illegal
 * transition is a 409 and changes nothing (every transition is a conditional UPDATE on the current status).
 */
export function projectsModule(): Module {
  return async (app) => {
    // The app's clock, so jobs and notifications written here agree with the clock the job queue runs on.
    const { db, config, clock } = app.ctx;
    // Files whose rows went with their project (cascade) are removed when the server starts.
    app.addHook('onReady', async () => {
      await sweepOrphanAttachments(db, attachmentsDir(config.dataDir)).catch((err: unknown) => app.log.warn({ err }, 'attachment sweep failed'));
    });

    api(app).get(
      API_PATHS.projectsPublic,
      {
        schema: {
          tags,
          operationId: 'listPublicProjects',
          summary: 'Open public projects as a signed-out visitor sees them: title, service, budget and age only',
          security: open,
          querystring: ProjectListQuery,
          response: { 200: ProjectTeaserList, ...errors(400) },
        },
      },
      async (request): Promise<ProjectTeaserListT> => {
        const filter = parseProjectFilter(request.query, 'signed-out');
        const { total, rows } = await repo.listOpenProjects(db, filter);
        return { ...pageOf(total, filter.page), results: rows.map(repo.toTeaser) };
      },
    );

    api(app).get(
      API_PATHS.projectPublicPage,
      {
        schema: {
          tags,
          operationId: 'getPublicProjectPage',
          summary: "Whether a project's page is there for visitors (its content needs a session); nothing of the project itself",
          description:
            "404, as the project's own read to a member with no tie to it: a draft, a project an operator hid, an open project of a suspended member, an invite-only or an unknown one. The site's server answers such pages 404 with noindex.",
          security: open,
          params: Id,
          response: { 200: PublicProjectPage, ...errors(400, 404) },
        },
      },
      async (request) => {
        const p = await repo.findProject(db, Number(request.params.id));
        // 0 is nobody's id: what a member who is neither owner, invited, proposer nor hired may see.
        if (!p || !(await repo.canSee(db, p, 0))) throw notFound(M.notFound);
        return { id: p.id };
      },
    );

    await app.register(async (inner: FastifyInstance) => {
      requireSession(inner);
      const r = api(inner);

      /** The project, or 404 when it does not exist or the member may not see it. */
      const visibleProject = async (id: string, viewerId: number) => {
        const p = await repo.findProject(db, Number(id));
        if (!p || !(await repo.canSee(db, p, viewerId))) throw notFound(M.notFound);
        return p;
      };
      const ownedProject = async (id: string, viewerId: number) => {
        const p = await visibleProject(id, viewerId);
        if (p.ownerId !== viewerId) throw forbidden(M.ownerOnly);
        return p;
      };
      /** A proposal only its author and the project's owner may know of: 404 for everyone else. */
      const readableProposal = async (id: string, viewerId: number) => {
        const proposal = await repo.findProposal(db, Number(id));
        const project = proposal && (await repo.findProject(db, proposal.projectId));
        if (!proposal || !project || (proposal.expertId !== viewerId && project.ownerId !== viewerId)) throw notFound(M.proposalNotFound);
        return { proposal, project };
      };
      // The rate releases will take today (PLATFORM_FEE_BPS), so proposals show what the expert would receive.
      const fee = (): ProjectT['fee'] => (app.ctx.config.payments ? { basisPoints: app.ctx.config.payments.feeBasisPoints } : null);
      const reloadProject = async (id: number, viewerId: number) => projectView(db, (await repo.findProject(db, id))!, viewerId, fee());
      const reloadProposal = async (id: number) => proposalView(db, (await repo.findProposal(db, id))!);

      r.post(
        API_PATHS.projects,
        {
          schema: { tags, operationId: 'createProjectDraft', summary: 'Save a new project as a draft', security: bearer, body: ProjectInput, response: { 201: Project, ...errors(400, 401) } },
        },
        async (request, reply): Promise<ProjectT> => {
          const me = auth(request).userId;
          const now = clock();
          const project = await repo.insertProject(db, me, checkProject(request.body, now), now);
          reply.code(201);
          return projectView(db, project, me, fee());
        },
      );

      r.get(
        API_PATHS.projects,
        {
          schema: {
            tags,
            operationId: 'listOpenProjects',
            summary: "Open public projects, newest first, for members; q keeps those whose title or description holds every word, matching=mine those in a service the member offers",
            security: bearer,
            querystring: ProjectListQuery,
            response: { 200: ProjectList, ...errors(400, 401) },
          },
        },
        async (request): Promise<ProjectListT> => {
          const me = auth(request).userId;
          const filter = parseProjectFilter(request.query, { memberId: me });
          const { total, rows } = await repo.listOpenProjects(db, filter);
          return { ...pageOf(total, filter.page), results: await projectViews(db, rows, me, fee()) };
        },
      );

      r.get(
        API_PATHS.projectsMine,
        { schema: { tags, operationId: 'listMyProjects', summary: "The member's own projects in every state", security: bearer, response: { 200: ProjectList, ...errors(401) } } },
        async (request): Promise<ProjectListT> => {
          const me = auth(request).userId;
          const results = await projectViews(db, await repo.projectsOf(db, me), me, fee());
          return { total: results.length, page: 1, pageSize: results.length, results };
        },
      );

      r.get(
        API_PATHS.project,
        { schema: { tags, operationId: 'getProject', summary: 'One project in full (404 unless the member may see it)', security: bearer, params: Id, response: { 200: Project, ...errors(400, 401, 404) } } },
        async (request): Promise<ProjectT> => {
          const me = auth(request).userId;
          return projectView(db, await visibleProject(request.params.id, me), me, fee());
        },
      );

      r.put(
        API_PATHS.project,
        {
          schema: { tags, operationId: 'updateProjectDraft', summary: 'Change a draft (owner only)', security: bearer, params: Id, body: ProjectInput, response: { 200: Project, ...errors(400, 401, 403, 404, 409) } },
        },
        async (request): Promise<ProjectT> => {
          const me = auth(request).userId;
          const p = await ownedProject(request.params.id, me);
          const now = clock();
          const values = checkProject(request.body, now);
          if (!(await repo.updateProjectIf(db, p.id, ['draft'], repo.projectSet(values, now)))) throw conflict(M.notDraft);
          return reloadProject(p.id, me);
        },
      );

      const transition = (path: string, operationId: string, summary: string, from: readonly string[], to: string, message: string, publish = false) =>
        r.post(
          path,
          { schema: { tags, operationId, summary, security: bearer, params: Id, response: { 200: Project, ...errors(400, 401, 403, 404, 409) } } },
          async (request): Promise<ProjectT> => {
            const me = auth(request).userId;
            const p = await ownedProject(request.params.id, me);
            if (publish) await requireVerifiedEmail(db, me);
            const now = clock();
            const at = now.toISOString();
            // A deadline that passed while the project was a draft must be moved before it is published.
            if (publish && p.status === 'draft' && p.deadline !== null && p.deadline < earliestToday(now)) {
              throw badRequest([{ field: 'deadline', message: M.dateInPast }]);
            }
            const changed = publish
              ? // Invitations made on the draft were held: the experts are told now, with the publication.
                await repo.publishDraft(db, p.id, at, (trx) => tellHeldInvitations(trx, app.ctx.jobs, p.id, now))
              : await repo.updateProjectIf(db, p.id, from, { status: to, updatedAt: at });
            if (!changed) throw conflict(message);
            return reloadProject(p.id, me);
          },
        );
      transition(API_PATHS.projectPublish, 'publishProject', 'Publish a draft: draft → open (owner only)', ['draft'], 'open', M.notDraft, true);
      transition(API_PATHS.projectCancel, 'cancelProject', 'Cancel a draft or open project (owner only)', ['draft', 'open'], 'cancelled', M.cannotCancel);
      r.post(
        API_PATHS.projectComplete,
        {
          schema: {
            tags,
            operationId: 'completeProject',
            summary: "Complete a project in progress (owner only): ends its contract, refused while money is held in escrow",
            security: bearer,
            params: Id,
            response: { 200: Project, ...errors(400, 401, 403, 404, 409) },
          },
        },
        async (request): Promise<ProjectT> => {
          const me = auth(request).userId;
          const p = await ownedProject(request.params.id, me);
          if (p.status !== 'in-progress') throw conflict(M.cannotComplete);
          // A project in progress has its contract: completing it is ending that contract, which refuses while any
          // milestone holds money (funded, submitted, disputed) and completes the project in the same transaction.
          const contract = await db.kysely.selectFrom('contracts').select('id').where('projectId', '=', p.id).executeTakeFirst();
          if (contract) {
            if ((await endContract(db, app.ctx.jobs, contract.id, me, clock())) === 'money-held') throw conflict(PAYMENT_MESSAGES.moneyInEscrow);
          } else if (!(await repo.updateProjectIf(db, p.id, ['in-progress'], { status: 'completed', updatedAt: clock().toISOString() }))) {
            throw conflict(M.cannotComplete);
          }
          return reloadProject(p.id, me);
        },
      );

      r.post(
        API_PATHS.projectProposals,
        {
          schema: {
            tags,
            operationId: 'sendProposal',
            summary: 'Send a proposal on an open project the member can see (one live proposal per expert and project)',
            description: "409 with the block's sentence when the expert or the project's owner blocked the other; nothing is sent.",
            security: bearer,
            params: Id,
            body: ProposalInput,
            response: { 201: Proposal, ...errors(400, 401, 403, 404, 409) },
          },
        },
        async (request, reply): Promise<ProposalT> => {
          const me = auth(request).userId;
          const p = await visibleProject(request.params.id, me);
          if (p.ownerId === me) throw forbidden(M.ownProject);
          await requireVerifiedEmail(db, me);
          const now = clock();
          const values = checkProposal(request.body, now);
          if (p.status !== 'open') throw conflict(M.notOpen);
          // A block either way closes this channel too: nothing is stored and the owner is not told.
          await refuseIfBlocked(db, me, p.ownerId);
          try {
            const proposal = await repo.insertProposal(db, p.id, me, values, now, (trx, made) => tellOwnerOfProposal(trx, app.ctx.jobs, made, now));
            if (!proposal) throw conflict(M.notOpen);
            reply.code(201);
            return await proposalView(db, proposal);
          } catch (err) {
            if (isUniqueViolation(err)) throw conflict(M.duplicateProposal);
            throw err;
          }
        },
      );

      r.get(
        API_PATHS.projectProposals,
        { schema: { tags, operationId: 'listProjectProposals', summary: "A project's proposals (owner only)", security: bearer, params: Id, response: { 200: ProposalList, ...errors(400, 401, 403, 404) } } },
        async (request): Promise<ProposalListT> => {
          const p = await ownedProject(request.params.id, auth(request).userId);
          return { results: await proposalViews(db, await repo.proposalsOfProject(db, p.id)) };
        },
      );

      r.get(
        API_PATHS.proposalsMine,
        { schema: { tags, operationId: 'listMyProposals', summary: "The member's own proposals", security: bearer, response: { 200: ProposalList, ...errors(401) } } },
        async (request): Promise<ProposalListT> => ({ results: await proposalViews(db, await repo.proposalsOfExpert(db, auth(request).userId)) }),
      );

      r.get(
        API_PATHS.proposal,
        { schema: { tags, operationId: 'getProposal', summary: "One proposal (its author and the project's owner only)", security: bearer, params: Id, response: { 200: Proposal, ...errors(400, 401, 404) } } },
        async (request): Promise<ProposalT> => proposalView(db, (await readableProposal(request.params.id, auth(request).userId)).proposal),
      );

      r.put(
        API_PATHS.proposal,
        {
          schema: {
            tags,
            operationId: 'updateProposal',
            summary: 'Edit a proposal until the owner decides (author only)',
            security: bearer,
            params: Id,
            body: ProposalInput,
            response: { 200: Proposal, ...errors(400, 401, 403, 404, 409) },
          },
        },
        async (request): Promise<ProposalT> => {
          const me = auth(request).userId;
          const { proposal, project } = await readableProposal(request.params.id, me);
          if (proposal.expertId !== me) throw forbidden(M.authorOnly);
          const now = clock();
          const v = checkProposal(request.body, now);
          if (project.status !== 'open') throw conflict(M.notOpen);
          const set = { ...v, milestones: JSON.stringify(v.milestones), updatedAt: now.toISOString() };
          if (!(await repo.updateProposalIf(db, proposal.id, LIVE_PROPOSAL_STATUSES, set))) throw conflict(M.proposalDecided);
          return reloadProposal(proposal.id);
        },
      );

      r.post(
        API_PATHS.proposalWithdraw,
        { schema: { tags, operationId: 'withdrawProposal', summary: 'Withdraw a live proposal (author only)', security: bearer, params: Id, response: { 200: Proposal, ...errors(400, 401, 403, 404, 409) } } },
        async (request): Promise<ProposalT> => {
          const me = auth(request).userId;
          const { proposal } = await readableProposal(request.params.id, me);
          if (proposal.expertId !== me) throw forbidden(M.authorOnly);
          if (!(await repo.updateProposalIf(db, proposal.id, LIVE_PROPOSAL_STATUSES, { status: 'withdrawn', updatedAt: clock().toISOString() }))) throw conflict(M.proposalDecided);
          return reloadProposal(proposal.id);
        },
      );

      /** An owner's decision: the proposal must be readable (404), the member the owner (403), the project open (409). */
      const decision = async (id: string, me: number) => {
        const found = await readableProposal(id, me);
        if (found.project.ownerId !== me) throw forbidden(M.ownerOnly);
        if (found.project.status !== 'open') throw conflict(M.notOpen);
        return found;
      };

      r.post(
        API_PATHS.proposalShortlist,
        { schema: { tags, operationId: 'shortlistProposal', summary: 'Shortlist a submitted proposal (owner only)', security: bearer, params: Id, response: { 200: Proposal, ...errors(400, 401, 403, 404, 409) } } },
        async (request): Promise<ProposalT> => {
          const { proposal } = await decision(request.params.id, auth(request).userId);
          const tell = (trx: Kysely<Database>, changed: repo.ProposalRow) => tellExpertOfDecision(trx, app.ctx.jobs, changed, clock());
          if (!(await repo.updateProposalIf(db, proposal.id, ['submitted'], { status: 'shortlisted', updatedAt: clock().toISOString() }, tell))) throw conflict(M.cannotShortlist);
          return reloadProposal(proposal.id);
        },
      );

      r.post(
        API_PATHS.proposalDecline,
        {
          schema: {
            tags,
            operationId: 'declineProposal',
            summary: 'Decline a live proposal, optionally with a reason (owner only); the body may be omitted',
            security: bearer,
            params: Id,
            body: DeclineBody,
            response: { 200: Proposal, ...errors(400, 401, 403, 404, 409) },
          },
          // No body (or an empty one) means no reason.
          preValidation: async (request) => {
            if (request.body === undefined || request.body === null || (request.body as unknown) === '') request.body = {};
          },
        },
        async (request): Promise<ProposalT> => {
          const { proposal } = await decision(request.params.id, auth(request).userId);
          const reason = request.body.reason?.trim() || null;
          const tell = (trx: Kysely<Database>, changed: repo.ProposalRow) => tellExpertOfDecision(trx, app.ctx.jobs, changed, clock());
          if (!(await repo.updateProposalIf(db, proposal.id, LIVE_PROPOSAL_STATUSES, { status: 'declined', declineReason: reason, updatedAt: clock().toISOString() }, tell))) throw conflict(M.proposalDecided);
          return reloadProposal(proposal.id);
        },
      );

      r.post(
        API_PATHS.proposalHire,
        {
          schema: {
            tags,
            operationId: 'hireProposal',
            summary: 'Hire: accept one proposal, create the contract, start the project and decline the other live proposals, in one transaction (owner only)',
            security: bearer,
            params: Id,
            response: { 200: Contract, ...errors(400, 401, 403, 404, 409) },
          },
        },
        async (request): Promise<ContractT> => {
          const me = auth(request).userId;
          const { proposal } = await decision(request.params.id, me);
          if (!(LIVE_PROPOSAL_STATUSES as readonly string[]).includes(proposal.status)) throw conflict(M.proposalDecided);
          let contract: repo.ContractRow;
          try {
            const now = clock();
            contract = await repo.hire(db, proposal, me, now, (trx, hired, declined) => tellHired(trx, app.ctx.jobs, hired, declined, now));
          } catch (err) {
            if (err instanceof repo.HireConflict || isUniqueViolation(err)) throw conflict(M.alreadyHired);
            throw err;
          }
          return (await contractViews(db, [contract]))[0]!;
        },
      );

      r.post(
        API_PATHS.projectInvitations,
        {
          schema: {
            tags,
            operationId: 'inviteExpert',
            summary: 'Invite a listed expert to a project (owner only); an invited expert can see an invite-only project',
            description: "409 with the block's sentence when the owner or the expert blocked the other; nobody is invited.",
            security: bearer,
            params: Id,
            body: InvitationInput,
            response: { 201: Invitation, ...errors(400, 401, 403, 404, 409) },
          },
        },
        async (request, reply): Promise<InvitationT> => {
          const me = auth(request).userId;
          const p = await ownedProject(request.params.id, me);
          const { expertId } = request.body;
          if (expertId === me) throw new HttpError(400, M.selfInvite, [{ field: 'expertId', message: M.selfInvite }]);
          if (!(await isListedMember(db, expertId))) throw new HttpError(400, M.notListed, [{ field: 'expertId', message: M.notListed }]);
          if (p.status === 'completed' || p.status === 'cancelled' || p.status === 'in-progress') throw conflict(M.notOpen);
          await refuseIfBlocked(db, me, expertId);
          try {
            const now = clock();
            // On a draft the invitation is held: the expert could not see the project yet, and is told when it is published.
            const tell = p.status === 'draft' ? undefined : (trx: Kysely<Database>, made: repo.InvitationRow) => tellInvited(trx, app.ctx.jobs, made, now);
            const invitation = await repo.insertInvitation(db, p.id, expertId, now, tell);
            reply.code(201);
            return await invitationView(db, invitation);
          } catch (err) {
            if (isUniqueViolation(err)) throw conflict(M.alreadyInvited);
            throw err;
          }
        },
      );

      r.get(
        API_PATHS.projectInvitations,
        { schema: { tags, operationId: 'listProjectInvitations', summary: "A project's invitations (owner only)", security: bearer, params: Id, response: { 200: InvitationList, ...errors(400, 401, 403, 404) } } },
        async (request): Promise<InvitationListT> => ({ results: await invitationViews(db, await repo.invitationsOfProject(db, (await ownedProject(request.params.id, auth(request).userId)).id)) }),
      );

      r.get(
        API_PATHS.invitationsMine,
        { schema: { tags, operationId: 'listMyInvitations', summary: 'Invitations the member received', security: bearer, response: { 200: InvitationList, ...errors(401) } } },
        async (request): Promise<InvitationListT> => ({ results: await invitationViews(db, await repo.invitationsOfExpert(db, auth(request).userId)) }),
      );

      r.post(
        API_PATHS.invitationDecline,
        { schema: { tags, operationId: 'declineInvitation', summary: 'Decline an invitation (the invited expert only)', security: bearer, params: Id, response: { 200: Invitation, ...errors(400, 401, 404, 409) } } },
        async (request): Promise<InvitationT> => {
          const me = auth(request).userId;
          const invitation = await repo.findInvitation(db, Number(request.params.id));
          // Only the invited expert knows of it (the owner reads it through the project's list).
          if (!invitation || invitation.expertId !== me) throw notFound(M.invitationNotFound);
          if (!(await repo.declineInvitationIf(db, invitation.id))) throw conflict(M.invitationDeclined);
          return invitationView(db, { ...invitation, status: 'declined' });
        },
      );

      r.get(
        API_PATHS.contractsMine,
        { schema: { tags, operationId: 'listMyContracts', summary: "Contracts the member is a party to (client or expert), with their milestones", security: bearer, response: { 200: ContractList, ...errors(401) } } },
        async (request): Promise<ContractListT> => ({ results: await contractViews(db, await repo.contractsOf(db, auth(request).userId)) }),
      );

      attachmentRoutes(inner, { ownedProject, clock });
    });
  };
}
