// The payments domain's scheduled work through the app's job queue, with time moved by hand: the client's notice
// when work is submitted, the reminder a day before the automatic release, the release itself on day 14 (not
// before), and the retry of a refund the provider did not acknowledge. Two API processes sharing one database
// release and mail once.
import { ADMIN_PATHS, type NotificationPage, type Workspace } from '@sciexperts/shared/contracts';
import { runAdmin } from '../src/modules/payments/admin';
import { ACCOUNTS } from '../src/modules/payments/ledger';
import { RecordingMailer, member, startApp, startAppOn, type Harness } from './helpers';
import { signedInOperator } from './adminFixtures';
import { FakeProvider, PAYMENTS_CONFIG, caller, deliver, hiredContract, ledgerProblems, paid, type Member } from './paymentsFixtures';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * A clock the test moves, forward only (the queue's periodic sweeps are scheduled on it). It starts at the real time;
 * webhooks are signed at the clock's time, so they stay inside the replay window.
 */
function handClock() {
  let now = Date.now();
  return {
    clock: () => new Date(now),
    set: (ms: number) => {
      if (ms < now) throw new Error('This clock only moves forward.');
      now = ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
}

describe.each(['sqlite', 'postgres'] as const)('scheduled escrow work over %s', (dialect) => {
  let h: Harness;
  let time: ReturnType<typeof handClock>;
  let mailer: RecordingMailer;
  let provider: FakeProvider;
  let client: Member;
  let expert: Member;
  let call: ReturnType<typeof caller>;

  const workspace = async (contractId: number) => (await call<Workspace>('GET', `/api/Contracts/${contractId}/Workspace`, client, { key: null })).body;
  const statusOf = async (contractId: number, milestoneId: number) => (await workspace(contractId)).milestones.find((m) => m.id === milestoneId)?.status;
  const runDue = () => h.app.ctx.jobs.runDue();
  /** The client's e-mails about this milestone. */
  const mailsAbout = (title: string) => mailer.sent.filter((m) => m.to === client.email && m.text.includes(`“${title}”`));
  const notificationsOf = async (who: Member) => (await call<NotificationPage>('GET', '/api/Notifications', who, { key: null })).body.results;
  /** Runs what is due now, then what is due once the e-mail delay has passed. */
  const runDueAndMail = async () => {
    await runDue();
    time.advance(3 * MINUTE_MS);
    await runDue();
  };

  /** A contract whose first milestone is funded (through the webhook) and submitted now; its title is unique. */
  async function submittedMilestone(title: string) {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert, [60_000]);
    const milestoneId = milestoneIds[0]!;
    await h.db.kysely.updateTable('contractMilestones').set({ title }).where('id', '=', milestoneId).execute();
    const started = await call<{ paymentId: number }>('POST', `/api/Milestones/${milestoneId}/Fund`, client);
    expect((await deliver(h, paid(started.body.paymentId, 60_000), { at: time.clock() })).status).toBe(200);
    expect((await call('POST', `/api/Milestones/${milestoneId}/Submit`, expert, { body: { note: 'The report is in the files.' } })).status).toBe(200);
    return { contractId, milestoneId, paymentId: started.body.paymentId, submittedAt: time.now() };
  }

  beforeAll(async () => {
    time = handClock();
    mailer = new RecordingMailer();
    provider = new FakeProvider();
    h = await startAppOn(dialect, { payments: PAYMENTS_CONFIG }, { paymentProvider: provider, mailer, clock: time.clock });
    call = caller(h);
    client = await member(h, { firstName: 'Olive', lastName: 'Owner' });
    expert = await member(h, { firstName: 'Ada', lastName: 'Lovelace' });
  });

  afterAll(() => h?.close());
  afterEach(async () => expect(await ledgerProblems(h.db)).toEqual([]));

  it('tells the client once that work was submitted, and when it will be released on its own, in the app and then by e-mail', async () => {
    const { contractId, submittedAt } = await submittedMilestone('Data cleaning');
    await runDue();
    const releaseOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(submittedAt + 14 * DAY_MS));
    const latest = (await notificationsOf(client)).find((n) => n.type === 'milestone-submitted');
    expect(latest).toMatchObject({ type: 'milestone-submitted', link: `/profile/workspace/${contractId}`, readAt: null });
    expect(latest!.text).toMatch(/^Ada Lovelace submitted “Data cleaning” of “.+” for your review\. Unless you answer, \$600\.00 is released to Ada Lovelace automatically on /);
    expect(latest!.text).toContain(releaseOn);
    // The e-mail waits a little: a member who saw it in the app would not need it.
    expect(mailsAbout('Data cleaning')).toHaveLength(0);

    time.advance(3 * MINUTE_MS);
    await runDue();
    await runDue();
    const mails = mailsAbout('Data cleaning');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Ada Lovelace submitted “Data cleaning”/);
    expect(mails[0]!.text).toContain(`released to Ada Lovelace automatically on ${releaseOn}`);
    expect(mails[0]!.text).toContain(`http://site.test/profile/workspace/${contractId}`);
    expect(mails[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    // The expert was told the milestone was funded.
    expect((await notificationsOf(expert)).map((n) => n.type)).toContain('milestone-funded');
  });

  it('reminds the client a day before, and releases on day 14 and not before', async () => {
    const { contractId, milestoneId, submittedAt } = await submittedMilestone('Survey analysis');

    time.set(submittedAt + 13 * DAY_MS - 5 * MINUTE_MS);
    await runDueAndMail();
    expect(mailsAbout('Survey analysis').map((m) => m.subject)).toEqual([expect.stringMatching(/^Ada Lovelace submitted “Survey analysis”/)]);

    time.set(submittedAt + 13 * DAY_MS + MINUTE_MS);
    await runDueAndMail();
    const reminder = mailsAbout('Survey analysis')[1];
    expect(reminder?.subject).toMatch(/^Tomorrow \(.+\) \$600\.00 for “Survey analysis”/);
    expect(reminder?.text).toContain('is released to Ada Lovelace automatically, unless you approve it, request changes or open a dispute.');
    expect((await notificationsOf(client)).find((n) => n.type === 'auto-release-coming' && n.text.includes('“Survey analysis”'))).toMatchObject({ link: `/profile/workspace/${contractId}` });
    expect(await statusOf(contractId, milestoneId)).toBe('submitted');

    // The sweep runs every ten minutes: just before day 14 it leaves the milestone alone.
    time.set(submittedAt + 14 * DAY_MS - 11 * MINUTE_MS);
    await runDue();
    expect(await statusOf(contractId, milestoneId)).toBe('submitted');

    time.set(submittedAt + 14 * DAY_MS + 11 * MINUTE_MS);
    await runDue();
    expect(await statusOf(contractId, milestoneId)).toBe('released');
    // The expert is paid the amount less the 10 % fee (the first test's milestone, submitted just before, went too).
    const credited = await h.db.kysely
      .selectFrom('ledgerEntries as e')
      .innerJoin('ledgerTransactions as t', 't.id', 'e.transactionId')
      .select(['t.kind', 'e.amountCents'])
      .where('t.milestoneId', '=', milestoneId)
      .where('e.account', '=', ACCOUNTS.available(expert.id))
      .execute();
    expect(credited.map((c) => ({ ...c, amountCents: Number(c.amountCents) }))).toEqual([{ kind: 'auto-release', amountCents: 54_000 }]);
    const timeline = (await workspace(contractId)).events.map((e) => e.kind);
    expect(timeline).toContain('auto-released');
    await runDue();
    expect((await notificationsOf(expert)).find((n) => n.text.includes('“Survey analysis”'))).toMatchObject({
      type: 'milestone-released',
      text: expect.stringContaining('was released automatically: $540.00 is in your balance.'),
    });
    // The client is told it went, and nothing more.
    await runDueAndMail();
    expect(mailsAbout('Survey analysis').map((m) => m.subject)).toEqual([expect.stringMatching(/submitted/), expect.stringMatching(/^Tomorrow/), expect.stringMatching(/released to Ada Lovelace automatically/)]);
  });

  it('sends no reminder for a submission the client already answered, and counts a resubmission afresh', async () => {
    const { contractId, milestoneId, submittedAt } = await submittedMilestone('Protocol review');
    await runDueAndMail();
    expect((await call('POST', `/api/Milestones/${milestoneId}/RequestChanges`, client, { body: { note: 'Add the appendix.' } })).status).toBe(200);
    await runDue();
    expect((await notificationsOf(expert)).find((n) => n.type === 'milestone-changes-requested')).toMatchObject({ text: expect.stringMatching(/^Olive Owner requested changes to “Protocol review” of “.+”: “Add the appendix\.”$/) });
    time.set(submittedAt + 2 * DAY_MS);
    expect((await call('POST', `/api/Milestones/${milestoneId}/Submit`, expert, { body: { note: 'Appendix added.' } })).status).toBe(200);
    const resubmittedAt = time.now();
    await runDueAndMail();
    expect(mailsAbout('Protocol review')).toHaveLength(2);

    // The first submission's reminder date comes: that submission was answered, so it stays silent.
    time.set(submittedAt + 13 * DAY_MS + MINUTE_MS);
    await runDueAndMail();
    expect(mailsAbout('Protocol review')).toHaveLength(2);
    // Nor is the milestone released 14 days after the first submission: the count restarted.
    time.set(submittedAt + 14 * DAY_MS + 11 * MINUTE_MS);
    await runDue();
    expect(await statusOf(contractId, milestoneId)).toBe('submitted');

    time.set(resubmittedAt + 13 * DAY_MS + MINUTE_MS);
    await runDueAndMail();
    expect(mailsAbout('Protocol review').map((m) => m.subject)[2]).toMatch(/^Tomorrow .+ for “Protocol review”/);
    expect((await call('POST', `/api/Milestones/${milestoneId}/Approve`, client)).status).toBe(200);
    time.set(resubmittedAt + 15 * DAY_MS);
    await runDueAndMail();
    expect(mailsAbout('Protocol review')).toHaveLength(3);
    expect(await statusOf(contractId, milestoneId)).toBe('released');
  });

  it('tells the expert about an approval, a refund and a dispute, and both parties about its resolution', async () => {
    const expertSees = async (title: string) => (await notificationsOf(expert)).filter((n) => n.text.includes(`“${title}”`)).map((n) => [n.type, n.text]);
    const approved = await submittedMilestone('Approved part');
    expect((await call('POST', `/api/Milestones/${approved.milestoneId}/Approve`, client)).status).toBe(200);
    await runDue();
    expect(await expertSees('Approved part')).toContainEqual(['milestone-released', expect.stringMatching(/^Olive Owner approved “Approved part” of “.+”: \$540\.00 is in your balance\.$/)]);

    const { milestoneIds } = await hiredContract(h, client, expert, [20_000]);
    const refunded = milestoneIds[0]!;
    await h.db.kysely.updateTable('contractMilestones').set({ title: 'Refunded part' }).where('id', '=', refunded).execute();
    const started = await call<{ paymentId: number }>('POST', `/api/Milestones/${refunded}/Fund`, client);
    expect((await deliver(h, paid(started.body.paymentId, 20_000), { at: time.clock() })).status).toBe(200);
    expect((await call('POST', `/api/Milestones/${refunded}/Refund`, client)).status).toBe(200);
    await runDue();
    expect(await expertSees('Refunded part')).toContainEqual(['milestone-refunded', expect.stringMatching(/^Olive Owner cancelled “Refunded part” of “.+”: its \$200\.00 went back to them\.$/)]);

    const disputed = await submittedMilestone('Disputed part');
    expect((await call('POST', `/api/Milestones/${disputed.milestoneId}/Dispute`, client, { body: { note: 'The file is empty.' } })).status).toBe(200);
    await runDue();
    expect(await expertSees('Disputed part')).toContainEqual(['milestone-disputed', expect.stringContaining('opened a dispute on “Disputed part”')]);
    expect(await runAdmin(['resolve', String(disputed.milestoneId), 'refund'], { db: h.db, payments: PAYMENTS_CONFIG, provider, now: time.clock(), out: () => undefined })).toBe(0);
    await runDue();
    const resolution = expect.stringMatching(/^SciExperts resolved the dispute on “Disputed part” of “.+”: it was refunded to Olive Owner\.$/);
    expect(await expertSees('Disputed part')).toContainEqual(['milestone-refunded', resolution]);
    expect((await notificationsOf(client)).map((n) => [n.type, n.text])).toContainEqual(['milestone-refunded', resolution]);
  });

  it("mails each party of a split the kind of e-mail its money is, with that kind's stop in the footer (issue 47)", async () => {
    const { milestoneId } = await submittedMilestone('Split part');
    expect((await call('POST', `/api/Milestones/${milestoneId}/Dispute`, client, { body: { note: 'Half is missing.' } })).status).toBe(200);
    await runDueAndMail();
    const lead = await signedInOperator(h, 'operator', () => {
      time.advance(30_000);
      return time.now();
    });
    const resolved = await h.api('POST', ADMIN_PATHS.disputeResolve.replace(':milestoneId', String(milestoneId)), { token: lead.token, body: { outcome: 'split', expertCents: 36_000, reason: 'Half was delivered.' } });
    expect(resolved.status).toBe(200);
    await runDueAndMail();
    const resolution = (to: Member) => mailer.sent.filter((m) => m.to === to.email && m.text.includes('SciExperts resolved the dispute on “Split part”'));
    const [toClient] = resolution(client);
    const [toExpert] = resolution(expert);
    expect(toClient?.text).toContain('with a split: $360.00 to Ada Lovelace and $240.00 back to Olive Owner.');
    // The client got money back: a refund's e-mail, whose stop is for refunds, not for "Payment released".
    expect(toClient?.text).toMatch(/^Stop “Milestone refunded” e-mails: /m);
    expect(toClient?.text).not.toContain('Payment released');
    expect(toExpert?.text).toMatch(/^Stop “Payment released” e-mails: /m);
    expect((await notificationsOf(client)).find((n) => n.text.includes('“Split part”') && n.text.includes('with a split'))?.type).toBe('milestone-refunded');
  });

  it('asks the provider again for a refund it did not acknowledge', async () => {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert, [30_000]);
    const milestoneId = milestoneIds[0]!;
    const started = await call<{ paymentId: number }>('POST', `/api/Milestones/${milestoneId}/Fund`, client);
    expect((await deliver(h, paid(started.body.paymentId, 30_000), { at: time.clock() })).status).toBe(200);
    provider.down.refund = true;
    expect((await call('POST', `/api/Milestones/${milestoneId}/Refund`, client)).status).toBe(200);
    expect(await statusOf(contractId, milestoneId)).toBe('refunded');
    const unacknowledged = () => h.db.kysely.selectFrom('payments').select('providerRefundId').where('id', '=', started.body.paymentId).executeTakeFirstOrThrow();
    expect((await unacknowledged()).providerRefundId).toBeNull();

    provider.down.refund = false;
    time.advance(6 * MINUTE_MS);
    await runDue();
    expect((await unacknowledged()).providerRefundId).toBe(`re_${started.body.paymentId}`);
  });
});

describe('two API processes sharing one database', () => {
  it('release a due milestone, and notify and mail each party once', async () => {
    const time = handClock();
    const mailer = new RecordingMailer();
    const provider = new FakeProvider();
    const first = await startApp({ payments: PAYMENTS_CONFIG }, { paymentProvider: provider, mailer, clock: time.clock });
    const second = await startApp({ payments: PAYMENTS_CONFIG }, { paymentProvider: provider, mailer, clock: time.clock, db: first.db });
    try {
      const call = caller(first);
      const client = await member(first, { firstName: 'Olive' });
      const expert = await member(first, { firstName: 'Ada', lastName: 'Lovelace' });
      const { milestoneIds } = await hiredContract(first, client, expert, [80_000]);
      const milestoneId = milestoneIds[0]!;
      const started = await call<{ paymentId: number }>('POST', `/api/Milestones/${milestoneId}/Fund`, client);
      expect((await deliver(first, paid(started.body.paymentId, 80_000), { at: time.clock() })).status).toBe(200);
      expect((await call('POST', `/api/Milestones/${milestoneId}/Submit`, expert, { body: { note: 'Done.' } })).status).toBe(200);
      const bothRunDue = () => Promise.all([first.app.ctx.jobs.runDue(), second.app.ctx.jobs.runDue(), first.app.ctx.jobs.runDue(), second.app.ctx.jobs.runDue()]);

      time.advance(13.5 * DAY_MS);
      await bothRunDue();
      time.advance(3 * MINUTE_MS);
      await bothRunDue();
      const toClient = () => mailer.sent.filter((m) => m.to === client.email && !m.subject.includes('sent a proposal') && !m.subject.startsWith('Welcome'));
      expect(toClient().map((m) => m.subject)).toEqual([expect.stringMatching(/^Ada Lovelace submitted/), expect.stringMatching(/^Tomorrow/)]);
      time.advance(1.5 * DAY_MS);
      await bothRunDue();
      // The release's own event is told about by the next run.
      await bothRunDue();
      const releases = await first.db.kysely.selectFrom('ledgerTransactions').select('id').where('milestoneId', '=', milestoneId).where('kind', '=', 'auto-release').execute();
      expect(releases).toHaveLength(1);
      expect(await ledgerProblems(first.db)).toEqual([]);
      // Each party told once about each event, though four runners saw every job.
      const told = await first.db.kysely.selectFrom('notifications').select(['userId', 'type']).execute();
      expect(told.filter((n) => n.userId === client.id).map((n) => n.type).sort()).toEqual(['auto-release-coming', 'milestone-released', 'milestone-submitted', 'proposal-received']);
      expect(told.filter((n) => n.userId === expert.id).map((n) => n.type).sort()).toEqual(['milestone-funded', 'milestone-released', 'proposal-hired']);
    } finally {
      await second.app.close();
      await first.close();
    }
  });
});
