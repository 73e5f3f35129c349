import { API_PATHS, DIRECTORY_MESSAGES, type ExpertSearchResponse as SearchResponse, type PublicExpertProfile as Profile } from '@sciexperts/shared/contracts';
import { ExpertProfileParams, ExpertSearchQuery, ExpertSearchResponse, PublicExpertProfile } from '@sciexperts/shared/contracts/schemas';
import type { FastifyRequest } from 'fastify';
import { api, type Module } from '../../http/api';
import { badRequest, notFound } from '../../http/errors';
import { ID_PATTERN, errors } from '../../http/schemas';
import { bearerToken } from '../../auth/tokens';
import { parseExpertSearch } from './rules';
import { loadPublicExpert, searchExperts } from './repository';

const idRe = new RegExp(ID_PATTERN);
const optionalBearer: Array<Record<string, string[]>> = [{}, { bearerAuth: [] }];

/**
 * "Find an expert": the public shop window. No sign-in; a bearer, when sent and valid, only lets the owner read
 * their own hidden profile. An invalid or expired bearer is read as a visitor, never as an error.
 */
export const directoryModule: Module = async (app) => {
  const { db, tokens } = app.ctx;
  const r = api(app);

  const viewerOf = async (request: FastifyRequest): Promise<number | undefined> => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return undefined;
    return (await tokens.verify(token))?.userId;
  };

  r.get(
    API_PATHS.expertSearch,
    {
      schema: {
        tags: ['Directory'],
        operationId: 'searchExperts',
        summary: 'Search the public expert directory',
        description:
          'Full-text search (prefix matching, relevance-ranked) with filters by service, practice area, fee range and country. Lists only public profiles with a headline. Numbers, sort and country are checked by the server: a bad value is a 400 naming the field.',
        security: optionalBearer,
        querystring: ExpertSearchQuery,
        response: { 200: ExpertSearchResponse, ...errors(400) },
      },
    },
    async (request): Promise<SearchResponse> => searchExperts(db, parseExpertSearch(request.query)),
  );

  r.get(
    API_PATHS.expertProfile,
    {
      schema: {
        tags: ['Directory'],
        operationId: 'getExpertProfile',
        summary: "An expert's public profile",
        description: "404 for unknown, hidden or headline-less members, except that the owner (with a bearer) reads their own, with isHidden.",
        security: optionalBearer,
        params: ExpertProfileParams,
        response: { 200: PublicExpertProfile, ...errors(400, 404) },
      },
    },
    async (request): Promise<Profile> => {
      if (!idRe.test(request.params.id)) throw badRequest([{ field: 'id', message: 'id must be a positive integer.' }]);
      const profile = await loadPublicExpert(db, Number(request.params.id), await viewerOf(request));
      if (!profile) throw notFound(DIRECTORY_MESSAGES.profileUnavailable);
      return profile;
    },
  );
};
