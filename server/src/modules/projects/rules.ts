// The projects domain's rules: input checked beyond its schema (catalogue, budget shape, dates, milestone sums),
// list filters parsed, and the state machines (docs/decisions/0010-projects-and-proposals.md).
import {
  BUDGET_TYPES,
  PROJECT_LIMITS,
  PROJECT_MESSAGES as M,
  SERVICE_CATALOGUE,
  milestoneSumMessage,
  type ProjectInput,
  type ProjectListQuery,
  type ProposalInput,
} from '@sciexperts/shared/contracts';
import { badRequest, type Detail } from '../../http/errors';
import type { ProjectsTable } from '../../db/schema';

/** The earliest calendar date anywhere on Earth right now (UTC−12), so a member's "today" is never refused. */
export function earliestToday(now: Date): string {
  return new Date(now.getTime() - 12 * 3600_000).toISOString().slice(0, 10);
}

export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function checkDate(value: string, field: string, today: string, details: Detail[]): void {
  if (!isRealDate(value)) details.push({ field, message: M.dateInvalid });
  else if (value < today) details.push({ field, message: M.dateInPast });
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The columns a project's author decides; practice areas are a list here and JSON in the row. */
export type ProjectValues = Omit<ProjectsTable, 'id' | 'ownerId' | 'status' | 'createdAt' | 'updatedAt' | 'publishedAt' | 'practiceAreas' | 'hiddenAt' | 'hiddenReason'> & {
  practiceAreas: string[];
};

/** A project (draft or not) as stored: every rule checked, every problem a 400 detail naming its field. */
export function checkProject(input: ProjectInput, now: Date): ProjectValues {
  const details: Detail[] = [];
  const title = input.title.trim();
  const description = input.description.trim();
  if (!title) details.push({ field: 'title', message: M.titleRequired });
  if (CONTROL.test(title)) details.push({ field: 'title', message: M.plainText });
  if (description.length < PROJECT_LIMITS.descriptionMin) details.push({ field: 'description', message: M.descriptionLength });
  else if (CONTROL.test(description)) details.push({ field: 'description', message: M.plainText });
  const service = SERVICE_CATALOGUE.find((s) => s.name === input.service);
  if (!service) details.push({ field: 'service', message: M.serviceInvalid });
  const areas = [...new Set(input.practiceAreas)];
  if (service && areas.some((a) => !(service.practiceAreas as readonly string[]).includes(a))) details.push({ field: 'practiceAreas', message: M.areaInvalid });
  const b = input.budget;
  let low = 0;
  let high = 0;
  if (b.type === 'fixed') {
    if (b.amountCents === undefined || b.minCents !== undefined || b.maxCents !== undefined) details.push({ field: 'budget.amountCents', message: M.fixedAmount });
    else low = high = b.amountCents;
  } else if (b.minCents === undefined || b.maxCents === undefined || b.amountCents !== undefined || b.minCents > b.maxCents) {
    details.push({ field: 'budget.minCents', message: M.hourlyRange });
  } else {
    low = b.minCents;
    high = b.maxCents;
  }
  if ((input.duration === undefined) === (input.deadline === undefined)) details.push({ field: 'duration', message: M.durationOrDeadline });
  if (input.deadline !== undefined) checkDate(input.deadline, 'deadline', earliestToday(now), details);
  if (details.length > 0) throw badRequest(details);
  return {
    title,
    description,
    service: input.service,
    practiceAreas: areas,
    budgetType: b.type,
    amountCents: b.type === 'fixed' ? (b.amountCents ?? null) : null,
    minCents: b.type === 'hourly' ? (b.minCents ?? null) : null,
    maxCents: b.type === 'hourly' ? (b.maxCents ?? null) : null,
    budgetLow: low,
    budgetHigh: high,
    currency: 'USD',
    duration: input.duration ?? null,
    deadline: input.deadline ?? null,
    visibility: input.visibility,
  };
}

export interface ProposalValues {
  coverLetter: string;
  priceType: string;
  priceCents: number;
  duration: string;
  milestones: Array<{ title: string; amountCents: number; dueDate: string }>;
}

/** Fixed price: one or more milestones adding up to the total (the 400 names the difference); hourly: none. */
export function checkProposal(input: ProposalInput, now: Date): ProposalValues {
  const details: Detail[] = [];
  const coverLetter = input.coverLetter.trim();
  if (!coverLetter) details.push({ field: 'coverLetter', message: 'coverLetter is required.' });
  const milestones = (input.milestones ?? []).map((m) => ({ ...m, title: m.title.trim() }));
  if (input.priceType === 'fixed') {
    if (milestones.length === 0) details.push({ field: 'milestones', message: M.milestonesRequired });
    const today = earliestToday(now);
    milestones.forEach((m, i) => {
      if (!m.title) details.push({ field: `milestones.${i}.title`, message: 'title is required.' });
      checkDate(m.dueDate, `milestones.${i}.dueDate`, today, details);
    });
    const sum = milestones.reduce((total, m) => total + m.amountCents, 0);
    if (milestones.length > 0 && sum !== input.priceCents) details.push({ field: 'milestones', message: milestoneSumMessage(sum, input.priceCents) });
  } else if (milestones.length > 0) {
    details.push({ field: 'milestones', message: M.milestonesHourly });
  }
  if (details.length > 0) throw badRequest(details);
  return { coverLetter, priceType: input.priceType, priceCents: input.priceCents, duration: input.duration, milestones };
}

export interface ProjectFilter {
  /** Lower-case words that must all occur in the title or the description. */
  words: string[];
  /** Only projects whose service the member (this id) offers on their profile. */
  matchingMemberId?: number;
  service?: string;
  budgetType?: string;
  minBudget?: number;
  maxBudget?: number;
  postedSince?: string;
  page: number;
}

function integer(value: string | undefined, field: string, max: number, message: string, details: Detail[]): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const v = value.trim();
  if (!/^\d{1,10}$/.test(v) || Number(v) > max) {
    details.push({ field, message });
    return undefined;
  }
  return Number(v);
}

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_ANYWHERE = /[\u0000-\u001f\u007f]/g;

