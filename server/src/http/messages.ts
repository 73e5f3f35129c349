import { ALL_RECORD_KINDS, END_MESSAGE, START_MESSAGE } from '../records/kinds';

export interface FieldMessages {
  required?: string;
  choice?: string;
  label?: string;
}

/** Field wording shared by schema errors and code checks; record kinds contribute spec §8's sentences. */
export const fieldMessages: Record<string, FieldMessages> = {
  email: { required: 'E-mail is required.', label: 'E-mail' },
  password: { required: 'Password is required.', label: 'Password' },
  firstName: { required: 'First name is required.', label: 'First name' },
  lastName: { required: 'Last name is required.', label: 'Last name' },
  phoneNumber: { required: 'Contact number is required.', label: 'Contact number' },
  headline: { label: 'Headline' },
  profileSummary: { label: 'Summary' },
  hourlyFee: { label: 'Hourly fee' },
  token: { required: 'The reset token is required.' },
  code: { required: 'The ORCID authorization code is required.' },
  services: { required: 'services is required.' },
  serviceName: { required: 'serviceName is required.' },
  practiceAreaNames: { required: 'practiceAreaNames is required.' },
  startTime: { required: START_MESSAGE },
  endTime: { required: END_MESSAGE },
};

for (const kind of ALL_RECORD_KINDS) {
  for (const f of kind.fields) {
    if (f.kind === 'text') fieldMessages[f.name] = { required: f.requiredMessage };
    if (f.kind === 'choice') fieldMessages[f.name] = { required: f.requiredMessage, choice: f.requiredMessage };
  }
}
