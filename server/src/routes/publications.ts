import type { OrcidCallbackResponse, Publication } from '@sciexperts/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { auth, bearer, errorSchema, idParams } from '../http/schemas';
import { listPublications, replacePublications } from '../db/repo/publications';
import { readableUser } from './access';

type Valued = { value?: unknown } | null | undefined;
interface OrcidWorkSummary {
  title?: { title?: Valued } | null;
  type?: unknown;
  url?: Valued;
  'publication-date'?: { year?: Valued; month?: Valued; day?: Valued } | null;
  'external-ids'?: { 'external-id'?: Array<{ 'external-id-type'?: unknown; 'external-id-value'?: unknown; 'external-id-url'?: Valued }> } | null;
}
interface OrcidWorks {
  group?: Array<{ 'work-summary'?: OrcidWorkSummary[] }>;
}

const valueOf = (v: Valued): string | null => (v && typeof v.value === 'string' && v.value.trim() !== '' ? v.value : null);
const part = (v: Valued) => {
  const s = valueOf(v);
  return s === null ? null : { value: s };
};

/** ORCID groups duplicate works; the first summary of each group is the preferred one. */
export function mapOrcidWorks(body: OrcidWorks): Publication[] {
  const out: Publication[] = [];
  for (const group of body.group ?? []) {
    const w = group['work-summary']?.[0];
    if (!w) continue;
    const title = valueOf(w.title?.title);
    if (!title) continue;
    let url = valueOf(w.url);
    if (!url) {
      const doi = w['external-ids']?.['external-id']?.find((e) => e['external-id-type'] === 'doi');
      url = valueOf(doi?.['external-id-url']) ?? (typeof doi?.['external-id-value'] === 'string' ? `https://doi.org/${doi['external-id-value']}` : null);
    }
    const date = w['publication-date'];
    out.push({
      title: title.slice(0, 1000),
      url: url && /^https?:\/\//i.test(url) ? url.slice(0, 2000) : null,
      type: typeof w.type === 'string' ? w.type : null,
      publicationDate: date ? { year: part(date.year), month: part(date.month), day: part(date.day) } : null,
    });
  }
  return out;
}

export function publicationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get<{ Params: { userId: string } }>(
    '/api/Publication/GetAllPublicationsByUserId/:userId',
    { schema: { tags: ['Publication'], summary: "A member's publications synced from ORCID", security: bearer, params: idParams('userId'), response: { 404: errorSchema } } },
    async (request): Promise<Publication[]> => {
      const owner = await readableUser(db, auth(request).userId, Number(request.params.userId));
      return listPublications(db, owner.id);
    },
  );

  app.get<{ Querystring: { code: string } }>(
    '/auth/orcid/callback',
    {
      schema: {
        tags: ['Publication'],
        summary: 'Exchange an ORCID authorization code and store the works for the caller',
        security: bearer,
        querystring: { type: 'object', properties: { code: { type: 'string', minLength: 1, maxLength: 200 } }, required: ['code'], additionalProperties: false },
        response: { 502: errorSchema, 503: errorSchema },
      },
    },
    async (request): Promise<OrcidCallbackResponse> => {
      const orcid = ctx.config.orcid;
      if (!orcid) throw new HttpError(503, 'ORCID is not configured on this server (set ORCID_BASE_URL, ORCID_CLIENT_ID, ORCID_CLIENT_SECRET and ORCID_REDIRECT_URI).');
      const me = auth(request).userId;
      const failed = () => new HttpError(502, 'Failed to sync ORCID publications');
      let tokenBody: { access_token?: unknown; orcid?: unknown };
      try {
        const r = await ctx.fetch(`${orcid.baseUrl}/oauth/token`, {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ client_id: orcid.clientId, client_secret: orcid.clientSecret, grant_type: 'authorization_code', code: request.query.code, redirect_uri: orcid.redirectUri }),
          signal: AbortSignal.timeout(15_000),
        });
        if (r.status === 400 || r.status === 401) throw new HttpError(400, 'The ORCID authorization code is invalid or was already used.');
        if (!r.ok) throw failed();
        tokenBody = (await r.json()) as typeof tokenBody;
      } catch (err) {
        if (err instanceof HttpError) throw err;
        throw failed();
      }
      const orcidId = tokenBody.orcid;
      if (typeof tokenBody.access_token !== 'string' || typeof orcidId !== 'string' || !/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/.test(orcidId)) throw failed();
      let works: Publication[];
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
      await replacePublications(db, me, works);
      return { user: { works } };
    },
  );
}
