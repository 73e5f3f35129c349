import { Type } from 'typebox';
import {
  EMAIL_MAX_LENGTH,
  HEADLINE_FIELD_MAX_LENGTH,
  HOURLY_FEE_MAX,
  PASSWORD_FIELD_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PRACTICE_AREAS_PER_SERVICE_MAX,
  PROFILE_SUMMARY_MAX_LENGTH,
  SERVICE_NAME_MAX_LENGTH,
  SERVICES_PER_REQUEST_MAX,
  URL_MAX_LENGTH,
} from '../limits';
import { Nullable } from './common';

const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/** Empty-string texts are omitted by the client; hourlyFee and profImgUrl are sent whenever defined. */
export const ProfileUpdateRequest = Type.Object(
  {
    email: text(EMAIL_MAX_LENGTH),
    firstName: text(PERSON_NAME_MAX_LENGTH),
    lastName: text(PERSON_NAME_MAX_LENGTH),
    phoneNumber: text(PHONE_MAX_LENGTH),
    headline: text(HEADLINE_FIELD_MAX_LENGTH),
    profileSummary: text(PROFILE_SUMMARY_MAX_LENGTH),
    hourlyFee: Type.Optional(Type.Number({ minimum: 0, maximum: HOURLY_FEE_MAX })),
    profImgUrl: Type.Optional(Nullable(Type.String({ maxLength: URL_MAX_LENGTH, description: 'Must be an image the member uploaded themselves (or null to clear it).' }))),
    isProfilePublic: Type.Optional(Type.Boolean()),
    country: Type.Optional(Nullable(Type.String({ maxLength: 20, description: 'ISO 3166-1 alpha-2 code from COUNTRIES (DE), or null to clear it.' }))),
    currentPassword: Type.Optional(
      Type.String({ maxLength: PASSWORD_FIELD_MAX_LENGTH, description: 'Ignored. A different `email` is refused (409): the address changes only in the account settings, through a link mailed to it.' }),
    ),
  },
  { additionalProperties: false },
);

export const BulkServicesRequest = Type.Object(
  {
    services: Type.Array(
      Type.Object(
        {
          serviceName: Type.String({ maxLength: SERVICE_NAME_MAX_LENGTH }),
          practiceAreaNames: Type.Array(Type.String({ maxLength: SERVICE_NAME_MAX_LENGTH }), { maxItems: PRACTICE_AREAS_PER_SERVICE_MAX }),
        },
        { additionalProperties: false },
      ),
      { maxItems: SERVICES_PER_REQUEST_MAX },
    ),
  },
  { additionalProperties: false },
);

