import {
  RECORD_DESCRIPTION_MAX_LENGTH,
  RECORD_MESSAGES,
  RECORD_NAME_MAX_LENGTH,
  PROFILE_MESSAGES,
  URL_MAX_LENGTH,
  DEGREE_TYPES,
  EMPLOYMENT_TYPES,
  type Certification,
  type CertificationInput,
  type Education,
  type EducationInput,
  type WorkExperience,
  type WorkExperienceInput,
} from '@sciexperts/shared';
import { certificationApi, educationApi, workExperienceApi, type RecordsClient } from '@sciexperts/shared/member';
import type { SectionId } from '../sections';

// The three record sections share one list-and-form mechanism (RecordSection); everything that differs
// between them — fields, labels, validation and error messages, the API client — is the data in this module.

export type RecordKey = 'workExperience' | 'education' | 'certification';

/** What every record kind has: an id and the two months (endTime null while current / not expiring). */
export interface BaseRecord {
  id: number;
  startTime: string;
  endTime: string | null;
}

type FieldName<R> = Extract<keyof R, string>;

interface FieldCommon<R> {
  name: FieldName<R>;
  label: string;
  /** Shown under the dates (description, credential URL) instead of above them. */
  afterDates?: boolean;
}

export type FieldDef<R> =
  | (FieldCommon<R> & { type: 'text'; requiredMessage: string; maxLength: number })
  | (FieldCommon<R> & { type: 'textarea'; maxLength: number })
  | (FieldCommon<R> & { type: 'select'; options: readonly string[]; placeholder: string; requiredMessage: string })
  | (FieldCommon<R> & { type: 'url'; maxLength: number });

export interface RecordKind<R extends BaseRecord = BaseRecord, I = unknown> {
  key: RecordKey;
  sectionId: SectionId;
  /** As the spec words it in sentences: 'work experience', 'Education', 'certification'. */
  noun: string;
  formTitle: { add: string; edit: string };
  fields: ReadonlyArray<FieldDef<R>>;
  /** The boolean meaning "no end date": currently working / studying, or the credential does not expire. */
  flag: { name: FieldName<R>; label: string };
  dateLegends: { start: string; end: string };
  messages: { empty: string; confirmDelete: string; loadFailed: string };
  /** How an entry reads in the list: a heading, a line of facts, an optional text and link. */
  display: { title: FieldName<R>; facts: ReadonlyArray<FieldName<R>>; text?: FieldName<R>; link?: { field: FieldName<R>; text: string } };
  /** Names the entry in its Edit / Delete buttons, so each pencil and bin says which entry it acts on. */
  entryName: (record: R) => string;
  client: RecordsClient<R, I>;
}

// The product's record sentences and the limits, from the contract the server checks against too (RECORD_MESSAGES, RECORD_KIND_RULES).
export const ADDED_MESSAGE = RECORD_MESSAGES.added;
export const UPDATED_MESSAGE = RECORD_MESSAGES.updated;
export const DELETED_MESSAGE = RECORD_MESSAGES.deleted;
export const SAVE_FAILED_MESSAGE = RECORD_MESSAGES.saveFailed;
export const DELETE_FAILED_MESSAGE = RECORD_MESSAGES.deleteFailed;

// The server's limits, so a long text is stopped while typing, not on save.
const NAME_MAX = RECORD_NAME_MAX_LENGTH;
const DESCRIPTION_MAX = RECORD_DESCRIPTION_MAX_LENGTH;
const URL_MAX = URL_MAX_LENGTH;

const DATES = { start: 'Start date', end: 'End date' };