/** Splits the search into distinct lower-case words (control characters dropped, whitespace separates). */
export function queryWords(q: string): string[] {
  const words = q
    .replace(CONTROL_ANYWHERE, ' ')
    .split(/\s+/)
    .map((w) => w.toLowerCase())
    .filter((w) => w !== '');
  return [...new Set(words)];
}

/** Who asks: a member may filter to the services they offer ('matching=mine'); a signed-out visitor may not. */
export type FilterViewer = { memberId: number } | 'signed-out';

export function parseProjectFilter(query: ProjectListQuery, viewer: FilterViewer): ProjectFilter {
  const details: Detail[] = [];
  const filter: ProjectFilter = { words: [], page: 1 };
  if (query.q !== undefined) {
    if (query.q.length > PROJECT_LIMITS.queryMax) details.push({ field: 'q', message: M.queryTooLong });
    else filter.words = queryWords(query.q);
  }
  if (query.matching !== undefined && query.matching !== '') {
    if (viewer === 'signed-out') details.push({ field: 'matching', message: M.matchingSignedIn });
    else if (query.matching === 'mine') filter.matchingMemberId = viewer.memberId;
    else details.push({ field: 'matching', message: M.matchingInvalid });
  }
  if (query.service) {
    if (SERVICE_CATALOGUE.some((s) => s.name === query.service)) filter.service = query.service;
    else details.push({ field: 'service', message: M.serviceInvalid });
  }
  if (query.budgetType) {
    if ((BUDGET_TYPES as readonly string[]).includes(query.budgetType)) filter.budgetType = query.budgetType;
    else details.push({ field: 'budgetType', message: `budgetType must be one of: ${BUDGET_TYPES.join(', ')}.` });
  }
  filter.minBudget = integer(query.minBudget, 'minBudget', PROJECT_LIMITS.centsMax, 'minBudget must be a whole number of cents.', details);
  filter.maxBudget = integer(query.maxBudget, 'maxBudget', PROJECT_LIMITS.centsMax, 'maxBudget must be a whole number of cents.', details);
  if (filter.minBudget !== undefined && filter.maxBudget !== undefined && filter.minBudget > filter.maxBudget) details.push({ field: 'minBudget', message: 'minBudget must not be above maxBudget.' });
  if (query.postedSince) {
    if (isRealDate(query.postedSince)) filter.postedSince = query.postedSince;
    else details.push({ field: 'postedSince', message: M.dateInvalid });
  }
  const page = integer(query.page, 'page', PROJECT_LIMITS.pageMax, M.pageInvalid, details);
  if (page === 0) details.push({ field: 'page', message: M.pageInvalid });
  else if (page !== undefined) filter.page = page;
  if (details.length > 0) throw badRequest(details);
  return filter;
}
