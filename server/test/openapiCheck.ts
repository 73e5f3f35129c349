// Keeps the published OpenAPI document true: every response the server test suite produces is checked against the
// document the same app serves at /api/docs/json (docs/decisions/0029-openapi-document-kept-true.md).
import { createHash } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import OpenAPIBackend, { type AjvCustomizer, type Document } from 'openapi-backend';

type Operation = {
  operationId?: string;
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
};
type Paths = Record<string, Record<string, Operation>>;

/** One answer that the document does not describe. */
export interface Mismatch {
  request: string;
  status: number;
  problem: string;
}

const mismatches: Mismatch[] = [];

/** The mismatches found since the last call (the suite's setup fails the test that produced them). */
export function takeMismatches(): Mismatch[] {
  return mismatches.splice(0, mismatches.length);
}

/** openapi-backend over one document; apps of a suite serve the same document, so it is built once per distinct one. */
const backends = new Map<string, Promise<OpenAPIBackend>>();

/**
 * openapi-backend makes a fresh Ajv for each operation's validators and compiles each of its schemas. Both cost:
 * a new Ajv compiles the meta-schema (about 50 ms), and most operations share their schemas (every error is one
 * ApiError). One Ajv per validation context, without meta-schema (the document itself is validated once, in
 * test/openapiDocument.test.ts), and one compilation per distinct schema: 20 operations' validators in 0.3 s
 * instead of 4.8 s.
 */
