// Sentences the server answers and the clients show (the product's copy, word for word),
// defined once. Copy: used word for word; change them here or nowhere.

/** Field validation, as the server words a refused field and the forms word the same check. */
export const FIELD_MESSAGES = {
  emailRequired: 'E-mail is required.',
  emailInvalid: 'Please enter a valid e-mail address.',
  passwordRequired: 'Password is required.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  phoneRequired: 'Contact number is required.',
  phoneInvalid: 'Please enter a valid contact number.',
  currentPasswordRequired: 'Enter your current password to change your e-mail.',
  profileImageNotOwn: 'Profile image must be an image you uploaded.',
  profileImageNotUrl: 'Profile image must be an http(s) URL.',
  hourlyFeeInvalid: 'Hourly fee must be a number of 0 or more.',
} as const;

/** The profile records' sentences (add and update failures of all three kinds use the work-experience wording). */
export const RECORD_MESSAGES = {
  companyNameRequired: 'Company name is required.',
  jobTitleRequired: 'Job title is required.',
  employmentTypeRequired: 'Please select employment type.',
  institutionNameRequired: 'Institution name is required.',
  degreeTitleRequired: 'Degree title is required.',
  degreeTypeRequired: 'Please select degree type.',
  certificationNameRequired: 'Certification name is required.',
  issuingOrganizationRequired: 'Issuing Organization name is required.',
  startRequired: 'Please select a start date.',
  endRequired: 'Please select a complete end date.',
  /** Not in the original copy (it accepted such dates); the server and the form word it the same. */
  endBeforeStart: 'The end date cannot be before the start date.',
  urlInvalid: 'Please enter a valid URL starting with http:// or https://.',
  added: 'Added successfully!',
  updated: 'Updated successfully!',
  deleted: 'Deleted successfully!',
  saveFailed: 'Failed to save. Please check your input and try again.',
  deleteFailed: 'Failed to delete. Please try again.',
} as const;

export const ACCOUNT_MESSAGES = {
  signedUp: 'Account created successfully!',
  loggedOut: 'Logged out.',
  emailTaken: 'An account with this e-mail already exists.',
  emailTakenUseOtherSignIn: 'An account with this e-mail already exists. Sign in with your password instead.',
  invalidCredentials: 'Invalid e-mail or password.',
  tooManyLogins: 'Too many failed login attempts. Please try again later.',
  tooManySignups: 'Too many sign-up attempts from your network. Please try again later.',
  resetLinkSent: 'If an account exists for this e-mail, we have sent a link to reset the password.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  tooManyResets: 'Too many reset requests. Please try again later.',
  /** A sign-in step whose throttle cannot be checked (the shared store is unreachable): refused, never let through unthrottled. */
  throttleUnavailable: 'Please try again in a moment.',
  passwordChanged: 'Your password has been changed. Please sign in with the new password.',
  /** Fallbacks of the client calls when the server gave no message. */
  loginFailed: 'Login failed',
  registrationFailed: 'Registration Failed',
  /** The sign-up alert when the call failed without an error. */
  registrationNetworkError: 'Network error. Please try again.',
  identityTokenFailed: 'Auth0 token verification failed',
  logoutFailed: 'Logout failed',
  resetRequestFailed: 'We could not send the reset link. Please try again.',
  resetFailed: 'We could not change your password. Please try again.',
} as const;

export const PROFILE_MESSAGES = {
  userNotFound: 'User not found.',
  noUserId: 'No User Id',
  updateFailed: 'Failed to update profile',
  servicesSaveFailed: 'Failed to save services',
  imageUploadFailed: 'Failed to upload image',
  servicesLoadFailed: 'Failed to fetch services',
  workExperiencesLoadFailed: 'Could not load your work experiences.',
  educationsLoadFailed: 'Could not load your educations.',
  certificationsLoadFailed: 'Could not load your certifications.',
  publicationsLoadFailedList: 'Could not load your publications.',
} as const;

/** The wording for the two ways the publication section can fail. */
export const ORCID_SYNC_FAILED = 'Failed to sync ORCID publications';
export const PUBLICATIONS_LOAD_FAILED = 'Something went wrong';
export const ORCID_CODE_REFUSED = 'The ORCID authorization code is invalid or was already used.';

export const CHAT_MESSAGES = {
  /** The counterpart of a conversation does not exist (a 404 only: a network failure is never reported so). */
  userNotFound: 'User not found',
  conversationsLoadFailed: 'Could not load your conversations.',
  messagesLoadFailed: 'Could not load the messages.',
  markReadFailed: 'Could not mark the conversation read.',
  unreadLoadFailed: 'Could not load the unread count.',
  counterpartLoadFailed: 'Could not load this member.',
} as const;


/** A request over its budget (per signed-in member, else per address; docs/decisions/0045-per-member-limits.md). */
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Please try again later.';
