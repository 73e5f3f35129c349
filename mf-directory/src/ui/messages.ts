/** Said where the directory's API could not be reached (search, subject and profile pages alike). */
export const UNREACHABLE_MESSAGE = 'We could not reach SciExperts. Check your connection and try again.';
