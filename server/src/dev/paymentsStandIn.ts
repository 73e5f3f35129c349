// A local stand-in for a card processor, for development and tests only (no money moves). It offers what the API's
// PaymentProvider needs (server/src/modules/payments/provider.ts), in the shape hosted checkouts have:
//   POST /v1/checkout/sessions   (Bearer secret key, Idempotency-Key) → { sessionId, url }; with a customerId the page
//                                offers that customer's saved cards and "Save this card for next time" (checked when
//                                saveCard is true: the member agreed on the site)
//   POST /v1/payment_intents     (Bearer secret key, Idempotency-Key) → { sessionId, url }: charges a saved card now;
//                                url is the confirmation step when the card asks for one, else the success address
//   POST /v1/customers           (Bearer secret key, Idempotency-Key) → { customerId }
//   GET  /v1/customers/<id>/cards                                     → { data: [{ id, brand, last4, expMonth, expYear }] }
//   DELETE /v1/customers/<id>/cards/<cardId>                          → { deleted: true }: the card is forgotten
//   GET  /v1/checkout/sessions/<id>                                   → the session and its status
//   POST /v1/refunds             (Bearer secret key, Idempotency-Key) → { refundId }, then refund.succeeded
//   POST /v1/payouts             (Bearer secret key, Idempotency-Key) → { payoutId }, then payout.paid (or .failed)
//   POST /v1/accounts            (Bearer secret key, Idempotency-Key) → { accountId }: an expert's payout account
//   POST /v1/account_links       (Bearer secret key)                  → { url }: its onboarding page, good once
//   GET  /connect/<token>        the onboarding page (test bank accounts in pages.ts)
//   POST /connect/<token>        connect: payout-account.updated (ready), then 303 to the return URL
//   GET  /checkout/<id>          the hosted payment page (test cards in pages.ts)
//   POST /checkout/<id>          pay: 303 to successUrl, the page again with the decline, or the confirmation step
//   POST /checkout/<id>/confirm  the bank's extra step: confirm or fail
//   GET  /health
// Events go to the API as signed webhooks with retries (paymentsWebhooks.ts). Given a data folder (`npm start` gives
// the product's), the stand-in keeps its sessions, charges, payout accounts and their links, customers and their
// cards, idempotency answers and the records it moved in STATE_FILE there (standInState.ts), rewritten after every
// request that can change them and read at start, so a restart forgets nothing the API or the reconciliation report
// relies on, and the webhooks the API has not acknowledged yet, sent again after the restart. Without a folder (unit
// tests) everything lives in memory.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  checkoutPage,
  confirmationPage,
  linkExpiredPage,
  notFoundPage,
  paidPage,
  payoutAccountPage,
  TEST_BANK_ACCOUNTS,
  TEST_CARDS,
  type BankErrors,
  type BankValues,
  type CardErrors,
  type CardValues,
  type SavedCardView,
  type SessionView,
} from './paymentsPages';
import { realScheduler, WebhookSender, type Scheduler, type StandInEvent } from './paymentsWebhooks';
import { readBody } from './standInHttp';
import { stateFile } from './standInState';

export { TEST_BANK_ACCOUNTS, TEST_CARDS } from './paymentsPages';

/** How long an onboarding link works. */
export const ACCOUNT_LINK_TTL_MS = 30 * 60_000;

export const DECLINED_MESSAGE = 'Your card was declined.';
export const AUTHENTICATION_FAILED_MESSAGE = 'We could not authenticate your payment. Choose another card and try again.';
export const PAYOUT_FAILED_MESSAGE = 'The bank account was closed.';

/** The file in the data folder that holds what the stand-in keeps across restarts. */
export const STATE_FILE = 'payments-stand-in.json';
const STATE_VERSION = 1;

