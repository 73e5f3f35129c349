// The API's own CORS hook (src/http/cors.ts) against @fastify/cors configured as the app had it (its delegator), on the
// same routes: every status, body and header must be the same for every combination of method, path, origin and
// preflight header, and whatever Vary an earlier hook has set.
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import { API_PATHS } from '@sciexperts/shared/contracts';
import { installApiCors } from '../src/http/cors';
import { isAdminPath } from '../src/modules/admin/paths';
import { isPartnerPath } from '../src/modules/partners/scope';

const SITE = 'http://localhost:8080';
const OTHER_SITE = 'http://localhost:8081';
const PARTNER = 'https://partner.example';
const FOREIGN = 'https://evil.example';
const isPartnerOrigin = async (origin: string) => origin === PARTNER;
const corsOptions = {
  origin: [SITE, OTHER_SITE],
  credentials: false,
  methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
  exposedHeaders: ['Retry-After'],
  maxAge: 600,
};

/** Routes like the API's: public, the console's, a partner's path with a parameter; one hook sets Vary when asked. */
async function withRoutes(app: FastifyInstance): Promise<FastifyInstance> {
  app.get('/api/health', async () => ({ ok: true }));
  app.get('/api/User/GetUserById/:id', async () => ({ id: 1 }));
  app.post('/api/User/GetUserById/:id', async () => ({ id: 1 }));
  app.get('/api/admin/me', async () => ({ me: true }));
  app.get(API_PATHS.chatConversations, async () => []);
  app.get('/api/Chat/Messages/:id', async () => []);
  await app.ready();
  return app;
}

async function plugin(): Promise<FastifyInstance> {
  const app = Fastify();
  app.addHook('onRequest', (request, reply, done) => {
    const vary = request.headers['x-set-vary'];
    if (typeof vary === 'string') reply.header('vary', vary);
    done();
  });
  // As app.ts configured it before the hook of its own.
  const firstParty = new Set(corsOptions.origin);
  await app.register(cors, {
    delegator: (request, done) => {
      if (isAdminPath(request.url)) return done(null, { origin: false });
      const origin = request.headers.origin;
      if (origin === undefined || firstParty.has(origin)) return done(null, corsOptions);
      if (!isPartnerPath(request.url.split('?')[0] ?? '')) return done(null, corsOptions);
      isPartnerOrigin(origin).then(
        (ok) => done(null, ok ? { ...corsOptions, origin } : corsOptions),
        () => done(null, corsOptions),
      );
    },
  });
  return withRoutes(app);
}

async function ours(): Promise<FastifyInstance> {
  const app = Fastify();
  app.addHook('onRequest', (request, reply, done) => {
    const vary = request.headers['x-set-vary'];
    if (typeof vary === 'string') reply.header('vary', vary);
    done();
  });
  installApiCors(app, {
    firstParty: corsOptions.origin,
    isPartnerOrigin,
    methods: corsOptions.methods,
    allowedHeaders: corsOptions.allowedHeaders,
    exposedHeaders: corsOptions.exposedHeaders,
    maxAgeSeconds: corsOptions.maxAge,
  });
  return withRoutes(app);
}

describe('the API CORS hook', () => {
  let before: FastifyInstance;
  let after: FastifyInstance;
  beforeAll(async () => {
    [before, after] = await Promise.all([plugin(), ours()]);
  });
  afterAll(async () => {
    await Promise.all([before.close(), after.close()]);
  });

  it('answers exactly as @fastify/cors with the app’s former delegator', async () => {
    const paths = ['/api/health', '/api/User/GetUserById/1', '/api/User/GetUserById/1?x=1', '/api/admin/me', '/api/admin', '/API/Admin/me?x=1', API_PATHS.chatConversations, '/api/Chat/Messages/7', '/api/nope'];
    const origins = [undefined, SITE, OTHER_SITE, PARTNER, FOREIGN];
    const varies = [undefined, 'Accept-Encoding', 'origin', '*', 'Accept, Origin'];
    let compared = 0;
    let preflights = 0;
    let allowed = 0;
    for (const method of ['GET', 'POST', 'OPTIONS'] as const)
      for (const url of paths)
        for (const origin of origins)
          for (const askedMethod of [undefined, 'GET'])
            for (const vary of varies) {
              const headers: Record<string, string> = {};
              if (origin) headers.origin = origin;
              if (askedMethod) headers['access-control-request-method'] = askedMethod;
              if (vary) headers['x-set-vary'] = vary;
              const [a, b] = await Promise.all([before.inject({ method, url, headers }), after.inject({ method, url, headers })]);
              const seen = (r: typeof a) => ({ status: r.statusCode, body: r.body, headers: { ...r.headers, date: undefined } });
              expect({ method, url, sent: headers, ...seen(b) }).toEqual({ method, url, sent: headers, ...seen(a) });
              compared += 1;
              if (a.statusCode === 204) preflights += 1;
              if (a.headers['access-control-allow-origin']) allowed += 1;
            }
    // The matrix reaches every kind of answer: answered preflights, and allowed origins among them.
    expect(compared).toBe(3 * paths.length * origins.length * 2 * varies.length);
    expect(preflights).toBeGreaterThan(0);
    expect(allowed).toBeGreaterThan(0);
  });
});
