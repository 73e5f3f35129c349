// The three profile record kinds as rules (fields, limits, sentences) and the checks a schema cannot
// express: required-after-trim, the choice lists, the URL, the two months, and the flag that nulls the end.
import { DEGREE_TYPES, EMPLOYMENT_TYPES } from './constants';
import { RECORD_DESCRIPTION_MAX_LENGTH, RECORD_NAME_MAX_LENGTH, URL_MAX_LENGTH } from './limits';
import { RECORD_MESSAGES } from './messages';
import type { RecordKey } from './paths';
import { isHttpUrl, isYearMonth, type FieldProblem } from './rules';

export type RecordFieldRule =
  | { name: string; kind: 'text'; requiredMessage: string; maxLength: number }
  | { name: string; kind: 'optionalText'; maxLength: number }
  | { name: string; kind: 'choice'; choices: readonly string[]; requiredMessage: string }
  | { name: string; kind: 'optionalUrl'; maxLength: number };

export interface RecordKindRules {
  key: RecordKey;
  /** As sentences name it: 'work experience', 'education', 'certification'. */
  noun: string;
  fields: readonly RecordFieldRule[];
  /** The boolean that means "no end date" (currently here / does not expire); endTime is null exactly when it is true. */
  flag: { name: string; whenTrue: string };
}

export const RECORD_KIND_RULES = {
  workExperience: {
    key: 'workExperience',
    noun: 'work experience',
    fields: [
      { name: 'companyName', kind: 'text', requiredMessage: RECORD_MESSAGES.companyNameRequired, maxLength: RECORD_NAME_MAX_LENGTH },
      { name: 'jobTitle', kind: 'text', requiredMessage: RECORD_MESSAGES.jobTitleRequired, maxLength: RECORD_NAME_MAX_LENGTH },
      { name: 'employmentType', kind: 'choice', choices: EMPLOYMENT_TYPES, requiredMessage: RECORD_MESSAGES.employmentTypeRequired },
      { name: 'description', kind: 'optionalText', maxLength: RECORD_DESCRIPTION_MAX_LENGTH },
    ],
    flag: { name: 'currentlyWorking', whenTrue: 'currently working here' },
  },
  education: {
    key: 'education',
    noun: 'education',
    fields: [
      { name: 'institutionName', kind: 'text', requiredMessage: RECORD_MESSAGES.institutionNameRequired, maxLength: RECORD_NAME_MAX_LENGTH },
      { name: 'degreeTitle', kind: 'text', requiredMessage: RECORD_MESSAGES.degreeTitleRequired, maxLength: RECORD_NAME_MAX_LENGTH },
      { name: 'degreeType', kind: 'choice', choices: DEGREE_TYPES, requiredMessage: RECORD_MESSAGES.degreeTypeRequired },
      { name: 'description', kind: 'optionalText', maxLength: RECORD_DESCRIPTION_MAX_LENGTH },
    ],
    flag: { name: 'currentlyStudying', whenTrue: 'currently studying here' },
  },
  certification: {
    key: 'certification',
    noun: 'certification',
    fields: [
      { name: 'certificationName', kind: 'text', requiredMessage: RECORD_MESSAGES.certificationNameRequired, maxLength: RECORD_NAME_MAX_LENGTH },
      { name: 'issuingOrganization', kind: 'text', requiredMessage: RECORD_MESSAGES.issuingOrganizationRequired, maxLength: RECORD_NAME_MAX_LENGTH },
      { name: 'certificationUrl', kind: 'optionalUrl', maxLength: URL_MAX_LENGTH },
    ],
    flag: { name: 'isExpire', whenTrue: 'the certification does not expire' },
  },
} as const satisfies Record<RecordKey, RecordKindRules>;

/** A checked record ready to store: field values trimmed (blank optional ones null), the flag, the two months. */
export type RecordValues = Record<string, string | boolean | null>;

/**
 * The rules of one record body: required texts and choices (after trimming), an http(s) URL, a real start month,
 * and an end month not before it unless the flag is set (which nulls the end). The server answers the problems
 * as a 400; the form shows them beside its fields.
 */
export function checkRecord(kind: RecordKindRules, body: Record<string, unknown>, now: Date = new Date()): { values: RecordValues; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const values: RecordValues = {};
  for (const f of kind.fields) {
    const raw = body[f.name];
    const text = typeof raw === 'string' ? raw.trim() : null;
    if (f.kind === 'text' || f.kind === 'choice') {
      if (!text) problems.push({ field: f.name, message: f.requiredMessage });
      else if (f.kind === 'choice' && !f.choices.includes(text)) problems.push({ field: f.name, message: f.requiredMessage });
      values[f.name] = text;
    } else {
      values[f.name] = text || null;
      if (f.kind === 'optionalUrl' && text && !isHttpUrl(text)) problems.push({ field: f.name, message: RECORD_MESSAGES.urlInvalid });
    }
  }
  const flag = body[kind.flag.name] === true;
  values[kind.flag.name] = flag;
  const start = body.startTime;
  const end = body.endTime ?? null;
  if (!isYearMonth(start, now)) problems.push({ field: 'startTime', message: RECORD_MESSAGES.startRequired });
  values.startTime = typeof start === 'string' ? start : null;
  if (flag) {
    if (end !== null && end !== '') problems.push({ field: 'endTime', message: `Leave the end date empty when ${kind.flag.whenTrue}.` });
    values.endTime = null;
  } else if (!isYearMonth(end, now)) {
    problems.push({ field: 'endTime', message: RECORD_MESSAGES.endRequired });
  } else {
    if (isYearMonth(start, now) && end < start) problems.push({ field: 'endTime', message: RECORD_MESSAGES.endBeforeStart });
    values.endTime = end;
  }
  return { values, problems };
}
