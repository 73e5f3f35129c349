// The console's audit log read back (issue 47): filtered by operator, action, object and day (UTC, both ends
// included), the filters combined, newest first and a page of 50 at a time — the next page follows `nextBefore` with the
// same filters, so nothing is shown twice or skipped — and a filter that cannot be met is a 400 at its field.
import { ADMIN_LIMITS, ADMIN_MESSAGES as M, ADMIN_PATHS, type AuditEntryView, type AuditPageView } from '@sciexperts/shared/contracts';
import { writeAudit } from '../src/modules/admin/audit';
import { startAppOn, type Harness } from './helpers';
import { signedInOperator, type Operator } from './adminFixtures';

type Body = { message?: string; details?: Array<{ field?: string; message: string }> };

describe.each(['sqlite', 'postgres'] as const)('the audit log’s filters and pages over %s', (dialect) => {
  let h: Harness;
  let lead: Operator;
  let money: Operator;
  let other: Operator;
  let now = Date.parse('2026-12-02T09:00:00Z');

  const read = (query: string, op: Operator = money) => h.api<AuditPageView & Body>('GET', `${ADMIN_PATHS.audit}${query ? `?${query}` : ''}`, { token: op.token });
  /** Every entry the filters let through, page after page as the console asks for them; the pages' sizes too. */
  async function allPages(filters: string): Promise<{ entries: AuditEntryView[]; sizes: number[] }> {
    const entries: AuditEntryView[] = [];
    const sizes: number[] = [];
    let before: number | null = null;
    do {
      const res = await read([filters, before === null ? '' : `before=${before}`].filter(Boolean).join('&'));
      expect(res.status).toBe(200);
      entries.push(...res.body.entries);
      sizes.push(res.body.entries.length);
      before = res.body.nextBefore;
    } while (before !== null && sizes.length < 10);
    return { entries, sizes };
  }
  const ids = (entries: AuditEntryView[]) => entries.map((e) => e.id);
  const newestFirst = (entries: AuditEntryView[]) => [...ids(entries)].sort((a, b) => b - a);

  beforeAll(async () => {
    h = await startAppOn(dialect, {}, { clock: () => new Date(now) });
    lead = await signedInOperator(h, 'operator', () => (now += 30_000));
    money = await signedInOperator(h, 'finance', () => (now += 30_000));
    other = await signedInOperator(h, 'operator', () => (now += 30_000));
    // A month of work, as the actions write it (each in its own transaction): the lead opens member 7's page 60 times
    // over 1–3 March, finance retries payment 12's refund on 3 and 4 March, the other operator opens member 8 once.
    const write = (op: Operator, role: 'operator' | 'finance', action: 'member.read' | 'refund.retry', objectType: 'member' | 'payment', objectId: number, at: string) =>
      h.db.kysely.transaction().execute((trx) => writeAudit(trx, { operator: { id: op.id, email: op.email, role }, action, objectType, objectId, address: '203.0.113.9', at: new Date(at) }));
    for (let i = 0; i < 60; i += 1) {
      // Twenty a day, every half hour from 08:00.
      const at = Date.UTC(2026, 2, 1 + Math.floor(i / 20), 8, 0) + (i % 20) * 30 * 60_000;
      await write(lead, 'operator', 'member.read', 'member', 7, new Date(at).toISOString());
    }
    await write(money, 'finance', 'refund.retry', 'payment', 12, '2026-03-03T23:59:59.999Z');
    await write(money, 'finance', 'refund.retry', 'payment', 12, '2026-03-04T00:00:00.000Z');
    await write(other, 'operator', 'member.read', 'member', 8, '2026-03-02T12:00:00.000Z');
  });
  afterAll(() => h?.close());

  it('pages past 50 entries newest first, each entry once, and names every operator for the filter', async () => {
    const first = await read('');
    expect(first.status).toBe(200);
    expect(first.body.entries).toHaveLength(ADMIN_LIMITS.auditPageSize);
    expect(first.body.nextBefore).toBe(first.body.entries[49]!.id);
    expect(first.body.operators.map((o) => o.email).sort()).toEqual([lead.email, money.email, other.email].sort());

    const { entries, sizes } = await allPages('');
    // 63 written here, and each operator's sign-in and password change (3 × 2).
    expect(sizes).toEqual([50, 19]);
    expect(ids(entries)).toEqual(newestFirst(entries));
    expect(new Set(ids(entries)).size).toBe(69);
  });

  it('filters by operator, by action, by object and by object id', async () => {
    const byLead = await allPages(`operatorId=${lead.id}`);
    expect(byLead.sizes).toEqual([50, 12]);
    expect(new Set(byLead.entries.map((e) => e.operatorEmail))).toEqual(new Set([lead.email]));

    const reads = await allPages('action=member.read');
    expect(reads.sizes).toEqual([50, 11]);
    expect(reads.entries.every((e) => e.action === 'member.read')).toBe(true);
    expect(ids(reads.entries)).toEqual(newestFirst(reads.entries));

    expect((await allPages('objectType=payment')).entries.map((e) => [e.action, e.objectId, e.operatorEmail])).toEqual([
      ['refund.retry', '12', money.email],
      ['refund.retry', '12', money.email],
    ]);
    const member8 = await allPages('objectType=member&objectId=8');
    expect(member8.entries.map((e) => [e.operatorEmail, e.objectId])).toEqual([[other.email, '8']]);
    expect((await allPages('objectType=member&objectId=7')).sizes).toEqual([50, 10]);
    // An operator's own entries (sign-in, password change) are about the operator.
    expect((await allPages(`objectType=operator&operatorId=${money.id}`)).entries.map((e) => e.action)).toEqual(['password.change', 'sign-in']);
  });

  it('filters by day, both ends included (UTC), and combines every filter with the pages', async () => {
    const onThe3rd = await allPages('from=2026-03-03&to=2026-03-03');
    // Twenty reads of member 7 and the retry a millisecond before midnight; the retry at midnight is the 4th's.
    expect(onThe3rd.sizes).toEqual([21]);
    expect(onThe3rd.entries[0]).toMatchObject({ action: 'refund.retry', at: '2026-03-03T23:59:59.999Z' });
    expect((await allPages('from=2026-03-04')).entries.filter((e) => e.action === 'refund.retry').map((e) => e.at)).toEqual(['2026-03-04T00:00:00.000Z']);
    expect((await allPages('to=2026-03-01')).sizes).toEqual([20]);

    const combined = await allPages(`operatorId=${lead.id}&action=member.read&objectType=member&objectId=7&from=2026-03-01&to=2026-03-03`);
    expect(combined.sizes).toEqual([50, 10]);
    expect(new Set(ids(combined.entries)).size).toBe(60);
    // A smaller page keeps to the same filters.
    const small = await read(`operatorId=${lead.id}&from=2026-03-02&to=2026-03-02&limit=15`);
    expect(small.body.entries).toHaveLength(15);
    const rest = await read(`operatorId=${lead.id}&from=2026-03-02&to=2026-03-02&limit=15&before=${small.body.nextBefore}`);
    expect(rest.body.entries).toHaveLength(5);
    expect(rest.body.nextBefore).toBeNull();
    expect([...small.body.entries, ...rest.body.entries].every((e) => e.at.startsWith('2026-03-02') && e.operatorEmail === lead.email)).toBe(true);

    expect((await allPages(`operatorId=${other.id}&action=refund.retry`)).entries).toEqual([]);
  });

  it('answers 400 at the field for a filter that cannot be met, and support may not read the log at all', async () => {
    const wrongWay = await read('from=2026-03-04&to=2026-03-01');
    expect([wrongWay.status, wrongWay.body.details]).toEqual([400, [{ field: 'to', message: M.auditDates }]]);
    const noSuchDay = await read('from=2026-02-31');
    expect([noSuchDay.status, noSuchDay.body.details]).toEqual([400, [{ field: 'from', message: M.auditDay }]]);
    for (const query of ['action=member.delete', 'objectType=planet', 'operatorId=abc', 'to=March', 'before=0']) {
      const res = await read(query);
      expect([query, res.status]).toEqual([query, 400]);
    }
    const support = await signedInOperator(h, 'support', () => (now += 30_000));
    expect((await read('', support)).status).toBe(403);
  });
});
