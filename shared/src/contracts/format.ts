// Numbers, dollar amounts and dates in the site's fixed English formats, written without Intl on purpose
// (decision 0020):
// - The first Intl call in a page initialises ICU. On Lighthouse's phone (4× slower CPU) that was measured at
//   90–230 ms of blocked main thread, most of a public page's 150 ms budget for Total Blocking Time, and the
//   public pages only ever format these few fixed shapes.
// - The server renders the same pages: these functions give the browser exactly the characters the server
//   wrote, whatever ICU data each side carries, so hydration never finds a difference.
// format.test.ts holds every function equal to Intl's own output for the same options.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Round half away from zero at `maxFraction` digits, on the number's shortest decimal form (as ICU does). */
function decimalParts(value: number, minFraction: number, maxFraction: number): { negative: boolean; integer: string; fraction: string } | null {
  const plain = String(Math.abs(value));
  if (!/^\d+(\.\d+)?$/.test(plain)) return null;
  let [integer, fraction = ''] = plain.split('.') as [string, string?];
  if (fraction.length > maxFraction) {
    const roundUp = fraction.charCodeAt(maxFraction) >= 53; // '5'
    fraction = fraction.slice(0, maxFraction);
    if (roundUp) {
      const digits = `${integer}${fraction}`.split('').map(Number);
      let i = digits.length - 1;
      for (; i >= 0 && digits[i] === 9; i--) digits[i] = 0;
      if (i >= 0) digits[i] = (digits[i] as number) + 1;
      const all = `${i < 0 ? '1' : ''}${digits.join('')}`;
      integer = all.slice(0, all.length - fraction.length);
      fraction = all.slice(all.length - fraction.length);
    }
  }
  fraction = fraction.replace(/0+$/, '').padEnd(minFraction, '0');
  return { negative: value < 0 || Object.is(value, -0), integer: integer.replace(/\B(?=(\d{3})+(?!\d))/g, ','), fraction };
}

/** '12,000', '1,234.568' (as `toLocaleString('en-US')`: grouped, at most three decimals). */
export function groupDigits(value: number): string {
  const parts = decimalParts(value, 0, 3);
  // NaN, Infinity or an exponent's size: never a count or a price on a page, so Intl's cost is never paid there.
  // eslint-disable-next-line no-restricted-syntax
  if (!parts) return value.toLocaleString('en-US');
  return `${parts.negative ? '-' : ''}${parts.integer}${parts.fraction ? `.${parts.fraction}` : ''}`;
}

/** '$1,234.50' with `minFraction` 2 (the default), '$85' or '$85.5' with 0; never more than two decimals. */
export function formatDollars(amount: number, minFraction: 0 | 2 = 2): string {
  const parts = decimalParts(amount, minFraction, 2);
  // eslint-disable-next-line no-restricted-syntax -- as in groupDigits: only for what no price ever is
  if (!parts) return amount.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: minFraction });
  return `${parts.negative ? '-' : ''}$${parts.integer}${parts.fraction ? `.${parts.fraction}` : ''}`;
}

/** '$1,234.50' from 123450 cents. */
export function formatCents(cents: number): string {
  return formatDollars(cents / 100);
}

/** '$85/hr', as the directory shows an expert's hourly fee (whole dollars or cents); null when none is set. */
export function formatHourlyFee(fee: number | null): string | null {
  return fee === null ? null : `${formatDollars(fee, 0)}/hr`;
}

/** '2 March 2026' (en-GB, long month, in UTC) from '2026-03-02' or a full ISO time; the input when it is no date. */
export function formatLongDate(iso: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** 'Dec 2, 2026' (en-US medium date, in UTC); the input when it is no date. */
export function formatMediumDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${(MONTHS[date.getUTCMonth()] as string).slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
