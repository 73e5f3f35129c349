import type { BulkServicesRequest, ProfileUpdateRequest } from '../contracts/api';
import type { Certification, Education, Publication, PublicUser, Service, User, WorkExperience } from '../contracts/entities';
import { request } from './http';

export const userApi = {
  /** `token`: a product token not stored yet (the identity sign-in loads the member before signing in). */
  getById: (id: number, token?: string) =>
    request<User | PublicUser>('get', `/api/User/GetUserById/${id}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : undefined,
      fallbackError: 'No User Id',
    }),
  update: (id: number, body: ProfileUpdateRequest) =>
    request<User>('put', `/api/User/UpdateUser/${id}`, { json: body, fallbackError: 'Failed to update profile' }),
  updateIdentityUser: (body: ProfileUpdateRequest) =>
    request<User>('put', '/api/User/UpdateUserAuth0', { json: body, fallbackError: 'Failed to update profile' }),
  bulkAddServices: (id: number, body: BulkServicesRequest) =>
    request<User>('post', `/api/User/BulkAddServices/${id}`, { json: body, fallbackError: 'Failed to save services' }),
  uploadProfileImage: (id: number, file: Blob) => {
    const form = new FormData();
    form.append('file', file);
    return request<User>('post', `/api/User/UploadProfileImage/${id}`, { body: form, fallbackError: 'Failed to upload image' });
  },
  getAllServices: () => request<Service[]>('get', '/api/Service/GetAllServices', { fallbackError: 'Failed to fetch services' }),
  // A member's record lists (the profile editor needs their counts for the completion chips).
  getWorkExperiences: (userId: number) =>
    request<WorkExperience[]>('get', `/api/WorkExperience/GetAllWorkExperiencesByUserId/${userId}`, { fallbackError: 'Could not load your work experiences.' }),
  getEducation: (userId: number) =>
    request<Education[]>('get', `/api/Education/GetAllEducationByUserId/${userId}`, { fallbackError: 'Could not load your educations.' }),
  getCertifications: (userId: number) =>
    request<Certification[]>('get', `/api/Certification/GetAllCertificationByUserId/${userId}`, { fallbackError: 'Could not load your certifications.' }),
  getPublications: (userId: number) =>
    request<Publication[]>('get', `/api/Publication/GetAllPublicationsByUserId/${userId}`, { fallbackError: 'Could not load your publications.' }),
};
