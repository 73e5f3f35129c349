// A local stand-in for ORCID's OAuth server and public API, for development and tests only.
// It answers the three calls the product makes, in ORCID's own shapes:
//   GET  /oauth/authorize  (a page with an Authorize button; redirects to redirect_uri?code=…[&state=…])
//   POST /oauth/token      (form-encoded authorization_code grant; one-time codes; ORCID's token JSON)
//   GET  /v3.0/{orcid}/works (the v3.0 works summary: group[].work-summary[])
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { escapeHtml, readBody } from './standInHttp';

export interface OrcidResearcher {
  orcid: string;
  name: string;
}

export interface OrcidStandInOptions {
  clientId: string;
  clientSecret: string;
  /** Registered redirect URIs; the authorize request and token exchange must use one of them exactly. */
  redirectUris: string[];
  researcher?: OrcidResearcher;
  /** ORCID v3.0 works document for the researcher; realistic demo works by default. */
  works?: OrcidWorks;
  /**
   * Several ORCID accounts to choose from on the authorize page (the first is preselected). Without
   * `researcher`/`works`, the default is the demo researcher and a researcher with no works yet, so the
   * product's empty state can be reached through the real flow too.
   */
  accounts?: OrcidAccount[];
  /** Authorization codes expire after this many seconds (ORCID: 10 minutes). */
  codeTtlSeconds?: number;
}

type Value = { value: string } | null;
export interface OrcidWorkSummary {
  'put-code': number;
  title: { title: { value: string }; subtitle: Value; 'translated-title': null };
  'external-ids': { 'external-id': Array<{ 'external-id-type': string; 'external-id-value': string; 'external-id-normalized': Value; 'external-id-url': Value; 'external-id-relationship': string }> };
  url: Value;
  type: string;
  'publication-date': { year: Value; month: Value; day: Value } | null;
  'journal-title': Value;
  visibility: 'public';
  path: string;
}
export interface OrcidWorks {
  'last-modified-date': { value: number } | null;
  group: Array<{ 'last-modified-date': { value: number } | null; 'external-ids': { 'external-id': unknown[] }; 'work-summary': OrcidWorkSummary[] }>;
  path: string;
}

/** The example iD ORCID itself documents (valid ISO 7064 checksum). */
export const DEMO_RESEARCHER: OrcidResearcher = { orcid: '0000-0002-1825-0097', name: 'Josiah Carberry' };
/** A fictional researcher whose ORCID record has no works yet (valid checksum too). */
export const NEW_RESEARCHER: OrcidResearcher = { orcid: '0009-0000-0000-0017', name: 'Rosalind Newcomb' };

export interface OrcidAccount {
  researcher: OrcidResearcher;
  works: OrcidWorks;
}

const v = (value: string | undefined): Value => (value === undefined ? null : { value });

interface DemoWork {
  title: string;
  type: string;
  year?: string;
  month?: string;
  day?: string;
  url?: string;
  doi?: string;
  journal?: string;
}

export function worksDocument(orcid: string, works: DemoWork[]): OrcidWorks {
  const modified = { value: Date.UTC(2024, 0, 15) };
  return {
    'last-modified-date': modified,
    group: works.map((w, i) => {
      const putCode = 1_000_100 + i;
      const ids = w.doi
        ? [{ 'external-id-type': 'doi', 'external-id-value': w.doi, 'external-id-normalized': { value: w.doi.toLowerCase() }, 'external-id-url': { value: `https://doi.org/${w.doi}` }, 'external-id-relationship': 'self' }]
        : [];
      return {
        'last-modified-date': modified,
        'external-ids': { 'external-id': ids },
        'work-summary': [
          {
            'put-code': putCode,
            title: { title: { value: w.title }, subtitle: null, 'translated-title': null },
            'external-ids': { 'external-id': ids },
            url: v(w.url),
            type: w.type,
            'publication-date': w.year ? { year: v(w.year), month: v(w.month), day: v(w.day) } : null,
            'journal-title': v(w.journal),
            visibility: 'public',
            path: `/${orcid}/work/${putCode}`,
          },
        ],
      };
    }),
    path: `/${orcid}/works`,
  };
}

