import { DEGREE_TYPES, EMPLOYMENT_TYPES } from '@sciexperts/shared/contracts';
import type { RecordTable } from '../db/schema';

// The three profile record kinds differ only in this data; routes, validation and storage are generic.

export type FieldSpec =
  | { name: string; kind: 'text'; requiredMessage: string; maxLength: number }
  | { name: string; kind: 'optionalText'; maxLength: number }
  | { name: string; kind: 'choice'; choices: readonly string[]; requiredMessage: string }
  | { name: string; kind: 'optionalUrl'; maxLength: number };

export interface RecordKind {
  key: 'workExperience' | 'education' | 'certification';
  table: RecordTable;
  /** Path segments exactly as spec §7 spells them. */
  routes: { base: string; list: string; add: string; update: string; delete: string };
  tag: string;
  noun: string;
  fields: readonly FieldSpec[];
  /** The boolean that means "no end date" (currently here / does not expire). */
  flag: { name: string; whenTrue: string };
}

const NAME_MAX = 200;
const DESCRIPTION_MAX = 4000;

export const RECORD_KINDS = {
  workExperience: {
    key: 'workExperience',
    table: 'workExperiences',
    routes: { base: 'WorkExperience', list: 'GetAllWorkExperiencesByUserId', add: 'AddNewWorkExperience', update: 'UpdateWorkExperience', delete: 'DeleteWorkExperienceById' },
    tag: 'Work experience',
    noun: 'work experience',
    fields: [
      { name: 'companyName', kind: 'text', requiredMessage: 'Company name is required.', maxLength: NAME_MAX },
      { name: 'jobTitle', kind: 'text', requiredMessage: 'Job title is required.', maxLength: NAME_MAX },
      { name: 'employmentType', kind: 'choice', choices: EMPLOYMENT_TYPES, requiredMessage: 'Please select employment type.' },
      { name: 'description', kind: 'optionalText', maxLength: DESCRIPTION_MAX },
    ],
    flag: { name: 'currentlyWorking', whenTrue: 'currently working here' },
  },
  education: {
    key: 'education',
    table: 'educations',
    routes: { base: 'Education', list: 'GetAllEducationByUserId', add: 'AddEducation', update: 'UpdateEducation', delete: 'DeleteEducationById' },
    tag: 'Education',
    noun: 'education',
    fields: [
      { name: 'institutionName', kind: 'text', requiredMessage: 'Institution name is required.', maxLength: NAME_MAX },
      { name: 'degreeTitle', kind: 'text', requiredMessage: 'Degree title is required.', maxLength: NAME_MAX },
      { name: 'degreeType', kind: 'choice', choices: DEGREE_TYPES, requiredMessage: 'Please select degree type.' },
      { name: 'description', kind: 'optionalText', maxLength: DESCRIPTION_MAX },
    ],
    flag: { name: 'currentlyStudying', whenTrue: 'currently studying here' },
  },
  certification: {
    key: 'certification',
    table: 'certifications',
    routes: { base: 'Certification', list: 'GetAllCertificationByUserId', add: 'AddCertification', update: 'UpdateCertification', delete: 'DeleteCertificationById' },
    tag: 'Certification',
    noun: 'certification',
    fields: [
      { name: 'certificationName', kind: 'text', requiredMessage: 'Certification name is required.', maxLength: NAME_MAX },
      { name: 'issuingOrganization', kind: 'text', requiredMessage: 'Issuing Organization name is required.', maxLength: NAME_MAX },
      { name: 'certificationUrl', kind: 'optionalUrl', maxLength: 2000 },
    ],
    flag: { name: 'isExpire', whenTrue: 'the certification does not expire' },
  },
} as const satisfies Record<string, RecordKind>;

export const ALL_RECORD_KINDS: readonly RecordKind[] = Object.values(RECORD_KINDS);

export const START_MESSAGE = 'Please select a start date.';
export const END_MESSAGE = 'Please select a complete end date.';
