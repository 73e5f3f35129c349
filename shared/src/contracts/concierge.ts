// The concierge request form (/concierge): its fields, limits, messages and rules, spelled once for the page
// and the API. The server checks the same rules with an allowance for the visitor's time zone.
import { EMAIL_MAX_LENGTH } from './limits';
import { isEmail } from './rules';

export interface ConciergeRequest {
  name: string;
  email: string;
  need: string;
  /** One of BUDGET_OPTIONS' values. */
  budget: string;
  /** ISO date YYYY-MM-DD, today or later. */
  deadline: string;
}

export interface ConciergeRequestResponse {
  id: number;
  message: string;
}

export const CONCIERGE_LIMITS = {
  nameMax: 100,
  emailMax: EMAIL_MAX_LENGTH,
  needMin: 20,
  needMax: 2000,
  /** The deadline may be at most this many days ahead. */
  deadlineMaxDays: 730,
  /** Requests one address may send in CONCIERGE_THROTTLE_WINDOW_MINUTES. */
  perAddress: 5,
  windowMinutes: 60,
  /** The concierge's one promise: a shortlist of hand-picked experts this many hours after the request. */
  answerHours: 24,
} as const;

/**
 * The promise in words, said by the concierge page, its FAQ and the request's confirmation; the operators' console
 * counts the same hours (ADMIN_LIMITS.conciergePromiseHours). Hours, not working days: the queue's clock keeps them.
 */
export const CONCIERGE_PROMISE = `within ${CONCIERGE_LIMITS.answerHours} hours`;

export const BUDGET_OPTIONS = [
  { value: 'under-1000', label: 'Under USD 1,000' },
  { value: '1000-5000', label: 'USD 1,000 – 5,000' },
  { value: '5000-20000', label: 'USD 5,000 – 20,000' },
  { value: 'over-20000', label: 'Over USD 20,000' },
  { value: 'not-sure', label: 'Not sure yet' },
] as const;

export type BudgetValue = (typeof BUDGET_OPTIONS)[number]['value'];

export const CONCIERGE_MESSAGES = {
  nameRequired: 'Please tell us your name.',
  nameTooLong: `Please keep your name under ${CONCIERGE_LIMITS.nameMax} characters.`,
  emailRequired: 'Please give an e-mail address we can answer.',
  emailInvalid: 'Please enter an e-mail address like name@example.com.',
  needTooShort: `Please describe what you need in at least ${CONCIERGE_LIMITS.needMin} characters.`,
  needTooLong: `Please keep the description under ${CONCIERGE_LIMITS.needMax} characters; you can send documents later.`,
  budgetRequired: 'Please choose a budget, or “Not sure yet”.',
  deadlineRequired: 'Please choose a deadline.',
  deadlinePast: 'Please choose a deadline today or later.',
  deadlineTooFar: 'Please choose a deadline within the next two years.',
  sent: `Thank you. Your request has reached our concierge team, and we will e-mail you a shortlist of hand-picked experts ${CONCIERGE_PROMISE}.`,
  throttled: 'You have sent several requests in a short time. Please wait a few minutes and try again; everything you typed is still here.',
} as const;

export type ConciergeField = keyof ConciergeRequest;
export type ConciergeErrors = Partial<Record<ConciergeField, string>>;
export const CONCIERGE_FIELDS: ConciergeField[] = ['name', 'email', 'need', 'budget', 'deadline'];

/** A date as YYYY-MM-DD in the runtime's local time zone (what a date input holds). */
export function localIsoDate(date: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Trims every text the way it is sent and stored. */
export function normaliseConciergeRequest(values: ConciergeRequest): ConciergeRequest {
  return { name: values.name.trim(), email: values.email.trim(), need: values.need.trim(), budget: values.budget, deadline: values.deadline };
}

/**
 * The message for one field, or undefined when it is fine. `today` is the earliest date that counts as today:
 * the page passes its local date, the server the earliest local date anywhere on Earth right now.
 */
export function validateConciergeField(field: ConciergeField, raw: ConciergeRequest, today: string = localIsoDate()): string | undefined {
  const m = CONCIERGE_MESSAGES;
  const values = normaliseConciergeRequest(raw);
  switch (field) {
    case 'name':
      if (!values.name) return m.nameRequired;
      return values.name.length > CONCIERGE_LIMITS.nameMax ? m.nameTooLong : undefined;
    case 'email':
      if (!values.email) return m.emailRequired;
      return isEmail(values.email) ? undefined : m.emailInvalid;
    case 'need':
      if (values.need.length < CONCIERGE_LIMITS.needMin) return m.needTooShort;
      return values.need.length > CONCIERGE_LIMITS.needMax ? m.needTooLong : undefined;
    case 'budget':
      return BUDGET_OPTIONS.some((option) => option.value === values.budget) ? undefined : m.budgetRequired;
    case 'deadline':
      if (!isRealDate(values.deadline)) return m.deadlineRequired;
      if (values.deadline < today) return m.deadlinePast;
      return values.deadline > addDays(today, CONCIERGE_LIMITS.deadlineMaxDays + 1) ? m.deadlineTooFar : undefined;
  }
}

export function validateConciergeRequest(values: ConciergeRequest, today: string = localIsoDate()): ConciergeErrors {
  const errors: ConciergeErrors = {};
  for (const field of CONCIERGE_FIELDS) {
    const message = validateConciergeField(field, values, today);
    if (message) errors[field] = message;
  }
  return errors;
}
