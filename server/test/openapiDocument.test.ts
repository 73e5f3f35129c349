import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import OpenAPIBackend, { type Document } from 'openapi-backend';
import { IDEMPOTENCY_KEY_HEADER, PAYMENT_MESSAGES as M, PROFILE_IMAGE_MAX_BYTES, PROJECT_LIMITS } from '@sciexperts/shared/contracts';
import { DOCUMENT_CONTENT_TYPES } from '@sciexperts/shared/contracts/schemas';
import { member, startApp, type Harness } from './helpers';
import { checkAnswersAgainstDocument, takeMismatches } from './openapiCheck';
import { FakeProvider, PAYMENTS_CONFIG } from './paymentsFixtures';
import { REFUSED, SAMPLES, zip } from './projectsFixtures';
import { sniffAttachment } from '../src/modules/projects/fileTypes';

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: { pattern?: string; minLength?: number; maxLength?: number };
}
interface Op {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: { type?: string; required?: string[]; properties?: Record<string, { type?: string; format?: string; maxLength?: number }> } }> };
  responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
}
type Doc = { paths: Record<string, Record<string, Op>> };

/** The operations that need an Idempotency-Key, as "METHOD path" of the document. */
const KEYED = [
  'post /api/Milestones/{id}/Accept',
  'post /api/Milestones/{id}/Submit',
  'post /api/Milestones/{id}/RequestChanges',
  'post /api/Milestones/{id}/Approve',
  'post /api/Milestones/{id}/Refund',
  'post /api/Milestones/{id}/Dispute',
  'post /api/Milestones/{id}/Fund',
  'post /api/Contracts/{id}/Milestones',
  'post /api/Payments/Withdrawals',
];

describe('the published OpenAPI document', () => {
  let h: Harness;
  let doc: Doc;
  const op = (key: string): Op => {
    const [method, path] = key.split(' ') as [string, string];
    const found = doc.paths[path]?.[method];
    if (!found) throw new Error(`${key} is not in the document`);
    return found;
  };
  const operations = () => Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, o]) => ({ key: `${method} ${path}`, op: o })));

  beforeAll(async () => {
    h = await startApp({ payments: PAYMENTS_CONFIG }, { paymentProvider: new FakeProvider() });
    doc = (await h.api<Doc>('GET', '/api/docs/json')).body;
  });
  afterAll(() => h.close());

  it('is a valid OpenAPI document', async () => {
    const backend = new OpenAPIBackend({ definition: structuredClone(doc) as unknown as Document, quick: true });
    await backend.init();
    await backend.loadDocument();
    expect(() => backend.validateDefinition()).not.toThrow();
  });

  it('has no ambiguous paths: no URL can match two templated paths (redocly no-ambiguous-paths)', () => {
    // Redocly's rule: two paths of as many segments, equal wherever neither segment is a template, with as many
    // templates each. A router or a generated client matching by pattern cannot tell which one a URL means (a feed
    // token under /api/Calls/Feed/{token} read as a call id under /api/Calls/{id}/Accept). A path with fewer
    // templates is the more specific one and wins (/api/Calls/Next against /api/Calls/{id}), as redocly allows.
    const isTemplate = (segment: string) => /^\{.+\}$/.test(segment);
    const ambiguous = (a: string, b: string) => {
      const [pa, pb] = [a.split('/'), b.split('/')];
      if (pa.length !== pb.length) return false;
      let [ta, tb] = [0, 0];
      for (let i = 0; i < pa.length; i += 1) {
        const [x, y] = [pa[i]!, pb[i]!];
        if (isTemplate(x) || isTemplate(y)) {
          ta += Number(isTemplate(x));
          tb += Number(isTemplate(y));
        } else if (x !== y) return false;
      }
      return ta === tb;
    };
    const paths = Object.keys(doc.paths);
    const pairs = paths.flatMap((a, i) => paths.slice(i + 1).filter((b) => ambiguous(a, b)).map((b) => `${a} ~ ${b}`));
    expect(pairs).toEqual([]);
    expect(paths).not.toContain('/api/Calls/Feed/{token}');
    expect(paths).not.toContain('/api/Payments/Cards/{cardId}');
    // The check itself: the feed's former address is caught against a call's.
    expect(ambiguous('/api/Calls/Feed/{token}', '/api/Calls/{id}/Accept')).toBe(true);
  });

  it('declares the Idempotency-Key as a required header of exactly the nine keyed operations', () => {
    const declaring = operations()
      .filter(({ op: o }) => o.parameters?.some((p) => p.in === 'header' && p.name === IDEMPOTENCY_KEY_HEADER))
      .map(({ key }) => key);
    expect(declaring.sort()).toEqual([...KEYED].sort());
    for (const key of KEYED) {
      const header = op(key).parameters!.find((p) => p.name === IDEMPOTENCY_KEY_HEADER)!;
      expect([key, header.required, header.schema]).toEqual([key, true, expect.objectContaining({ minLength: 8, maxLength: 100, pattern: expect.any(String) })]);
    }
  });

  it('answers a keyed call without a key (or with a malformed one) with the same 400 as before the header was declared', async () => {
    const someone = await member(h);
    const bodies: Record<string, unknown> = {
      Submit: { note: 'Delivered.' },
      RequestChanges: { note: 'More, please.' },
      Dispute: { note: 'Missing.' },
      Milestones: { title: 'More work', amountCents: 10_000, dueDate: '2099-01-01' },
      Withdrawals: { amountCents: 1000 },
    };
    for (const key of KEYED) {
      const url = key.split(' ')[1]!.replace('{id}', '1');
      const body = bodies[url.split('/').pop()!];
      const refused: Array<Record<string, string>> = [{}, { 'idempotency-key': 'short' }, { 'idempotency-key': 'has spaces in it' }, { 'idempotency-key': 'x'.repeat(101) }];
      for (const headers of refused) {
        const res = await h.api('POST', url, { token: someone.token, headers, ...(body === undefined ? {} : { body }) });
        expect([key, res.status, res.body]).toEqual([key, 400, { message: M.idempotencyKeyRequired, details: [{ field: IDEMPOTENCY_KEY_HEADER, message: M.idempotencyKeyRequired }] }]);
      }
    }
  });

  it('documents the multipart body of the three uploads, with the field and the size limit', () => {
    const uploads = [
      ['post /api/User/UploadProfileImage/{id}', PROFILE_IMAGE_MAX_BYTES],
      ['post /api/Projects/{id}/Attachments', PROJECT_LIMITS.attachmentMaxBytes],
      ['post /api/Contracts/{id}/Files', PROJECT_LIMITS.attachmentMaxBytes],
    ] as const;
    for (const [key, max] of uploads) {
      const body = op(key).requestBody;
      expect([key, Object.keys(body?.content ?? {})]).toEqual([key, ['multipart/form-data']]);
      const schema = body!.content['multipart/form-data']!.schema;
      expect([key, body!.required, schema.required, schema.properties?.file]).toEqual([key, true, ['file'], expect.objectContaining({ type: 'string', format: 'binary', maxLength: max })]);
      expect(op(key).responses['413']).toBeDefined();
    }
  });

  it("documents the webhook's body: the provider's JSON event, read as sent whatever its declared type", () => {
    const body = op('post /api/Payments/Webhook').requestBody;
    expect(Object.keys(body?.content ?? {})).toEqual(['application/json', '*/*']);
    expect(body!.content['application/json']!.schema.required).toEqual(['id', 'type']);
  });

  it('lists on every route the answers the framework gives whatever the handler does (429; 400 and 413 where input is taken)', () => {
    for (const { key, op: o } of operations()) {
      const statuses = Object.keys(o.responses);
      const takesBody = /^(post|put|patch|delete) /.test(key);
      expect([key, statuses.includes('429'), takesBody && !statuses.includes('413'), takesBody && !statuses.includes('400')]).toEqual([key, true, false, false]);
    }
  });

  it('documents the two downloads under every type they are served with, and their Content-Disposition', () => {
    for (const key of ['get /api/Projects/{id}/Attachments/{attachmentId}', 'get /api/Contracts/{id}/Files/{fileId}']) {
      const ok = op(key).responses['200']!;
      expect([key, Object.keys(ok.content ?? {}).sort()]).toEqual([key, [...DOCUMENT_CONTENT_TYPES].sort()]);
      expect(Object.keys(ok.headers ?? {})).toEqual(['Content-Disposition']);
    }
  });
});

