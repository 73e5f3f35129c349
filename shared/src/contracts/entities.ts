// The entities of spec §3, as the server sends them and the clients read them.

export interface NamedRef {
  id: number;
  name: string;
}

export interface Service {
  id: number;
  name: string;
  practiceAreas: NamedRef[];
}

export interface OfferedService {
  id: number;
  createdAt: string;
  service: NamedRef;
  practiceAreas: NamedRef[];
}

/** 'YYYY-MM' */
export type YearMonth = string;

export interface WorkExperience {
  id: number;
  companyName: string;
  jobTitle: string;
  employmentType: string;
  currentlyWorking: boolean;
  description: string | null;
  startTime: YearMonth;
  endTime: YearMonth | null;
}

export interface Education {
  id: number;
  institutionName: string;
  degreeTitle: string;
  degreeType: string;
  currentlyStudying: boolean;
  description: string | null;
  startTime: YearMonth;
  endTime: YearMonth | null;
}

export interface Certification {
  id: number;
  certificationName: string;
  issuingOrganization: string;
  certificationUrl: string | null;
  /** true when the credential does not expire (shown as 'Present'); endTime is then null. */
  isExpire: boolean;
  startTime: YearMonth;
  endTime: YearMonth | null;
}

export interface OrcidDatePart {
  value: string;
}

export interface Publication {
  title: string;
  url: string | null;
  type: string | null;
  publicationDate: {
    year: OrcidDatePart | null;
    month: OrcidDatePart | null;
    day: OrcidDatePart | null;
  } | null;
}

/** The member's own view of their account. */
export interface User {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  headline: string | null;
  profileSummary: string | null;
  hourlyFee: number | null;
  phoneNumber: string | null;
  profImgUrl: string | null;
  /** Whether signed-out visitors may see the profile (the editor's Profile Privacy setting). */
  isProfilePublic: boolean;
  /** 'oidc' for members who signed in through the identity provider (their updates go through UpdateUserAuth0). */
  authProvider: 'password' | 'oidc';
  offeredServices: OfferedService[];
  workExperiences: WorkExperience[];
}

/** What another member sees: no e-mail, phone number or private settings. */
export type PublicUser = Omit<User, 'email' | 'phoneNumber' | 'isProfilePublic' | 'authProvider'>;