const AJV_OPTIONS = { strict: false, meta: false, validateSchema: false, addUsedSchema: false };
type Ajv = Parameters<AjvCustomizer>[0];
const ajvs = new Map<string, Ajv>();
const compiled = new Map<string, ReturnType<Ajv['compile']>>();
const customizeAjv: AjvCustomizer = (fresh, _options, context) => {
  const known = ajvs.get(context);
  if (known) return known;
  const compile = fresh.compile.bind(fresh);
  fresh.compile = ((schema: object) => {
    const key = `${context} ${JSON.stringify(schema)}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = compile(schema);
      compiled.set(key, validate);
    }
    return validate;
  }) as Ajv['compile'];
  ajvs.set(context, fresh);
  return fresh;
};

/** The backend of each document object: hashing a 1.2 MB document per answer cost more than checking it. */
const backendOfDocument = new WeakMap<Document, Promise<OpenAPIBackend>>();

function backendFor(document: Document): Promise<OpenAPIBackend> {
  let backend = backendOfDocument.get(document);
  if (!backend) {
    backend = backendForContent(document);
    backendOfDocument.set(document, backend);
  }
  return backend;
}

async function backendForContent(document: Document): Promise<OpenAPIBackend> {
  const key = createHash('sha256').update(JSON.stringify(document)).digest('hex');
  let backend = backends.get(key);
  if (!backend) {
    // quick: validators are compiled per operation when first needed (all of them up front take ~10 s); the document
    // itself is checked against the OpenAPI schema once, in test/openapiDocument.test.ts.
    const made = new OpenAPIBackend({ definition: structuredClone(document), quick: true, strict: true, ajvOpts: AJV_OPTIONS, customizeAjv });
    backend = made.init().then(() => {
      // openapi-backend rebuilds its flat list of every operation (through lodash) on each lookup by id, that is on each
      // validation: a tenth of a server suite's time. The document no longer changes once the backend is initialised.
      const operations = made.router.getOperations();
      made.router.getOperations = () => operations;
      return made;
    });
    backends.set(key, backend);
  }
  return backend;
}

/** '/api/Projects/:id/Attachments/:attachmentId' → '/api/Projects/{id}/Attachments/{attachmentId}', as @fastify/swagger writes it. */
export function documentedPath(route: string): string {
  return route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const mediaType = (header: unknown): string | null => (typeof header === 'string' && header ? header.split(';')[0]!.trim().toLowerCase() : null);

/** Whether a documented media type (or range such as image/*) covers the one sent. */
function covers(documented: string, sent: string): boolean {
  if (documented === sent || documented === '*/*') return true;
  return documented.endsWith('/*') && sent.startsWith(documented.slice(0, -1));
}

function responseFor(op: Operation, status: number) {
  const responses = op.responses ?? {};
  return responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default;
}

function bodyText(payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null;
}

/** The problems of one answer, empty when the document describes it (status, content type, body, headers, request). */
export async function problemsOf(document: Document, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<string[]> {
  const route = request.routeOptions.url;
  const method = request.method.toLowerCase();
  const op = route === undefined ? undefined : (document.paths as Paths | undefined)?.[documentedPath(route)]?.[method];
  if (!op) return [`${request.method} ${route} is not in the document`];
  const status = reply.statusCode;
  const problems: string[] = [];
  const documented = responseFor(op, status);
  if (!documented) return [`status ${status} is not documented (documented: ${Object.keys(op.responses ?? {}).join(', ')})`];

  const sent = mediaType(reply.getHeader('content-type'));
  const text = bodyText(payload);
  const empty = payload === null || payload === undefined || text === '';
  const types = Object.keys(documented.content ?? {});
  if ((empty && types.length === 0) || status === 204 || status === 304) {
    // No content documented and none sent (a 204 or 304 never carries one: Node drops it, whatever the header says).
  } else if (!sent) {
    problems.push(`status ${status} sent a body without a content type`);
  } else if (!types.some((t) => covers(t, sent))) {
    problems.push(`status ${status} sent ${sent}; the document lists ${types.length ? types.join(', ') : 'no content'}`);
  } else if (sent === 'application/json' && text !== null) {
    const backend = await backendFor(document);
    const result = backend.validator.validateResponse(JSON.parse(text), op.operationId!, status);
    for (const e of result.errors ?? []) problems.push(`status ${status} body${e.instancePath} ${e.message ?? e.keyword}`);
  }
  const backend = await backendFor(document);
  const headers = backend.validator.validateResponseHeaders(reply.getHeaders(), op.operationId!, { statusCode: status, setMatchType: 'superset' as never });
  for (const e of headers.errors ?? []) problems.push(`status ${status} headers${e.instancePath} ${e.message ?? e.keyword}`);

  // A request the server accepted must be one the document allows: its body's type documented, its required headers
  // sent. (A route documenting no body ignores one; the uploads and the webhook document theirs, checked by
  // test/openapiDocument.test.ts.)
  if (status < 300) {
    const bodyType = mediaType(request.headers['content-type']);
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const accepted = Object.keys(op.requestBody?.content ?? {});
    if (hasBody && bodyType && accepted.length > 0 && !accepted.some((t) => covers(t, bodyType))) {
      problems.push(`the request's ${bodyType} body was accepted; the document lists ${accepted.length ? accepted.join(', ') : 'no request body'}`);
    }
    for (const p of op.parameters ?? []) {
      if (p.in === 'header' && p.required && request.headers[p.name.toLowerCase()] === undefined) problems.push(`accepted without the required header ${p.name}`);
    }
  }
  return problems;
}

/**
 * Checks every answer of `app` against its own document. Call it on the bare app, before any plugin, so that its hook
 * is inherited by every route; the mismatches are collected and reported by the suite's setup (test/setup.ts).
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  let document: Document | null = null;
  app.addHook('onSend', async (request, reply, payload) => {
    // Unrouted requests (the 404 handler), swagger-ui's own pages and the uploads folder are outside the document.
    if (request.routeOptions.url === undefined || request.is404 || request.routeOptions.schema?.hide || request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
    document ??= (app as unknown as { swagger: () => Document }).swagger();
    // OPENAPI_COVERAGE=<file>: which route answered which status, to see what the suite leaves unexercised.
    if (process.env.OPENAPI_COVERAGE) appendFileSync(process.env.OPENAPI_COVERAGE, `${request.method} ${request.routeOptions.url} ${reply.statusCode}\n`);
    for (const problem of await problemsOf(document, request, reply, payload)) {
      mismatches.push({ request: `${request.method} ${request.url.split('?')[0]}`, status: reply.statusCode, problem });
    }
    return payload;
  });
}
