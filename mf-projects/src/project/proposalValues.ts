// The proposal form's values (what people type) and the ProposalInput the API takes (integer cents), both ways.
import { type ApiError } from '@sciexperts/shared';
import {
  PROJECT_MESSAGES,
  milestoneSumMessage,
  PROJECT_DURATIONS,
  PROJECT_LIMITS,
  type Project,
  type Proposal,
  type ProposalInput,
} from '@sciexperts/shared/member';
import { centsFromInput, formatMoney, inputFromCents } from '../format';
import { percentText } from '../workspace/labels';
import { feeTerms, type FeeRate } from './proposalFee';

export type PriceType = 'fixed' | 'hourly';

export interface MilestoneValues {
  /** Stable React key of the row (rows are added and removed in the middle). */
  key: number;
  title: string;
  /** Dollars as typed: '500' or '500.25'. */
  amount: string;
  /** 'YYYY-MM-DD' from <input type="date">. */
  dueDate: string;
}

export interface ProposalFormValues {
  coverLetter: string;
  priceType: PriceType;
  /** Dollars as typed: the total (fixed) or the hourly rate. */
  price: string;
  duration: string;
  milestones: MilestoneValues[];
}

/** Messages by the API's field names: 'coverLetter', 'priceCents', 'duration', 'milestones', 'milestones.0.dueDate'… */
export type ProposalErrors = Record<string, string>;

export const MILESTONES_ADD_UP = 'The milestones add up to the total.';

