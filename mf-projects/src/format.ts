// How this remote writes money, budgets, durations, ages and statuses (Intl, en-US, USD as the contract says).
import type { Budget, ProjectStatus, ProposalStatus } from '@sciexperts/shared/member';
import { countryName } from '@sciexperts/shared/countries';

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** 150000 → '$1,500'; 150050 → '$1,500.50'. Cents are integers; whole dollars show no decimals. */
export function formatMoney(cents: number): string {
  return (cents % 100 === 0 ? wholeDollars : withCents).format(cents / 100);
}

/** 'Fixed price: $1,500' or 'Hourly: $40–$80/hr'. */
export function budgetText(budget: Budget): string {
  if (budget.type === 'fixed') return `Fixed price: ${formatMoney(budget.amountCents ?? 0)}`;
  return `Hourly: ${formatMoney(budget.minCents ?? 0)}–${formatMoney(budget.maxCents ?? 0)}/hr`;
}

/** A proposal's price: '$1,500 fixed' or '$60/hr'. */
export function priceText(priceType: 'fixed' | 'hourly', priceCents: number): string {
  return priceType === 'fixed' ? `${formatMoney(priceCents)} fixed` : `${formatMoney(priceCents)}/hr`;
}

export const DURATION_LABELS: Record<string, string> = {
  'less-than-1-week': 'Less than a week',
  '1-4-weeks': '1 to 4 weeks',
  '1-3-months': '1 to 3 months',
  '3-6-months': '3 to 6 months',
  'more-than-6-months': 'More than 6 months',
};

export function durationText(duration: string | null): string {
  return duration ? (DURATION_LABELS[duration] ?? duration) : '';
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** '2026-12-01' → 'Dec 1, 2026' (a calendar date, so no time zone moves it). */
export function formatDate(day: string): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : dateFormat.format(d);
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** 'today', 'yesterday', '3 days ago', '2 weeks ago', '5 months ago'. */
export function ageText(iso: string, now: Date = new Date()): string {
  const days = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 86_400_000));
  if (days < 14) return relative.format(-days, 'day');
  if (days < 60) return relative.format(-Math.floor(days / 7), 'week');
  if (days < 730) return relative.format(-Math.floor(days / 30), 'month');
  return relative.format(-Math.floor(days / 365), 'year');
}

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  'in-progress': 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  submitted: 'Submitted',
  shortlisted: 'Shortlisted',
  hired: 'Hired',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

export function countryText(code: string | null): string {
  return code ? (countryName(code) ?? code) : '';
}

export function fullName(member: { firstName: string; lastName: string }): string {
  return `${member.firstName} ${member.lastName}`.trim();
}

export function initials(member: { firstName: string; lastName: string }): string {
  return `${member.firstName.charAt(0)}${member.lastName.charAt(0)}`.toUpperCase();
}

/** '$12.50' typed by a person → 1250 cents; null when it is not an amount of money above zero. */
export function centsFromInput(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(cleaned)) return null;
  const cents = Math.round(Number(cleaned) * 100);
  return cents > 0 ? cents : null;
}

/** 1250 → '12.50', 1200 → '12' (what an amount field shows for stored cents). */
export function inputFromCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
