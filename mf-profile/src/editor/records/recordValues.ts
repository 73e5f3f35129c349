import { ApiError, RECORD_KIND_RULES, checkRecord } from '@sciexperts/shared';
import { EMPTY_MONTH_YEAR, fromYearMonth, isComplete, toYearMonth, type MonthYear } from './dates';
import type { BaseRecord, RecordKind } from './recordKinds';

/** The form's state for any kind: its text and choice fields by name, the flag and the two months. */
export interface RecordFormValues {
  fields: Record<string, string>;
  flag: boolean;
  start: MonthYear;
  end: MonthYear;
}

/** Messages by field name, plus 'startTime' and 'endTime' (the server's names for the dates). */
export type RecordFormErrors = Partial<Record<string, string>>;

/** A focusable control of the form: a field by name, or one of the four date selects. */
export type ControlKey = string;
export const dateControls = { startMonth: 'startMonth', startYear: 'startYear', endMonth: 'endMonth', endYear: 'endYear' } as const;

export function emptyValues<R extends BaseRecord, I>(kind: RecordKind<R, I>): RecordFormValues {
  return { fields: Object.fromEntries(kind.fields.map((field) => [field.name, ''])), flag: false, start: EMPTY_MONTH_YEAR, end: EMPTY_MONTH_YEAR };
}

export function valuesFromRecord<R extends BaseRecord, I>(kind: RecordKind<R, I>, record: R): RecordFormValues {
  const fields: Record<string, string> = {};
  for (const field of kind.fields) {
    const value = record[field.name];
    fields[field.name] = typeof value === 'string' ? value : '';
  }
  const flag = record[kind.flag.name] === true;
  return { fields, flag, start: fromYearMonth(record.startTime), end: flag ? EMPTY_MONTH_YEAR : fromYearMonth(record.endTime) };
}

/**
 * Required texts and choices, a complete start month, and a complete end month (not before the start)
 * unless the flag is set. The rules are the contract's checkRecord, the same function the server runs.
 */
export function validateRecordForm<R extends BaseRecord, I>(kind: RecordKind<R, I>, values: RecordFormValues): RecordFormErrors {
  const errors: RecordFormErrors = {};
  const { problems } = checkRecord(RECORD_KIND_RULES[kind.key], buildRecordBody(kind, values) as Record<string, unknown>);
  for (const problem of problems) if (problem.field && !errors[problem.field]) errors[problem.field] = problem.message;
  return errors;
}

/**
 * The controls that carry an error, in the order they appear on screen; the first one receives focus.
 * A date message marks the select still on its placeholder, or both when the month itself is refused.
 */
export function invalidControls<R extends BaseRecord, I>(kind: RecordKind<R, I>, values: RecordFormValues, errors: RecordFormErrors): ControlKey[] {
  const controls: ControlKey[] = [];
  const datePart = (error: string | undefined, value: MonthYear, month: ControlKey, year: ControlKey) => {
    if (!error) return;
    if (isComplete(value)) controls.push(month, year);
    else {
      if (value.month === '') controls.push(month);
      if (value.year === '') controls.push(year);
    }
  };
  for (const field of kind.fields) if (!field.afterDates && errors[field.name]) controls.push(field.name);
  datePart(errors.startTime, values.start, dateControls.startMonth, dateControls.startYear);
  datePart(errors.endTime, values.end, dateControls.endMonth, dateControls.endYear);
  for (const field of kind.fields) if (field.afterDates && errors[field.name]) controls.push(field.name);
  return controls;
}

/** The call's body: texts trimmed, blank optional texts null, and no end month while the flag is set. */
export function buildRecordBody<R extends BaseRecord, I>(kind: RecordKind<R, I>, values: RecordFormValues): I {
  const body: Record<string, string | boolean | null> = {};
  for (const field of kind.fields) {
    const text = (values.fields[field.name] ?? '').trim();
    body[field.name] = field.type === 'textarea' || field.type === 'url' ? text || null : text;
  }
  body[kind.flag.name] = values.flag;
  body.startTime = toYearMonth(values.start);
  body.endTime = values.flag ? null : toYearMonth(values.end);
  // The body is assembled from the kind's own field list, so its shape is the kind's input type.
  return body as unknown as I;
}

/** A 400 from the server names the fields it refused; show those next to the fields, like our own checks. */
export function errorsFromServer<R extends BaseRecord, I>(kind: RecordKind<R, I>, error: unknown): RecordFormErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.body?.details?.length) return null;
  // Only fields the form shows; anything else stays with the general failure message.
  const known = new Set<string>([...kind.fields.map((field) => field.name), 'startTime', 'endTime']);
  const errors: RecordFormErrors = {};
  for (const detail of error.body.details) if (detail.field && known.has(detail.field) && !errors[detail.field]) errors[detail.field] = detail.message;
  return Object.keys(errors).length > 0 ? errors : null;
}
