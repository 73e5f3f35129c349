import type { LoginRequest, LoginResponse, LoginWithAuth0Response, SignupRequest, SignupResponse } from '@sciexperts/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { HttpError, badRequest, unauthorized, type Detail } from '../http/errors';
import { bearer, errorSchema, isEmail } from '../http/schemas';
import { bearerToken } from '../auth/tokens';
import { findUserByEmail, findUserById, insertUser, loadUser } from '../db/repo/users';
import { findUserIdByIdentity, linkIdentity } from '../db/repo/identities';
import { OidcError } from '../auth/oidc';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
const PHONE_RE = /^\+?[0-9][0-9 ()./-]{3,30}$/;

export function checkPassword(password: string, field = 'password'): Detail[] {
  if (password.length < PASSWORD_MIN) return [{ field, message: `Password must be at least ${PASSWORD_MIN} characters.` }];
  if (password.length > PASSWORD_MAX) return [{ field, message: `Password must be at most ${PASSWORD_MAX} characters.` }];
  return [];
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

const str = (max: number) => ({ type: 'string', maxLength: max }) as const;

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, hasher, tokens, throttles } = ctx;

  app.post<{ Body: LoginRequest }>(
    '/api/Account/Login',
    {
      schema: {
        tags: ['Account'],
        summary: 'Sign in with e-mail and password',
        body: { type: 'object', properties: { email: str(254), password: str(1024) }, required: ['email', 'password'], additionalProperties: false },
        response: { 401: errorSchema, 429: errorSchema },
      },
    },
    async (request): Promise<LoginResponse> => {
      const email = request.body.email.trim().toLowerCase();
      const accountKey = `account:${email}`;
      const ipKey = `ip:${request.ip}`;
      for (const [throttle, key] of [[throttles.loginAccount, accountKey], [throttles.loginIp, ipKey]] as const) {
        if (throttle.isBlocked(key)) {
          throw new HttpError(429, 'Too many failed login attempts. Please try again later.', undefined, { 'retry-after': String(throttle.retryAfterSeconds(key)) });
        }
      }
      const row = email ? await findUserByEmail(db, email) : undefined;
      const ok = await hasher.verify(request.body.password, row?.passwordHash);
      if (!ok || !row) {
        throttles.loginAccount.fail(accountKey);
        throttles.loginIp.fail(ipKey);
        throw unauthorized('Invalid e-mail or password.');
      }
      throttles.loginAccount.reset(accountKey);
      return { token: await tokens.issue(row.id), user: await loadUser(db, row) };
    },
  );

  app.post<{ Body: SignupRequest }>(
    '/api/User/AddNewUser',
    {
      schema: {
        tags: ['Account'],
        summary: 'Create an account (sign up)',
        body: {
          type: 'object',
          properties: { email: str(254), firstName: str(100), lastName: str(100), phoneNumber: str(40), password: str(1024) },
          required: ['email', 'firstName', 'lastName', 'phoneNumber', 'password'],
          additionalProperties: false,
        },
        response: { 400: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply): Promise<SignupResponse> => {
      const b = request.body;
      const email = b.email.trim().toLowerCase();
      const firstName = b.firstName.trim();
      const lastName = b.lastName.trim();
      const phoneNumber = b.phoneNumber.trim();
      const details: Detail[] = [];
      if (!email) details.push({ field: 'email', message: 'E-mail is required.' });
      else if (!isEmail(email)) details.push({ field: 'email', message: 'Please enter a valid e-mail address.' });
      if (!firstName) details.push({ field: 'firstName', message: 'First name is required.' });
      if (!lastName) details.push({ field: 'lastName', message: 'Last name is required.' });
      if (!phoneNumber) details.push({ field: 'phoneNumber', message: 'Contact number is required.' });
      else if (!PHONE_RE.test(phoneNumber)) details.push({ field: 'phoneNumber', message: 'Please enter a valid contact number.' });
      details.push(...checkPassword(b.password));
      if (details.length > 0) throw badRequest(details);
      const duplicate = () => new HttpError(409, 'An account with this e-mail already exists.');
      if (await findUserByEmail(db, email)) throw duplicate();
      const passwordHash = await hasher.hash(b.password);
      let id: number;
      try {
        id = await insertUser(db, { email, passwordHash, firstName, lastName, phoneNumber, authProvider: 'password' });
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate();
        throw err;
      }
      const row = await findUserById(db, id);
      reply.code(201);
      return { message: 'Account created successfully!', user: await loadUser(db, row!) };
    },
  );

  app.post(
    '/api/Account/Logout',
    { schema: { tags: ['Account'], summary: 'End the session of the bearer token (no token: nothing to do)', security: bearer } },
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      const session = token ? await tokens.verify(token) : null;
      if (session) await tokens.revokeSession(session.sessionId);
      return { message: 'Logged out.' };
    },
  );

  app.post(
    '/api/Account/LoginWithAuth0',
    {
      schema: {
        tags: ['Account'],
        summary: "Exchange the identity provider's access token (bearer) for an API token",
        security: bearer,
        response: { 401: errorSchema, 409: errorSchema, 503: errorSchema },
      },
    },
    async (request): Promise<LoginWithAuth0Response> => {
      if (!ctx.oidc) throw new HttpError(503, 'Sign-in with the identity provider is not configured on this server (set OIDC_ISSUER and OIDC_AUDIENCE).');
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized('Missing bearer token from the identity provider.');
      let identity;
      try {
        identity = await ctx.oidc.verify(token);
      } catch (err) {
        throw unauthorized(err instanceof OidcError ? err.message : 'Auth0 token verification failed');
      }
      // Members are matched by (issuer, subject) only: an e-mail claim alone must never take over an account.
      let userId = await findUserIdByIdentity(db, identity.issuer, identity.subject);
      if (userId === undefined) {
        const email = identity.email ?? `${identity.subject.replace(/[^A-Za-z0-9._-]/g, '_')}@identity.invalid`;
        if (await findUserByEmail(db, email)) {
          throw new HttpError(409, 'An account with this e-mail already exists. Sign in with your password instead.');
        }
        let id: number;
        try {
          id = await insertUser(db, { email, passwordHash: null, firstName: identity.firstName ?? '', lastName: identity.lastName ?? '', phoneNumber: null, authProvider: 'oidc' });
        } catch (err) {
          if (isUniqueViolation(err)) throw new HttpError(409, 'An account with this e-mail already exists. Sign in with your password instead.');
          throw err;
        }
        try {
          await linkIdentity(db, id, identity.issuer, identity.subject);
          userId = id;
        } catch (err) {
          // A concurrent first login linked this subject a moment earlier: keep that member, drop ours.
          await db.kysely.deleteFrom('users').where('id', '=', id).execute();
          if (!isUniqueViolation(err)) throw err;
          userId = await findUserIdByIdentity(db, identity.issuer, identity.subject);
          if (userId === undefined) throw unauthorized('Auth0 token verification failed');
        }
      }
      const row = await findUserById(db, userId);
      if (!row) throw unauthorized('Auth0 token verification failed');
      return { accessToken: await tokens.issue(row.id), user: await loadUser(db, row) };
    },
  );
}
