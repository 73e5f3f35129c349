import { decimalDollars, statementCsv } from './statementCsv';
import { makeLine } from './testFixtures';

const HEADER = 'Date,Description,Project,Account,Amount (USD),Balance after (USD)';

describe('statementCsv', () => {
  it('has the header row and one CRLF-terminated row per line, amounts in decimal dollars', () => {
    const csv = statementCsv([
      makeLine({ kind: 'withdrawal', account: 'available', amountCents: -12_000, balanceCents: 33_000, feeCents: null, projectTitle: null, milestoneTitle: null, createdAt: '2026-03-05T09:00:00.000Z' }),
      makeLine({ milestoneTitle: 'Stats', projectTitle: 'Trial' }),
    ]);
    expect(csv).toBe(
      [HEADER, '2026-03-05,Withdrawal,,Available to withdraw,-120.00,330.00', '2026-03-04,Released to you: milestone “Stats” (platform fee $50),Trial,Available to withdraw,450.00,450.00', ''].join('\r\n'),
    );
  });

  it('is only the header for an empty statement', () => {
    expect(statementCsv([])).toBe(`${HEADER}\r\n`);
  });

  it('quotes cells with commas, quotes and line breaks, doubling the quotes', () => {
    const csv = statementCsv([makeLine({ kind: 'funding', account: 'escrow', feeCents: null, projectTitle: 'Soil, water and "air"\nphase 2', milestoneTitle: 'A, B' })]);
    const row = csv.split('\r\n')[1];
    expect(row).toBe('2026-03-04,"Funded milestone “A, B”","Soil, water and ""air""\nphase 2",Escrow,450.00,450.00');
  });

  it('keeps a title that looks like a formula from running in a spreadsheet', () => {
    const csv = statementCsv([makeLine({ projectTitle: '=HYPERLINK("x")' })]);
    expect(csv.split('\r\n')[1]).toContain(`,"'=HYPERLINK(""x"")",`);
  });

  it('writes cents exactly', () => {
    expect(decimalDollars(5)).toBe('0.05');
    expect(decimalDollars(-1)).toBe('-0.01');
    expect(decimalDollars(123_456_789)).toBe('1234567.89');
    expect(decimalDollars(0)).toBe('0.00');
  });
});