export const PROPOSAL_FORM_MESSAGES = {
  coverLetterRequired: 'Please write a cover letter.',
  coverLetterTooLong: `The cover letter must be at most ${PROJECT_LIMITS.coverLetterMax.toLocaleString('en-US')} characters.`,
  priceInvalid: { fixed: 'Please enter the total price in US dollars, e.g. 1500 or 1500.50.', hourly: 'Please enter the hourly rate in US dollars, e.g. 60 or 62.50.' },
  priceTooHigh: `The price must be at most ${formatMoney(PROJECT_LIMITS.centsMax)}.`,
  durationRequired: 'Please choose an estimated duration.',
  milestoneTitleRequired: 'Please give this milestone a title.',
  milestoneTitleTooLong: `A milestone title must be at most ${PROJECT_LIMITS.milestoneTitleMax} characters.`,
  milestoneAmountInvalid: 'Please enter an amount in US dollars, e.g. 500 or 500.25.',
  milestoneDueDateRequired: 'Please choose a due date.',
  milestonesTooMany: `A plan has at most ${PROJECT_LIMITS.milestonesMax} milestones.`,
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function emptyMilestone(key: number): MilestoneValues {
  return { key, title: '', amount: '', dueDate: '' };
}

function isDuration(value: string | null): value is (typeof PROJECT_DURATIONS)[number] {
  return value !== null && (PROJECT_DURATIONS as readonly string[]).includes(value);
}

/** A new proposal: the project's budget type and expected duration as a starting point, one empty milestone. */
export function initialValues(project: Pick<Project, 'budget' | 'duration'>, nextKey: () => number): ProposalFormValues {
  return {
    coverLetter: '',
    priceType: project.budget.type === 'hourly' ? 'hourly' : 'fixed',
    price: '',
    duration: isDuration(project.duration) ? project.duration : '',
    milestones: [emptyMilestone(nextKey())],
  };
}

/** The form filled with a proposal being edited. */
export function valuesFromProposal(proposal: Proposal, nextKey: () => number): ProposalFormValues {
  const priceType: PriceType = proposal.priceType === 'hourly' ? 'hourly' : 'fixed';
  const milestones = proposal.milestones.map((m) => ({ key: nextKey(), title: m.title, amount: inputFromCents(m.amountCents), dueDate: m.dueDate.slice(0, 10) }));
  return {
    coverLetter: proposal.coverLetter,
    priceType,
    price: inputFromCents(proposal.priceCents),
    duration: proposal.duration,
    milestones: milestones.length > 0 ? milestones : [emptyMilestone(nextKey())],
  };
}

/** The sum of the amounts typed so far, in cents (an amount that is not one yet counts as nothing). */
export function milestoneSumCents(milestones: readonly MilestoneValues[]): number {
  return milestones.reduce((sum, m) => sum + (centsFromInput(m.amount) ?? 0), 0);
}

/**
 * What the live line under the milestones says: the difference while the amounts and the total disagree, that
 * they agree once they do, nothing while there is no total to compare with (or the price is hourly).
 */
export function milestoneSumLine(values: Pick<ProposalFormValues, 'priceType' | 'price' | 'milestones'>): string {
  if (values.priceType !== 'fixed') return '';
  const total = centsFromInput(values.price);
  if (total === null) return '';
  const sum = milestoneSumCents(values.milestones);
  return sum === total ? MILESTONES_ADD_UP : milestoneSumMessage(sum, total);
}

/**
 * The line under the price as the expert types: the platform's fee and what they receive ('Platform fee (10 %): $150.
 * You receive $1,350.'), the rate alone until there is a price, nothing when the platform takes no payments.
 */
export function proposalFeeLine(values: Pick<ProposalFormValues, 'priceType' | 'price' | 'milestones'>, rate: FeeRate): string | null {
  if (!rate) return null;
  const priceCents = centsFromInput(values.price);
  if (priceCents === null || priceCents > PROJECT_LIMITS.centsMax) return `The platform keeps a fee of ${percentText(rate.basisPoints)} from each released milestone.`;
  const amounts = values.milestones.map((m) => centsFromInput(m.amount));
  const milestoneCents = values.priceType === 'fixed' && amounts.every((a) => a !== null) ? (amounts as number[]) : [];
  const terms = feeTerms({ priceType: values.priceType, priceCents, milestoneCents }, rate);
  return terms && `${terms.feeLabel}: ${terms.fee}. You receive ${terms.payout}.`;
}

export type BuildResult = { ok: true; input: ProposalInput } | { ok: false; errors: ProposalErrors };

/** The body for sendProposal/updateProposal, or every problem by field (the server checks the same again). */
export function buildProposalInput(values: ProposalFormValues): BuildResult {
  const errors: ProposalErrors = {};
  const coverLetter = values.coverLetter.trim();
  if (!coverLetter) errors.coverLetter = PROPOSAL_FORM_MESSAGES.coverLetterRequired;
  else if (values.coverLetter.length > PROJECT_LIMITS.coverLetterMax) errors.coverLetter = PROPOSAL_FORM_MESSAGES.coverLetterTooLong;

  const priceCents = centsFromInput(values.price);
  if (priceCents === null) errors.priceCents = PROPOSAL_FORM_MESSAGES.priceInvalid[values.priceType];
  else if (priceCents > PROJECT_LIMITS.centsMax) errors.priceCents = PROPOSAL_FORM_MESSAGES.priceTooHigh;

  const duration = isDuration(values.duration) ? values.duration : null;
  if (duration === null) errors.duration = PROPOSAL_FORM_MESSAGES.durationRequired;

  const milestones: NonNullable<ProposalInput['milestones']> = [];
  if (values.priceType === 'fixed') {
    if (values.milestones.length === 0) errors.milestones = PROJECT_MESSAGES.milestonesRequired;
    else if (values.milestones.length > PROJECT_LIMITS.milestonesMax) errors.milestones = PROPOSAL_FORM_MESSAGES.milestonesTooMany;
    values.milestones.forEach((m, i) => {
      const title = m.title.trim();
      if (!title) errors[`milestones.${i}.title`] = PROPOSAL_FORM_MESSAGES.milestoneTitleRequired;
      else if (title.length > PROJECT_LIMITS.milestoneTitleMax) errors[`milestones.${i}.title`] = PROPOSAL_FORM_MESSAGES.milestoneTitleTooLong;
      const amountCents = centsFromInput(m.amount);
      if (amountCents === null) errors[`milestones.${i}.amountCents`] = PROPOSAL_FORM_MESSAGES.milestoneAmountInvalid;
      if (!DATE.test(m.dueDate)) errors[`milestones.${i}.dueDate`] = PROPOSAL_FORM_MESSAGES.milestoneDueDateRequired;
      milestones.push({ title, amountCents: amountCents ?? 0, dueDate: m.dueDate });
    });
    const sum = milestones.reduce((total, m) => total + m.amountCents, 0);
    const everyAmountTyped = values.milestones.every((m) => centsFromInput(m.amount) !== null);
    if (!errors.milestones && priceCents !== null && everyAmountTyped && milestones.length > 0 && sum !== priceCents) {
      errors.milestones = milestoneSumMessage(sum, priceCents);
    }
  }

  if (Object.keys(errors).length > 0 || priceCents === null || duration === null) return { ok: false, errors };
  const input: ProposalInput = { coverLetter, priceType: values.priceType, priceCents, duration };
  if (values.priceType === 'fixed') input.milestones = milestones;
  return { ok: true, input };
}

const FORM_FIELDS = new Set(['coverLetter', 'priceType', 'priceCents', 'duration', 'milestones']);
const MILESTONE_FIELD = /^milestones\.(\d+)\.(title|amountCents|dueDate)$/;

/** Whether the form has a place for a message on this field (a milestone row that exists, for row fields). */
export function isFormField(field: string, milestoneCount: number): boolean {
  if (FORM_FIELDS.has(field)) return true;
  const row = MILESTONE_FIELD.exec(field);
  return row !== null && Number(row[1]) < milestoneCount;
}

/**
 * A refused proposal as the form shows it: the 400's details on the fields the form has, and a sentence for the
 * rest (a detail on no field or on one the form lacks, or an error that is not a 400).
 */
export function errorsFromApi(error: ApiError, milestoneCount: number): { errors: ProposalErrors; message: string | null } {
  const details = error.status === 400 ? (error.body?.details ?? []) : [];
  if (details.length === 0) return { errors: {}, message: error.message };
  const errors: ProposalErrors = {};
  const loose: string[] = [];
  for (const detail of details) {
    if (detail.field && isFormField(detail.field, milestoneCount)) {
      errors[detail.field] ??= detail.message;
    } else if (!loose.includes(detail.message)) {
      loose.push(detail.message);
    }
  }
  return { errors, message: loose.length > 0 ? loose.join(' ') : null };
}
