// Reviews after a contract (docs/decisions/0015-reviews.md), on both databases, with time moved by hand: who may
// review what and when (404 for strangers, 409 outside the window or a second time, 400 for a bad rating or text),
// double-blind publication (nothing of a review reaches its subject through any route before both are written or
// the 14 days are over; then both at once), the job that closes the window on day 14 and not before, the one
// public reply, and the ratings the directory, the profile and the project pages show and sort by.
import type { ContractReviews, ExpertSearchResponse, NotificationPage, Project, PublicExpertProfile, ReviewPage, Workspace } from '@sciexperts/shared/contracts';
import { REVIEW_MESSAGES } from '@sciexperts/shared/contracts';
import { RecordingMailer, member, startAppOn, type Harness } from './helpers';
import { FakeProvider, PAYMENTS_CONFIG, caller, deliver, hiredContract, ledgerProblems, paid, type Member } from './paymentsFixtures';
import { makeListed } from './projectsFixtures';
import { backfillEndedAt } from '../src/db/migrations/0018_reviews';
import type { Kysely } from 'kysely';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** A clock the test moves, forward only; it starts at the real time (webhooks are signed at the clock's time). */
function handClock() {
  let now = Date.now();
  return {
    clock: () => new Date(now),
    set: (ms: number) => {
      if (ms < now) throw new Error('This clock only moves forward.');
      now = ms;
    },
    now: () => now,
  };
}

type Body = { message?: string; details?: Array<{ field?: string; message: string }> };

describe.each(['sqlite', 'postgres'] as const)('reviews over %s', (dialect) => {
  let h: Harness;
  let time: ReturnType<typeof handClock>;
  let provider: FakeProvider;
  let call: ReturnType<typeof caller>;
  let client: Member;
  let expert: Member;
  let stranger: Member;

  const reviewsPath = (contractId: number) => `/api/Contracts/${contractId}/Reviews`;
  const read = async (who: Member, contractId: number) => h.api<ContractReviews & Body>('GET', reviewsPath(contractId), { token: who.token });
  const write = (who: Member, contractId: number, body: unknown) => h.api<ContractReviews & Body>('POST', reviewsPath(contractId), { token: who.token, body });
  const replyTo = (who: Member, reviewId: number, text: string) => h.api<ContractReviews & Body>('POST', `/api/Reviews/${reviewId}/Reply`, { token: who.token, body: { text } });
  const publicReviews = (expertId: number, token?: string) => h.api<ReviewPage & Body>('GET', `/api/Experts/${expertId}/Reviews`, { token: token ?? null });
  const notificationsOf = async (who: Member) => (await h.api<NotificationPage>('GET', '/api/Notifications', { token: who.token })).body.results;

  /** A contract of `c` and `e` whose first milestone was funded, delivered and approved; the second was never funded. */
  async function workedContract(c = client, e = expert) {
    const { contractId, milestoneIds } = await hiredContract(h, c, e, [60_000, 90_000]);
    const started = await call<{ paymentId: number }>('POST', `/api/Milestones/${milestoneIds[0]}/Fund`, c);
    expect((await deliver(h, paid(started.body.paymentId, 60_000), { at: time.clock() })).status).toBe(200);
    expect((await call('POST', `/api/Milestones/${milestoneIds[0]}/Submit`, e, { body: { note: 'The analysis is done.' } })).status).toBe(200);
    expect((await call('POST', `/api/Milestones/${milestoneIds[0]}/Approve`, c)).status).toBe(200);
    return contractId;
  }

  /** The same, ended by the client now (the unfunded milestone is cancelled). */
  async function endedContract(c = client, e = expert) {
    const contractId = await workedContract(c, e);
    const ended = await call<Workspace>('POST', `/api/Contracts/${contractId}/End`, c);
    expect([ended.status, ended.body.contract.status]).toEqual([200, 'completed']);
    return { contractId, endedAt: time.now() };
  }

  beforeAll(async () => {
    time = handClock();
    provider = new FakeProvider();
    h = await startAppOn(dialect, { payments: PAYMENTS_CONFIG }, { paymentProvider: provider, mailer: new RecordingMailer(), clock: time.clock });
    call = caller(h);
    client = await member(h, { firstName: 'Olive', lastName: 'Owner' });
    expert = await member(h, { firstName: 'Ada', lastName: 'Lovelace' });
    stranger = await member(h, { firstName: 'Sam', lastName: 'Stranger' });
    await makeListed(h, expert, { headline: 'Biostatistician for reviewed trials' });
  });

  afterAll(() => h?.close());
  afterEach(async () => expect(await ledgerProblems(h.db)).toEqual([]));

  describe('who may review, and when', () => {
    it('a stranger learns nothing of a contract’s reviews: 404 for reading and writing, as for the contract itself', async () => {
      const { contractId } = await endedContract();
      expect((await read(stranger, contractId)).status).toBe(404);
      const refused = await write(stranger, contractId, { rating: 5 });
      expect([refused.status, refused.body.message]).toEqual([404, REVIEW_MESSAGES.contractNotFound]);
      expect((await read(client, 999_999)).status).toBe(404);
      expect((await h.api('GET', reviewsPath(contractId))).status).toBe(401);
    });

    it('an active contract, or one that ended without released work, cannot be reviewed (409)', async () => {
      const active = await workedContract();
      expect((await read(client, active)).body).toMatchObject({ state: 'unavailable', windowEndsAt: null, canWrite: false });
      const early = await write(client, active, { rating: 4 });
      expect([early.status, early.body.message]).toEqual([409, REVIEW_MESSAGES.notReviewable]);

      // Hired, then ended before anything was paid: no work changed hands through the platform.
      const { contractId: unpaid } = await hiredContract(h, client, expert, [50_000]);
      expect((await call('POST', `/api/Contracts/${unpaid}/End`, client)).status).toBe(200);
      expect((await read(expert, unpaid)).body).toMatchObject({ state: 'unavailable', canWrite: false });
      expect((await write(expert, unpaid, { rating: 1 })).status).toBe(409);
      // Nobody was asked for a review of it.
      const asked = (await notificationsOf(expert)).filter((n) => n.type === 'review-to-write' && n.link === `/profile/workspace/${unpaid}`);
      expect(asked).toEqual([]);
    });

    it('checks the rating and the text (400 by field) and takes each party’s review once (409)', async () => {
      const { contractId, endedAt } = await endedContract();
      const open = await read(client, contractId);
      expect(open.body).toMatchObject({ state: 'open', canWrite: true, mine: null, theirs: null, theirsWritten: false, subject: { id: expert.id, firstName: 'Ada', role: 'expert' } });
      expect(open.body.windowEndsAt).toBe(new Date(endedAt + 14 * DAY_MS).toISOString());
      for (const [body, field, message] of [
        [{ rating: 0 }, 'rating', REVIEW_MESSAGES.ratingInvalid],
        [{ rating: 6 }, 'rating', REVIEW_MESSAGES.ratingInvalid],
        [{ rating: -3, text: 'x' }, 'rating', REVIEW_MESSAGES.ratingInvalid],
        [{ rating: 5, text: 'a'.repeat(2001) }, 'text', REVIEW_MESSAGES.textTooLong],
        [{ rating: 5, text: 'bell\u0007' }, 'text', REVIEW_MESSAGES.plainText],
      ] as const) {
        const res = await write(client, contractId, body);
        expect([res.status, res.body.details?.find((d) => d.field === field)?.message]).toEqual([400, message]);
      }
      for (const body of [{ rating: 4.5 }, { rating: '5' }, {}, { rating: 5, stars: 5 }]) expect((await write(client, contractId, body)).status).toBe(400);

      const first = await write(client, contractId, { rating: 5, text: `  ${'a'.repeat(2000)}  ` });
      expect(first.status).toBe(201);
      expect(first.body.mine).toMatchObject({ rating: 5, text: 'a'.repeat(2000), publishedAt: null, subjectId: expert.id, subjectRole: 'expert' });
      expect(first.body).toMatchObject({ canWrite: false, theirsWritten: false });
      const again = await write(client, contractId, { rating: 1, text: 'Changed my mind.' });
      expect([again.status, again.body.message]).toEqual([409, REVIEW_MESSAGES.alreadyReviewed]);
      expect((await read(client, contractId)).body.mine).toMatchObject({ rating: 5 });
      // An empty text is no text.
      const expertsReview = await write(expert, contractId, { rating: 4, text: '   ' });
      expect([expertsReview.status, expertsReview.body.mine?.text]).toEqual([201, null]);
    });

    it('asks both parties for a review when the contract ends, and refuses reviews once the 14 days are over', async () => {
      const { contractId, endedAt } = await endedContract();
      for (const who of [client, expert]) {
        const asked = (await notificationsOf(who)).find((n) => n.type === 'review-to-write' && n.link === `/profile/workspace/${contractId}`);
        expect(asked?.text).toMatch(/^“.+” has ended\. Review (Ada Lovelace|Olive Owner) by .+: your review stays hidden until (Ada|Olive) has written theirs, then both are published together\.$/);
      }
      time.set(endedAt + 14 * DAY_MS + MINUTE_MS);
      expect((await read(client, contractId)).body).toMatchObject({ state: 'closed', canWrite: false });
      const late = await write(client, contractId, { rating: 5 });
      expect([late.status, late.body.message]).toEqual([409, REVIEW_MESSAGES.windowClosed]);
    });
  });

  describe('double-blind publication', () => {
    it('hides a review from its subject on every route until the second is written, then publishes both at once', async () => {
      const { contractId } = await endedContract();
      const secret = `Superb survival analysis ${contractId}, delivered early.`;
      const written = await write(client, contractId, { rating: 5, text: secret });
      expect(written.status).toBe(201);
      const clientReviewId = written.body.mine!.id;

      // The expert knows one is waiting, never what it says: not its stars, not its text, not its id.
      const seen = await read(expert, contractId);
      expect(seen.body).toMatchObject({ theirs: null, theirsWritten: true, canWrite: true, canReply: false });
      expect(JSON.stringify(seen.body)).not.toContain(secret);
      expect(JSON.stringify(seen.body)).not.toContain(`"id":${clientReviewId}`);
      const told = (await notificationsOf(expert)).find((n) => n.type === 'review-to-write' && n.text.includes('has reviewed you'));
      expect(told?.text).toMatch(/^Olive Owner has reviewed you for “.+”\. Write your review of Olive by .+ to see theirs: both are published together\.$/);
      expect(JSON.stringify(await notificationsOf(expert))).not.toContain(secret);
      // Public lists and ratings count published reviews only, for visitors and for the expert alike.
      for (const token of [undefined, expert.token, client.token]) {
        const list = await publicReviews(expert.id, token);
        expect(JSON.stringify(list.body)).not.toContain(secret);
      }
      const profile = await h.api<PublicExpertProfile>('GET', `/api/Experts/${expert.id}`, { token: expert.token });
      const before = { ratingAverage: profile.body.ratingAverage, reviewCount: profile.body.reviewCount };
      // Replying needs it published (a 409 that says nothing of it).
      const early = await replyTo(expert, clientReviewId, 'Thank you!');
      expect([early.status, early.body.message]).toEqual([409, REVIEW_MESSAGES.notPublished]);
      expect(JSON.stringify(early.body)).not.toContain(secret);

      const second = await write(expert, contractId, { rating: 4, text: 'Clear brief, quick answers.' });
      expect(second.status).toBe(201);
      const { mine, theirs } = second.body;
      expect(mine?.publishedAt).not.toBeNull();
      expect(theirs).toMatchObject({ id: clientReviewId, rating: 5, text: secret });
      expect(theirs?.publishedAt).toBe(mine?.publishedAt);
      expect(second.body).toMatchObject({ state: 'closed', canWrite: false, canReply: true });
      expect((await read(client, contractId)).body).toMatchObject({ theirs: { rating: 4, text: 'Clear brief, quick answers.' }, canReply: true });

      const list = await publicReviews(expert.id);
      expect(list.body.results[0]).toMatchObject({ id: clientReviewId, rating: 5, text: secret, reviewerFirstName: 'Olive', reply: null });
      expect(JSON.stringify(list.body)).not.toContain('Owner');
      expect(list.body.reviewCount).toBe(before.reviewCount + 1);
      for (const who of [client, expert]) {
        const received = (await notificationsOf(who)).find((n) => n.type === 'review-received' && n.link === `/profile/workspace/${contractId}`);
        expect(received?.text).toMatch(who === expert ? /^Olive Owner reviewed you for “.+”: 5 out of 5 stars\. It now shows on your public profile\.$/ : /: 4 out of 5 stars\. It now shows on your projects\.$/);
      }
    });

    it('two reviews written at the same moment are both published, together, once', async () => {
      const { contractId } = await endedContract();
      const [a, b] = await Promise.all([write(client, contractId, { rating: 5 }), write(expert, contractId, { rating: 5 })]);
      expect([a.status, b.status]).toEqual([201, 201]);
      const rows = await h.db.kysely.selectFrom('reviews').select(['publishedAt']).where('contractId', '=', contractId).execute();
      expect(rows).toHaveLength(2);
      expect(rows[0]!.publishedAt).not.toBeNull();
      expect(rows[1]!.publishedAt).toBe(rows[0]!.publishedAt);
      const received = (await notificationsOf(expert)).filter((n) => n.type === 'review-received' && n.link === `/profile/workspace/${contractId}`);
      expect(received).toHaveLength(1);
    });

    it('the job publishes a lone review when the 14 days are over, not before', async () => {
      const other = await member(h, { firstName: 'Otto', lastName: 'Other' });
      const { contractId, endedAt } = await endedContract(other, expert);
      const text = `Lone review ${contractId}`;
      expect((await write(other, contractId, { rating: 3, text })).status).toBe(201);

      time.set(endedAt + 14 * DAY_MS - MINUTE_MS);
      await h.app.ctx.jobs.runDue();
      expect((await read(expert, contractId)).body).toMatchObject({ state: 'open', theirs: null, theirsWritten: true });
      expect(JSON.stringify((await publicReviews(expert.id)).body)).not.toContain(text);

      time.set(endedAt + 14 * DAY_MS + MINUTE_MS);
      await h.app.ctx.jobs.runDue();
      const after = await read(expert, contractId);
      expect(after.body).toMatchObject({ state: 'closed', canWrite: false, canReply: true, mine: null, theirs: { rating: 3, text } });
      expect((await publicReviews(expert.id)).body.results.map((r) => r.text)).toContain(text);
      expect((await write(expert, contractId, { rating: 5 })).status).toBe(409);
      expect((await notificationsOf(expert)).some((n) => n.type === 'review-received' && n.text.startsWith('Otto Other reviewed you'))).toBe(true);
      // Running it again publishes nothing twice.
      await h.app.ctx.jobs.runDue();
      expect((await notificationsOf(expert)).filter((n) => n.type === 'review-received' && n.text.startsWith('Otto Other reviewed you'))).toHaveLength(1);
    });
  });

  it('contracts that ended before reviews existed end when their last timeline event happened (migration 0018)', async () => {
    const { contractId } = await endedContract();
    const { contractId: quiet } = await hiredContract(h, client, expert, [40_000]);
    await h.db.kysely.deleteFrom('milestoneEvents').where('contractId', '=', quiet).execute();
    await h.db.kysely.updateTable('contracts').set({ status: 'completed', endedAt: null }).where('id', 'in', [contractId, quiet]).execute();
    const last = await h.db.kysely.selectFrom('milestoneEvents').select((eb) => eb.fn.max('createdAt').as('at')).where('contractId', '=', contractId).executeTakeFirstOrThrow();
    await backfillEndedAt(h.db.kysely as unknown as Kysely<unknown>);
    const rows = await h.db.kysely.selectFrom('contracts').select(['id', 'endedAt', 'createdAt']).where('id', 'in', [contractId, quiet]).orderBy('id').execute();
    expect(rows.map((r) => r.endedAt)).toEqual([last.at, rows[1]!.createdAt]);
  });

  describe('the reply', () => {
    it('is the reviewed member’s, once, after publication, and shows with the review', async () => {
      const { contractId } = await endedContract();
      await write(expert, contractId, { rating: 2, text: 'The brief changed twice.' });
      const both = await write(client, contractId, { rating: 5, text: 'Excellent statistician.' });
      const aboutClient = both.body.theirs!;
      const aboutExpert = both.body.mine!;

      expect((await replyTo(stranger, aboutClient.id, 'Hi')).status).toBe(404);
      expect((await replyTo(client, 999_999, 'Hi')).status).toBe(404);
      const byAuthor = await replyTo(expert, aboutClient.id, 'Replying to my own review.');
      expect([byAuthor.status, byAuthor.body.message]).toEqual([403, REVIEW_MESSAGES.subjectOnly]);
      const empty = await replyTo(client, aboutClient.id, '   ');
      expect([empty.status, empty.body.details?.[0]?.field]).toEqual([400, 'text']);
      expect((await replyTo(client, aboutClient.id, 'x'.repeat(2001))).status).toBe(400);

      const replied = await replyTo(client, aboutClient.id, '  The scope changed once, with an agreed milestone.  ');
      expect(replied.status).toBe(200);
      expect(replied.body.theirs?.reply).toMatchObject({ text: 'The scope changed once, with an agreed milestone.' });
      expect(replied.body.canReply).toBe(false);
      const twice = await replyTo(client, aboutClient.id, 'Another reply.');
      expect([twice.status, twice.body.message]).toEqual([409, REVIEW_MESSAGES.alreadyReplied]);
      // The author sees the reply beside their review.
      expect((await read(expert, contractId)).body.mine?.reply?.text).toBe('The scope changed once, with an agreed milestone.');

      expect((await replyTo(expert, aboutExpert.id, 'Thank you, Olive.')).status).toBe(200);
      const shown = (await publicReviews(expert.id)).body.results.find((r) => r.id === aboutExpert.id);
      expect(shown?.reply?.text).toBe('Thank you, Olive.');
    });
  });

  describe('ratings', () => {
    it('show on the expert’s profile, card and reviews, and on the client’s projects; the directory sorts by them', async () => {
      const word = `rated${dialect}${Date.now().toString(36)}`;
      const listed = async (firstName: string) => {
        const m = await member(h, { firstName, lastName: 'Rated' });
        await makeListed(h, m, { headline: `Statistician for ${word} studies`, country: 'IS' });
        return m;
      };
      const top = await listed('Tess');
      const low = await listed('Lars');
      const unrated = await listed('Una');
      const buyer = await member(h, { firstName: 'Bea', lastName: 'Buyer' });
      const reviewed = async (e: Member, ratings: Array<[clientStars: number, expertStars: number]>) => {
        for (const [clientStars, expertStars] of ratings) {
          const { contractId } = await endedContract(buyer, e);
          expect((await write(buyer, contractId, { rating: clientStars })).status).toBe(201);
          expect((await write(e, contractId, { rating: expertStars })).status).toBe(201);
        }
      };
      await reviewed(top, [[5, 5], [4, 3]]);
      await reviewed(low, [[3, 4]]);

      const cards = async (query: Record<string, string>) => (await h.api<ExpertSearchResponse>('GET', `/api/Experts/Search?${new URLSearchParams(query)}`)).body.results;
      for (const query of [{ q: word, sort: 'rating' }, { country: 'IS', sort: 'rating' }] as Array<Record<string, string>>) {
        const found = (await cards(query)).filter((c) => [top.id, low.id, unrated.id].includes(c.id));
        expect(found.map((c) => [c.firstName, c.ratingAverage, c.reviewCount])).toEqual([
          ['Tess', 4.5, 2],
          ['Lars', 3, 1],
          ['Una', null, 0],
        ]);
      }
      const profile = await h.api<PublicExpertProfile>('GET', `/api/Experts/${top.id}`);
      expect([profile.body.ratingAverage, profile.body.reviewCount]).toEqual([4.5, 2]);
      const page = await publicReviews(top.id);
      expect(page.body).toMatchObject({ ratingAverage: 4.5, reviewCount: 2, page: 1, pageSize: 10 });
      expect(page.body.results.map((r) => [r.rating, r.reviewerFirstName])).toEqual([
        [4, 'Bea'],
        [5, 'Bea'],
      ]);
      expect((await h.api('GET', `/api/Experts/${top.id}/Reviews?page=0`)).status).toBe(400);
      expect((await h.api<ReviewPage>('GET', `/api/Experts/${top.id}/Reviews?page=2`)).body.results).toEqual([]);
      // A member who is not listed has no public reviews page (the owner still reads theirs).
      expect((await publicReviews(buyer.id)).status).toBe(404);
      expect((await publicReviews(buyer.id, buyer.token)).status).toBe(200);

      // The client's rating (from the experts: 5, 3 and 4) on their projects, for the members who may see them.
      const posted = await h.api<Project>('POST', '/api/Projects', {
        token: buyer.token,
        body: { title: 'Next study', description: 'A new cohort needs a statistician for its analysis plan.', service: 'Statistical Analysis', practiceAreas: ['Biostatistics'], budget: { type: 'fixed', amountCents: 90_000 }, duration: '1-4-weeks', visibility: 'public' },
      });
      await h.api('POST', `/api/Projects/${posted.body.id}/Publish`, { token: buyer.token });
      const seen = await h.api<Project>('GET', `/api/Projects/${posted.body.id}`, { token: stranger.token });
      expect(seen.body.owner).toEqual({ firstName: 'Bea', country: null, ratingAverage: 4, reviewCount: 3 });
      const ofClient = await h.api<ReviewPage>('GET', `/api/Projects/${posted.body.id}/ClientReviews`, { token: stranger.token });
      expect(ofClient.body).toMatchObject({ ratingAverage: 4, reviewCount: 3 });
      expect(ofClient.body.results.map((r) => r.reviewerFirstName).sort()).toEqual(['Lars', 'Tess', 'Tess']);
      expect((await h.api('GET', `/api/Projects/${posted.body.id}/ClientReviews`)).status).toBe(401);
    });
  });
});
