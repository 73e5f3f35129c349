import { Type, type TProperties } from 'typebox';
import { DEGREE_TYPES, EMPLOYMENT_TYPES } from '../constants';
import { RECORD_DESCRIPTION_MAX_LENGTH, RECORD_NAME_MAX_LENGTH, URL_MAX_LENGTH } from '../limits';
import { Nullable, StringChoice, YearMonth } from './common';

const name = () => Type.String({ maxLength: RECORD_NAME_MAX_LENGTH });
const optionalText = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));

/** Shapes and types only; the meaning is checked by checkRecord in `contracts/records`. */
function input<P extends TProperties, F extends string>(fields: P, flag: F) {
  const props = {
    ...fields,
    ...({ [flag]: Type.Boolean() } as { [K in F]: ReturnType<typeof Type.Boolean> }),
    startTime: YearMonth,
    endTime: Type.Optional(Nullable(Type.String({ maxLength: 7, description: `'YYYY-MM'; null exactly when ${flag} is true` }))),
  };
  return {
    add: Type.Object(props, { additionalProperties: false }),
    update: Type.Object({ ...props, id: Type.Optional(Type.Integer({ minimum: 1, description: 'Must equal the id in the path when given.' })) }, { additionalProperties: false }),
  };
}

export const WorkExperienceBody = input(
  { companyName: name(), jobTitle: name(), employmentType: StringChoice(EMPLOYMENT_TYPES as readonly string[]), description: optionalText(RECORD_DESCRIPTION_MAX_LENGTH) },
  'currentlyWorking',
);
export const EducationBody = input(
  { institutionName: name(), degreeTitle: name(), degreeType: StringChoice(DEGREE_TYPES as readonly string[]), description: optionalText(RECORD_DESCRIPTION_MAX_LENGTH) },
  'currentlyStudying',
);
export const CertificationBody = input({ certificationName: name(), issuingOrganization: name(), certificationUrl: optionalText(URL_MAX_LENGTH) }, 'isExpire');
