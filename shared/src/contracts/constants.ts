// Business constants (limits, breakpoints, thresholds) and the choice lists of the signup and profile forms.

export const HEADLINE_MAX_LENGTH = 120;
export const HEADLINE_WARN_REMAINING = 20;
export const MANDATORY_PROFILE_ITEMS = 5;
/** Work experience, education and certification entries a member may keep, per kind. */
export const RECORDS_PER_KIND_MAX = 50;

export const EMPLOYMENT_TYPES = ['Full time', 'Part time', 'Self employed', 'Freelancer', 'Internship'] as const;
export const DEGREE_TYPES = ['PhD', 'Master', 'Bachelor'] as const;

export const COUNTRY_CODES = [
  { code: '+1', label: 'US' },
  { code: '+44', label: 'UK' },
  { code: '+49', label: 'DE' },
  { code: '+33', label: 'FR' },
  { code: '+98', label: 'IR' },
] as const;

export const HEARD_ABOUT_OPTIONS = ['google', 'linkedin', 'friend', 'conference', 'article', 'other'] as const;

/** Local storage keys: the auth token and the user data object. */
export const STORAGE_KEYS = { token: 'authToken', user: 'userData' } as const;

/**
 * How the stored session was obtained ('password' or 'identity'), kept beside the two storage keys above so that
 * logout knows whether the identity provider's session must end too, in every tab.
 */
export const SIGN_IN_METHOD_KEY = 'authMethod';

/** The identity provider's login redirect returns here, with `code` and `state` in the query. */
export const IDENTITY_RETURN_PATH = '/profile/freelancer-dashboard';

/** Fired on window whenever this tab changes the stored auth state. */
export const AUTH_CHANGE_EVENT = 'authChange';

export const MOBILE_BREAKPOINT_PX = 768;
export const HEADER_SCROLL_THRESHOLD_PX = 10;
