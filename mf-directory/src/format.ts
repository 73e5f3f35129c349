import { countryName } from '@sciexperts/shared/countries';

export function formatCountry(code: string | null): string | null {
  return code ? (countryName(code) ?? null) : null;
}

export function fullName(expert: { firstName: string; lastName: string }): string {
  return `${expert.firstName} ${expert.lastName}`.trim();
}

export function initials(expert: { firstName: string; lastName: string }): string {
  return `${expert.firstName.charAt(0)}${expert.lastName.charAt(0)}`.toUpperCase();
}
