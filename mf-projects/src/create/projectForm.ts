// The project form's values as a person types them, the checks that mirror the server's rules
// (server/src/modules/projects/rules.ts) and the one place that turns them into the API's ProjectInput.
import { SERVICE_CATALOGUE, type ApiError } from '@sciexperts/shared';
import { PROJECT_MESSAGES, PROJECT_DURATIONS, PROJECT_LIMITS, type Project, type ProjectInput } from '@sciexperts/shared/member';
import { centsFromInput, formatMoney, inputFromCents } from '../format';

export type ProjectDuration = (typeof PROJECT_DURATIONS)[number];
export type BudgetType = 'fixed' | 'hourly';
export type Timing = 'duration' | 'deadline';
export type Visibility = 'public' | 'invite-only';

export interface ProjectFormValues {
  title: string;
  service: string;
  practiceAreas: string[];
  description: string;
  budgetType: BudgetType;
  /** Dollars as typed ('1,500' or '$1500.50'); cents only in toProjectInput. */
  amount: string;
  minRate: string;
  maxRate: string;
  timing: Timing;
  duration: ProjectDuration;
  /** 'YYYY-MM-DD' from the date picker, '' when none. */
  deadline: string;
  visibility: Visibility;
}

/**
 * The form's fields in the order a person meets them (the first invalid one gets the focus). Every radio group
 * and the practice-area checkboxes count as one field each; the budget shows either `amount` or the two rates,
 * and the timing either `duration` or `deadline`, so a person fills at most nine of these.
 */
export const FIELD_ORDER = ['title', 'service', 'practiceAreas', 'description', 'budgetType', 'amount', 'minRate', 'maxRate', 'timing', 'duration', 'deadline', 'visibility'] as const;
export type FieldKey = (typeof FIELD_ORDER)[number];
export type FieldErrors = Partial<Record<FieldKey, string>>;

export const DEFAULT_VALUES: ProjectFormValues = {
  title: '',
  service: '',
  practiceAreas: [],
  description: '',
  budgetType: 'fixed',
  amount: '',
  minRate: '',
  maxRate: '',
  timing: 'duration',
  duration: '1-4-weeks',
  deadline: '',
  visibility: 'public',
};

/** Client wording where the contract's message speaks of API fields; the server's own answers are shown as sent. */
export const FORM_MESSAGES = {
  fixedAmount: 'Enter the fixed price in US dollars.',
  minRate: 'Enter the lowest hourly rate in US dollars.',
  maxRate: 'Enter the highest hourly rate in US dollars.',
  rateOrder: 'The highest rate must not be below the lowest.',
  amountTooLarge: `Enter an amount up to ${formatMoney(PROJECT_LIMITS.centsMax)}.`,
  deadlineMissing: 'Choose a deadline, or give an expected duration instead.',
} as const;

export function isCatalogueService(name: string): boolean {
  return SERVICE_CATALOGUE.some((service) => service.name === name);
}

/** The chosen service's practice areas, in catalogue order ([] for no service). */
export function practiceAreasOf(serviceName: string): readonly string[] {
  return SERVICE_CATALOGUE.find((service) => service.name === serviceName)?.practiceAreas ?? [];
}

/** Another service: the practice areas that do not belong to it are dropped. */
export function withService(values: ProjectFormValues, service: string): ProjectFormValues {
  const areas = practiceAreasOf(service);
  return { ...values, service, practiceAreas: values.practiceAreas.filter((area) => areas.includes(area)) };
}

/** One practice area ticked or unticked; the list stays in catalogue order. */
export function withPracticeArea(values: ProjectFormValues, area: string, chosen: boolean): ProjectFormValues {
  const next = new Set(values.practiceAreas);
  if (chosen) next.add(area);
  else next.delete(area);
  return { ...values, practiceAreas: practiceAreasOf(values.service).filter((a) => next.has(a)) };
}

