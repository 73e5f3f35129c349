import { RECORD_KIND_RULES, RECORD_PATHS, type RecordKindRules } from '@sciexperts/shared/contracts';
import { Certification, CertificationBody, Education, EducationBody, WorkExperience, WorkExperienceBody } from '@sciexperts/shared/contracts/schemas';
import type { TSchema } from 'typebox';
import type { RecordTable } from '../../db/schema';

// The three profile record kinds differ only in this data; routes, validation and storage are generic.
// Fields, limits, sentences and paths come from `contracts`; the server adds its table and the schemas.

export interface RecordKind extends RecordKindRules {
  table: RecordTable;
  tag: string;
  paths: { list: string; add: string; update: string; remove: string };
  body: { add: TSchema; update: TSchema };
  entity: TSchema;
}

export const RECORD_KINDS = {
  workExperience: {
    ...RECORD_KIND_RULES.workExperience,
    table: 'workExperiences',
    tag: 'Work experience',
    paths: RECORD_PATHS.workExperience,
    body: WorkExperienceBody,
    entity: WorkExperience,
  },
  education: { ...RECORD_KIND_RULES.education, table: 'educations', tag: 'Education', paths: RECORD_PATHS.education, body: EducationBody, entity: Education },
  certification: {
    ...RECORD_KIND_RULES.certification,
    table: 'certifications',
    tag: 'Certification',
    paths: RECORD_PATHS.certification,
    body: CertificationBody,
    entity: Certification,
  },
} as const satisfies Record<string, RecordKind>;

export const ALL_RECORD_KINDS: readonly RecordKind[] = Object.values(RECORD_KINDS);
