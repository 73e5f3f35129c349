import {
  RECORD_MESSAGES,
  RECORD_PATHS,
  pathTo,
  request,
  type CertificationInput,
  type EducationInput,
  type MessageResponse,
  type WorkExperienceInput,
  type Certification,
  type Education,
  type WorkExperience,
} from '@sciexperts/shared';
// The list getters already live in userApi (the editor loads them for the chips); called late so spies on them apply.
import { userApi } from './userApi';

/**
 * The same four calls for each of the profile's record lists. The profile editor drives all
 * three kinds through one list-and-form mechanism, so they share this shape.
 */
export interface RecordsClient<TRecord, TInput> {
  list: (userId: number) => Promise<TRecord[]>;
  add: (userId: number, body: TInput) => Promise<TRecord>;
  /** The body carries the same fields plus the id; the server checks it matches the path. */
  update: (id: number, body: TInput & { id: number }) => Promise<TRecord>;
  remove: (id: number) => Promise<MessageResponse>;
}

// Add and update failures of all three kinds use the work-experience wording.
const SAVE_FAILED = RECORD_MESSAGES.saveFailed;
const DELETE_FAILED = RECORD_MESSAGES.deleteFailed;

export const workExperienceApi: RecordsClient<WorkExperience, WorkExperienceInput> = {
  list: (userId) => userApi.getWorkExperiences(userId),
  add: (userId, body) => request<WorkExperience>('post', pathTo(RECORD_PATHS.workExperience.add, { userId }), { json: body, fallbackError: SAVE_FAILED }),
  update: (id, body) => request<WorkExperience>('put', pathTo(RECORD_PATHS.workExperience.update, { id }), { json: body, fallbackError: SAVE_FAILED }),
  remove: (id) => request<MessageResponse>('delete', pathTo(RECORD_PATHS.workExperience.remove, { id }), { fallbackError: DELETE_FAILED }),
};

export const educationApi: RecordsClient<Education, EducationInput> = {
  list: (userId) => userApi.getEducation(userId),
  add: (userId, body) => request<Education>('post', pathTo(RECORD_PATHS.education.add, { userId }), { json: body, fallbackError: SAVE_FAILED }),
  update: (id, body) => request<Education>('put', pathTo(RECORD_PATHS.education.update, { id }), { json: body, fallbackError: SAVE_FAILED }),
  remove: (id) => request<MessageResponse>('delete', pathTo(RECORD_PATHS.education.remove, { id }), { fallbackError: DELETE_FAILED }),
};

export const certificationApi: RecordsClient<Certification, CertificationInput> = {
  list: (userId) => userApi.getCertifications(userId),
  add: (userId, body) => request<Certification>('post', pathTo(RECORD_PATHS.certification.add, { userId }), { json: body, fallbackError: SAVE_FAILED }),
  update: (id, body) => request<Certification>('put', pathTo(RECORD_PATHS.certification.update, { id }), { json: body, fallbackError: SAVE_FAILED }),
  remove: (id) => request<MessageResponse>('delete', pathTo(RECORD_PATHS.certification.remove, { id }), { fallbackError: DELETE_FAILED }),
};
