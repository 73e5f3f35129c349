// The directory's rules: the search query parsed and checked (400s name the field), the user's words turned
// into safe full-text queries, and the snippet with its highlights computed in TypeScript.
import {
  DIRECTORY_MESSAGES,
  DIRECTORY_PAGE_MAX,
  EXPERT_FEE_MAX,
  EXPERT_SORTS,
  SEARCH_QUERY_MAX_LENGTH,
  SNIPPET_MAX_LENGTH,
  isCountryCode,
  type ExpertSearchQuery,
  type ExpertSort,
} from '@sciexperts/shared/contracts';
import { badRequest, type Detail } from '../../http/errors';
import { foldText } from './searchIndex';

/** At most this many words of a query take part (the rest are ignored); each at most TOKEN_MAX characters. */
export const QUERY_TOKENS_MAX = 12;
const TOKEN_MAX = 40;

export interface ExpertSearch {
  tokens: string[];
  service?: string;
  area?: string;
  minFee?: number;
  maxFee?: number;
  country?: string;
  /** Verified experts only. */
  verified: boolean;
  sort: ExpertSort;
  page: number;
}

const WORD = /[\p{L}\p{N}]+/gu;
// eslint-disable-next-line no-control-regex -- a word of ASCII letters and digits only
const ASCII = /^[\x00-\x7f]*$/;

/**
 * The words of a query, folded (lower case, no accents) and de-duplicated. Only letters and digits survive, so
 * quotes, operators (AND, NEAR, *, ^, :, -) and SQL never reach the full-text syntax.
 */
export function queryTokens(q: string): string[] {
  const tokens: string[] = [];
  for (const match of foldText(q).matchAll(WORD)) {
    const token = match[0].slice(0, TOKEN_MAX);
    if (!tokens.includes(token)) tokens.push(token);
    if (tokens.length === QUERY_TOKENS_MAX) break;
  }
  return tokens;
}

/** FTS5: every word quoted and prefix-matched, all required ("bioinf"* "stat"*). */
export function ftsMatch(tokens: string[]): string {
  return tokens.map((t) => `"${t.replace(/"/g, '""')}"*`).join(' ');
}

/** PostgreSQL to_tsquery: every word prefix-matched, all required (bioinf:* & stat:*). Tokens are letters and digits only. */
export function tsQuery(tokens: string[]): string {
  return tokens.map((t) => `${t.replace(/[^\p{L}\p{N}]/gu, '')}:*`).join(' & ');
}

function integer(value: string | undefined, field: string, details: Detail[], max: number, message: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const v = value.trim();
  if (!/^\d{1,10}$/.test(v)) {
    details.push({ field, message });
    return undefined;
  }
  const n = Number(v);
  if (n > max) {
    details.push({ field, message: field === 'page' ? DIRECTORY_MESSAGES.pageInvalid : DIRECTORY_MESSAGES.feeTooHigh });
    return undefined;
  }
  return n;
}

/** Parses the query strings; every problem becomes a 400 detail naming its field. */
export function parseExpertSearch(query: ExpertSearchQuery): ExpertSearch {
  const details: Detail[] = [];
  const q = query.q ?? '';
  if (q.length > SEARCH_QUERY_MAX_LENGTH) details.push({ field: 'q', message: DIRECTORY_MESSAGES.queryTooLong });
  const minFee = integer(query.minFee, 'minFee', details, EXPERT_FEE_MAX, DIRECTORY_MESSAGES.feeInvalid);
  const maxFee = integer(query.maxFee, 'maxFee', details, EXPERT_FEE_MAX, DIRECTORY_MESSAGES.feeInvalid);
  if (minFee !== undefined && maxFee !== undefined && minFee > maxFee) details.push({ field: 'minFee', message: DIRECTORY_MESSAGES.feeRange });
  let country: string | undefined;
  if (query.country !== undefined && query.country.trim() !== '') {
    country = query.country.trim();
    if (!isCountryCode(country)) details.push({ field: 'country', message: DIRECTORY_MESSAGES.countryInvalid });
  }
  let verified = false;
  if (query.verified !== undefined && query.verified.trim() !== '') {
    if (query.verified.trim() === 'true') verified = true;
    else if (query.verified.trim() !== 'false') details.push({ field: 'verified', message: DIRECTORY_MESSAGES.verifiedInvalid });
  }
  let sort: ExpertSort = 'relevance';
  if (query.sort !== undefined && query.sort !== '') {
    if ((EXPERT_SORTS as readonly string[]).includes(query.sort)) sort = query.sort as ExpertSort;
    else details.push({ field: 'sort', message: DIRECTORY_MESSAGES.sortInvalid });
  }
  let page = 1;
  if (query.page !== undefined && query.page !== '') {
    const n = integer(query.page, 'page', details, DIRECTORY_PAGE_MAX, DIRECTORY_MESSAGES.pageInvalid);
    if (n === 0) details.push({ field: 'page', message: DIRECTORY_MESSAGES.pageInvalid });
    else if (n !== undefined) page = n;
  }
  if (details.length > 0) throw badRequest(details);
  const text = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());
  return { tokens: queryTokens(q), service: text(query.service), area: text(query.area), minFee, maxFee, country, verified, sort, page };
}

/** The words of `text` that start with one of the tokens, as [start, end) offsets into `text`. */
export function matchRanges(text: string, tokens: string[], most = Infinity): Array<[number, number]> {
  if (tokens.length === 0) return [];
  const ranges: Array<[number, number]> = [];
  for (const match of text.matchAll(WORD)) {
    // Most words of a summary are plain ASCII, whose folding is lower-casing (NFKD leaves them as they are): the
    // normalisation, the search's costliest step once its page is kept, runs only for the others.
    const word = ASCII.test(match[0]) ? match[0].toLowerCase() : foldText(match[0]);
    if (tokens.some((t) => word.startsWith(t))) {
      ranges.push([match.index, match.index + match[0].length]);
      if (ranges.length >= most) break;
    }
  }
  return ranges;
}

/**
 * At most SNIPPET_MAX_LENGTH characters of the summary: around its first match (cut at word boundaries, with
 * '…' where text was dropped), or its start. Highlights are the matched words inside the snippet.
 */
export function snippetOf(summary: string | null, tokens: string[]): { snippet: string; highlights: Array<[number, number]> } {
  const text = (summary ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= SNIPPET_MAX_LENGTH) return { snippet: text, highlights: matchRanges(text, tokens) };
  const first = matchRanges(text, tokens, 1)[0];
  const room = SNIPPET_MAX_LENGTH - 2; // for the ellipses
  let start = 0;
  if (first && first[1] > room) {
    start = Math.max(0, first[0] - Math.floor(room / 3));
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < first[0]) start = space + 1;
  }
  let end = Math.min(text.length, start + room);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + room / 2) end = space;
  }
  const snippet = `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
  return { snippet, highlights: matchRanges(snippet, tokens) };
}
