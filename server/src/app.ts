import path from 'node:path';
import type { Kysely } from 'kysely';
import { mkdirSync } from 'node:fs';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config';
import type { AppContext } from './context';
import type { PaymentProvider } from './modules/payments/provider';
import { createPaymentProvider } from './modules/payments/createProvider';
import type { Db } from './db/connect';
import { migrate } from './db/migrations';
import { seed } from './db/seed';
import { ensureDemoPartner } from './modules/partners/demoPartner';
import { withDatabaseLock } from './db/lock';
import { PasswordHasher } from './auth/passwords';
import { TokenService } from './auth/tokens';
import { FailureThrottle, LoginThrottle } from './auth/throttle';
import { connectRedis } from './redis/client';
import { memoryLimiters, redisLimiters } from './redis/limiters';
import { installRequestBudgets } from './http/requestBudget';
import { redisRevocationBus } from './redis/revocations';
import { OidcVerifier } from './auth/oidc';
import { OutboxMailer, SmtpMailer, type Mailer } from './mail/mailer';
import { HttpError, errorHandler } from './http/errors';
import { hasPoisonKey } from './http/poison';
import { API_SECURITY_HEADERS, addSecurityHeaders } from './http/securityHeaders';
import { installApiCors } from './http/cors';
import { documentCommonAnswers } from './http/commonAnswers';
import { PROFILE_IMAGE_MAX_BYTES, loadCommonPasswords } from '@sciexperts/shared/contracts';
import { registerModules } from './modules';
import { createJobQueue } from './jobs';
import { readableLogStream } from './http/readableLog';
import { usersModule, type UserViews } from './modules/users/routes';
import { attachChatGateway, drainChatGateway, type ChatServer } from './chat/gateway';
import { messageStore } from './modules/chat/notices';
import { toNotification } from './modules/notifications/repository';
import { emailDelayOf } from './modules/notifications/notify';
import { attachRedisAdapter } from './chat/redis';
import { Readiness } from './modules/health/readiness';
import { installApiMetrics, type ApiMetrics } from './observability/metrics';
import { traceFields } from './observability/logTrace';
import { createSecondFactors } from './auth/secondFactor';
import { PartnerRegistry } from './modules/partners/registry';
import { lazySchemaCompilers } from './http/lazySchemas';

export interface AppDeps {
  db: Db;
  mailer?: Mailer;
  fetch?: typeof fetch;
  /** Tests only: the users module's view builders (the public-profile leak test hands it a leaky repository). */
  userViews?: UserViews;
  /** A payment provider (tests hand in a fake one); without it, the one the configuration names. */
  paymentProvider?: PaymentProvider;
  /** "Now" for scheduled work (the job queue and its handlers); the real clock by default. */
  clock?: () => Date;
  /** Tests only: handed the bare app before any plugin, so the hooks it adds reach every route (test/openapiCheck.ts). */
  instrument?: (app: FastifyInstance) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    io: ChatServer;
    ctx: AppContext;
    metrics: ApiMetrics;
  }
}