export const workExperienceKind: RecordKind<WorkExperience, WorkExperienceInput> = {
  key: 'workExperience',
  sectionId: 'work-experience',
  noun: 'work experience',
  formTitle: { add: 'Add work experience', edit: 'Edit work experience' },
  fields: [
    { name: 'companyName', type: 'text', label: 'Company name', requiredMessage: RECORD_MESSAGES.companyNameRequired, maxLength: NAME_MAX },
    { name: 'jobTitle', type: 'text', label: 'Job title', requiredMessage: RECORD_MESSAGES.jobTitleRequired, maxLength: NAME_MAX },
    { name: 'employmentType', type: 'select', label: 'Employment type', options: EMPLOYMENT_TYPES, placeholder: 'Select employment type', requiredMessage: RECORD_MESSAGES.employmentTypeRequired },
    { name: 'description', type: 'textarea', label: 'Description (optional)', maxLength: DESCRIPTION_MAX, afterDates: true },
  ],
  flag: { name: 'currentlyWorking', label: 'I currently work here' },
  dateLegends: DATES,
  messages: {
    empty: "You haven't added any work experience yet.",
    confirmDelete: 'Are you sure you want to delete this work experience?',
    loadFailed: PROFILE_MESSAGES.workExperiencesLoadFailed,
  },
  display: { title: 'jobTitle', facts: ['companyName', 'employmentType'], text: 'description' },
  entryName: (record) => `${record.jobTitle} at ${record.companyName}`,
  client: workExperienceApi,
};

export const educationKind: RecordKind<Education, EducationInput> = {
  key: 'education',
  sectionId: 'education',
  noun: 'Education',
  formTitle: { add: 'Add education', edit: 'Edit education' },
  fields: [
    { name: 'institutionName', type: 'text', label: 'Institution name', requiredMessage: RECORD_MESSAGES.institutionNameRequired, maxLength: NAME_MAX },
    { name: 'degreeTitle', type: 'text', label: 'Degree title', requiredMessage: RECORD_MESSAGES.degreeTitleRequired, maxLength: NAME_MAX },
    { name: 'degreeType', type: 'select', label: 'Degree type', options: DEGREE_TYPES, placeholder: 'Select degree type', requiredMessage: RECORD_MESSAGES.degreeTypeRequired },
    { name: 'description', type: 'textarea', label: 'Description (optional)', maxLength: DESCRIPTION_MAX, afterDates: true },
  ],
  flag: { name: 'currentlyStudying', label: 'I currently study here' },
  dateLegends: DATES,
  messages: {
    empty: "You haven't added any Education yet.",
    confirmDelete: 'Are you sure you want to delete this Education?',
    loadFailed: PROFILE_MESSAGES.educationsLoadFailed,
  },
  display: { title: 'degreeTitle', facts: ['institutionName', 'degreeType'], text: 'description' },
  entryName: (record) => `${record.degreeTitle} at ${record.institutionName}`,
  client: educationApi,
};

export const certificationKind: RecordKind<Certification, CertificationInput> = {
  key: 'certification',
  sectionId: 'certification',
  noun: 'certification',
  formTitle: { add: 'Add certification', edit: 'Edit certification' },
  fields: [
    { name: 'certificationName', type: 'text', label: 'Certification name', requiredMessage: RECORD_MESSAGES.certificationNameRequired, maxLength: NAME_MAX },
    { name: 'issuingOrganization', type: 'text', label: 'Issuing organization', requiredMessage: RECORD_MESSAGES.issuingOrganizationRequired, maxLength: NAME_MAX },
    { name: 'certificationUrl', type: 'url', label: 'Credential URL (optional)', maxLength: URL_MAX, afterDates: true },
  ],
  // The spec's form labelled this box 'I currently study here'; issue 9 asks for what it means.
  flag: { name: 'isExpire', label: 'This credential does not expire' },
  // Legends keep the words of the date validation messages ('start date', 'end date') and say what they mean here.
  dateLegends: { start: 'Start date (issued)', end: 'End date (expires)' },
  messages: {
    empty: "You haven't added any certification yet.",
    confirmDelete: 'Are you sure you want to delete this Certification?',
    loadFailed: PROFILE_MESSAGES.certificationsLoadFailed,
  },
  display: { title: 'certificationName', facts: ['issuingOrganization'], link: { field: 'certificationUrl', text: 'Show credential' } },
  entryName: (record) => `${record.certificationName} from ${record.issuingOrganization}`,
  client: certificationApi,
};
