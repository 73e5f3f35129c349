import type { Publication, User, YearMonth } from './entities';

/** Every error the API answers: status 400, 401, 403, 404, 409, 413, 429. */
export interface ApiErrorBody {
  message: string;
  details?: Array<{ field?: string; message: string }>;
}

export interface LoginRequest {
  email: string;
  password: string;
}
export interface LoginResponse {
  token: string;
  user: User;
}

export interface SignupRequest {
  email: string;
  firstName: string;
  lastName: string;
  /** Country code plus number, e.g. '+1 5551234567'. */
  phoneNumber: string;
  password: string;
}
export interface SignupResponse {
  message: string;
  user: User;
}

export interface LoginWithAuth0Response {
  accessToken: string;
  user: User;
}

/** Spec §5: empty-string texts are omitted by the client; hourlyFee and profImgUrl are sent whenever defined. */
export interface ProfileUpdateRequest {
  email?: string;
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  headline?: string;
  profileSummary?: string;
  hourlyFee?: number;
  profImgUrl?: string | null;
  isProfilePublic?: boolean;
}

export interface BulkServicesRequest {
  services: Array<{ serviceName: string; practiceAreaNames: string[] }>;
}

export interface WorkExperienceInput {
  companyName: string;
  jobTitle: string;
  employmentType: string;
  currentlyWorking: boolean;
  description?: string | null;
  startTime: YearMonth;
  endTime: YearMonth | null;
}

export interface EducationInput {
  institutionName: string;
  degreeTitle: string;
  degreeType: string;
  currentlyStudying: boolean;
  description?: string | null;
  startTime: YearMonth;
  endTime: YearMonth | null;
}

export interface CertificationInput {
  certificationName: string;
  issuingOrganization: string;
  certificationUrl?: string | null;
  isExpire: boolean;
  startTime: YearMonth;
  endTime: YearMonth | null;
}

export interface OrcidCallbackResponse {
  user: { works: Publication[] };
}

export interface HealthResponse {
  status: 'ok' | 'degraded';
  database: { status: 'up' | 'down'; dialect: 'sqlite' | 'postgres' };
  version: string;
}

export interface PasswordResetRequest {
  email: string;
}
export interface PasswordResetConfirm {
  token: string;
  password: string;
}

/** Body of calls whose success carries only a sentence: logout, delete, password reset. */
export interface MessageResponse {
  message: string;
}
