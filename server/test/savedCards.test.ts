// Saved cards through the API, with a fake provider (no network): the customer made once when a client first saves a
// card, the checkout told to keep the card, paying with a saved card, and listing, naming and removing cards, each
// checked against the member (anyone else's card is a 404). Money still moves only on the verified webhook.
import { PAYMENT_LIMITS, PAYMENT_MESSAGES as M, type FundResponse, type SavedCard, type SavedCardList, type Workspace } from '@sciexperts/shared/contracts';
import { member, startAppOn, type Harness } from './helpers';
import { FakeProvider, PAYMENTS_CONFIG, caller, deliver, hiredContract, ledgerProblems, paid, type Member } from './paymentsFixtures';

const VISA = { id: 'pm_visa_4242', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 };

describe.each(['sqlite', 'postgres'] as const)('saved cards over %s', (dialect) => {
  let h: Harness;
  let provider: FakeProvider;
  let client: Member;
  let expert: Member;
  let stranger: Member;
  let call: ReturnType<typeof caller>;

  const fund = (milestoneId: number, body?: unknown, who: Member = client, key?: string) => call<FundResponse>('POST', `/api/Milestones/${milestoneId}/Fund`, who, { body, key });
  const cards = (who: Member = client) => call<SavedCardList>('GET', '/api/Payments/Cards', who, { key: null });
  const rename = (cardId: string, name: unknown, who: Member = client) => call<SavedCard>('PUT', `/api/PaymentCards/${cardId}`, who, { body: { name }, key: null });
  const remove = (cardId: string, who: Member = client) => call<null>('DELETE', `/api/PaymentCards/${cardId}`, who, { key: null });
  const customerRows = () => h.db.kysely.selectFrom('paymentCustomers').selectAll().execute();
  /** What the provider keeps after a checkout that saved the card (the fake does what the stand-in and Stripe do). */
  const providerKeeps = (who: Member, card = VISA) => provider.customers.get(`cus_${who.id}`)!.cards.push(card);

  beforeAll(async () => {
    provider = new FakeProvider();
    h = await startAppOn(dialect, { payments: PAYMENTS_CONFIG }, { paymentProvider: provider });
    call = caller(h);
    client = await member(h, { firstName: 'Olive' });
    expert = await member(h, { firstName: 'Ada' });
    stranger = await member(h, { firstName: 'Sam' });
  });
  afterAll(() => h?.close());
  afterEach(async () => expect(await ledgerProblems(h.db)).toEqual([]));

  it('has no cards and asks the provider nothing before a card was saved; a plain funding makes no customer', async () => {
    expect((await cards()).body).toEqual({ results: [] });
    const { milestoneIds } = await hiredContract(h, client, expert, [10_000]);
    expect((await fund(milestoneIds[0]!)).status).toBe(200);
    expect(await customerRows()).toEqual([]);
    const checkout = [...provider.checkouts.values()].at(-1)!;
    expect(checkout).toMatchObject({ customerId: null, saveCard: false, paymentMethodId: null });
  });

  it('saves the card on a customer made once, lists it with its name, and pays the next milestone with it', async () => {
    const { contractId, milestoneIds } = await hiredContract(h, client, expert, [20_000, 30_000]);
    const [first, second] = milestoneIds as [number, number];
    const started = await fund(first, { saveCard: true });
    expect(started.status).toBe(200);
    expect(await customerRows()).toEqual([expect.objectContaining({ userId: client.id, provider: 'local', customerId: `cus_${client.id}` })]);
    expect([...provider.checkouts.values()].at(-1)).toMatchObject({ paymentId: started.body.paymentId, customerId: `cus_${client.id}`, saveCard: true, paymentMethodId: null });
    // The card is kept by the provider once the payment succeeded; escrow still waits for the signed event.
    providerKeeps(client);
    expect((await deliver(h, paid(started.body.paymentId, 20_000))).status).toBe(200);

    expect((await cards()).body).toEqual({ results: [{ ...VISA, name: null }] });
    expect((await rename(VISA.id, '  Lab card  ')).body).toEqual({ ...VISA, name: 'Lab card' });
    expect((await cards()).body.results[0]!.name).toBe('Lab card');
    // No card data of ours: only the customer and the name.
    expect(await h.db.kysely.selectFrom('savedCardNames').selectAll().execute()).toEqual([expect.objectContaining({ userId: client.id, cardId: VISA.id, name: 'Lab card' })]);

    // Paying with the saved card: the same customer, no second one.
    const withSaved = await fund(second, { paymentMethodId: VISA.id });
    expect(withSaved.status).toBe(200);
    expect([...provider.checkouts.values()].at(-1)).toMatchObject({ paymentId: withSaved.body.paymentId, customerId: `cus_${client.id}`, saveCard: false, paymentMethodId: VISA.id });
    expect((await customerRows()).length).toBe(1);
    expect((await deliver(h, paid(withSaved.body.paymentId, 30_000))).status).toBe(200);
    const workspace = (await call<Workspace>('GET', `/api/Contracts/${contractId}/Workspace`, client, { key: null })).body;
    expect(workspace.milestones.map((m) => m.status)).toEqual(['funded', 'funded']);

    // An empty name removes it.
    expect((await rename(VISA.id, '')).body.name).toBeNull();
    expect(await h.db.kysely.selectFrom('savedCardNames').selectAll().execute()).toEqual([]);
  });

  it("refuses a card that is not the client's own, and both choices at once, before recording anything", async () => {
    const { milestoneIds } = await hiredContract(h, client, expert, [15_000]);
    const payments = async () => (await h.db.kysely.selectFrom('payments').select('id').where('milestoneId', '=', milestoneIds[0]!).execute()).length;
    const unknown = await fund(milestoneIds[0]!, { paymentMethodId: 'pm_someone_else' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([{ field: 'paymentMethodId', message: M.cardNotSaved }]);
    const both = await fund(milestoneIds[0]!, { saveCard: true, paymentMethodId: VISA.id });
    expect(both.status).toBe(400);
    expect(both.body.details).toEqual([{ field: 'paymentMethodId', message: M.cardChoiceConflict }]);
    for (const body of [{ paymentMethodId: 'pm with spaces' }, { saveCard: 'yes' }, { extra: 1 }, { paymentMethodId: 'x'.repeat(101) }]) {
      expect((await fund(milestoneIds[0]!, body)).status).toBe(400);
    }
    expect(await payments()).toBe(0);
  });

  it("answers 404 for anyone else's card, and for an unknown one; 400 for a bad id or name", async () => {
    // The stranger has a customer of their own, with no such card.
    provider.customers.set(`cus_${stranger.id}`, { userId: stranger.id, email: stranger.email, cards: [] });
    await h.db.kysely.insertInto('paymentCustomers').values({ userId: stranger.id, provider: 'local', customerId: `cus_${stranger.id}`, createdAt: new Date().toISOString() }).execute();
    expect((await cards(stranger)).body).toEqual({ results: [] });
    for (const answer of [await rename(VISA.id, 'Mine now', stranger), await remove(VISA.id, stranger), await remove(VISA.id, expert), await rename('pm_unknown', 'x')]) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(M.cardNotFound);
    }
    expect(provider.detached).toEqual([]);
    expect((await rename(VISA.id, 'x'.repeat(PAYMENT_LIMITS.cardNameMax + 1))).body.details).toEqual([{ field: 'name', message: M.cardNameTooLong }]);
    expect((await rename(VISA.id, 'Tab\tname')).body.details).toEqual([{ field: 'name', message: M.plainText }]);
    expect((await rename('not-an-id!', 'x')).status).toBe(400);
    expect((await call('PUT', `/api/PaymentCards/${VISA.id}`, client, { body: { name: 5 }, key: null })).status).toBe(400);
    expect((await call('GET', '/api/Payments/Cards', null, { key: null })).status).toBe(401);
  });

  it('still answers the former card address for remotes built before the card moved out of /api/Payments', async () => {
    const renamed = await call<SavedCard>('PUT', `/api/Payments/Cards/${VISA.id}`, client, { body: { name: 'Lab card' }, key: null });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Lab card');
    expect((await call('PUT', `/api/Payments/Cards/${VISA.id}`, expert, { body: { name: 'Mine' }, key: null })).status).toBe(404);
  });

  it("forgets a deleted member's customer and card names", async () => {
    const leaving = await member(h, { firstName: 'Lea' });
    const at = new Date().toISOString();
    await h.db.kysely.insertInto('paymentCustomers').values({ userId: leaving.id, provider: 'local', customerId: `cus_${leaving.id}`, createdAt: at }).execute();
    await h.db.kysely.insertInto('savedCardNames').values({ userId: leaving.id, cardId: 'pm_leaving', name: 'Old card', updatedAt: at }).execute();
    const deleted = await h.api('POST', '/api/Account/Delete', { token: leaving.token, body: { currentPassword: leaving.password } });
    expect(deleted.status).toBe(200);
    expect(await h.db.kysely.selectFrom('paymentCustomers').select('userId').where('userId', '=', leaving.id).execute()).toEqual([]);
    expect(await h.db.kysely.selectFrom('savedCardNames').select('userId').where('userId', '=', leaving.id).execute()).toEqual([]);
  });

  it('answers 502 when the provider cannot be asked, and removes a card at the provider (then it is gone)', async () => {
    provider.cardsDown = true;
    expect((await cards()).status).toBe(502);
    provider.cardsDown = false;
    await rename(VISA.id, 'Lab card');
    const removed = await remove(VISA.id);
    expect(removed.status).toBe(204);
    expect(provider.detached).toEqual([{ customerId: `cus_${client.id}`, cardId: VISA.id }]);
    expect((await cards()).body).toEqual({ results: [] });
    expect(await h.db.kysely.selectFrom('savedCardNames').selectAll().where('userId', '=', client.id).execute()).toEqual([]);
    expect((await remove(VISA.id)).status).toBe(404);
  });
});
