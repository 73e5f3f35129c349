import { ApiError } from '@sciexperts/shared';
import { PROJECT_MESSAGES, milestoneSumMessage, PROJECT_LIMITS } from '@sciexperts/shared/member';
import { makeProject, makeProposal } from '@sciexperts/shared/testing';
import {
  buildProposalInput,
  errorsFromApi,
  initialValues,
  MILESTONES_ADD_UP,
  milestoneSumCents,
  milestoneSumLine,
  PROPOSAL_FORM_MESSAGES,
  valuesFromProposal,
  type ProposalFormValues,
} from './proposalValues';

const counter = () => {
  let n = 0;
  return () => ++n;
};

function values(overrides: Partial<ProposalFormValues> = {}): ProposalFormValues {
  return {
    coverLetter: '  I have analysed cohort studies like yours.\nHappy to talk.  ',
    priceType: 'fixed',
    price: '1,500.50',
    duration: '1-4-weeks',
    milestones: [
      { key: 1, title: ' Data cleaning ', amount: '500.25', dueDate: '2026-12-10' },
      { key: 2, title: 'Analysis and report', amount: '$1,000.25', dueDate: '2026-12-24' },
    ],
    ...overrides,
  };
}

describe('buildProposalInput', () => {
  it('turns dollars as typed into integer cents, trims the texts and keeps the plan in order', () => {
    expect(buildProposalInput(values())).toEqual({
      ok: true,
      input: {
        coverLetter: 'I have analysed cohort studies like yours.\nHappy to talk.',
        priceType: 'fixed',
        priceCents: 150050,
        duration: '1-4-weeks',
        milestones: [
          { title: 'Data cleaning', amountCents: 50025, dueDate: '2026-12-10' },
          { title: 'Analysis and report', amountCents: 100025, dueDate: '2026-12-24' },
        ],
      },
    });
  });

  it('sends no milestones with an hourly rate, whatever the hidden rows hold', () => {
    const result = buildProposalInput(values({ priceType: 'hourly', price: '62.5', milestones: [{ key: 1, title: '', amount: 'x', dueDate: '' }] }));
    expect(result).toEqual({ ok: true, input: { coverLetter: expect.any(String), priceType: 'hourly', priceCents: 6250, duration: '1-4-weeks' } });
    expect(result.ok && 'milestones' in result.input).toBe(false);
  });

  it('names every problem by the API field it belongs to', () => {
    const result = buildProposalInput(
      values({ coverLetter: '   ', price: 'a lot', duration: '', milestones: [{ key: 1, title: ' ', amount: '0', dueDate: '10/12/2026' }] }),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        coverLetter: PROPOSAL_FORM_MESSAGES.coverLetterRequired,
        priceCents: PROPOSAL_FORM_MESSAGES.priceInvalid.fixed,
        duration: PROPOSAL_FORM_MESSAGES.durationRequired,
        'milestones.0.title': PROPOSAL_FORM_MESSAGES.milestoneTitleRequired,
        'milestones.0.amountCents': PROPOSAL_FORM_MESSAGES.milestoneAmountInvalid,
        'milestones.0.dueDate': PROPOSAL_FORM_MESSAGES.milestoneDueDateRequired,
      },
    });
  });

  it('refuses a plan that does not add up to the total, in the words of the contract', () => {
    const result = buildProposalInput(values({ price: '1500' }));
    expect(result).toEqual({ ok: false, errors: { milestones: milestoneSumMessage(150050, 150000) } });
  });

  it('refuses a price above what the API stores and a cover letter above its limit', () => {
    const result = buildProposalInput(values({ price: '20000000.01', coverLetter: 'x'.repeat(PROJECT_LIMITS.coverLetterMax + 1) }));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toMatchObject({ priceCents: PROPOSAL_FORM_MESSAGES.priceTooHigh, coverLetter: PROPOSAL_FORM_MESSAGES.coverLetterTooLong });
  });

  it('needs at least one milestone for a fixed price', () => {
    expect(buildProposalInput(values({ milestones: [] }))).toEqual({ ok: false, errors: { milestones: PROJECT_MESSAGES.milestonesRequired } });
  });
});

describe('the live milestone line', () => {
  it('says nothing without a total or with an hourly rate', () => {
    expect(milestoneSumLine(values({ price: '' }))).toBe('');
    expect(milestoneSumLine(values({ priceType: 'hourly' }))).toBe('');
  });

  it('gives the difference while the amounts and the total disagree, counting amounts not typed yet as nothing', () => {
    const partial = values({ price: '1500', milestones: [{ key: 1, title: '', amount: '500', dueDate: '' }, { key: 2, title: '', amount: '', dueDate: '' }] });
    expect(milestoneSumCents(partial.milestones)).toBe(50000);
    expect(milestoneSumLine(partial)).toBe(milestoneSumMessage(50000, 150000));
    expect(milestoneSumLine(values({ price: '1000' }))).toBe(milestoneSumMessage(150050, 100000));
  });

  it('says so once they agree', () => {
    expect(milestoneSumLine(values())).toBe(MILESTONES_ADD_UP);
  });
});

describe('the form from a project or a proposal', () => {
  it('starts from the project: its budget type, its duration, one empty milestone', () => {
    const hourly = makeProject({ budget: { type: 'hourly', amountCents: null, minCents: 4000, maxCents: 8000, currency: 'USD' }, duration: '3-6-months' });
    expect(initialValues(hourly, counter())).toEqual({ coverLetter: '', priceType: 'hourly', price: '', duration: '3-6-months', milestones: [{ key: 1, title: '', amount: '', dueDate: '' }] });
    expect(initialValues(makeProject({ duration: null, deadline: '2027-01-31' }), counter()).duration).toBe('');
  });

  it('fills in a proposal being edited, so that saving it unchanged sends it back as it was', () => {
    const proposal = makeProposal({ priceCents: 150050, milestones: [{ title: 'All of it', amountCents: 150050, dueDate: '2026-12-24' }] });
    const filled = valuesFromProposal(proposal, counter());
    expect(filled).toMatchObject({ price: '1500.50', milestones: [{ key: 1, title: 'All of it', amount: '1500.50', dueDate: '2026-12-24' }] });
    expect(buildProposalInput(filled)).toEqual({
      ok: true,
      input: { coverLetter: proposal.coverLetter, priceType: 'fixed', priceCents: 150050, duration: proposal.duration, milestones: proposal.milestones },
    });
  });
});

describe('errorsFromApi', () => {
  it('puts the details of a 400 on the fields the form has, and the rest in a sentence', () => {
    const error = new ApiError('Please check the proposal.', 400, {
      message: 'Please check the proposal.',
      details: [
        { field: 'milestones.0.dueDate', message: PROJECT_MESSAGES.dateInPast },
        { field: 'milestones', message: 'The milestones add up to $1.00, $2.00 less than the total of $3.00.' },
        { field: 'milestones.5.title', message: 'title is required.' },
        { message: 'Something general.' },
      ],
    });
    expect(errorsFromApi(error, 2)).toEqual({
      errors: { 'milestones.0.dueDate': PROJECT_MESSAGES.dateInPast, milestones: 'The milestones add up to $1.00, $2.00 less than the total of $3.00.' },
      message: 'title is required. Something general.',
    });
  });

  it('gives any other refusal as the server said it', () => {
    expect(errorsFromApi(new ApiError(PROJECT_MESSAGES.ownProject, 403, { message: PROJECT_MESSAGES.ownProject }), 1)).toEqual({ errors: {}, message: PROJECT_MESSAGES.ownProject });
  });
});
