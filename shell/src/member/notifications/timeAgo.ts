const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];
// Made on first use, not when the module loads: the first Intl object of a page initialises ICU, which costs a
// phone a long task (see formatDollars in the shared contracts), and the shell's frame loads this module early.
let relative: Intl.RelativeTimeFormat | undefined;

/** '5 minutes ago', 'yesterday', 'just now'. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const elapsed = now - Date.parse(iso);
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return (relative ??= new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })).format(-Math.floor(elapsed / ms), unit);
  }
  return 'just now';
}
