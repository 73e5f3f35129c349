import { countryName } from '@sciexperts/shared';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** '$85/hr' (the editor asks for the hourly fee in USD). */
export function formatHourlyFee(fee: number | null): string | null {
  return fee === null ? null : `${money.format(fee)}/hr`;
}

export function formatCountry(code: string | null): string | null {
  return code ? (countryName(code) ?? null) : null;
}

export function fullName(expert: { firstName: string; lastName: string }): string {
  return `${expert.firstName} ${expert.lastName}`.trim();
}

export function initials(expert: { firstName: string; lastName: string }): string {
  return `${expert.firstName.charAt(0)}${expert.lastName.charAt(0)}`.toUpperCase();
}