/** Today in the person's own calendar, 'YYYY-MM-DD' (the date picker's `min`). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

// Line breaks and tabs are plain text; other control characters are not (the server refuses them too).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The description's length as the server counts it (the ends are trimmed before sending): what the counter shows. */
export function descriptionLength(description: string): number {
  return description.trim().length;
}

function checkMoney(text: string, missing: string): { cents: number | null; error: string | null } {
  const cents = centsFromInput(text);
  if (cents === null) return { cents, error: missing };
  if (cents > PROJECT_LIMITS.centsMax) return { cents, error: FORM_MESSAGES.amountTooLarge };
  return { cents, error: null };
}

/** Every problem the server would refuse, by field, with the contract's messages; {} when the form can be saved. */
export function validateProject(values: ProjectFormValues, today: string = localToday()): FieldErrors {
  const errors: FieldErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = PROJECT_MESSAGES.titleRequired;
  else if (CONTROL.test(title)) errors.title = PROJECT_MESSAGES.plainText;
  if (!isCatalogueService(values.service)) errors.service = PROJECT_MESSAGES.serviceInvalid;
  else if (values.practiceAreas.some((area) => !practiceAreasOf(values.service).includes(area))) errors.practiceAreas = PROJECT_MESSAGES.areaInvalid;
  const length = descriptionLength(values.description);
  if (length < PROJECT_LIMITS.descriptionMin || length > PROJECT_LIMITS.descriptionMax) errors.description = PROJECT_MESSAGES.descriptionLength;
  else if (CONTROL.test(values.description)) errors.description = PROJECT_MESSAGES.plainText;
  if (values.budgetType === 'fixed') {
    const amount = checkMoney(values.amount, FORM_MESSAGES.fixedAmount);
    if (amount.error) errors.amount = amount.error;
  } else {
    const low = checkMoney(values.minRate, FORM_MESSAGES.minRate);
    const high = checkMoney(values.maxRate, FORM_MESSAGES.maxRate);
    if (low.error) errors.minRate = low.error;
    if (high.error) errors.maxRate = high.error;
    if (!low.error && !high.error && (low.cents ?? 0) > (high.cents ?? 0)) errors.maxRate = FORM_MESSAGES.rateOrder;
  }
  if (values.timing === 'duration') {
    if (!(PROJECT_DURATIONS as readonly string[]).includes(values.duration)) errors.duration = PROJECT_MESSAGES.durationOrDeadline;
  } else if (!values.deadline) errors.deadline = FORM_MESSAGES.deadlineMissing;
  else if (!isRealDate(values.deadline)) errors.deadline = PROJECT_MESSAGES.dateInvalid;
  else if (values.deadline < today) errors.deadline = PROJECT_MESSAGES.dateInPast;
  return errors;
}

export function firstInvalidField(errors: FieldErrors): FieldKey | null {
  return FIELD_ORDER.find((field) => errors[field]) ?? null;
}

function centsField<K extends string>(key: K, text: string): Partial<Record<K, number>> {
  const cents = centsFromInput(text);
  return cents === null ? {} : ({ [key]: cents } as Record<K, number>);
}

/**
 * The API body for these values: trimmed texts, integer cents, exactly the budget fields of its type and exactly
 * one of duration or deadline. An amount that is not money is left out (the server then names the field).
 */
export function toProjectInput(values: ProjectFormValues): ProjectInput {
  const budget: ProjectInput['budget'] =
    values.budgetType === 'fixed'
      ? { type: 'fixed', ...centsField('amountCents', values.amount), currency: 'USD' }
      : { type: 'hourly', ...centsField('minCents', values.minRate), ...centsField('maxCents', values.maxRate), currency: 'USD' };
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    service: values.service,
    practiceAreas: values.service ? practiceAreasOf(values.service).filter((area) => values.practiceAreas.includes(area)) : [],
    budget,
    ...(values.timing === 'duration' ? { duration: values.duration } : { deadline: values.deadline }),
    visibility: values.visibility,
  };
}

