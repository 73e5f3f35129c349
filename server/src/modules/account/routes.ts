import { ACCOUNT_MESSAGES, API_PATHS, FIELD_MESSAGES, PHONE_RE, type IdentityLoginAnswer as IdentityLogin, type LoginAnswer as Login, type SignupResponse as Signup } from '@sciexperts/shared/contracts';
import { IdentityLoginAnswer, LoginAnswer, LoginRequest, MessageResponse, SignupRequest, SignupResponse } from '@sciexperts/shared/contracts/schemas';
import { HttpError, badRequest, unauthorized, type Detail } from '../../http/errors';
import { api, type Module } from '../../http/api';
import { bearer, errors, isEmail, open } from '../../http/schemas';
import { bearerToken } from '../../auth/tokens';
import { findUserByEmail, findUserById, insertUser, loadUser } from '../users/repository';
import { findUserIdByIdentity, linkIdentity } from './repository';
import { isUniqueViolation } from '../../db/errors';
import { OidcError } from '../../auth/oidc';
import { checkPassword } from './rules';
import { passwordResetRoutes } from './passwordReset';
import { accountSettingsRoutes } from './settings';
import { accountDeletionRoutes } from './deletion';
import { sendVerificationLink, verificationRoutes } from './verification';
import { afterIdentityProvider, afterPassword } from '../security/signIn';