const JSON_BODY_LIMIT = 64 * 1024;
const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Runs migrations and the idempotent seed; main does this once at start, tests once per database. */
export async function prepareDatabase(db: Db, config: Config): Promise<void> {
  // Several processes starting at once on one PostgreSQL database take turns: the first migrates and seeds, the
  // others then find nothing left to do (the seed's "create when missing" raced into duplicate keys without it).
  await withDatabaseLock(db, 'prepare-database', async () => {
    await migrate(db.kysely as unknown as Kysely<unknown>, db.dialect);
    await seed(db, new PasswordHasher(config.passwordHash), config.seedDemo, { uploadsDir: path.join(config.dataDir, 'uploads'), publicUrl: config.publicUrl });
    if (config.seedDemo && !config.production && (config.demoPartnerOrigins?.length ?? 0) > 0) await ensureDemoPartner(db, config.demoPartnerOrigins ?? [], new Date());
  });
}

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const uploadsDir = path.join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  const clock = deps.clock ?? (() => new Date());
  // The password rule's list of common passwords is loaded apart from the contracts (the browser's pages need it
  // only in the forms that choose a password); the server refuses nothing until it has it.
  await loadCommonPasswords();
  // With REDIS_URL, what must hold across API processes is counted there (docs/decisions/0032-shared-stores.md).
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, config.redisKeyPrefix ?? 'sciexperts') : null;
  const limiters = redis ? redisLimiters(redis) : memoryLimiters();
  const ctx: AppContext = {
    config,
    db: deps.db,
    clock,
    // Its log is the app's (created below); nothing is logged before the app exists.
    jobs: createJobQueue(deps.db, { clock, log: { warn: (details, message) => app.log.warn(details, message), error: (details, message) => app.log.error(details, message) } }),
    tokens: new TokenService(deps.db, config.tokenSecret, config.tokenTtlSeconds, { sessionCacheMs: config.sessionCacheMs ?? 0, bus: redis ? redisRevocationBus(redis) : undefined }),
    hasher: new PasswordHasher(config.passwordHash),
    mailer: deps.mailer ?? (config.smtpUrl ? new SmtpMailer(config.smtpUrl) : new OutboxMailer(path.join(config.dataDir, 'outbox'))),
    oidc: config.oidc ? new OidcVerifier(config.oidc) : null,
    redis,
    limiters,
    throttles: {
      login: new LoginThrottle(limiters),
      signup: new FailureThrottle(limiters, 'signup', config.signupLimit, FIFTEEN_MINUTES),
      resetRequest: new FailureThrottle(limiters, 'reset-request', 5, FIFTEEN_MINUTES),
      // Wrong current passwords in the account settings, per member: a stolen session cannot guess its way to the password.
      reauth: new FailureThrottle(limiters, 'reauth', 5, FIFTEEN_MINUTES),
    },
    uploadsDir,
    fetch: deps.fetch ?? fetch,
    // Tests inject a provider; otherwise the one the configuration names. None configured: the money routes answer 503.
    payments: deps.paymentProvider ?? createPaymentProvider(config.payments, deps.fetch ?? fetch),
    secondFactors: createSecondFactors(deps.db, config, clock),
    partners: new PartnerRegistry(deps.db, redis),
  };

  const { trustProxy } = config;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization'],
            // The trace and span ids of the request or job a line is written in (none while tracing is off).
            mixin: traceFields,
            ...(config.logFormat === 'text' ? { stream: readableLogStream() } : {}),
          },
    // In development a line per request buries what matters; LOG_REQUESTS=true brings them back.
    logController: new LogController({ disableRequestLogging: config.logRequests === false }),
    bodyLimit: JSON_BODY_LIMIT,
    // Strict input: unknown fields and wrong types are errors, never silently dropped or coerced.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true } },
    // Each route's schemas compiled when it is first used, the rest in the background once the process listens: half
    // of a process's start was compiling them (decision 0047). No route validates headers, which Fastify lower-cases
    // only for its own compiler.
    schemaController: { compilersFactory: lazySchemaCompilers() },
    return503OnClosing: true,
    // A URL Fastify cannot even route (a malformed percent-encoding) never reaches the hooks: answer it in the
    // API's own error shape, with the same security headers as every other response.
    frameworkErrors: (error, _request, generic) => {
      const reply = generic as unknown as FastifyReply;
      reply.headers(API_SECURITY_HEADERS).code(400).send({ message: error.code === 'FST_ERR_BAD_URL' ? 'The URL is malformed.' : 'Bad request.' });
    },
    // request.ip feeds the throttles: honour X-Forwarded-For only on a connection from a proxy the operator listed
    // (docs/decisions/0033-address-trust.md); anyone else is keyed on the address it connects from.
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  });
  deps.instrument?.(app);
  // Before any route: each one's documented answers gain those the framework gives on every route.
  documentCommonAnswers(app);
  app.decorate('ctx', ctx);
  // Readiness (GET /api/health/ready): the database always; other shared dependencies add their own probe.
  app.decorate('readiness', new Readiness());
  app.readiness.register('database', () => ctx.db.ping());
  if (redis) app.readiness.register('redis', () => redis.health());
  // Prometheus metrics (served on METRICS_PORT by main): its onResponse hook must be on the root, before any route.
  app.decorate('metrics', installApiMetrics(app, { db: ctx.db, clock, openSockets: () => app.io.engine.clientsCount, warn: (details, message) => app.log.warn(details, message) }));
  // Running jobs finish before the database they write to is closed.
  app.addHook('onClose', async () => ctx.jobs.stop());
  // Last: the throttles and the revocation bus need Redis until every request has been answered.
  app.addHook('onClose', async () => redis?.close());
  await ctx.tokens.listenForRevocations();
  await ctx.partners.listen();
  app.decorateRequest('auth', null);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}.` }));

  // An empty JSON body (e.g. a DELETE sent with a JSON content-type) is "no body", not an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new HttpError(400, 'Malformed JSON body.'), undefined);
    }
    // The same prototype-poisoning guard as Fastify's own parser, which this one replaces.
    if (hasPoisonKey(parsed)) return done(new HttpError(400, 'The body must not contain "__proto__" or "constructor.prototype".'), undefined);
    done(null, parsed);
  });

  addSecurityHeaders(app);
  // The operators' console API is same-origin only: no CORS answer (and no preflight) for any origin below it. A
  // registered partner app's origin reaches the chat's routes and the token endpoints only, from the partners
  // registry as it is now (docs/decisions/0050-partner-apps-and-scoped-tokens.md).
  installApiCors(app, {
    firstParty: config.corsOrigins,
    isPartnerOrigin: (origin) => ctx.partners.isPartnerOrigin(origin),
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    // Idempotency-Key: every call that moves money carries one (docs/decisions/0012-escrow-ledger.md).
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    exposedHeaders: ['Retry-After'],
    maxAgeSeconds: 600,
  });
  // Per signed-in member, else per address (docs/decisions/0045-per-member-limits.md).
  await installRequestBudgets(app, ctx);
  // One byte over the limit, and the upload route measures what it read: busboy's own "truncated"
  // flag is not reliably set when the limit falls on a chunk boundary, which let an oversized
  // file through as a silently cut image now and then.
  await app.register(multipart, { limits: { fileSize: PROFILE_IMAGE_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 } });

  await app.register(swagger, {
    openapi: {
      info: { title: 'SciExperts API', version: '0.1.0', license: { name: 'UNLICENSED (private)', url: 'https://sciexperts.example/terms' }, description: 'REST API of the SciExperts marketplace. Errors are `{message, details?}`.' },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  // Production keeps the map of the API to itself unless API_DOCS asks for it.
  if (config.apiDocs) {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // The default adds upgrade-insecure-requests, which breaks the page on plain-http localhost.
      transformStaticCSP: (header: string) => header.replace(/upgrade-insecure-requests;?/, ''),
    });
  }

  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders: (reply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'public, max-age=86400, immutable');
    },
  });

  // One plugin per domain (server/src/modules); those that need a session check it inside themselves.
  await registerModules(app, { users: deps.userViews ? usersModule(deps.userViews) : undefined });

  // The message, its notification and its e-mail job in one go (decision 0025): one statement on PostgreSQL, one
  // transaction of prepared statements on SQLite.
  const storeAndTell = messageStore(ctx.db, emailDelayOf(config), ctx.jobs);
  const io = attachChatGateway(app.server, {
    db: ctx.db,
    tokens: ctx.tokens,
    limiters,
    origins: config.corsOrigins,
    partners: ctx.partners,
    log: app.log,
    storeMessage: async (m, sessionId, cap) => {
      const stored = await storeAndTell(m, sessionId, cap, clock());
      if (!stored.created) return stored;
      return {
        message: stored.message,
        created: true as const,
        // Pushed by the gateway in the message's own frame to the receiver (emitMessage).
        notification: stored.notification ? toNotification(stored.notification) : null,
        // Runs once the message is stored: a message that was not is never counted.
        told: () => app.metrics.chatMessageStored(),
      };
    },
  });
  app.decorate('io', io);
  app.metrics.watchChat(io);
  // With REDIS_URL several processes share chat delivery; without it the in-memory adapter serves one process.
  const chatRedis = config.redisUrl ? await attachRedisAdapter(io, config.redisUrl, config.chatStreamName) : null;
  app.addHook('preClose', async () => {
    // This process's connections are closed, not its sockets disconnected: a client told "io server disconnect" never
    // reconnects (the site's chat reads it as final), while a closed connection reconnects by itself, through the
    // proxy, to another process, and sends again what was not acknowledged. (io.disconnectSockets would also have
    // gone through the Redis adapter to every process.) Then the messages being stored finish.
    io.engine.close();
    await drainChatGateway(io);
    await chatRedis?.close();
  });

  return app;
}
