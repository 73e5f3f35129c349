import { API_PATHS, ORCID_CODE_REFUSED, ORCID_SYNC_FAILED, type OrcidCallbackResponse as OrcidCallback, type Publication as PublicationView } from '@sciexperts/shared/contracts';
import { IdParams, OrcidCallbackQuery, OrcidCallbackResponse, Publication } from '@sciexperts/shared/contracts/schemas';
import { Type } from 'typebox';
import { HttpError } from '../../http/errors';
import { api, requireSession, type Module } from '../../http/api';
import { auth, bearer, errors } from '../../http/schemas';
import { listPublications, replacePublications } from './repository';
import { readableOwner } from '../users/access';
import { mapOrcidWorks, type OrcidWorks } from './orcid';

export { mapOrcidWorks };

export const publicationsModule: Module = async (app) => {
  requireSession(app);
  const ctx = app.ctx;
  const { db } = ctx;
  const r = api(app);

  r.get(
    API_PATHS.publications,
    {
      schema: {
        tags: ['Publication'],
        operationId: 'getPublicationsByUserId',
        summary: "A member's publications synced from ORCID",
        security: bearer,
        params: IdParams('userId'),
        response: { 200: Type.Array(Publication), ...errors(400, 401, 404) },
      },
    },
    async (request): Promise<PublicationView[]> => {
      const owner = await readableOwner(db, auth(request).userId, Number(request.params.userId));
      return listPublications(db, owner.id);
    },
  );

  r.get(
    API_PATHS.orcidCallback,
    {
      schema: {
        tags: ['Publication'],
        operationId: 'orcidCallback',
        summary: 'Exchange an ORCID authorization code and store the works for the caller',
        security: bearer,
        querystring: OrcidCallbackQuery,
        response: { 200: OrcidCallbackResponse, ...errors(400, 401, 502, 503) },
      },
    },
    async (request): Promise<OrcidCallback> => {
      const orcid = ctx.config.orcid;
      if (!orcid) throw new HttpError(503, 'ORCID is not configured on this server (set ORCID_BASE_URL, ORCID_CLIENT_ID, ORCID_CLIENT_SECRET and ORCID_REDIRECT_URI).');
      const me = auth(request).userId;
      const failed = () => new HttpError(502, ORCID_SYNC_FAILED);
      let tokenBody: { access_token?: unknown; orcid?: unknown };
      try {
        const r = await ctx.fetch(`${orcid.baseUrl}/oauth/token`, {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ client_id: orcid.clientId, client_secret: orcid.clientSecret, grant_type: 'authorization_code', code: request.query.code, redirect_uri: orcid.redirectUri }),
          signal: AbortSignal.timeout(15_000),
        });
        if (r.status === 400 || r.status === 401) throw new HttpError(400, ORCID_CODE_REFUSED);
        if (!r.ok) throw failed();
        tokenBody = (await r.json()) as typeof tokenBody;
      } catch (err) {
        if (err instanceof HttpError) throw err;
        throw failed();
      }
      const orcidId = tokenBody.orcid;
      if (typeof tokenBody.access_token !== 'string' || typeof orcidId !== 'string' || !/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/.test(orcidId)) throw failed();
      let works: PublicationView[];
      try {
        const r = await ctx.fetch(`${orcid.apiUrl}/v3.0/${orcidId}/works`, {
          headers: { accept: 'application/json', authorization: `Bearer ${tokenBody.access_token}` },
          signal: AbortSignal.timeout(15_000),
        });
        if (!r.ok) throw failed();
        works = mapOrcidWorks((await r.json()) as OrcidWorks);
      } catch (err) {
        if (err instanceof HttpError) throw err;
        throw failed();
      }
      await replacePublications(db, me, works, orcidId);
      return { user: { works } };
    },
  );
};
