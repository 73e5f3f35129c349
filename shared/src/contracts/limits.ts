// Validation limits, defined once: the TypeBox schemas, the server's rules and the forms read them from here.

export const EMAIL_MAX_LENGTH = 254;
export const PERSON_NAME_MAX_LENGTH = 100;
export const PHONE_MAX_LENGTH = 40;
/** The password rule of sign-up and reset. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** What a request may carry in a password field at all (a login with a long guess is a 401, not a 400). */
export const PASSWORD_FIELD_MAX_LENGTH = 1024;
export const RESET_TOKEN_MAX_LENGTH = 200;

/** Bounds of the profile fields on the wire; the headline's product limit is HEADLINE_MAX_LENGTH. */
export const HEADLINE_FIELD_MAX_LENGTH = 1000;
export const PROFILE_SUMMARY_MAX_LENGTH = 10_000;
export const HOURLY_FEE_MAX = 1_000_000;
export const URL_MAX_LENGTH = 2000;

/** Profile records: names and titles, descriptions, the 'YYYY-MM' months. */
export const RECORD_NAME_MAX_LENGTH = 200;
export const RECORD_DESCRIPTION_MAX_LENGTH = 4000;
export const YEAR_MONTH_LENGTH = 7;
/** The earliest year a record month may name; the latest is next year. */
export const YEAR_MONTH_MIN_YEAR = 1900;

/** BulkAddServices: selections per call, practice areas per selection, length of a name. */
export const SERVICES_PER_REQUEST_MAX = 50;
export const PRACTICE_AREAS_PER_SERVICE_MAX = 100;
export const SERVICE_NAME_MAX_LENGTH = 200;

export const ORCID_CODE_MAX_LENGTH = 200;
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
