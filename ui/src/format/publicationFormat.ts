// How a publication from ORCID reads wherever it is shown (the profile editor, the public profile).

/** ORCID's partial date: each part `{ value }` or null (the shape of the contract's Publication.publicationDate). */
export type PartialDate = { year: { value: string } | null; month: { value: string } | null; day: { value: string } | null } | null;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export interface PublicationDateText {
  /** What the member reads, e.g. 'March 14, 2021', 'November 2019' or '2016'. */
  text: string;
  /** The machine-readable form for <time dateTime>: YYYY-MM-DD, YYYY-MM or YYYY. */
  iso: string;
}

const number = (value: string | undefined, min: number, max: number): number | null => {
  if (value === undefined || !/^\d{1,4}$/.test(value.trim())) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
};

/** ORCID dates are partial: a year, a year and month, or a full date; a part that makes no sense is dropped. */
export function formatPublicationDate(date: PartialDate): PublicationDateText | null {
  const year = number(date?.year?.value, 1, 9999);
  if (year === null) return null;
  const y = String(year).padStart(4, '0');
  const month = number(date?.month?.value, 1, 12);
  if (month === null) return { text: y, iso: y };
  const m = String(month).padStart(2, '0');
  const day = number(date?.day?.value, 1, new Date(Date.UTC(year, month, 0)).getUTCDate());
  if (day === null) return { text: `${MONTHS[month - 1]} ${y}`, iso: `${y}-${m}` };
  return { text: `${MONTHS[month - 1]} ${day}, ${y}`, iso: `${y}-${m}-${String(day).padStart(2, '0')}` };
}

/** ORCID work types are slugs ('journal-article', older 'JOURNAL_ARTICLE'); shown as words. */
export function formatWorkType(type: string | null): string | null {
  const words = type?.trim().toLowerCase().replace(/[-_]+/g, ' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : null;
}

/** Only web links become links (the server checks too): never a javascript: or data: URL. */
export function safeWorkUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
