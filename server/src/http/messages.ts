import { FIELD_MESSAGES, IDEMPOTENCY_KEY_HEADER, PAYMENT_MESSAGES, RECORD_KIND_RULES, RECORD_MESSAGES } from '@sciexperts/shared/contracts';

export interface FieldMessages {
  required?: string;
  choice?: string;
  label?: string;
}

/** Field wording shared by schema errors and code checks; record kinds contribute the sentences their forms show. */
export const fieldMessages: Record<string, FieldMessages> = {
  email: { required: FIELD_MESSAGES.emailRequired, label: 'E-mail' },
  password: { required: FIELD_MESSAGES.passwordRequired, label: 'Password' },
  firstName: { required: FIELD_MESSAGES.firstNameRequired, label: 'First name' },
  lastName: { required: FIELD_MESSAGES.lastNameRequired, label: 'Last name' },
  phoneNumber: { required: FIELD_MESSAGES.phoneRequired, label: 'Contact number' },
  headline: { label: 'Headline' },
  profileSummary: { label: 'Summary' },
  hourlyFee: { label: 'Hourly fee' },
  token: { required: 'The reset token is required.' },
  code: { required: 'The ORCID authorization code is required.' },
  services: { required: 'services is required.' },
  serviceName: { required: 'serviceName is required.' },
  practiceAreaNames: { required: 'practiceAreaNames is required.' },
  startTime: { required: RECORD_MESSAGES.startRequired },
  endTime: { required: RECORD_MESSAGES.endRequired },
};

/**
 * The answer to a header its route's schema refuses (missing or malformed), by lower-case name: one sentence
 * whatever the reason, as the route's own check answered before the header was part of its schema.
 */
export const headerMessages: Record<string, { field: string; message: string }> = {
  'idempotency-key': { field: IDEMPOTENCY_KEY_HEADER, message: PAYMENT_MESSAGES.idempotencyKeyRequired },
};

for (const kind of Object.values(RECORD_KIND_RULES)) {
  for (const f of kind.fields) {
    if (f.kind === 'text') fieldMessages[f.name] = { required: f.requiredMessage };
    if (f.kind === 'choice') fieldMessages[f.name] = { required: f.requiredMessage, choice: f.requiredMessage };
  }
}
