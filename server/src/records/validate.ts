import type { Detail } from '../http/errors';
import { isHttpUrl, isYearMonth } from '../http/schemas';
import type { RecordValues } from '../db/repo/records';
import { END_MESSAGE, START_MESSAGE, type RecordKind } from './kinds';

/** JSON schema of a record body: shapes and types only; the meaning (spec §5) is checked by validateRecord. */
export function recordBodySchema(kind: RecordKind, withId: boolean) {
  const properties: Record<string, object> = {};
  const required: string[] = [];
  for (const f of kind.fields) {
    if (f.kind === 'text') {
      properties[f.name] = { type: 'string', maxLength: f.maxLength };
      required.push(f.name);
    } else if (f.kind === 'choice') {
      properties[f.name] = { type: 'string', enum: [...f.choices] };
      required.push(f.name);
    } else {
      properties[f.name] = { type: ['string', 'null'], maxLength: f.maxLength };
    }
  }
  properties[kind.flag.name] = { type: 'boolean' };
  required.push(kind.flag.name);
  properties.startTime = { type: 'string', maxLength: 7, description: "'YYYY-MM'" };
  required.push('startTime');
  properties.endTime = { type: ['string', 'null'], maxLength: 7, description: `'YYYY-MM'; null exactly when ${kind.flag.name} is true` };
  if (withId) properties.id = { type: 'integer', minimum: 1, description: 'Must equal the id in the path when given.' };
  return { type: 'object', properties, required, additionalProperties: false };
}

export function validateRecord(kind: RecordKind, body: Record<string, unknown>): { values: RecordValues; details: Detail[] } {
  const details: Detail[] = [];
  const values: RecordValues = {};
  for (const f of kind.fields) {
    const raw = body[f.name];
    const text = typeof raw === 'string' ? raw.trim() : null;
    if (f.kind === 'text' || f.kind === 'choice') {
      if (!text) details.push({ field: f.name, message: f.requiredMessage });
      else if (f.kind === 'choice' && !f.choices.includes(text)) details.push({ field: f.name, message: f.requiredMessage });
      values[f.name] = text;
    } else {
      values[f.name] = text || null;
      if (f.kind === 'optionalUrl' && text && !isHttpUrl(text)) details.push({ field: f.name, message: 'Please enter a valid URL starting with http:// or https://.' });
    }
  }
  const flag = body[kind.flag.name] === true;
  values[kind.flag.name] = flag;
  const start = body.startTime;
  const end = body.endTime ?? null;
  if (!isYearMonth(start)) details.push({ field: 'startTime', message: START_MESSAGE });
  values.startTime = typeof start === 'string' ? start : null;
  if (flag) {
    if (end !== null && end !== '') details.push({ field: 'endTime', message: `Leave the end date empty when ${kind.flag.whenTrue}.` });
    values.endTime = null;
  } else if (!isYearMonth(end)) {
    details.push({ field: 'endTime', message: END_MESSAGE });
  } else {
    if (isYearMonth(start) && end < start) details.push({ field: 'endTime', message: 'The end date cannot be before the start date.' });
    values.endTime = end;
  }
  return { values, details };
}