export interface PaymentsStandInOptions {
  /** What the API sends as `Authorization: Bearer …`. */
  secretKey: string;
  /** What webhooks are signed with. */
  webhookSecret: string;
  /** The API's webhook address (…/api/Payments/Webhook). */
  webhookUrl: string;
  /** Signature timestamps and card expiry checks; the real clock by default. */
  clock?: () => Date;
  /** When retries run; setTimeout by default (tests pass their own and run the retries themselves). */
  schedule?: Scheduler;
  /** First retry after this long (1 s), doubling up to maxRetryDelayMs (60 s). */
  firstRetryDelayMs?: number;
  maxRetryDelayMs?: number;
  fetch?: typeof fetch;
  /** A line per failed delivery, and a warning when the state file is unreadable; silent by default. */
  log?: (line: string) => void;
  /** The folder whose STATE_FILE keeps the stand-in's state across restarts; in memory only when absent. */
  dataDir?: string;
}

type SessionStatus = 'open' | 'awaiting-confirmation' | 'paid';

interface Session extends SessionView {
  paymentId: number;
  currency: 'USD';
  status: SessionStatus;
  chargeId: string | null;
  customerId: string | null;
  /** The card to keep on the customer once this payment succeeds (the member checked "Save this card"). */
  cardToSave: StoredCard | null;
}

/**
 * A card kept on a customer. The number stays inside this development stand-in (it decides how the test card behaves
 * when charged again); the API only ever sees the id, brand, last four digits and expiry.
 */
interface StoredCard extends SavedCardView {
  number: string;
}

interface Customer {
  id: string;
  email: string;
  cards: StoredCard[];
}

interface Account {
  id: string;
  email: string;
  ready: boolean;
  /** Payouts to it come back (the test account number for a closed account). */
  payoutsFail: boolean;
}

interface AccountLink {
  token: string;
  accountId: string;
  returnUrl: string;
  refreshUrl: string;
  expiresAt: number;
  used: boolean;
}

/** One movement of money the stand-in made (the API's ProviderRecord). */
interface StandInRecord {
  movement: 'charge' | 'refund' | 'payout';
  providerId: string;
  ourId: number;
  amountCents: number;
  status: 'succeeded' | 'failed';
  createdAt: string;
}

interface Charge {
  paymentId: number;
  amountCents: number;
  refundedCents: number;
}

const IDEMPOTENT_STORES = ['sessions', 'refunds', 'payouts', 'accounts', 'customers'] as const;
type IdempotentStore = (typeof IDEMPOTENT_STORES)[number];
interface IdempotentAnswer {
  asked: string;
  answer: unknown;
}

/** What STATE_FILE holds: every map as its entries (or values keyed by their id), the records in order. */
interface KeptState {
  sessions: Session[];
  charges: Array<[string, Charge]>;
  accounts: Account[];
  accountLinks: AccountLink[];
  customers: Customer[];
  records: StandInRecord[];
  idempotent: Record<IdempotentStore, Array<[string, IdempotentAnswer]>>;
  /** Events the API had not acknowledged when the file was written. */
  webhooks?: Array<{ orderingKey: string; event: StandInEvent }>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isListOf = (value: unknown, item: (v: unknown) => boolean) => Array.isArray(value) && value.every(item);
const hasText = (key: string) => (v: unknown) => isObject(v) && typeof v[key] === 'string';
const isEntry = (v: unknown) => Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && isObject(v[1]);

/** The shape a state file of this version has (its values were written by this code, so the ids and lists suffice). */
function isKeptState(state: unknown): state is KeptState {
  if (!isObject(state)) return false;
  const { sessions, charges, accounts, accountLinks, customers, records, idempotent } = state;
  return (
    isListOf(sessions, hasText('id')) &&
    isListOf(charges, isEntry) &&
    isListOf(accounts, hasText('id')) &&
    isListOf(accountLinks, hasText('token')) &&
    isListOf(customers, (c) => hasText('id')(c) && Array.isArray((c as Customer).cards)) &&
    isListOf(records, (r) => hasText('movement')(r) && hasText('providerId')(r)) &&
    isObject(idempotent) &&
    IDEMPOTENT_STORES.every((store) => isListOf(idempotent[store], isEntry)) &&
    (state.webhooks === undefined || isListOf(state.webhooks, (w) => isObject(w) && typeof w.orderingKey === 'string' && hasText('id')(w.event) && hasText('type')(w.event)))
  );
}

export interface PaymentsStandIn {
  server: Server;
  /** Base URL once listening, e.g. http://localhost:3003 */
  url: string;
  webhooks: WebhookSender;
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'authentication_error' | 'idempotency_error',
    message: string,
  ) {
    super(message);
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;
const digest = (value: string) => createHash('sha256').update(value).digest();

const isPositiveInteger = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.trim() !== '' && value.length <= max;
const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

function ensure(condition: boolean, message: string): asserts condition {
  if (!condition) throw new RequestError(400, 'invalid_request_error', message);
}

/** 'MM / YY' (or MM/YYYY) as a month and a four-digit year; null when it is not a date. */
function expiryOf(text: string): { month: number; year: number } | null {
  const expiry = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(text.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) return null;
  return { month, year: expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]) };
}

