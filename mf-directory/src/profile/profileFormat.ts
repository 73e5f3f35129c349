// How the public profile words record dates (publications are worded by @sciexperts/ui, as in the editor).

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2021-03' → 'Mar 2021'; anything else → ''. */
export function formatYearMonth(value: string | null): string {
  const match = /^(\d{4})-(\d{2})$/.exec(value ?? '');
  if (!match) return '';
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? `${SHORT_MONTHS[month - 1]} ${match[1]}` : '';
}

/** 'Mar 2021 – Present' while open-ended. */
export function formatPeriod(start: string | null, end: string | null, open: boolean): string {
  const from = formatYearMonth(start);
  const to = open ? 'Present' : formatYearMonth(end);
  return from && to ? `${from} – ${to}` : from || to;
}
