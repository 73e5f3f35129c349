import {
  PROFILE_MESSAGES,
  API_PATHS,
  RECORD_PATHS,
  pathTo,
  request,
  type BulkServicesRequest,
  type ProfileUpdateRequest,
  type Certification,
  type Education,
  type Publication,
  type PublicUser,
  type Service,
  type User,
  type WorkExperience,
} from '@sciexperts/shared';

export const userApi = {
  /** `token`: a product token not stored yet (the identity sign-in loads the member before signing in). */
  getById: (id: number, token?: string) =>
    request<User | PublicUser>('get', pathTo(API_PATHS.getUserById, { id }), {
      headers: token ? { Authorization: `Bearer ${token}` } : undefined,
      fallbackError: PROFILE_MESSAGES.noUserId,
    }),
  update: (id: number, body: ProfileUpdateRequest) => request<User>('put', pathTo(API_PATHS.updateUser, { id }), { json: body, fallbackError: PROFILE_MESSAGES.updateFailed }),
  updateIdentityUser: (body: ProfileUpdateRequest) => request<User>('put', API_PATHS.updateIdentityUser, { json: body, fallbackError: PROFILE_MESSAGES.updateFailed }),
  bulkAddServices: (id: number, body: BulkServicesRequest) =>
    request<User>('post', pathTo(API_PATHS.bulkAddServices, { id }), { json: body, fallbackError: PROFILE_MESSAGES.servicesSaveFailed }),
  uploadProfileImage: (id: number, file: Blob) => {
    const form = new FormData();
    form.append('file', file);
    return request<User>('post', pathTo(API_PATHS.uploadProfileImage, { id }), { body: form, fallbackError: PROFILE_MESSAGES.imageUploadFailed });
  },
  getAllServices: () => request<Service[]>('get', API_PATHS.allServices, { fallbackError: PROFILE_MESSAGES.servicesLoadFailed }),
  // A member's record lists (the profile editor needs their counts for the completion chips).
  getWorkExperiences: (userId: number) =>
    request<WorkExperience[]>('get', pathTo(RECORD_PATHS.workExperience.list, { userId }), { fallbackError: PROFILE_MESSAGES.workExperiencesLoadFailed }),
  getEducation: (userId: number) => request<Education[]>('get', pathTo(RECORD_PATHS.education.list, { userId }), { fallbackError: PROFILE_MESSAGES.educationsLoadFailed }),
  getCertifications: (userId: number) =>
    request<Certification[]>('get', pathTo(RECORD_PATHS.certification.list, { userId }), { fallbackError: PROFILE_MESSAGES.certificationsLoadFailed }),
  getPublications: (userId: number) =>
    request<Publication[]>('get', pathTo(API_PATHS.publications, { userId }), { fallbackError: PROFILE_MESSAGES.publicationsLoadFailedList }),
};
