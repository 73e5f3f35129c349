import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_PATHS, CONCIERGE_LIMITS, CONCIERGE_MESSAGES, type ConciergeRequest } from '@sciexperts/shared/contracts';
import { earliestToday } from '../src/modules/concierge/routes';
import { eventually, startApp, type Harness } from './helpers';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const valid = (overrides: Partial<ConciergeRequest> = {}): ConciergeRequest => ({
  name: '  Dr. Amara Okafor ',
  email: 'Amara.Okafor@Biolab.example',
  need: 'A statistician to re-analyse a two-arm pilot trial (n = 64) and write the methods section.',
  budget: '1000-5000',
  deadline: inDays(30),
  ...overrides,
});

async function operatorMails(dir: string, count: number): Promise<Array<{ to: string; subject: string; text: string }>> {
  let mails: Array<{ to: string; subject: string; text: string }> = [];
  await eventually(() => {
    try {
      mails = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; subject: string; text: string });
    } catch {
      /* no outbox yet */
    }
    return mails.length >= count;
  }, `${count} operator mail(s) in the outbox`);
  return mails;
}

describe('concierge requests', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startApp({ trustProxy: true });
  });
  afterEach(() => h.close());

  const send = (body: unknown, ip = '203.0.113.7') =>
    h.api<{ id: number; message: string; details?: Array<{ field: string; message: string }> }>('POST', API_PATHS.conciergeRequest, { body, headers: { 'x-forwarded-for': ip } });
  const stored = () => h.db.kysely.selectFrom('conciergeRequests').selectAll().execute();

  it('stores a valid request, trimmed, and mails it to the operator; no account needed', async () => {
    const res = await send(valid());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), message: CONCIERGE_MESSAGES.sent });
    const rows = await stored();
    expect(rows).toEqual([
      expect.objectContaining({ id: res.body.id, name: 'Dr. Amara Okafor', email: 'amara.okafor@biolab.example', budget: '1000-5000', deadline: inDays(30) }),
    ]);
    const [mail] = await operatorMails(path.join(h.dir, 'outbox'), 1);
    expect(mail!.to).toBe('concierge@sciexperts.test');
    expect(mail!.subject).toBe(`Concierge request #${res.body.id} from Dr. Amara Okafor`);
    expect(mail!.text).toContain('Budget: USD 1,000 – 5,000');
    expect(mail!.text).toContain('re-analyse a two-arm pilot trial');
    await eventually(async () => Boolean((await stored())[0]!.mailedAt), 'the request to be marked as mailed');
    expect((await stored())[0]!.mailedAt).toEqual(expect.any(String));
  });

  it.each<[string, Partial<ConciergeRequest>, string, string]>([
    ['an empty name', { name: '   ' }, 'name', CONCIERGE_MESSAGES.nameRequired],
    ['a long name', { name: 'x'.repeat(CONCIERGE_LIMITS.nameMax + 1) }, 'name', CONCIERGE_MESSAGES.nameTooLong],
    ['no e-mail', { email: '' }, 'email', CONCIERGE_MESSAGES.emailRequired],
    ['a bad e-mail', { email: 'amara@' }, 'email', CONCIERGE_MESSAGES.emailInvalid],
    ['a short need', { need: 'Stats help' }, 'need', CONCIERGE_MESSAGES.needTooShort],
    ['a long need', { need: 'x'.repeat(CONCIERGE_LIMITS.needMax + 1) }, 'need', CONCIERGE_MESSAGES.needTooLong],
    ['an unknown budget', { budget: 'a million' }, 'budget', CONCIERGE_MESSAGES.budgetRequired],
    ['no deadline', { deadline: '' }, 'deadline', CONCIERGE_MESSAGES.deadlineRequired],
    ['an impossible date', { deadline: '2027-02-30' }, 'deadline', CONCIERGE_MESSAGES.deadlineRequired],
    ['a past deadline', { deadline: inDays(-3) }, 'deadline', CONCIERGE_MESSAGES.deadlinePast],
    ['a deadline years away', { deadline: inDays(CONCIERGE_LIMITS.deadlineMaxDays + 5) }, 'deadline', CONCIERGE_MESSAGES.deadlineTooFar],
  ])('refuses %s with the form’s message and stores nothing', async (_name, change, field, message) => {
    const res = await send(valid(change));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field, message }]);
    expect(await stored()).toEqual([]);
  });

  it.each([
    ['an unknown field', { ...valid(), phone: '+1 555' }],
    ['a missing field', { name: 'A', email: 'a@b.example', need: 'x'.repeat(30), budget: 'not-sure' }],
    ['a number for a text', { ...valid(), name: 42 }],
  ])('refuses %s with 400', async (_name, body) => {
    expect((await send(body)).status).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it(`throttles an address after ${CONCIERGE_LIMITS.perAddress} requests an hour, not other addresses, and not invalid attempts`, async () => {
    expect((await send(valid({ email: 'nope' }))).status).toBe(400);
    const statuses = [];
    for (let i = 0; i < CONCIERGE_LIMITS.perAddress + 2; i += 1) statuses.push((await send(valid({ name: `Visitor ${i}` }))).status);
    expect(statuses).toEqual([...Array(CONCIERGE_LIMITS.perAddress).fill(201), 429, 429]);
    const refused = await send(valid());
    expect(refused.body.message).toBe(CONCIERGE_MESSAGES.throttled);
    expect((await send(valid(), '198.51.100.9')).status).toBe(201);
    expect(await stored()).toHaveLength(CONCIERGE_LIMITS.perAddress + 1);
  });

  it("accepts today's date in the earliest time zone on Earth", () => {
    expect(earliestToday(new Date('2026-11-23T05:00:00Z'))).toBe('2026-11-22');
    expect(earliestToday(new Date('2026-11-23T13:00:00Z'))).toBe('2026-11-23');
  });
});
