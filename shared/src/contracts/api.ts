// The API's request and response bodies, each Static<> of its TypeBox schema in ./schemas.
import type { Static } from 'typebox';
import type * as A from './schemas/account';
import type * as C from './schemas/common';
import type * as M from './schemas/misc';
import type * as R from './schemas/records';
import type * as U from './schemas/user';

/** Every error the API answers: status 400, 401, 403, 404, 409, 413, 429. */
export type ApiErrorBody = Static<typeof C.ApiErrorBody>;

export type LoginRequest = Static<typeof A.LoginRequest>;
export type LoginResponse = Static<typeof A.LoginResponse>;
/** phoneNumber: country code plus number, e.g. '+1 5551234567'. */
export type SignupRequest = Static<typeof A.SignupRequest>;
export type SignupResponse = Static<typeof A.SignupResponse>;
export type LoginWithAuth0Response = Static<typeof A.LoginWithAuth0Response>;

/**
 * Empty-string texts are omitted by the client; hourlyFee and profImgUrl are sent whenever defined.
 * profImgUrl must be an image the member uploaded; currentPassword is required whenever `email` changes.
 */
export type ProfileUpdateRequest = Static<typeof U.ProfileUpdateRequest>;
export type BulkServicesRequest = Static<typeof U.BulkServicesRequest>;

/** The server reads a missing endTime as null; the forms always send it, so their type requires it. */
type WithEnd<T> = T & { endTime: string | null };
export type WorkExperienceInput = WithEnd<Static<typeof R.WorkExperienceBody.add>>;
export type EducationInput = WithEnd<Static<typeof R.EducationBody.add>>;
export type CertificationInput = WithEnd<Static<typeof R.CertificationBody.add>>;

export type OrcidCallbackResponse = Static<typeof M.OrcidCallbackResponse>;
export type HealthResponse = Static<typeof M.HealthResponse>;
export type LivenessResponse = Static<typeof M.LivenessResponse>;
export type ReadinessResponse = Static<typeof M.ReadinessResponse>;

export type PasswordResetRequest = Static<typeof A.PasswordResetRequest>;
export type PasswordResetConfirm = Static<typeof A.PasswordResetConfirm>;

/** Body of calls whose success carries only a sentence: logout, delete, password reset. */
export type MessageResponse = Static<typeof C.MessageResponse>;
