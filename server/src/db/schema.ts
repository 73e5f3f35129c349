import type { Generated } from 'kysely';

// Column names mirror the API field names so rows map to contracts without a rename table.
// Booleans are stored as 0/1 integers so both dialects read them the same way.

export interface UsersTable {
  id: Generated<number>;
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  headline: string | null;
  profileSummary: string | null;
  hourlyFee: number | null;
  phoneNumber: string | null;
  profImgUrl: string | null;
  isProfilePublic: number;
  authProvider: 'password' | 'oidc';
  createdAt: string;
}

export interface IdentitiesTable {
  id: Generated<number>;
  userId: number;
  issuer: string;
  subject: string;
  createdAt: string;
}

export interface SessionsTable {
  id: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
}

export interface ServicesTable {
  id: Generated<number>;
  name: string;
}

export interface PracticeAreasTable {
  id: Generated<number>;
  serviceId: number;
  name: string;
}

export interface OfferedServicesTable {
  id: Generated<number>;
  userId: number;
  serviceId: number;
  createdAt: string;
}

export interface OfferedPracticeAreasTable {
  offeredServiceId: number;
  practiceAreaId: number;
}

export interface WorkExperiencesTable {
  id: Generated<number>;
  userId: number;
  companyName: string;
  jobTitle: string;
  employmentType: string;
  currentlyWorking: number;
  description: string | null;
  startTime: string;
  endTime: string | null;
}

export interface EducationsTable {
  id: Generated<number>;
  userId: number;
  institutionName: string;
  degreeTitle: string;
  degreeType: string;
  currentlyStudying: number;
  description: string | null;
  startTime: string;
  endTime: string | null;
}

export interface CertificationsTable {
  id: Generated<number>;
  userId: number;
  certificationName: string;
  issuingOrganization: string;
  certificationUrl: string | null;
  isExpire: number;
  startTime: string;
  endTime: string | null;
}

export interface PublicationsTable {
  id: Generated<number>;
  userId: number;
  position: number;
  title: string;
  url: string | null;
  type: string | null;
  pubYear: string | null;
  pubMonth: string | null;
  pubDay: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface MessagesTable {
  id: Generated<number>;
  senderId: number;
  receiverId: number;
  text: string;
  clientId: string | null;
  createdAt: string;
}

export interface Database {
  users: UsersTable;
  identities: IdentitiesTable;
  sessions: SessionsTable;
  services: ServicesTable;
  practiceAreas: PracticeAreasTable;
  offeredServices: OfferedServicesTable;
  offeredPracticeAreas: OfferedPracticeAreasTable;
  workExperiences: WorkExperiencesTable;
  educations: EducationsTable;
  certifications: CertificationsTable;
  publications: PublicationsTable;
  passwordResetTokens: PasswordResetTokensTable;
  messages: MessagesTable;
}

export type RecordTable = 'workExperiences' | 'educations' | 'certifications';
