import { ApiError } from '@sciexperts/shared';
import { certificationKind, educationKind, workExperienceKind } from './recordKinds';
import { buildRecordBody, emptyValues, errorsFromServer, invalidControls, validateRecordForm, valuesFromRecord, type RecordFormValues } from './recordValues';

const withFields = (base: RecordFormValues, fields: Record<string, string>, rest: Partial<RecordFormValues> = {}): RecordFormValues => ({
  ...base,
  ...rest,
  fields: { ...base.fields, ...fields },
});

describe('record form rules and messages', () => {
  it('work experience: every required field has its own message', () => {
    expect(validateRecordForm(workExperienceKind, emptyValues(workExperienceKind))).toEqual({
      companyName: 'Company name is required.',
      jobTitle: 'Job title is required.',
      employmentType: 'Please select employment type.',
      startTime: 'Please select a start date.',
      endTime: 'Please select a complete end date.',
    });
  });

  it('education and certification: their own wording, and blanks count as empty', () => {
    const blanks = withFields(emptyValues(educationKind), { institutionName: '   ', degreeTitle: '\t' });
    expect(validateRecordForm(educationKind, blanks)).toMatchObject({
      institutionName: 'Institution name is required.',
      degreeTitle: 'Degree title is required.',
      degreeType: 'Please select degree type.',
    });
    expect(validateRecordForm(certificationKind, emptyValues(certificationKind))).toEqual({
      certificationName: 'Certification name is required.',
      issuingOrganization: 'Issuing Organization name is required.',
      startTime: 'Please select a start date.',
      endTime: 'Please select a complete end date.',
    });
  });

  it('the flag lifts the end date; a half end date or one before the start is refused', () => {
    const base = withFields(emptyValues(educationKind), { institutionName: 'Uni', degreeTitle: 'Chemistry', degreeType: 'PhD' }, { start: { month: '09', year: '2020' } });
    expect(validateRecordForm(educationKind, { ...base, flag: true })).toEqual({});
    expect(validateRecordForm(educationKind, { ...base, end: { month: '06', year: '' } })).toEqual({ endTime: 'Please select a complete end date.' });
    expect(validateRecordForm(educationKind, { ...base, end: { month: '06', year: '2020' } })).toEqual({ endTime: 'The end date cannot be before the start date.' });
    expect(validateRecordForm(educationKind, { ...base, end: { month: '09', year: '2020' } })).toEqual({});
  });

  it('a credential URL is optional but must be a web address when given', () => {
    const base = withFields(emptyValues(certificationKind), { certificationName: 'GCP', issuingOrganization: 'NIH' }, { flag: true, start: { month: '01', year: '2022' } });
    expect(validateRecordForm(certificationKind, base)).toEqual({});
    expect(validateRecordForm(certificationKind, withFields(base, { certificationUrl: 'javascript:alert(1)' }))).toEqual({
      certificationUrl: 'Please enter a valid URL starting with http:// or https://.',
    });
  });

  it('lists the invalid controls in screen order, marking only the date select still empty', () => {
    const values = withFields(emptyValues(workExperienceKind), { companyName: 'Acme' }, { start: { month: '01', year: '' } });
    const errors = validateRecordForm(workExperienceKind, values);
    expect(invalidControls(workExperienceKind, values, errors)).toEqual(['jobTitle', 'employmentType', 'startYear', 'endMonth', 'endYear']);
    const backwards = { ...values, start: { month: '05', year: '2021' }, end: { month: '01', year: '2021' } };
    expect(invalidControls(workExperienceKind, backwards, validateRecordForm(workExperienceKind, backwards))).toEqual(['jobTitle', 'employmentType', 'endMonth', 'endYear']);
  });

  it('builds the body: texts trimmed, blank optional texts null, endTime null with the flag', () => {
    const values = withFields(
      emptyValues(workExperienceKind),
      { companyName: '  Acme Labs ', jobTitle: ' Chemist', employmentType: 'Full time', description: '   ' },
      { flag: true, start: { month: '02', year: '2019' }, end: { month: '03', year: '2020' } },
    );
    expect(buildRecordBody(workExperienceKind, values)).toEqual({
      companyName: 'Acme Labs',
      jobTitle: 'Chemist',
      employmentType: 'Full time',
      description: null,
      currentlyWorking: true,
      startTime: '2019-02',
      endTime: null,
    });
    const cert = withFields(emptyValues(certificationKind), { certificationName: 'GCP', issuingOrganization: 'NIH', certificationUrl: ' https://nih.gov/c ' }, { start: { month: '01', year: '2022' }, end: { month: '01', year: '2025' } });
    expect(buildRecordBody(certificationKind, cert)).toEqual({
      certificationName: 'GCP',
      issuingOrganization: 'NIH',
      certificationUrl: 'https://nih.gov/c',
      isExpire: false,
      startTime: '2022-01',
      endTime: '2025-01',
    });
  });

  it('prefills from a stored entry, with no end month while it is current', () => {
    const values = valuesFromRecord(educationKind, {
      id: 4,
      institutionName: 'ETH',
      degreeTitle: 'Physics',
      degreeType: 'Master',
      currentlyStudying: true,
      description: null,
      startTime: '2018-09',
      endTime: null,
    });
    expect(values).toEqual({ fields: { institutionName: 'ETH', degreeTitle: 'Physics', degreeType: 'Master', description: '' }, flag: true, start: { month: '09', year: '2018' }, end: { month: '', year: '' } });
  });

  it("takes a 400's field messages for the fields the form shows", () => {
    const refused = new ApiError('Validation failed', 400, {
      message: 'Validation failed',
      details: [
        { field: 'endTime', message: 'The end date cannot be before the start date.' },
        { field: 'id', message: 'The id in the body must match the id in the path.' },
      ],
    });
    expect(errorsFromServer(workExperienceKind, refused)).toEqual({ endTime: 'The end date cannot be before the start date.' });
    expect(errorsFromServer(workExperienceKind, new ApiError('Server error', 500, null))).toBeNull();
  });
});
