import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { isAdminPath } from '../modules/admin/paths';
import { isPartnerPath } from '../modules/partners/scope';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the CORS hook on a preflight it answered; the OPTIONS route answers 404 to any other OPTIONS request. */
    apiPreflight: boolean;
  }
}

export interface ApiCorsOptions {
  /** The site's own origins (CORS_ORIGINS), matched exactly. */
  firstParty: readonly string[];
  /** Whether a registered partner app has this origin (asked only on the routes a partner's token opens). */
  isPartnerOrigin: (origin: string) => Promise<boolean>;
  methods: readonly string[];
  allowedHeaders: readonly string[];
  exposedHeaders: readonly string[];
  maxAgeSeconds: number;
}

/**
 * The API's CORS answers, as @fastify/cors gave them with the delegator this app had (test/cors.test.ts holds the two
 * equal, header for header): every header value is joined once here, not per request. The plugin's delegator
 * normalised a fresh options object and merged it again on every request, about 9 % of a cached list read's CPU
 * (decision 0019, round three).
 *
 * - The console's API (/api/admin…) answers no CORS at all, and no preflight (404).
 * - The site's origins, requests with no origin, and any other origin outside the partners' paths get the same answer;
 *   Access-Control-Allow-Origin only for the site's own.
 * - On the paths a partner's token opens, a registered partner's origin is allowed too (the registry as it is now).
 * - Every answer varies by Origin.
 */
export function installApiCors(app: FastifyInstance, options: ApiCorsOptions): void {
  const firstParty = new Set(options.firstParty);
  const methods = options.methods.join(', ');
  const allowedHeaders = options.allowedHeaders.join(', ');
  const exposedHeaders = options.exposedHeaders.join(', ');
  const maxAge = String(options.maxAgeSeconds);

  /** The answer once it is known which origin (if any) is allowed. */
  const answer = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction, allowedOrigin: string | undefined) => {
    if (allowedOrigin !== undefined) reply.header('access-control-allow-origin', allowedOrigin);
    reply.header('access-control-expose-headers', exposedHeaders);
    if (request.raw.method !== 'OPTIONS') return done();
    // A preflight names the origin and the method it asks about (the plugin's strictPreflight).
    if (!request.headers.origin || !request.headers['access-control-request-method']) {
      reply.status(400).type('text/plain').send('Invalid Preflight Request');
      return;
    }
    request.apiPreflight = true;
    reply.header('access-control-allow-methods', methods);
    reply.header('access-control-allow-headers', allowedHeaders);
    reply.header('access-control-max-age', maxAge);
    // Content-Length 0: some browsers wait for a body after a 204 without it.
    reply.code(204).header('content-length', '0').send();
  };

  app.decorateRequest('apiPreflight', false);
  app.addHook('onRequest', (request, reply, done) => {
    varyByOrigin(reply);
    const { url } = request;
    if (isAdminPath(url)) return done();
    const origin = request.headers.origin;
    if (origin === undefined || firstParty.has(origin)) return answer(request, reply, done, origin);
    // By the path (a preflight's route is the OPTIONS route below, not the one it asks about).
    if (!isPartnerPath(url.split('?')[0] ?? '')) return answer(request, reply, done, undefined);
    options.isPartnerOrigin(origin).then(
      (ok) => answer(request, reply, done, ok ? origin : undefined),
      () => answer(request, reply, done, undefined),
    );
  });
  // Lets Fastify route a preflight at all; the hook above has answered it, or it is refused like any unknown route.
  app.options('*', { schema: { hide: true } }, (request, reply) => {
    if (!request.apiPreflight) return reply.callNotFound();
    return reply.send();
  });
}

/** Adds Origin to the Vary header, keeping what is there. */
function varyByOrigin(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined || vary === '') {
    reply.header('vary', 'Origin');
    return;
  }
  const list = (Array.isArray(vary) ? vary.join(', ') : String(vary)).split(',').map((v) => v.trim().toLowerCase());
  if (list.includes('*') || list.includes('origin')) return;
  reply.header('vary', `${Array.isArray(vary) ? vary.join(', ') : String(vary)}, Origin`);
}