/** The network, as processors name it, from the number's first digits (the test cards are all Visa). */
const brandOf = (digits: string) => (digits.startsWith('4') ? 'visa' : /^5[1-5]/.test(digits) ? 'mastercard' : /^3[47]/.test(digits) ? 'amex' : 'unknown');

/** The card form's problems, field by field; an empty object when the card can be tried. */
function checkCard(values: CardValues, now: Date): CardErrors {
  const errors: CardErrors = {};
  const digits = (values.cardNumber ?? '').replace(/[\s-]/g, '');
  if (digits === '') errors.cardNumber = 'Enter the card number.';
  else if (!/^\d{12,19}$/.test(digits)) errors.cardNumber = 'Your card number is incomplete.';
  else if (!Object.values<string>(TEST_CARDS).includes(digits)) errors.cardNumber = 'This stand-in accepts only the test cards listed below.';
  const expiry = expiryOf(values.expiry ?? '');
  if (!expiry) errors.expiry = 'Enter the expiry date as MM / YY.';
  // A card is valid through the last day of its expiry month.
  else if (Date.UTC(expiry.year, expiry.month, 1) <= now.getTime()) errors.expiry = "Your card's expiry date is in the past.";
  if (!/^\d{3,4}$/.test((values.cvc ?? '').trim())) errors.cvc = "Your card's security code is incomplete.";
  if ((values.name ?? '').trim() === '') errors.name = 'Enter the name on the card.';
  return errors;
}

function checkBank(values: BankValues): BankErrors {
  const errors: BankErrors = {};
  if ((values.holderName ?? '').trim() === '') errors.holderName = 'Enter the name on the account.';
  const routing = (values.routingNumber ?? '').replace(/\s/g, '');
  if (!/^\d{9}$/.test(routing)) errors.routingNumber = 'A routing number has 9 digits.';
  else if (routing !== TEST_BANK_ACCOUNTS.routingNumber) errors.routingNumber = 'This stand-in accepts only the test routing number listed below.';
  const account = (values.accountNumber ?? '').replace(/\s/g, '');
  if (!/^\d{4,17}$/.test(account)) errors.accountNumber = 'Enter the account number (4 to 17 digits).';
  else if (account !== TEST_BANK_ACCOUNTS.succeeds && account !== TEST_BANK_ACCOUNTS.payoutsFail) errors.accountNumber = 'This stand-in accepts only the test account numbers listed below.';
  return errors;
}

