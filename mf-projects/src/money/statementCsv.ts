// The statement as a CSV file (RFC 4180), built in the browser from the lines already loaded.
import type { StatementLine } from '@sciexperts/shared/member';
import { lineAccount, lineDescription } from './statementText';

export const STATEMENT_CSV_FILENAME = 'sciexperts-statement.csv';

const HEADER = ['Date', 'Description', 'Project', 'Account', 'Amount (USD)', 'Balance after (USD)'];

/** -12345 → '-123.45': decimal dollars from integer cents, without floating-point rounding. */
export function decimalDollars(cents: number): string {
  const whole = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * A text cell: quoted when it holds a quote, comma or line break (quotes doubled). Titles are typed by members, so a
 * cell that a spreadsheet would run as a formula (=, +, -, @) is prefixed with an apostrophe.
 */
function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The header row and one row per line, in the statement's order, CRLF between records. */
export function statementCsv(lines: readonly StatementLine[]): string {
  const rows = lines.map((line) =>
    [
      textCell(line.createdAt.slice(0, 10)),
      textCell(lineDescription(line)),
      textCell(line.projectTitle ?? ''),
      textCell(lineAccount(line)),
      decimalDollars(line.amountCents),
      decimalDollars(line.balanceCents),
    ].join(','),
  );
  return [HEADER.map(textCell).join(','), ...rows].join('\r\n') + '\r\n';
}