/** A few realistic works: some with url and full date, some with only a year, one known only by DOI. */
export const DEMO_WORKS: DemoWork[] = [
  { title: 'Psychoceramics: a study of cracked pots in the Rhode Island collection', type: 'journal-article', year: '2021', month: '03', day: '14', url: 'https://doi.org/10.5555/12345678', doi: '10.5555/12345678', journal: 'Journal of Psychoceramics' },
  { title: 'Toward a unified theory of fractured ceramics', type: 'journal-article', year: '2019', month: '11', doi: '10.5555/87654321', journal: 'Ceramic Review Letters' },
  { title: 'Methods in applied psychoceramics', type: 'book', year: '2016' },
  { title: 'Reproducible kiln temperature logs (dataset)', type: 'data-set', year: '2023', month: '06', day: '01', url: 'https://data.example.org/kiln-logs' },
  { title: 'Keynote: the cracked pot as a research instrument', type: 'lecture-speech', year: '2018' },
];

export interface OrcidStandIn {
  server: Server;
  /** Base URL once listening, e.g. http://localhost:3002 */
  url: string;
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function page(res: ServerResponse, status: number, title: string, body: string, formTarget?: string): void {
  const formAction = ["'self'", formTarget].filter(Boolean).join(' ');
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'x-content-type-options': 'nosniff',
  });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}h1{font-size:1.4rem}.card{border:1px solid #ccc;border-radius:8px;padding:1rem 1.25rem}fieldset{border:0;padding:0;margin:0 0 1rem}legend{font-weight:600;margin-bottom:.5rem}fieldset label{display:block;margin:.35rem 0}button{font-size:1rem;padding:.5rem 1.25rem;border-radius:6px;border:0;background:#a6ce39;color:#1b1b1b;cursor:pointer}button.secondary{background:#eee;margin-left:.5rem}.note{color:#555;font-size:.9rem}</style>
</head><body><main>${body}</main></body></html>`);
}

export function createOrcidStandIn(options: OrcidStandInOptions): OrcidStandIn {
  const accounts: OrcidAccount[] =
    options.accounts ??
    (options.researcher || options.works
      ? [{ researcher: options.researcher ?? DEMO_RESEARCHER, works: options.works ?? worksDocument((options.researcher ?? DEMO_RESEARCHER).orcid, DEMO_WORKS) }]
      : [
          { researcher: DEMO_RESEARCHER, works: worksDocument(DEMO_RESEARCHER.orcid, DEMO_WORKS) },
          { researcher: NEW_RESEARCHER, works: worksDocument(NEW_RESEARCHER.orcid, []) },
        ]);
  if (accounts.length === 0) throw new Error('The ORCID stand-in needs at least one account.');
  const accountById = new Map(accounts.map((a) => [a.researcher.orcid, a]));
  const codeTtlMs = (options.codeTtlSeconds ?? 600) * 1000;
  const codes = new Map<string, { redirectUri: string; expires: number; orcid: string }>();
  /** access token → the ORCID iD it was issued for */
  const tokens = new Map<string, string>();

  const authorizeProblem = (q: URLSearchParams): string | null => {
    if (q.get('client_id') !== options.clientId) return 'Unknown client_id.';
    if (q.get('response_type') !== 'code') return 'response_type must be "code".';
    const scope = (q.get('scope') ?? '').split(/[\s+]+/).filter(Boolean);
    if (!scope.includes('/authenticate')) return 'scope must include "/authenticate".';
    const redirect = q.get('redirect_uri') ?? '';
    if (!options.redirectUris.includes(redirect)) return `redirect_uri "${redirect}" is not registered for this client (registered: ${options.redirectUris.join(', ')}).`;
    return null;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';

    if (url.pathname === '/oauth/authorize' && method === 'GET') {
      const q = url.searchParams;
      const problem = authorizeProblem(q);
      if (problem) return page(res, 400, 'ORCID: invalid request', `<h1>Invalid authorization request</h1><p>${escapeHtml(problem)}</p>`);
      const redirect = q.get('redirect_uri')!;
      const hidden = ['client_id', 'response_type', 'scope', 'redirect_uri', 'state']
        .filter((k) => q.get(k) !== null)
        .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k)!)}">`)
        .join('');
      const first = accounts[0]!.researcher;
      const who =
        accounts.length === 1
          ? `<p>Signed in as <strong>${escapeHtml(first.name)}</strong> (${first.orcid}).</p><input type="hidden" name="account" value="${first.orcid}">`
          : `<fieldset><legend>Signed in to ORCID as</legend>${accounts
              .map(({ researcher: r, works: w }, i) => {
                const count = w.group.length;
                return `<label><input type="radio" name="account" value="${r.orcid}"${i === 0 ? ' checked' : ''}> <strong>${escapeHtml(r.name)}</strong> (${r.orcid}), ${count === 0 ? 'no works yet' : `${count} public work${count === 1 ? '' : 's'}`}</label>`;
              })
              .join('')}</fieldset>`;
      return page(
        res,
        200,
        'ORCID stand-in: authorize access',
        `<h1>ORCID (local stand-in)</h1><form class="card" method="post" action="/oauth/authorize">${who}
<p><strong>SciExperts</strong> asks to get your ORCID iD (scope <code>/authenticate</code>) and read your public works.</p>
${hidden}<button type="submit" name="decision" value="authorize">Authorize</button><button class="secondary" type="submit" name="decision" value="deny">Deny</button>
<p class="note">You will return to ${escapeHtml(new URL(redirect).origin)}.</p></form>`,
        new URL(redirect).origin,
      );
    }

    if (url.pathname === '/oauth/authorize' && method === 'POST') {
      const q = new URLSearchParams(await readBody(req));
      const problem = authorizeProblem(q);
      if (problem) return page(res, 400, 'ORCID: invalid request', `<h1>Invalid authorization request</h1><p>${escapeHtml(problem)}</p>`);
      const target = new URL(q.get('redirect_uri')!);
      if (q.get('decision') === 'authorize') {
        const account = accountById.get(q.get('account') ?? accounts[0]!.researcher.orcid);
        if (!account) return page(res, 400, 'ORCID: invalid request', '<h1>Invalid authorization request</h1><p>Unknown ORCID account.</p>');
        const code = randomBytes(4).toString('base64url').slice(0, 6);
        codes.set(code, { redirectUri: q.get('redirect_uri')!, expires: Date.now() + codeTtlMs, orcid: account.researcher.orcid });
        target.searchParams.set('code', code);
      } else {
        target.searchParams.set('error', 'access_denied');
        target.searchParams.set('error_description', 'User denied access');
      }
      const state = q.get('state');
      if (state !== null) target.searchParams.set('state', state);
      res.writeHead(303, { location: target.toString(), 'cache-control': 'no-store' });
      return void res.end();
    }

    if (url.pathname === '/oauth/token' && method === 'POST') {
      if (!/^application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? '')) return json(res, 400, { error: 'invalid_request', error_description: 'Form-encoded body expected' });
      const form = new URLSearchParams(await readBody(req));
      if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) {
        return json(res, 401, { error: 'invalid_client', error_description: 'Client not found or bad credentials' });
      }
      if (form.get('grant_type') !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type', error_description: 'Only authorization_code is supported here' });
      const code = form.get('code') ?? '';
      const grant = codes.get(code);
      codes.delete(code);
      if (!grant || grant.expires < Date.now()) return json(res, 400, { error: 'invalid_grant', error_description: `Invalid authorization code: ${code}` });
      if (form.get('redirect_uri') !== grant.redirectUri) return json(res, 400, { error: 'invalid_grant', error_description: 'Redirect URI mismatch.' });
      const accessToken = randomBytes(16).toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
      tokens.set(accessToken, grant.orcid);
      const researcher = accountById.get(grant.orcid)!.researcher;
      return json(res, 200, {
        access_token: accessToken,
        token_type: 'bearer',
        refresh_token: randomBytes(16).toString('hex'),
        expires_in: 631138518,
        scope: '/authenticate',
        name: researcher.name,
        orcid: researcher.orcid,
      });
    }

    const worksMatch = /^\/v3\.0\/(\d{4}-\d{4}-\d{4}-\d{3}[\dX])\/works$/.exec(url.pathname);
    if (worksMatch && method === 'GET') {
      const auth = req.headers.authorization;
      if (auth !== undefined && !tokens.has(auth.replace(/^Bearer\s+/i, ''))) return json(res, 401, { error: 'invalid_token', error_description: 'Invalid access token' });
      // Works are public on ORCID: any valid token (or none) reads any known record.
      const account = accountById.get(worksMatch[1]!);
      if (!account) return json(res, 404, { 'response-code': 404, 'developer-message': `ORCID iD ${worksMatch[1]} not found`, 'error-code': 9016 });
      return json(res, 200, account.works);
    }

    json(res, 404, { error: 'not_found', path: url.pathname });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 400, { error: 'invalid_request' });
      else res.end();
    });
  });

  const standIn: OrcidStandIn = {
    server,
    url: '',
    listen(port, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const addr = server.address();
          standIn.url = `http://localhost:${typeof addr === 'object' && addr ? addr.port : port}`;
          resolve(standIn.url);
        });
      });
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return standIn;
}
