import type { ProfileUpdateRequest, PublicUser, User } from '@sciexperts/shared/contracts';
import { HEADLINE_MAX_LENGTH } from '@sciexperts/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { HttpError, badRequest, unauthorized, type Detail } from '../http/errors';
import { auth, bearer, errorSchema, idParams, isEmail, isHttpUrl } from '../http/schemas';
import { findUserByEmail, findUserById, loadUser, toPublicUser, updateUser, type UserPatch } from '../db/repo/users';
import { assertSelf, readableUser } from './access';
import { isUniqueViolation } from './accounts';

const HOURLY_FEE_MAX = 1_000_000;

export const profileBodySchema = {
  type: 'object',
  properties: {
    email: { type: 'string', maxLength: 254 },
    firstName: { type: 'string', maxLength: 100 },
    lastName: { type: 'string', maxLength: 100 },
    phoneNumber: { type: 'string', maxLength: 40 },
    headline: { type: 'string', maxLength: 1000 },
    profileSummary: { type: 'string', maxLength: 10_000 },
    hourlyFee: { type: 'number', minimum: 0, maximum: HOURLY_FEE_MAX },
    profImgUrl: { type: ['string', 'null'], maxLength: 2000 },
    isProfilePublic: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

/** Spec §5: texts are trimmed; the client omits empty ones, so an empty value here is a mistake, not a clear. */
export function validateProfile(body: ProfileUpdateRequest): UserPatch {
  const details: Detail[] = [];
  const patch: UserPatch = {};
  const text = (field: 'email' | 'firstName' | 'lastName' | 'phoneNumber' | 'headline' | 'profileSummary', label: string): string | undefined => {
    const raw = body[field];
    if (raw === undefined) return undefined;
    const v = raw.trim();
    if (!v) details.push({ field, message: `${label} cannot be empty.` });
    return v;
  };
  const email = text('email', 'E-mail');
  if (email !== undefined) {
    if (email && !isEmail(email)) details.push({ field: 'email', message: 'Please enter a valid e-mail address.' });
    patch.email = email.toLowerCase();
  }
  const firstName = text('firstName', 'First name');
  if (firstName !== undefined) patch.firstName = firstName;
  const lastName = text('lastName', 'Last name');
  if (lastName !== undefined) patch.lastName = lastName;
  const phoneNumber = text('phoneNumber', 'Contact number');
  if (phoneNumber !== undefined) patch.phoneNumber = phoneNumber;
  const headline = text('headline', 'Headline');
  if (headline !== undefined) {
    if (headline.length > HEADLINE_MAX_LENGTH) details.push({ field: 'headline', message: `Headline must be at most ${HEADLINE_MAX_LENGTH} characters.` });
    patch.headline = headline;
  }
  const summary = text('profileSummary', 'Summary');
  if (summary !== undefined) patch.profileSummary = summary;
  if (body.hourlyFee !== undefined) {
    if (!Number.isFinite(body.hourlyFee) || body.hourlyFee < 0) details.push({ field: 'hourlyFee', message: 'Hourly fee must be a number of 0 or more.' });
    patch.hourlyFee = body.hourlyFee;
  }
  if (body.profImgUrl !== undefined) {
    const url = body.profImgUrl === null ? null : body.profImgUrl.trim() || null;
    if (url !== null && !isHttpUrl(url)) details.push({ field: 'profImgUrl', message: 'Profile image must be an http(s) URL.' });
    patch.profImgUrl = url;
  }
  if (body.isProfilePublic !== undefined) patch.isProfilePublic = body.isProfilePublic;
  if (details.length > 0) throw badRequest(details);
  return patch;
}

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get<{ Params: { id: string } }>(
    '/api/User/GetUserById/:id',
    {
      schema: {
        tags: ['User'],
        summary: "Your own full account, or another member's public profile",
        security: bearer,
        params: idParams('id'),
        response: { 404: errorSchema },
      },
    },
    async (request): Promise<User | PublicUser> => {
      const me = auth(request).userId;
      const row = await readableUser(db, me, Number(request.params.id));
      const user = await loadUser(db, row);
      return row.id === me ? user : toPublicUser(user);
    },
  );

  const update = async (userId: number, body: ProfileUpdateRequest): Promise<User> => {
    const patch = validateProfile(body);
    if (patch.email !== undefined) {
      const other = await findUserByEmail(db, patch.email);
      if (other && other.id !== userId) throw new HttpError(409, 'An account with this e-mail already exists.');
    }
    try {
      await updateUser(db, userId, patch);
    } catch (err) {
      if (isUniqueViolation(err)) throw new HttpError(409, 'An account with this e-mail already exists.');
      throw err;
    }
    const row = await findUserById(db, userId);
    if (!row) throw unauthorized();
    return loadUser(db, row);
  };

  app.put<{ Params: { id: string }; Body: ProfileUpdateRequest }>(
    '/api/User/UpdateUser/:id',
    {
      schema: {
        tags: ['User'],
        summary: 'Update your own profile fields',
        security: bearer,
        params: idParams('id'),
        body: profileBodySchema,
        response: { 400: errorSchema, 403: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const me = auth(request).userId;
      assertSelf(me, Number(request.params.id));
      return update(me, request.body);
    },
  );

  app.put<{ Body: ProfileUpdateRequest }>(
    '/api/User/UpdateUserAuth0',
    {
      schema: {
        tags: ['User'],
        summary: "Update the caller's own profile (identity-provider members use this; the token names the account)",
        security: bearer,
        body: profileBodySchema,
        response: { 400: errorSchema, 409: errorSchema },
      },
    },
    async (request) => update(auth(request).userId, request.body),
  );
}