function isDuration(value: unknown): value is ProjectDuration {
  return typeof value === 'string' && (PROJECT_DURATIONS as readonly string[]).includes(value);
}

/** A saved draft back in the form. */
export function valuesFromProject(project: Project): ProjectFormValues {
  const { budget } = project;
  return {
    title: project.title,
    service: project.service,
    practiceAreas: [...project.practiceAreas],
    description: project.description,
    budgetType: budget.type === 'hourly' ? 'hourly' : 'fixed',
    amount: budget.type === 'fixed' ? inputFromCents(budget.amountCents) : '',
    minRate: budget.type === 'hourly' ? inputFromCents(budget.minCents) : '',
    maxRate: budget.type === 'hourly' ? inputFromCents(budget.maxCents) : '',
    timing: project.deadline ? 'deadline' : 'duration',
    duration: isDuration(project.duration) ? project.duration : DEFAULT_VALUES.duration,
    deadline: project.deadline ?? '',
    visibility: project.visibility,
  };
}

/** Values read back from storage: anything missing or of the wrong kind takes its default. */
export function sanitizeValues(raw: unknown): ProjectFormValues {
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const text = (key: keyof ProjectFormValues, max: number) => (typeof source[key] === 'string' ? (source[key] as string).slice(0, max) : (DEFAULT_VALUES[key] as string));
  const service = typeof source.service === 'string' && isCatalogueService(source.service) ? source.service : '';
  const areas = Array.isArray(source.practiceAreas) ? source.practiceAreas.filter((area): area is string => typeof area === 'string') : [];
  return {
    title: text('title', PROJECT_LIMITS.titleMax),
    service,
    practiceAreas: practiceAreasOf(service).filter((area) => areas.includes(area)),
    description: text('description', PROJECT_LIMITS.descriptionMax * 2),
    budgetType: source.budgetType === 'hourly' ? 'hourly' : 'fixed',
    amount: text('amount', 20),
    minRate: text('minRate', 20),
    maxRate: text('maxRate', 20),
    timing: source.timing === 'deadline' ? 'deadline' : 'duration',
    duration: isDuration(source.duration) ? source.duration : DEFAULT_VALUES.duration,
    deadline: text('deadline', 10),
    visibility: source.visibility === 'invite-only' ? 'invite-only' : 'public',
  };
}

/**
 * The form field a server detail names ('budget.amountCents', 'deadline', …); null when none fits, and the
 * message is then shown for the whole form.
 */
export function fieldOfDetail(field: string | undefined, values: ProjectFormValues): FieldKey | null {
  if (!field) return null;
  const [head, leaf] = field.split('.');
  switch (head) {
    case 'title':
    case 'description':
    case 'service':
    case 'practiceAreas':
    case 'visibility':
      return head;
    case 'deadline':
      return 'deadline';
    case 'duration':
      return values.timing === 'deadline' ? 'deadline' : 'duration';
    case 'budget':
      if (leaf === 'amountCents') return 'amount';
      if (leaf === 'minCents') return 'minRate';
      if (leaf === 'maxCents') return 'maxRate';
      return values.budgetType === 'fixed' ? 'amount' : 'minRate';
    default:
      return null;
  }
}

/** A server refusal spread over the fields its details name; what names no field is said for the whole form. */
export function errorsFromServer(error: ApiError, values: ProjectFormValues): { errors: FieldErrors; formError: string | null } {
  const errors: FieldErrors = {};
  const unplaced: string[] = [];
  for (const detail of error.status === 400 ? (error.body?.details ?? []) : []) {
    const field = fieldOfDetail(detail.field, values);
    if (field === null) unplaced.push(detail.message);
    else errors[field] ??= detail.message;
  }
  if (Object.keys(errors).length === 0) return { errors, formError: error.message };
  return { errors, formError: unplaced.length > 0 ? unplaced.join(' ') : null };
}
