import path from 'node:path';
import type { Kysely } from 'kysely';
import { mkdirSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Db } from './db/connect';
import { migrate } from './db/migrations';
import { seed } from './db/seed';
import { PasswordHasher } from './auth/passwords';
import { TokenService, bearerToken } from './auth/tokens';
import { FailureThrottle } from './auth/throttle';
import { OidcVerifier } from './auth/oidc';
import { OutboxMailer, SmtpMailer, type Mailer } from './mail/mailer';
import { HttpError, errorHandler, unauthorized } from './http/errors';
import { addSecurityHeaders } from './http/securityHeaders';
import { accountRoutes } from './routes/accounts';
import { userRoutes } from './routes/users';
import { serviceRoutes } from './routes/services';
import { recordRoutes } from './routes/records';
import { uploadRoutes, PROFILE_IMAGE_MAX_BYTES } from './routes/uploads';
import { publicationRoutes } from './routes/publications';
import { passwordResetRoutes } from './routes/passwordReset';
import { healthRoutes } from './routes/health';
import { attachChatGateway, type ChatServer } from './chat/gateway';
import { attachRedisAdapter } from './chat/redis';
import { chatRoutes } from './routes/chat';

export interface AppDeps {
  db: Db;
  mailer?: Mailer;
  fetch?: typeof fetch;
}

declare module 'fastify' {
  interface FastifyInstance {
    io: ChatServer;
    ctx: AppContext;
  }
}

const JSON_BODY_LIMIT = 64 * 1024;
const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Runs migrations and the idempotent seed; main does this once at start, tests once per database. */
export async function prepareDatabase(db: Db, config: Config): Promise<void> {
  await migrate(db.kysely as unknown as Kysely<unknown>, db.dialect);
  await seed(db, new PasswordHasher(config.passwordHashLogN), config.seedDemo);
}

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const uploadsDir = path.join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  const ctx: AppContext = {
    config,
    db: deps.db,
    tokens: new TokenService(deps.db, config.tokenSecret, config.tokenTtlSeconds, { sessionCacheMs: config.sessionCacheMs ?? 0 }),
    hasher: new PasswordHasher(config.passwordHashLogN),
    mailer: deps.mailer ?? (config.smtpUrl ? new SmtpMailer(config.smtpUrl) : new OutboxMailer(path.join(config.dataDir, 'outbox'))),
    oidc: config.oidc ? new OidcVerifier(config.oidc) : null,
    throttles: {
      loginAccount: new FailureThrottle(5, FIFTEEN_MINUTES),
      loginIp: new FailureThrottle(20, FIFTEEN_MINUTES),
      resetRequest: new FailureThrottle(5, FIFTEEN_MINUTES),
    },
    uploadsDir,
    fetch: deps.fetch ?? fetch,
  };

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: JSON_BODY_LIMIT,
    // Strict input: unknown fields and wrong types are errors, never silently dropped or coerced.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true } },
    return503OnClosing: true,
  });
  app.decorate('ctx', ctx);
  app.decorateRequest('auth', null);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}.` }));

  // An empty JSON body (e.g. a DELETE sent with a JSON content-type) is "no body", not an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'Malformed JSON body.'), undefined);
    }
  });

  addSecurityHeaders(app);
  await app.register(cors, {
    origin: [...config.corsOrigins, ...config.integratorOrigins],
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });
  await app.register(rateLimit, { max: config.rateLimitPerMinute, timeWindow: '1 minute' });
  await app.register(multipart, { limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  await app.register(swagger, {
    openapi: {
      info: { title: 'SciExperts API', version: '0.1.0', description: 'REST API of the SciExperts marketplace (spec §7). Errors are `{message, details?}`.' },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The default adds upgrade-insecure-requests, which breaks the page on plain-http localhost.
    transformStaticCSP: (header: string) => header.replace(/upgrade-insecure-requests;?/, ''),
  });

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

  healthRoutes(app, ctx);
  accountRoutes(app, ctx);
  passwordResetRoutes(app, ctx);

  // Everything registered in this scope needs a valid bearer whose session still exists.
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized('Authentication token is missing.');
      const session = await ctx.tokens.verify(token);
      if (!session) throw unauthorized('Your session has expired or is invalid. Please sign in again.');
      request.auth = session;
    });
    userRoutes(scope, ctx);
    serviceRoutes(scope, ctx);
    recordRoutes(scope, ctx);
    uploadRoutes(scope, ctx);
    publicationRoutes(scope, ctx);
    chatRoutes(scope, ctx);
  });

  const io = attachChatGateway(app.server, { db: ctx.db, tokens: ctx.tokens, origins: [...config.corsOrigins, ...config.integratorOrigins], log: app.log });
  app.decorate('io', io);
  // With REDIS_URL several processes share chat delivery; without it the in-memory adapter serves one process.
  const redis = config.redisUrl ? await attachRedisAdapter(io, config.redisUrl, config.chatStreamName) : null;
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
    await redis?.close();
  });

  return app;
}