describe('the types a stored document is served with', () => {
  it('are the documented ones: every accepted sample is sniffed as one of them', () => {
    for (const [name, sample] of Object.entries(SAMPLES)) expect([name, DOCUMENT_CONTENT_TYPES.includes(sniffAttachment(sample.bytes) ?? '')]).toEqual([name, true]);
  });

  it('refuse an OpenDocument container whose type is not a registered one', () => {
    expect(sniffAttachment(REFUSED.oddOdf)).toBeNull();
    expect(sniffAttachment(zip([['mimetype', 'application/vnd.oasis.opendocument.made-up'], ['content.xml', '<x/>']]))).toBeNull();
    expect(sniffAttachment(zip([['mimetype', 'application/vnd.oasis.opendocument.graphics'], ['content.xml', '<x/>']]))).toBe('application/vnd.oasis.opendocument.graphics');
  });
});

describe("the suite's check of every answer against the document", () => {
  it('reports an undocumented status, content type, body, missing header and request body type, and passes a documented answer', async () => {
    const app = Fastify();
    checkAnswersAgainstDocument(app);
    await app.register(swagger, { openapi: { info: { title: 't', version: '1' } } });
    const Thing = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } as const;
    // Loosely typed, so a handler may answer what the schema leaves out.
    const ok: Record<number, unknown> = { 200: Thing };
    app.get('/ok', { schema: { operationId: 'ok', response: ok } }, async () => ({ a: 'x' }));
    app.get('/status', { schema: { operationId: 'status', response: ok } }, async (_request, reply) => reply.code(418).send({ a: 'x' }));
    app.get('/type', { schema: { operationId: 'type', response: ok } }, async (_request, reply) => reply.type('text/plain').send('a'));
    app.get('/body', { schema: { operationId: 'body', response: ok } }, async (_request, reply) => reply.type('application/json').send('{"b":1}'));
    app.get('/header', { schema: { operationId: 'header', response: { 200: { ...Thing, headers: { 'X-Thing': { type: 'string' } } } } } }, async () => ({ a: 'x' }));
    app.post('/text', { schema: { operationId: 'text', body: { type: 'string' }, response: ok } }, async () => ({ a: 'x' }));
    await app.ready();

    for (const url of ['/ok', '/status', '/type', '/body', '/header']) await app.inject({ method: 'GET', url });
    await app.inject({ method: 'POST', url: '/text', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    await app.close();
    expect(takeMismatches().map((m) => `${m.request} ${m.status}: ${m.problem}`)).toEqual([
      'GET /status 418: status 418 is not documented (documented: 200)',
      'GET /type 200: status 200 sent text/plain; the document lists application/json',
      "GET /body 200: status 200 body must have required property 'a'",
      "GET /header 200: status 200 headers/headers must have required property 'x-thing'",
      "POST /text 200: the request's text/plain body was accepted; the document lists application/json",
    ]);
  });
});
