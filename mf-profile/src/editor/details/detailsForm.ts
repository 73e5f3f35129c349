import { HEADLINE_MAX_LENGTH, type ProfileUpdateRequest, type User } from '@sciexperts/shared';
import { formatFee, parseFee } from './fee';

export interface DetailsValues {
  firstName: string;
  lastName: string;
  headline: string;
  profileSummary: string;
  hourlyFee: string;
  /** ISO 3166-1 alpha-2 code from COUNTRIES, or '' (optional: not part of the completion rules). */
  country: string;
}

export function valuesFromUser(user: User): DetailsValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    headline: user.headline ?? '',
    profileSummary: user.profileSummary ?? '',
    hourlyFee: formatFee(user.hourlyFee),
    country: user.country ?? '',
  };
}

/** Valid when headline, summary and fee are non-blank after trimming, and the fee is a number of 0 or more. */
export function isDetailsValid(values: DetailsValues): boolean {
  return (
    values.headline.trim() !== '' &&
    values.headline.trim().length <= HEADLINE_MAX_LENGTH &&
    values.profileSummary.trim() !== '' &&
    parseFee(values.hourlyFee) !== null
  );
}

export function isDetailsChanged(values: DetailsValues, original: DetailsValues): boolean {
  return (Object.keys(values) as Array<keyof DetailsValues>).some((key) =>
    key === 'hourlyFee' ? parseFee(values[key]) !== parseFee(original[key]) : values[key].trim() !== original[key].trim(),
  );
}

/**
 * What the update sends: texts are trimmed and empty ones left out (the server reads an empty text as a
 * mistake, not a clear); hourlyFee and profImgUrl are sent whenever defined, the country when it changed.
 */
export function buildUpdateBody(values: DetailsValues, profImgUrl: string | null | undefined, savedCountry: string | null = null): ProfileUpdateRequest {
  const body: ProfileUpdateRequest = {};
  const texts = ['firstName', 'lastName', 'headline', 'profileSummary'] as const;
  for (const key of texts) {
    const text = values[key].trim();
    if (text !== '') body[key] = text;
  }
  const fee = parseFee(values.hourlyFee);
  if (fee !== null) body.hourlyFee = fee;
  if (profImgUrl !== undefined) body.profImgUrl = profImgUrl;
  // The country is sent when it changed; choosing 'Not specified' again clears it (null).
  if (values.country !== (savedCountry ?? '')) body.country = values.country || null;
  return body;
}
