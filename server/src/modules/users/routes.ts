import {
  ACCOUNT_MESSAGES,
  ACCOUNT_SETTINGS_MESSAGES,
  API_PATHS,
  DIRECTORY_MESSAGES,
  FIELD_MESSAGES,
  isCountryCode,
  HEADLINE_MAX_LENGTH,
  type ProfileUpdateRequest as ProfileUpdate,
  type User as UserView,
} from '@sciexperts/shared/contracts';
import { IdParams, ProfileUpdateRequest, PublicUser, User } from '@sciexperts/shared/contracts/schemas';
import { Type } from 'typebox';
import { HttpError, badRequest, unauthorized, type Detail } from '../../http/errors';
import { api, requireSession, type Module } from '../../http/api';
import { auth, bearer, errors, isEmail, isHttpUrl } from '../../http/schemas';
import { findUserById, loadUser, toPublicUser, updateUser, type UserPatch } from './repository';
import { isUniqueViolation } from '../../db/errors';
import { isUploadOwnedBy } from './repository';
import { uploadedFileName, uploadRoutes } from './uploads';
import { assertSelf, readableUser } from './access';

/** Texts are trimmed; the client omits empty ones, so an empty value here is a mistake, not a clear. */
export function validateProfile(body: ProfileUpdate): UserPatch {
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
    if (email && !isEmail(email)) details.push({ field: 'email', message: FIELD_MESSAGES.emailInvalid });
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
    if (!Number.isFinite(body.hourlyFee) || body.hourlyFee < 0) details.push({ field: 'hourlyFee', message: FIELD_MESSAGES.hourlyFeeInvalid });
    patch.hourlyFee = body.hourlyFee;
  }
  if (body.profImgUrl !== undefined) {
    const url = body.profImgUrl === null ? null : body.profImgUrl.trim() || null;
    if (url !== null && !isHttpUrl(url)) details.push({ field: 'profImgUrl', message: FIELD_MESSAGES.profileImageNotUrl });
    patch.profImgUrl = url;
  }
  if (body.isProfilePublic !== undefined) patch.isProfilePublic = body.isProfilePublic;
  if (body.country !== undefined) {
    const code = body.country === null ? null : body.country.trim().toUpperCase() || null;
    if (code !== null && !isCountryCode(code)) details.push({ field: 'country', message: DIRECTORY_MESSAGES.countryInvalid });
    patch.country = code;
  }
  if (details.length > 0) throw badRequest(details);
  return patch;
}

/** Reads the repository through these, so a test can hand the routes a repository that returns too much. */
export interface UserViews {
  loadUser: typeof loadUser;
  toPublicUser: typeof toPublicUser;
}

export function usersModule(views: UserViews = { loadUser, toPublicUser }): Module {
  return async (app) => {
    requireSession(app);
    userRoutes(app, views);
    uploadRoutes(app);
  };
}

function userRoutes(app: Parameters<Module>[0], views: UserViews): void {
  const ctx = app.ctx;
  const { db } = ctx;
  const r = api(app);

  r.get(
    API_PATHS.getUserById,
    {
      schema: {
        tags: ['User'],
        operationId: 'getUserById',
        summary: "Your own full account, or another member's public profile",
        description: 'The owner gets `User`; anyone else gets `PublicUser`, serialised from its own schema so an e-mail or phone number can never be written out.',
        security: bearer,
        params: IdParams('id'),
        response: { 200: Type.Union([User, PublicUser]), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const me = auth(request).userId;
      const row = await readableUser(db, me, Number(request.params.id));
      const user = await views.loadUser(db, row);
      if (row.id === me) return user;
      // Another member's view: written by the PublicUser serializer, whatever the object happens to hold.
      return reply.type('application/json; charset=utf-8').serializer(reply.compileSerializationSchema(PublicUser as unknown as Record<string, unknown>, '200')).send(views.toPublicUser(user));
    },
  );

  const publicPrefix = `${ctx.config.publicUrl}/uploads/`;
  const update = async (userId: number, body: ProfileUpdate): Promise<UserView> => {
    const patch = validateProfile(body);
    const current = await findUserById(db, userId);
    if (!current) throw unauthorized();
    if (patch.profImgUrl && patch.profImgUrl !== current.profImgUrl) {
      // Pointing at someone else's file would let the next upload delete it, so only own uploads qualify.
      const name = uploadedFileName(patch.profImgUrl, publicPrefix);
      if (!name || !(await isUploadOwnedBy(db, name, userId))) {
        throw badRequest([{ field: 'profImgUrl', message: FIELD_MESSAGES.profileImageNotOwn }]);
      }
    }
    if (patch.email !== undefined && patch.email === current.email) delete patch.email;
    // A new address must prove it is the member's: only the account settings change it, by a link mailed to it.
    if (patch.email !== undefined) throw new HttpError(409, ACCOUNT_SETTINGS_MESSAGES.emailChangeInSettings);
    try {
      await updateUser(db, userId, patch, ctx.clock());
    } catch (err) {
      if (isUniqueViolation(err)) throw new HttpError(409, ACCOUNT_MESSAGES.emailTaken);
      throw err;
    }
    const row = await findUserById(db, userId);
    if (!row) throw unauthorized();
    return views.loadUser(db, row);
  };

  r.put(
    API_PATHS.updateUser,
    {
      schema: {
        tags: ['User'],
        operationId: 'updateUser',
        summary: 'Update your own profile fields',
        security: bearer,
        params: IdParams('id'),
        body: ProfileUpdateRequest,
        response: { 200: User, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const me = auth(request).userId;
      assertSelf(me, Number(request.params.id));
      return update(me, request.body);
    },
  );

  r.put(
    API_PATHS.updateIdentityUser,
    {
      schema: {
        tags: ['User'],
        operationId: 'updateOwnProfile',
        summary: "Update the caller's own profile (identity-provider members use this; the token names the account)",
        security: bearer,
        body: ProfileUpdateRequest,
        response: { 200: User, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request) => update(auth(request).userId, request.body),
  );
}
