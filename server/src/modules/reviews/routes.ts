import {
  API_PATHS,
  REVIEW_MESSAGES as M,
  PROJECT_MESSAGES,
  type ContractReviews as ContractReviewsT,
  type ReviewPage as ReviewPageT,
} from '@sciexperts/shared/contracts';
import { ContractReviews, IdParams, ReplyInput, ReviewInput, ReviewPage, ReviewPageQuery } from '@sciexperts/shared/contracts/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../../auth/tokens';
import { HttpError, forbidden, notFound } from '../../http/errors';
import { api, requireSession, type Module } from '../../http/api';
import { auth, bearer, errors } from '../../http/schemas';
import { isListedMember } from '../directory/repository';
import { canSee, findProject } from '../projects/repository';
import { publishedRating } from './ratings';
import * as repo from './repository';
import { checkReply, checkReview, pageOf } from './rules';
import { contractReviewsView, reviewPageView } from './views';

const conflict = (message: string) => new HttpError(409, message);
const tags = ['Reviews'];
const Id = IdParams('id');
const optionalBearer: Array<Record<string, string[]>> = [{}, { bearerAuth: [] }];

/**
 * Reviews after a contract (docs/decisions/0015-reviews.md). Only a contract's two parties know its reviews (404 for
 * anyone else, as for the contract itself); each writes one, once the contract ended with released work and for 14
 * days; what the other party wrote stays hidden until both are written or the 14 days are over, then both are
 * published at once and never change. The reviewed member may post one public reply. Published reviews are public
 * on an expert's profile, and on a client's projects for the members who may see them.
 */
export const reviewsModule: Module = async (app) => {
  const { db, jobs, tokens } = app.ctx;
  const clock = () => app.ctx.clock();

  jobs.work<repo.CloseWindowPayload>(repo.CLOSE_WINDOW_JOB, async (job) => {
    const published = await repo.closeWindow(db, jobs, job.payload.contractId, clock);
    if (published.length > 0) app.log.info({ contractId: job.payload.contractId, reviews: published.map((r) => r.id) }, 'reviews published at the end of their window');
  });

  const viewerOf = async (request: FastifyRequest): Promise<number | undefined> => {
    const token = bearerToken(request.headers.authorization);
    return token ? (await tokens.verify(token))?.userId : undefined;
  };

  api(app).get(
    API_PATHS.expertReviews,
    {
      schema: {
        tags,
        operationId: 'getExpertReviews',
        summary: "An expert's published reviews from their clients, newest first, with their average and count",
        description: 'Public, like the profile: 404 for unknown, hidden or headline-less members, except that the owner (with a bearer) reads their own.',
        security: optionalBearer,
        params: Id,
        querystring: ReviewPageQuery,
        response: { 200: ReviewPage, ...errors(400, 404) },
      },
    },
    async (request): Promise<ReviewPageT> => {
      const expertId = Number(request.params.id);
      const page = pageOf(request.query.page);
      if (!(await isListedMember(db, expertId)) && (await viewerOf(request)) !== expertId) throw notFound(M.expertNotFound);
      return reviewPageView(db, expertId, 'expert', await publishedRating(db.kysely, expertId, 'expert'), page);
    },
  );

  await app.register(async (inner: FastifyInstance) => {
    requireSession(inner);
    const r = api(inner);

    /** The contract, or 404 unless the member is one of its two parties. */
    const contractFor = async (id: string, me: number) => {
      const contract = await repo.findContract(db, Number(id));
      if (!contract || (contract.clientId !== me && contract.expertId !== me)) throw notFound(M.contractNotFound);
      return contract;
    };
    const viewOf = async (contractId: number, me: number) => contractReviewsView(db, (await repo.findContract(db, contractId))!, me, clock());

    r.get(
      API_PATHS.contractReviews,
      {
        schema: {
          tags,
          operationId: 'getContractReviews',
          summary: "A contract's reviews as one of its parties sees them: their own (published or not), the other's once published, and whether they may still write",
          security: bearer,
          params: Id,
          response: { 200: ContractReviews, ...errors(400, 401, 404) },
        },
      },
      async (request): Promise<ContractReviewsT> => {
        const me = auth(request).userId;
        return contractReviewsView(db, await contractFor(request.params.id, me), me, clock());
      },
    );

    r.post(
      API_PATHS.contractReviews,
      {
        schema: {
          tags,
          operationId: 'writeContractReview',
          summary: 'Review the other party of an ended contract, once: 1–5 stars and an optional text; published with theirs, or when the 14 days are over',
          description:
            '409 while the contract is active or when it ended without a released milestone, after the 14 days, and for a second review. Writing it is naturally idempotent: a repeat is a 409 and changes nothing.',
          security: bearer,
          params: Id,
          body: ReviewInput,
          response: { 201: ContractReviews, ...errors(400, 401, 404, 409) },
        },
      },
      async (request, reply): Promise<ContractReviewsT> => {
        const me = auth(request).userId;
        const contract = await contractFor(request.params.id, me);
        const input = checkReview(request.body);
        const outcome = await repo.writeReview(db, jobs, contract.id, me, input, clock);
        if (outcome === 'unavailable') throw conflict(M.notReviewable);
        if (outcome === 'closed') throw conflict(M.windowClosed);
        if (outcome === 'already') throw conflict(M.alreadyReviewed);
        reply.code(201);
        return viewOf(contract.id, me);
      },
    );

    r.post(
      API_PATHS.reviewReply,
      {
        schema: {
          tags,
          operationId: 'replyToReview',
          summary: 'The reviewed member answers a published review, once, in public',
          security: bearer,
          params: Id,
          body: ReplyInput,
          response: { 200: ContractReviews, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request): Promise<ContractReviewsT> => {
        const me = auth(request).userId;
        const text = checkReply(request.body.text);
        const outcome = await repo.replyToReview(db, Number(request.params.id), me, text, clock());
        if (outcome === 'missing') throw notFound(M.reviewNotFound);
        if (outcome === 'not-subject') throw forbidden(M.subjectOnly);
        if (outcome === 'not-published') throw conflict(M.notPublished);
        if (outcome === 'already') throw conflict(M.alreadyReplied);
        return viewOf(outcome.contractId, me);
      },
    );

    r.get(
      API_PATHS.projectClientReviews,
      {
        schema: {
          tags,
          operationId: 'getProjectClientReviews',
          summary: "The published reviews experts wrote of a project's owner (as a client), newest first, with their average and count",
          description: '404 unless the member may see the project.',
          security: bearer,
          params: Id,
          querystring: ReviewPageQuery,
          response: { 200: ReviewPage, ...errors(400, 401, 404) },
        },
      },
      async (request): Promise<ReviewPageT> => {
        const me = auth(request).userId;
        const page = pageOf(request.query.page);
        const project = await findProject(db, Number(request.params.id));
        if (!project || !(await canSee(db, project, me))) throw notFound(PROJECT_MESSAGES.notFound);
        return reviewPageView(db, project.ownerId, 'client', await publishedRating(db.kysely, project.ownerId, 'client'), page);
      },
    );
  });
};
