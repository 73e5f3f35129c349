import { ApiError } from '@sciexperts/shared';
import { PROJECT_MESSAGES } from '@sciexperts/shared/member';
import { makeProject } from '@sciexperts/shared/testing';
import { formatFileSize, pickFiles } from './attachments';
import {
  DEFAULT_VALUES,
  errorsFromServer,
  FIELD_ORDER,
  fieldOfDetail,
  firstInvalidField,
  FORM_MESSAGES,
  sanitizeValues,
  toProjectInput,
  validateProject,
  valuesFromProject,
  withPracticeArea,
  withService,
  type ProjectFormValues,
} from './projectForm';

const description = 'We need a biostatistician to analyse ten years of follow-up data from a cohort.';
const valid: ProjectFormValues = {
  ...DEFAULT_VALUES,
  title: '  Survival analysis  ',
  service: 'Statistical Analysis',
  practiceAreas: ['Survey Analysis', 'Biostatistics'],
  description: `  ${description}\nThank you.  `,
  amount: '$1,500.50',
};
const TODAY = '2026-11-20';

describe('toProjectInput', () => {
  it('sends a fixed price as integer cents, trimmed texts, catalogue-ordered areas and the duration', () => {
    expect(toProjectInput(valid)).toEqual({
      title: 'Survival analysis',
      description: `${description}\nThank you.`,
      service: 'Statistical Analysis',
      practiceAreas: ['Biostatistics', 'Survey Analysis'],
      budget: { type: 'fixed', amountCents: 150050, currency: 'USD' },
      duration: '1-4-weeks',
      visibility: 'public',
    });
  });

  it('sends an hourly range without an amount, and a deadline instead of a duration', () => {
    const input = toProjectInput({ ...valid, budgetType: 'hourly', amount: '900', minRate: '40', maxRate: '80.25', timing: 'deadline', deadline: '2030-01-31', visibility: 'invite-only' });
    expect(input.budget).toEqual({ type: 'hourly', minCents: 4000, maxCents: 8025, currency: 'USD' });
    expect(input).toMatchObject({ deadline: '2030-01-31', visibility: 'invite-only' });
    expect(input).not.toHaveProperty('duration');
  });

  it('leaves out an amount that is not money (the server then names the field)', () => {
    expect(toProjectInput({ ...valid, amount: 'a lot' }).budget).toEqual({ type: 'fixed', currency: 'USD' });
  });

  it('round-trips a saved draft', () => {
    const project = makeProject({ budget: { type: 'hourly', amountCents: null, minCents: 4000, maxCents: 8050, currency: 'USD' }, duration: null, deadline: '2030-02-01' });
    const values = valuesFromProject(project);
    expect(values).toMatchObject({ budgetType: 'hourly', minRate: '40', maxRate: '80.50', timing: 'deadline', deadline: '2030-02-01', duration: '1-4-weeks' });
    expect(toProjectInput(values)).toMatchObject({ budget: { type: 'hourly', minCents: 4000, maxCents: 8050 }, deadline: '2030-02-01' });
  });
});

describe('validateProject', () => {
  it('accepts a complete form', () => {
    expect(validateProject(valid, TODAY)).toEqual({});
  });

  it('names every missing piece with the contract messages (friendlier words for the budget)', () => {
    const errors = validateProject({ ...DEFAULT_VALUES, description: 'Too short.' }, TODAY);
    expect(errors).toEqual({
      title: PROJECT_MESSAGES.titleRequired,
      service: PROJECT_MESSAGES.serviceInvalid,
      description: PROJECT_MESSAGES.descriptionLength,
      amount: FORM_MESSAGES.fixedAmount,
    });
    expect(firstInvalidField(errors)).toBe('title');
  });

  it('counts the description as the server does (ends trimmed) and refuses more than 5,000 characters', () => {
    expect(validateProject({ ...valid, description: `${'x'.repeat(49)}     ` }, TODAY).description).toBe(PROJECT_MESSAGES.descriptionLength);
    expect(validateProject({ ...valid, description: 'x'.repeat(5001) }, TODAY).description).toBe(PROJECT_MESSAGES.descriptionLength);
    expect(validateProject({ ...valid, description: 'x'.repeat(5000) }, TODAY).description).toBeUndefined();
  });

  it('checks an hourly range: both rates, lowest not above highest', () => {
    expect(validateProject({ ...valid, budgetType: 'hourly', minRate: '', maxRate: 'x' }, TODAY)).toEqual({ minRate: FORM_MESSAGES.minRate, maxRate: FORM_MESSAGES.maxRate });
    expect(validateProject({ ...valid, budgetType: 'hourly', minRate: '90', maxRate: '80' }, TODAY)).toEqual({ maxRate: FORM_MESSAGES.rateOrder });
    expect(validateProject({ ...valid, budgetType: 'hourly', minRate: '80', maxRate: '80' }, TODAY)).toEqual({});
  });

  it('refuses amounts above the contract limit', () => {
    expect(validateProject({ ...valid, amount: '99999999' }, TODAY).amount).toBe(FORM_MESSAGES.amountTooLarge);
  });

  it('needs a real deadline, today or later', () => {
    const deadline = (value: string) => validateProject({ ...valid, timing: 'deadline', deadline: value }, TODAY).deadline;
    expect(deadline('')).toBe(FORM_MESSAGES.deadlineMissing);
    expect(deadline('2026-02-30')).toBe(PROJECT_MESSAGES.dateInvalid);
    expect(deadline('2026-11-19')).toBe(PROJECT_MESSAGES.dateInPast);
    expect(deadline(TODAY)).toBeUndefined();
  });

  it('refuses control characters but keeps line breaks', () => {
    expect(validateProject({ ...valid, title: 'A\u0007B' }, TODAY).title).toBe(PROJECT_MESSAGES.plainText);
    expect(validateProject({ ...valid, description: `${description}\r\n\tmore` }, TODAY).description).toBeUndefined();
  });
});

