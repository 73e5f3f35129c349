// The reconciliation report's differences as CSV (RFC 4180: quoted where needed, CRLF lines), for a spreadsheet.
import type { ReconciliationView } from '@sciexperts/shared/member';

const COLUMNS = ['kind', 'movement', 'ourId', 'providerId', 'ledgerCents', 'providerCents', 'ledgerStatus', 'providerStatus', 'at', 'description'] as const;

const cell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  // A leading =, +, - or @ would be read as a formula by a spreadsheet: quoted with a leading apostrophe.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function reconciliationCsv(report: ReconciliationView): string {
  const rows = report.differences.map((d) => COLUMNS.map((c) => cell(d[c])).join(','));
  return [COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}

/** A link target that downloads the CSV without a request (a data: URL). */
export const csvHref = (csv: string) => `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`;
