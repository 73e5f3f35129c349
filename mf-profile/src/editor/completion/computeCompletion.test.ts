import { computeCompletion, type CompletionUser, type RecordCounts } from './computeCompletion';
import { makeUser, offeredDataScience } from '../../test/fixtures';

const none: RecordCounts = { workExperience: 0, education: 0, certification: 0, publication: 0 };
const empty = makeUser({ profileSummary: null, headline: null, hourlyFee: null, offeredServices: [] });
const stateOf = (result: ReturnType<typeof computeCompletion>) => Object.fromEntries(result.items.map((item) => [item.key, item.complete]));

describe('computeCompletion', () => {
  it('lists the eight items in chip order, the first five mandatory', () => {
    const result = computeCompletion(empty, none);
    expect(result.items.map((item) => item.label)).toEqual(['Summary', 'Headline', 'Hourly Rate', 'Services', 'Work Experience', 'Education', 'Certification', 'Publication']);
    expect(result.items.map((item) => item.mandatory)).toEqual([true, true, true, true, true, false, false, false]);
  });

  it('an empty profile is 0% with nothing complete', () => {
    const result = computeCompletion(empty, none);
    expect(Object.values(stateOf(result))).toEqual([false, false, false, false, false, false, false, false]);
    expect(result.completedMandatory).toBe(0);
    expect(result.percent).toBe(0);
  });

  it.each([
    ['summary', { profileSummary: 'Text' }],
    ['headline', { headline: 'Biostatistician' }],
    ['hourlyRate', { hourlyFee: 0 }],
    ['services', { offeredServices: [offeredDataScience] }],
  ] as Array<[string, Partial<CompletionUser>]>)('%s completes on its own and counts 20%%', (key, patch) => {
    const result = computeCompletion({ ...empty, ...patch }, none);
    expect(stateOf(result)[key]).toBe(true);
    expect(result.items.filter((item) => item.complete)).toHaveLength(1);
    expect(result.percent).toBe(20);
  });

  it('blank texts do not count', () => {
    const result = computeCompletion({ ...empty, profileSummary: '   ', headline: '\n' }, none);
    expect(stateOf(result).summary).toBe(false);
    expect(stateOf(result).headline).toBe(false);
  });

  it('the hourly rate needs a finite number', () => {
    expect(stateOf(computeCompletion({ ...empty, hourlyFee: Number.NaN }, none)).hourlyRate).toBe(false);
    expect(stateOf(computeCompletion({ ...empty, hourlyFee: 12.5 }, none)).hourlyRate).toBe(true);
  });

  it('work experience and the optional items follow the record counts', () => {
    const result = computeCompletion(empty, { workExperience: 1, education: 2, certification: 0, publication: 3 });
    expect(stateOf(result)).toMatchObject({ workExperience: true, education: true, certification: false, publication: true });
    // Only the mandatory work experience counts towards the percentage.
    expect(result.percent).toBe(20);
  });

  it('optional items never push the percentage over what the mandatory ones give', () => {
    const result = computeCompletion({ ...empty, headline: 'H', profileSummary: 'S' }, { workExperience: 0, education: 1, certification: 1, publication: 1 });
    expect(result.completedMandatory).toBe(2);
    expect(result.percent).toBe(40);
  });

  it('a full profile is 100%', () => {
    const full = makeUser({ offeredServices: [offeredDataScience] });
    const result = computeCompletion(full, { workExperience: 1, education: 1, certification: 1, publication: 1 });
    expect(result.completedMandatory).toBe(5);
    expect(result.percent).toBe(100);
  });
});