describe('service and practice areas', () => {
  it('drops the areas that do not belong to a newly chosen service', () => {
    const changed = withService({ ...valid, practiceAreas: ['Biostatistics'] }, 'Medical Writing');
    expect(changed.practiceAreas).toEqual([]);
    expect(withPracticeArea(changed, 'Manuscript Writing', true).practiceAreas).toEqual(['Manuscript Writing']);
  });

  it('keeps the chosen areas in catalogue order', () => {
    let values = withService(DEFAULT_VALUES, 'Statistical Analysis');
    values = withPracticeArea(values, 'Meta-Analysis', true);
    values = withPracticeArea(values, 'Biostatistics', true);
    expect(values.practiceAreas).toEqual(['Biostatistics', 'Meta-Analysis']);
    expect(withPracticeArea(values, 'Biostatistics', false).practiceAreas).toEqual(['Meta-Analysis']);
  });
});

describe('server answers on the form', () => {
  it('maps 400 details onto the fields they name', () => {
    expect(fieldOfDetail('budget.amountCents', valid)).toBe('amount');
    expect(fieldOfDetail('budget.minCents', valid)).toBe('minRate');
    expect(fieldOfDetail('budget', { ...valid, budgetType: 'hourly' })).toBe('minRate');
    expect(fieldOfDetail('duration', { ...valid, timing: 'deadline' })).toBe('deadline');
    expect(fieldOfDetail('duration', valid)).toBe('duration');
    expect(fieldOfDetail('practiceAreas.0', valid)).toBe('practiceAreas');
    expect(fieldOfDetail('owner', valid)).toBeNull();
  });

  it('keeps the server message for the whole form when no field fits', () => {
    const body = { message: PROJECT_MESSAGES.titleRequired, details: [{ field: 'title', message: PROJECT_MESSAGES.titleRequired }, { message: 'Something else.' }] };
    expect(errorsFromServer(new ApiError(body.message, 400, body), valid)).toEqual({ errors: { title: PROJECT_MESSAGES.titleRequired }, formError: 'Something else.' });
    expect(errorsFromServer(new ApiError(PROJECT_MESSAGES.notDraft, 409, { message: PROJECT_MESSAGES.notDraft }), valid)).toEqual({ errors: {}, formError: PROJECT_MESSAGES.notDraft });
  });
});

describe('stored values', () => {
  it('take defaults for anything missing or of the wrong kind', () => {
    expect(sanitizeValues(null)).toEqual(DEFAULT_VALUES);
    expect(sanitizeValues({ title: 7, service: 'Astrology', practiceAreas: ['Biostatistics'], budgetType: 'barter', duration: 'forever', visibility: 'secret' })).toEqual(DEFAULT_VALUES);
    expect(sanitizeValues({ ...valid })).toEqual({ ...valid, practiceAreas: ['Biostatistics', 'Survey Analysis'] });
  });
});

describe('the form stays short', () => {
  it('has at most twelve fields before the attachments (a person fills at most nine of them)', () => {
    expect(FIELD_ORDER.length).toBeLessThanOrEqual(12);
  });
});

describe('chosen files', () => {
  const file = (name: string, size: number) => {
    const f = new File(['x'], name, { type: 'application/pdf' });
    Object.defineProperty(f, 'size', { value: size });
    return f;
  };

  it('refuses a file over 10 MB and any beyond the fifth, naming each', () => {
    const { accepted, refused } = pickFiles([file('a.pdf', 1000), file('huge.pdf', 10 * 1024 * 1024 + 1), file('b.pdf', 10), file('c.pdf', 10)], 3);
    expect(accepted.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(refused).toEqual([`huge.pdf: ${PROJECT_MESSAGES.attachmentTooLarge}`, `c.pdf: ${PROJECT_MESSAGES.attachmentsTooMany}`]);
  });

  it('writes sizes for people', () => {
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(2400)).toBe('2 KB');
    expect(formatFileSize(3_500_000)).toBe('3.3 MB');
  });
});