export function createPaymentsStandIn(options: PaymentsStandInOptions): PaymentsStandIn {
  const clock = options.clock ?? (() => new Date());
  const webhooks = new WebhookSender({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    clock,
    schedule: options.schedule ?? realScheduler,
    fetch: options.fetch ?? fetch,
    firstDelayMs: options.firstRetryDelayMs ?? 1000,
    maxDelayMs: options.maxRetryDelayMs ?? 60_000,
    log: options.log ?? (() => undefined),
    onAcknowledged: () => persist('POST'),
  });
  const log = options.log ?? (() => undefined);
  const kept = options.dataDir === undefined ? null : stateFile(options.dataDir, STATE_FILE, STATE_VERSION, isKeptState, log);
  const loaded = kept?.load() ?? null;
  const byId = <T extends { id: string }>(list: T[] | undefined) => new Map((list ?? []).map((item) => [item.id, item]));
  const sessions = byId(loaded?.sessions);
  const charges = new Map<string, Charge>(loaded?.charges ?? []);
  const accounts = byId(loaded?.accounts);
  const accountLinks = new Map((loaded?.accountLinks ?? []).map((link) => [link.token, link]));
  const customers = byId(loaded?.customers);
  /** What the stand-in moved, in order, as GET /v1/records lists it for the API's reconciliation report. */
  const records: StandInRecord[] = loaded?.records ?? [];
  const record = (r: Omit<StandInRecord, 'createdAt'>) => records.push({ ...r, createdAt: clock().toISOString() });
  /** Per endpoint, Idempotency-Key → what the first request asked (to refuse a key reused for another request) and answered. */
  const idempotent = Object.fromEntries(IDEMPOTENT_STORES.map((store) => [store, new Map<string, IdempotentAnswer>(loaded?.idempotent[store] ?? [])])) as Record<IdempotentStore, Map<string, IdempotentAnswer>>;
  if (loaded) log(`Payments stand-in: ${records.length} records, ${accounts.size} payout accounts and ${customers.size} customers read from ${kept!.path}`);

  /** Everything above as STATE_FILE holds it. */
  const snapshot = (): KeptState => ({
    sessions: [...sessions.values()],
    charges: [...charges.entries()],
    accounts: [...accounts.values()],
    accountLinks: [...accountLinks.values()],
    customers: [...customers.values()],
    records,
    idempotent: Object.fromEntries(IDEMPOTENT_STORES.map((store) => [store, [...idempotent[store].entries()]])) as KeptState['idempotent'],
    webhooks: webhooks.unacknowledged(),
  });
  /** Only requests other than GET change the state: each one, once answered, rewrites the file. */
  const persist = (method: string) => {
    if (kept && method !== 'GET' && method !== 'HEAD') kept.save(snapshot());
  };
  const expectedAuth = digest(`Bearer ${options.secretKey}`);

  /** Events about one payment go out in order (a refund after the charge it returns). */
  const paymentStream = (paymentId: number) => `payment:${paymentId}`;

  function authenticate(req: IncomingMessage): void {
    const given = digest(req.headers.authorization ?? '');
    if (!timingSafeEqual(given, expectedAuth)) throw new RequestError(401, 'authentication_error', 'Invalid API key provided.');
  }

  async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readBody(req));
    } catch {
      throw new RequestError(400, 'invalid_request_error', 'The body must be a JSON object.');
    }
    ensure(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed), 'The body must be a JSON object.');
    return parsed as Record<string, unknown>;
  }

  /** The same key answers the first answer; the same key for a different request is refused, as processors do. */
  function once<T>(store: Map<string, IdempotentAnswer>, req: IncomingMessage, asked: unknown, make: () => T): { answer: T; repeated: boolean } {
    const key = req.headers['idempotency-key'];
    ensure(typeof key === 'string' && key.length >= 1 && key.length <= 255, 'An Idempotency-Key header (1–255 characters) is required.');
    const fingerprint = JSON.stringify(asked);
    const earlier = store.get(key);
    if (earlier) {
      if (earlier.asked !== fingerprint) throw new RequestError(400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
      return { answer: earlier.answer as T, repeated: true };
    }
    const answer = make();
    store.set(key, { asked: fingerprint, answer });
    return { answer, repeated: false };
  }

  /** The fields every payment shares, checked; and the customer when one is named. */
  function paymentFields(body: Record<string, unknown>) {
    const { paymentId, amountCents, currency, description, successUrl, cancelUrl, customerId } = body;
    ensure(isPositiveInteger(paymentId), 'paymentId must be a positive integer.');
    ensure(isPositiveInteger(amountCents), 'amountCents must be a positive integer (US cents).');
    ensure(currency === 'USD', 'currency must be "USD".');
    ensure(isText(description, 500), 'description must be text of at most 500 characters.');
    ensure(isHttpUrl(successUrl) && isHttpUrl(cancelUrl), 'successUrl and cancelUrl must be http(s) URLs.');
    ensure(customerId === undefined || customerId === null || (typeof customerId === 'string' && customers.has(customerId)), `No such customer: ${String(customerId)}.`);
    return { paymentId, amountCents, currency: 'USD' as const, description, successUrl, cancelUrl, customerId: typeof customerId === 'string' ? customerId : null };
  }

  function createSession(body: Record<string, unknown>, req: IncomingMessage) {
    const fields = paymentFields(body);
    const saveCard = body.saveCard === true;
    ensure(!saveCard || fields.customerId !== null, 'saveCard needs a customerId to keep the card on.');
    return once(idempotent.sessions, req, { ...fields, saveCard }, () => {
      const session: Session = { id: newId('cs'), ...fields, saveCard, status: 'open', chargeId: null, cardToSave: null };
      sessions.set(session.id, session);
      return { sessionId: session.id, url: `${standIn.url}/checkout/${session.id}` };
    }).answer;
  }

  /** A saved card charged at once: the member is not shown the card form, only the bank's step if the card asks for it. */
  function createPaymentIntent(body: Record<string, unknown>, req: IncomingMessage) {
    const fields = paymentFields(body);
    const { paymentMethodId } = body;
    const customer = fields.customerId ? customers.get(fields.customerId) : undefined;
    const card = customer?.cards.find((c) => c.id === paymentMethodId);
    ensure(card !== undefined, `No such card on this customer: ${String(paymentMethodId)}.`);
    return once(idempotent.sessions, req, { ...fields, paymentMethodId }, () => {
      const session: Session = { id: newId('pi'), ...fields, saveCard: false, status: 'open', chargeId: null, cardToSave: null };
      sessions.set(session.id, session);
      if (card.number === TEST_CARDS.needsConfirmation) {
        session.status = 'awaiting-confirmation';
        return { sessionId: session.id, url: `${standIn.url}/checkout/${session.id}` };
      }
      charge(session);
      return { sessionId: session.id, url: session.successUrl };
    }).answer;
  }

  function createCustomer(body: Record<string, unknown>, req: IncomingMessage) {
    const { email, userId } = body;
    ensure(isText(email, 320), "email must be the member's e-mail address.");
    ensure(isPositiveInteger(userId), 'userId must be a positive integer.');
    return once(idempotent.customers, req, { email, userId }, () => {
      const customer: Customer = { id: newId('cus'), email, cards: [] };
      customers.set(customer.id, customer);
      return { customerId: customer.id };
    }).answer;
  }

  const cardView = ({ id, brand, last4, expMonth, expYear }: StoredCard): SavedCardView => ({ id, brand, last4, expMonth, expYear });

  /** Keeps the card paid with on the session's customer, once: the same number and expiry again is the same card. */
  function keepCard(session: Session): void {
    const card = session.cardToSave;
    const customer = session.customerId ? customers.get(session.customerId) : undefined;
    session.cardToSave = null;
    if (!card || !customer) return;
    if (customer.cards.some((c) => c.number === card.number && c.expMonth === card.expMonth && c.expYear === card.expYear)) return;
    customer.cards.push(card);
  }

  function createRefund(body: Record<string, unknown>, req: IncomingMessage) {
    const { chargeId, amountCents, paymentId } = body;
    ensure(isText(chargeId, 255), 'chargeId must be the id of a charge.');
    ensure(isPositiveInteger(amountCents), 'amountCents must be a positive integer (US cents).');
    ensure(isPositiveInteger(paymentId), 'paymentId must be a positive integer.');
    const { answer, repeated } = once(idempotent.refunds, req, { chargeId, amountCents, paymentId }, () => {
      // A charge made before this stand-in restarted is unknown here; it is refunded on trust (development only).
      const charge = charges.get(chargeId);
      if (charge) {
        ensure(charge.paymentId === paymentId, `Charge ${chargeId} belongs to another payment.`);
        ensure(charge.refundedCents + amountCents <= charge.amountCents, `Refund amount exceeds what is left of charge ${chargeId}.`);
        charge.refundedCents += amountCents;
      }
      return { refundId: newId('re') };
    });
    if (!repeated) {
      record({ movement: 'refund', providerId: answer.refundId, ourId: paymentId, amountCents, status: 'succeeded' });
      webhooks.send(paymentStream(paymentId), 'refund.succeeded', { paymentId, refundId: answer.refundId, chargeId, amountCents });
    }
    return answer;
  }

  function createPayout(body: Record<string, unknown>, req: IncomingMessage) {
    const { destination, amountCents, withdrawalId } = body;
    ensure(isText(destination, 255), 'destination must name a payout account.');
    ensure(isPositiveInteger(amountCents), 'amountCents must be a positive integer (US cents).');
    ensure(isPositiveInteger(withdrawalId), 'withdrawalId must be a positive integer.');
    const { answer, repeated } = once(idempotent.payouts, req, { destination, amountCents, withdrawalId }, () => ({ payoutId: newId('po') }));
    if (!repeated) {
      const stream = `withdrawal:${withdrawalId}`;
      const fails = accounts.get(destination)?.payoutsFail === true;
      record({ movement: 'payout', providerId: answer.payoutId, ourId: withdrawalId, amountCents, status: fails ? 'failed' : 'succeeded' });
      if (fails) webhooks.send(stream, 'payout.failed', { withdrawalId, payoutId: answer.payoutId, amountCents, reason: PAYOUT_FAILED_MESSAGE });
      else webhooks.send(stream, 'payout.paid', { withdrawalId, payoutId: answer.payoutId, amountCents, destination });
    }
    return answer;
  }

  function createAccount(body: Record<string, unknown>, req: IncomingMessage) {
    const { email, userId } = body;
    ensure(isText(email, 320), 'email must be the member\'s e-mail address.');
    ensure(isPositiveInteger(userId), 'userId must be a positive integer.');
    return once(idempotent.accounts, req, { email, userId }, () => {
      const account: Account = { id: newId('acct'), email, ready: false, payoutsFail: false };
      accounts.set(account.id, account);
      return { accountId: account.id };
    }).answer;
  }

  function createAccountLink(body: Record<string, unknown>) {
    const { accountId, returnUrl, refreshUrl } = body;
    ensure(typeof accountId === 'string' && accounts.has(accountId), `No such account: ${String(accountId)}.`);
    ensure(isHttpUrl(returnUrl) && isHttpUrl(refreshUrl), 'returnUrl and refreshUrl must be http(s) URLs.');
    const link: AccountLink = { token: randomBytes(18).toString('hex'), accountId, returnUrl, refreshUrl, expiresAt: clock().getTime() + ACCOUNT_LINK_TTL_MS, used: false };
    accountLinks.set(link.token, link);
    return { url: `${standIn.url}/connect/${link.token}` };
  }

  async function connectPage(req: IncomingMessage, res: ServerResponse, token: string, method: string): Promise<void> {
    const link = accountLinks.get(token);
    const account = link ? accounts.get(link.accountId) : undefined;
    if (!link || !account) return notFoundPage(res);
    if (link.used || link.expiresAt <= clock().getTime()) return linkExpiredPage(res, link.refreshUrl);
    const view = { token, email: account.email, returnUrl: link.returnUrl };
    if (method === 'GET') return payoutAccountPage(res, 200, view);
    if (method !== 'POST') {
      res.writeHead(405, { allow: 'GET, POST' });
      return void res.end();
    }
    const form = new URLSearchParams(await readBody(req));
    const values: BankValues = { holderName: form.get('holderName') ?? '', routingNumber: form.get('routingNumber') ?? '', accountNumber: form.get('accountNumber') ?? '' };
    const errors = checkBank(values);
    if (Object.keys(errors).length > 0) return payoutAccountPage(res, 400, view, { problem: 'Check the bank details below.', values, errors });
    const number = values.accountNumber!.replace(/\s/g, '');
    link.used = true;
    account.ready = true;
    account.payoutsFail = number === TEST_BANK_ACCOUNTS.payoutsFail;
    webhooks.send(`account:${account.id}`, 'payout-account.updated', { accountId: account.id, ready: true, label: `Stand-in Bank •••• ${number.slice(-4)}` });
    // As with the checkout, the return proves nothing: the API marks the account ready from the event above.
    res.writeHead(303, { location: link.returnUrl, 'cache-control': 'no-store' });
    res.end();
  }

  function charge(session: Session): void {
    const chargeId = newId('ch');
    session.status = 'paid';
    session.chargeId = chargeId;
    charges.set(chargeId, { paymentId: session.paymentId, amountCents: session.amountCents, refundedCents: 0 });
    record({ movement: 'charge', providerId: chargeId, ourId: session.paymentId, amountCents: session.amountCents, status: 'succeeded' });
    // Only a card that paid is kept.
    keepCard(session);
    webhooks.send(paymentStream(session.paymentId), 'checkout.succeeded', { paymentId: session.paymentId, sessionId: session.id, chargeId, amountCents: session.amountCents });
  }

  function succeed(res: ServerResponse, session: Session): void {
    charge(session);
    // The return proves nothing to the API: it waits for the webhook above.
    res.writeHead(303, { location: session.successUrl, 'cache-control': 'no-store' });
    res.end();
  }

  function fail(res: ServerResponse, session: Session, reason: string, values: CardValues): void {
    session.status = 'open';
    session.cardToSave = null;
    webhooks.send(paymentStream(session.paymentId), 'checkout.failed', { paymentId: session.paymentId, sessionId: session.id, reason });
    checkoutPage(res, 402, pageView(session), { problem: reason, values });
  }

  /** What the checkout page shows: the session, and the customer's saved cards when it has one. */
  function pageView(session: Session): SessionView {
    const customer = session.customerId ? customers.get(session.customerId) : undefined;
    return { ...session, savedCards: customer ? customer.cards.map(cardView) : null };
  }

  function customerRoute(req: IncomingMessage, res: ServerResponse, path: string, method: string): boolean {
    const found = /^\/v1\/customers\/(\w+)\/cards(?:\/(\w+))?$/.exec(path);
    if (!found) return false;
    const customer = customers.get(found[1]!);
    if (!customer) {
      json(res, 404, { error: { type: 'invalid_request_error', message: `No such customer: ${found[1]}` } });
      return true;
    }
    const cardId = found[2];
    if (cardId === undefined && method === 'GET') {
      json(res, 200, { data: customer.cards.map(cardView) });
      return true;
    }
    if (cardId !== undefined && method === 'DELETE') {
      const before = customer.cards.length;
      customer.cards = customer.cards.filter((c) => c.id !== cardId);
      if (customer.cards.length === before) json(res, 404, { error: { type: 'invalid_request_error', message: `No such card on this customer: ${cardId}` } });
      else json(res, 200, { id: cardId, deleted: true });
      return true;
    }
    return false;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const path = url.pathname;

    if (path === '/health' && method === 'GET') return json(res, 200, { ok: true });

    if (path.startsWith('/v1/')) {
      authenticate(req);
      if (path === '/v1/checkout/sessions' && method === 'POST') return json(res, 200, createSession(await jsonBody(req), req));
      if (path === '/v1/refunds' && method === 'POST') return json(res, 200, createRefund(await jsonBody(req), req));
      if (path === '/v1/payouts' && method === 'POST') return json(res, 200, createPayout(await jsonBody(req), req));
      if (path === '/v1/accounts' && method === 'POST') return json(res, 200, createAccount(await jsonBody(req), req));
      if (path === '/v1/account_links' && method === 'POST') return json(res, 200, createAccountLink(await jsonBody(req)));
      if (path === '/v1/payment_intents' && method === 'POST') return json(res, 200, createPaymentIntent(await jsonBody(req), req));
      if (path === '/v1/customers' && method === 'POST') return json(res, 200, createCustomer(await jsonBody(req), req));
      if (customerRoute(req, res, path, method)) return;
      // Everything moved (since the state file was started, when the stand-in has a data folder; else since it started).
      if (path === '/v1/records' && method === 'GET') return json(res, 200, { data: records });
      const found = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
      const session = found && method === 'GET' ? sessions.get(found[1]!) : undefined;
      if (session) return json(res, 200, { sessionId: session.id, paymentId: session.paymentId, amountCents: session.amountCents, status: session.status, chargeId: session.chargeId });
      return json(res, 404, { error: { type: 'invalid_request_error', message: `No such resource: ${method} ${path}` } });
    }

    const connect = /^\/connect\/([0-9a-f]+)$/.exec(path);
    if (connect) return connectPage(req, res, connect[1]!, method);

    const page = /^\/checkout\/(\w+)(\/confirm)?$/.exec(path);
    const session = page ? sessions.get(page[1]!) : undefined;
    if (!page || !session) return notFoundPage(res);
    const confirmStep = page[2] !== undefined;

    if (method === 'GET' && !confirmStep) {
      if (session.status === 'paid') return paidPage(res, 200, session);
      if (session.status === 'awaiting-confirmation') return confirmationPage(res, session);
      return checkoutPage(res, 200, pageView(session));
    }
    if (method !== 'POST') {
      res.writeHead(405, { allow: confirmStep ? 'POST' : 'GET, POST' });
      return void res.end();
    }
    const form = new URLSearchParams(await readBody(req));
    if (session.status === 'paid') return paidPage(res, 409, session);

    if (confirmStep) {
      if (session.status !== 'awaiting-confirmation') {
        res.writeHead(303, { location: `/checkout/${session.id}`, 'cache-control': 'no-store' });
        return void res.end();
      }
      if (form.get('decision') === 'confirm') return succeed(res, session);
      return fail(res, session, AUTHENTICATION_FAILED_MESSAGE, {});
    }

    // A saved card of the session's customer, chosen on the page: charged as it behaved when it was saved.
    const savedChoice = form.get('savedCard');
    if (savedChoice && savedChoice !== 'new') {
      const saved = pageView(session).savedCards?.find((c) => c.id === savedChoice);
      const stored = saved && session.customerId ? customers.get(session.customerId)?.cards.find((c) => c.id === saved.id) : undefined;
      if (!stored) return checkoutPage(res, 400, pageView(session), { problem: 'That saved card is no longer available. Choose another card.' });
      if (stored.number === TEST_CARDS.needsConfirmation) {
        session.status = 'awaiting-confirmation';
        return confirmationPage(res, session);
      }
      return succeed(res, session);
    }

    const values: CardValues = { cardNumber: form.get('cardNumber') ?? '', expiry: form.get('expiry') ?? '', cvc: form.get('cvc') ?? '', name: form.get('name') ?? '' };
    const save = form.get('saveCard') === 'yes';
    const errors = checkCard(values, clock());
    if (Object.keys(errors).length > 0) return checkoutPage(res, 400, pageView(session), { problem: 'Check the card details below.', values, errors, save });
    const card = values.cardNumber!.replace(/[\s-]/g, '');
    const expiry = expiryOf(values.expiry!)!;
    session.cardToSave = save && session.customerId ? { id: newId('pm'), brand: brandOf(card), last4: card.slice(-4), expMonth: expiry.month, expYear: expiry.year, number: card } : null;
    if (card === TEST_CARDS.declined) return fail(res, session, DECLINED_MESSAGE, values);
    if (card === TEST_CARDS.needsConfirmation) {
      session.status = 'awaiting-confirmation';
      return confirmationPage(res, session);
    }
    return succeed(res, session);
  }

  const server = createServer((req, res) => {
    handle(req, res)
      .catch((err: unknown) => {
        if (res.headersSent) return void res.end();
        if (err instanceof RequestError) return json(res, err.status, { error: { type: err.type, message: err.message } });
        json(res, 400, { error: { type: 'invalid_request_error', message: 'Invalid request.' } });
      })
      .finally(() => persist(req.method ?? 'GET'));
  });

  const standIn: PaymentsStandIn = {
    server,
    url: '',
    webhooks,
    listen(port, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const addr = server.address();
          standIn.url = `http://localhost:${typeof addr === 'object' && addr ? addr.port : port}`;
          resolve(standIn.url);
        });
      });
    },
    close() {
      webhooks.stop();
      persist('POST');
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  // What the API had not acknowledged before the restart goes out again, in order.
  for (const { orderingKey, event } of loaded?.webhooks ?? []) webhooks.resend(orderingKey, event);
  return standIn;
}