const tooMany = (message: string, retryAfterSeconds: number) => new HttpError(429, message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** Sign-in, sign-up, logout, the identity-provider exchange and the password reset: all callable without a session. */
export const accountModule: Module = async (app) => {
  const ctx = app.ctx;
  const { db, hasher, tokens, throttles } = ctx;
  const r = api(app);

  r.post(
    API_PATHS.login,
    {
      schema: {
        tags: ['Account'],
        operationId: 'login',
        summary: 'Sign in with e-mail and password',
        security: open,
        body: LoginRequest,
        response: { 200: LoginAnswer, ...errors(400, 401, 429, 503) },
      },
    },
    async (request): Promise<Login> => {
      const email = request.body.email.trim().toLowerCase();
      // Admitted and counted before the slow hash, so a parallel burst cannot all be checked (docs/decisions/0004).
      // Counted in the shared store when there is one; unreachable, the login answers 503 (never unthrottled).
      const admission = await throttles.login.admit(email, request.ip);
      if (!admission.ok) throw tooMany(ACCOUNT_MESSAGES.tooManyLogins, admission.retryAfterSeconds);
      const { attempt } = admission;
      try {
        const row = email ? await findUserByEmail(db, email) : undefined;
        const ok = await hasher.verify(request.body.password, row?.passwordHash);
        if (!ok || !row) {
          await attempt.fail();
          throw unauthorized(ACCOUNT_MESSAGES.invalidCredentials);
        }
        // Not waited for: the member's answer need not wait on the bookkeeping of a right password (settling never throws).
        void attempt.succeed();
        const oldHash = row.passwordHash;
        if (oldHash && hasher.needsRehash(oldHash)) {
          // Upgrades scrypt (or an older cost) now that the plain password is at hand. Only if the hash is still the one
          // just checked, so a password reset racing this login is never undone; a failure must not cost the login.
          await hasher
            .hash(request.body.password)
            .then((passwordHash) => db.kysely.updateTable('users').set({ passwordHash }).where('id', '=', row.id).where('passwordHash', '=', oldHash).execute())
            .catch((err: unknown) => request.log.warn({ err }, 'password rehash failed'));
        }
        // A member with a second factor gets the code step's token instead of a session (docs/decisions/0034).
        return await afterPassword(app, request, row);
      } finally {
        await attempt.release();
      }
    },
  );

  r.post(
    API_PATHS.signup,
    {
      schema: {
        tags: ['Account'],
        operationId: 'signup',
        summary: 'Create an account (sign up)',
        security: open,
        body: SignupRequest,
        response: { 201: SignupResponse, ...errors(400, 409, 429, 503) },
      },
    },
    async (request, reply): Promise<Signup> => {
      const b = request.body;
      const email = b.email.trim().toLowerCase();
      const firstName = b.firstName.trim();
      const lastName = b.lastName.trim();
      const phoneNumber = b.phoneNumber.trim();
      const details: Detail[] = [];
      if (!email) details.push({ field: 'email', message: FIELD_MESSAGES.emailRequired });
      else if (!isEmail(email)) details.push({ field: 'email', message: FIELD_MESSAGES.emailInvalid });
      if (!firstName) details.push({ field: 'firstName', message: FIELD_MESSAGES.firstNameRequired });
      if (!lastName) details.push({ field: 'lastName', message: FIELD_MESSAGES.lastNameRequired });
      if (!phoneNumber) details.push({ field: 'phoneNumber', message: FIELD_MESSAGES.phoneRequired });
      else if (!PHONE_RE.test(phoneNumber)) details.push({ field: 'phoneNumber', message: FIELD_MESSAGES.phoneInvalid });
      details.push(...checkPassword(b.password, 'password', { email, firstName, lastName }));
      if (details.length > 0) throw badRequest(details);
      // Counted before any work: each sign-up costs a hash, and the 409 below tells whether an e-mail is registered.
      const signupKey = `signup:${request.ip}`;
      const signupWait = await throttles.signup.hit(signupKey);
      if (signupWait !== null) throw tooMany(ACCOUNT_MESSAGES.tooManySignups, signupWait);
      const duplicate = () => new HttpError(409, ACCOUNT_MESSAGES.emailTaken);
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
      // The welcome e-mail with the confirmation link goes after the answer: a slow mail server must not slow sign-up.
      setImmediate(() => {
        sendVerificationLink(db, ctx.mailer, ctx.config.siteUrl, { id, email, firstName }, true).catch((err: unknown) => request.log.error({ err }, 'welcome e-mail failed'));
      });
      reply.code(201);
      return { message: ACCOUNT_MESSAGES.signedUp, user: await loadUser(db, row!) };
    },
  );

  r.post(
    API_PATHS.logout,
    {
      schema: {
        tags: ['Account'],
        operationId: 'logout',
        summary: 'End the session of the bearer token (no token: nothing to do)',
        security: [...bearer, {}],
        response: { 200: MessageResponse, ...errors(400) },
      },
    },
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      const session = token ? await tokens.verify(token) : null;
      if (session) await tokens.revokeSession(session.sessionId);
      return { message: ACCOUNT_MESSAGES.loggedOut };
    },
  );

  r.post(
    API_PATHS.loginWithIdentity,
    {
      schema: {
        tags: ['Account'],
        operationId: 'loginWithIdentityProvider',
        summary: "Exchange the identity provider's access token (bearer) for an API token, or for the second factor's code step",
        security: bearer,
        response: { 200: IdentityLoginAnswer, ...errors(401, 409, 503) },
      },
    },
    async (request): Promise<IdentityLogin> => {
      if (!ctx.oidc) throw new HttpError(503, 'Sign-in with the identity provider is not configured on this server (set OIDC_ISSUER and OIDC_AUDIENCE).');
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized('Missing bearer token from the identity provider.');
      let identity;
      try {
        identity = await ctx.oidc.verify(token);
      } catch (err) {
        throw unauthorized(err instanceof OidcError ? err.message : ACCOUNT_MESSAGES.identityTokenFailed);
      }
      // Members are matched by (issuer, subject) only: an e-mail claim alone must never take over an account.
      let userId = await findUserIdByIdentity(db, identity.issuer, identity.subject);
      if (userId === undefined) {
        const email = identity.email ?? `${identity.subject.replace(/[^A-Za-z0-9._-]/g, '_')}@identity.invalid`;
        if (await findUserByEmail(db, email)) {
          throw new HttpError(409, ACCOUNT_MESSAGES.emailTakenUseOtherSignIn);
        }
        let id: number;
        try {
          // The identity provider vouches for the address it signs for: no link to confirm it.
          id = await insertUser(db, { email, passwordHash: null, firstName: identity.firstName ?? '', lastName: identity.lastName ?? '', phoneNumber: null, authProvider: 'oidc', emailVerifiedAt: new Date().toISOString() });
        } catch (err) {
          if (isUniqueViolation(err)) throw new HttpError(409, ACCOUNT_MESSAGES.emailTakenUseOtherSignIn);
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
          if (userId === undefined) throw unauthorized(ACCOUNT_MESSAGES.identityTokenFailed);
        }
      }
      const row = await findUserById(db, userId);
      if (!row) throw unauthorized(ACCOUNT_MESSAGES.identityTokenFailed);
      // A second factor turned on here is asked for, unless the provider asserts it asked for several (docs/decisions/0042).
      return afterIdentityProvider(app, request, row, identity.amr);
    },
  );

  passwordResetRoutes(app);
  accountSettingsRoutes(app);
  accountDeletionRoutes(app);
  verificationRoutes(app);
};
