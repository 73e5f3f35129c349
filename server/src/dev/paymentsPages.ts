// The hosted pages of the local payment stand-in: the checkout form, the bank's extra confirmation step and the
// "already paid" page. Self-contained HTML and CSS, no script (a plain form POST), with a CSP that lets the forms
// go only to the stand-in and, after a redirect, to where the session sends the member back.
import type { ServerResponse } from 'node:http';
import { escapeHtml } from './standInHttp';

export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  needsConfirmation: '4000000000003220',
} as const;

export const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc', 'name'] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardValues = Partial<Record<CardField, string>>;
export type CardErrors = Partial<Record<CardField, string>>;

/** A card kept on the session's customer, as the page shows it. */
export interface SavedCardView {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** What the pages show of a session. */
export interface SessionView {
  id: string;
  amountCents: number;
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** The member agreed on the site to keep the card: "Save this card for next time" starts checked. */
  saveCard?: boolean;
  /** The customer's saved cards; null when the session has no customer (nothing can be saved or reused). */
  savedCards?: SavedCardView[] | null;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
export const formatAmount = (cents: number) => dollars.format(cents / 100);
const grouped = (card: string) => card.replace(/(\d{4})(?=\d)/g, '$1 ');

const STYLE = `*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1b1b;line-height:1.5}
main{max-width:30rem;margin:2rem auto;padding:0 1rem}
.merchant{display:flex;justify-content:space-between;align-items:center;gap:.5rem;margin:0 0 1rem;font-weight:600}
.badge{font-size:.8rem;font-weight:600;background:#fff4ce;color:#5c4400;border:1px solid #8a6d00;border-radius:999px;padding:.1rem .6rem}
.card{background:#fff;border:1px solid #c9ccd1;border-radius:10px;padding:1.25rem 1.5rem}
h1{font-size:1.5rem;margin:0 0 .25rem}
h2{font-size:1.05rem;margin:0 0 .5rem}
.description{margin:0 0 1rem;color:#3d4148}
.field{margin:0 0 1rem}
.row{display:flex;gap:1rem}.row .field{flex:1}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{width:100%;font:inherit;padding:.5rem .65rem;border:1px solid #6b6f76;border-radius:6px;background:#fff;color:#1b1b1b}
input[aria-invalid=true]{border-color:#b3261e;border-width:2px}
.error{color:#b3261e;margin:.25rem 0 0;font-size:.95rem}
.problem{color:#8c1d18;background:#fdecea;border:1px solid #b3261e;border-radius:6px;padding:.6rem .8rem;margin:0 0 1rem}
button{font:inherit;font-weight:600;padding:.65rem 1.25rem;border-radius:6px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
button.wide{width:100%}
button.secondary{background:#fff;color:#1d4ed8}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
a{color:#1d4ed8}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.back{margin:1rem 0 0}
.note{margin-top:1.5rem;font-size:.95rem;color:#3d4148}
.note ul{padding-left:1.25rem;margin:.25rem 0}
fieldset{border:1px solid #c9ccd1;border-radius:6px;margin:0 0 1rem;padding:.5rem .9rem .75rem}
legend{font-weight:600;padding:0 .25rem}
.choice{display:flex;gap:.5rem;align-items:center;margin:.35rem 0}
.choice input{width:auto;margin:0}
.choice label{font-weight:400;margin:0}
code{font-size:.95rem}`;

function send(res: ServerResponse, status: number, title: string, body: string, formTargets: string[]): void {
  const formAction = ["'self'", ...new Set(formTargets.map((url) => new URL(url).origin))].join(' ');
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head><body><main><p class="merchant"><span>SciExperts</span><span class="badge">Test mode: local stand-in</span></p>${body}</main></body></html>`);
}

const TEST_CARD_NOTE = `<section class="note" aria-labelledby="test-cards"><h2 id="test-cards">Test cards</h2>
<p>This is a local stand-in for a card processor: no money moves. Use any future expiry date, any three-digit security code and any name.</p>
<ul><li><code>${grouped(TEST_CARDS.succeeds)}</code>: the payment succeeds</li>
<li><code>${grouped(TEST_CARDS.declined)}</code>: the card is declined</li>
<li><code>${grouped(TEST_CARDS.needsConfirmation)}</code>: the bank asks for an extra confirmation</li></ul></section>`;

const FIELD_LABELS: Record<CardField, { id: string; label: string; autocomplete: string; numeric: boolean; hint?: string }> = {
  cardNumber: { id: 'card-number', label: 'Card number', autocomplete: 'cc-number', numeric: true },
  expiry: { id: 'expiry', label: 'Expiry date', autocomplete: 'cc-exp', numeric: false, hint: 'MM / YY' },
  cvc: { id: 'cvc', label: 'Security code (CVC)', autocomplete: 'cc-csc', numeric: true },
  name: { id: 'name', label: 'Name on card', autocomplete: 'cc-name', numeric: false },
};

const brandName = (brand: string) => ({ visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' })[brand] ?? 'Card';
const expiryText = (card: SavedCardView) => `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;

/** The saved cards of the session's customer, as choices before the card form ("A new card" fills it in). */
function savedCardChoices(cards: SavedCardView[]): string {
  const options = cards
    .map(
      (card, i) =>
        `<div class="choice"><input type="radio" id="saved-${i}" name="savedCard" value="${escapeHtml(card.id)}"${i === 0 ? ' checked' : ''}><label for="saved-${i}">${brandName(card.brand)} •••• ${escapeHtml(card.last4)}, expires ${expiryText(card)}</label></div>`,
    )
    .join('');
  return `<fieldset><legend>Pay with</legend>${options}<div class="choice"><input type="radio" id="saved-new" name="savedCard" value="new"><label for="saved-new">A new card (enter it below)</label></div></fieldset>`;
}

function field(name: CardField, values: CardValues, errors: CardErrors, required = true): string {
  const f = FIELD_LABELS[name];
  const error = errors[name];
  const describedBy = [f.hint ? `${f.id}-hint` : null, error ? `${f.id}-error` : null].filter(Boolean).join(' ');
  // The security code is never shown back, as card processors do.
  const value = name === 'cvc' ? '' : (values[name] ?? '');
  return `<div class="field"><label for="${f.id}">${f.label}${f.hint ? ` <span id="${f.id}-hint">(${f.hint})</span>` : ''}</label>
<input id="${f.id}" name="${name}" autocomplete="${f.autocomplete}"${f.numeric ? ' inputmode="numeric"' : ''}${required ? ' required' : ''} value="${escapeHtml(value)}"${describedBy ? ` aria-describedby="${describedBy}"` : ''}${error ? ' aria-invalid="true"' : ''}>
${error ? `<p class="error" id="${f.id}-error">${escapeHtml(error)}</p>` : ''}</div>`;
}

export function checkoutPage(
  res: ServerResponse,
  status: number,
  session: SessionView,
  { problem, values = {}, errors = {}, save }: { problem?: string; values?: CardValues; errors?: CardErrors; save?: boolean } = {},
): void {
  const amount = formatAmount(session.amountCents);
  const alert = problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : '';
  const saved = session.savedCards ?? [];
  // With saved cards to choose from, the card fields are needed only for "A new card" (no script here: the stand-in checks).
  const required = saved.length === 0;
  const saveChecked = save ?? session.saveCard === true;
  const saveChoice =
    session.savedCards === null || session.savedCards === undefined
      ? ''
      : `<div class="choice field"><input type="checkbox" id="save-card" name="saveCard" value="yes"${saveChecked ? ' checked' : ''}><label for="save-card">Save this card for next time</label></div>`;
  send(
    res,
    status,
    `${problem ? 'Payment problem: ' : ''}Pay ${amount} to SciExperts`,
    `<div class="card"><h1>Pay ${amount}</h1><p class="description">${escapeHtml(session.description)}</p>${alert}
<form method="post" action="/checkout/${session.id}">
${saved.length > 0 ? savedCardChoices(saved) : ''}
${field('cardNumber', values, errors, required)}
<div class="row">${field('expiry', values, errors, required)}${field('cvc', values, errors, required)}</div>
${field('name', values, errors, required)}
${saveChoice}
<button class="wide" type="submit">Pay ${amount}</button>
</form>
<p class="back"><a href="${escapeHtml(session.cancelUrl)}">Cancel and return to SciExperts</a></p></div>
${TEST_CARD_NOTE}`,
    [session.successUrl],
  );
}

export function confirmationPage(res: ServerResponse, session: SessionView): void {
  const amount = formatAmount(session.amountCents);
  send(
    res,
    200,
    'Confirm this payment',
    `<div class="card"><h1>Confirm this payment</h1>
<p>Your bank asks you to confirm the payment of <strong>${amount}</strong> to SciExperts (${escapeHtml(session.description)}).</p>
<form class="actions" method="post" action="/checkout/${session.id}/confirm"><button type="submit" name="decision" value="confirm">Confirm this payment</button><button class="secondary" type="submit" name="decision" value="fail">Fail authentication</button></form>
<p class="note">A real bank shows its own check here (a code by text message, or its app). This stand-in only asks.</p></div>`,
    [session.successUrl],
  );
}

export function paidPage(res: ServerResponse, status: number, session: SessionView): void {
  send(
    res,
    status,
    'Payment complete',
    `<div class="card"><h1>This payment is complete</h1>
<p>${formatAmount(session.amountCents)} for ${escapeHtml(session.description)} has been paid. It cannot be paid again.</p>
<p class="back"><a href="${escapeHtml(session.successUrl)}">Return to SciExperts</a></p></div>`,
    [],
  );
}

export function notFoundPage(res: ServerResponse): void {
  send(res, 404, 'Checkout not found', '<div class="card"><h1>Checkout not found</h1><p>This payment page does not exist. Start the payment again from SciExperts.</p></div>', []);
}

/** Bank details the stand-in's payout-account page accepts (like a processor's test accounts). */
export const TEST_BANK_ACCOUNTS = {
  routingNumber: '110000000',
  succeeds: '000123456789',
  /** Connects, but every payout to it comes back: the account was closed. */
  payoutsFail: '000111111116',
} as const;

export const BANK_FIELDS = ['holderName', 'routingNumber', 'accountNumber'] as const;
export type BankField = (typeof BANK_FIELDS)[number];
export type BankValues = Partial<Record<BankField, string>>;
export type BankErrors = Partial<Record<BankField, string>>;

const BANK_FIELD_LABELS: Record<BankField, { id: string; label: string; autocomplete: string; numeric: boolean }> = {
  holderName: { id: 'holder-name', label: 'Account holder name', autocomplete: 'name', numeric: false },
  routingNumber: { id: 'routing-number', label: 'Routing number', autocomplete: 'off', numeric: true },
  accountNumber: { id: 'account-number', label: 'Account number', autocomplete: 'off', numeric: true },
};

function bankField(name: BankField, values: BankValues, errors: BankErrors): string {
  const f = BANK_FIELD_LABELS[name];
  const error = errors[name];
  // The account number is never shown back.
  const value = name === 'accountNumber' ? '' : (values[name] ?? '');
  return `<div class="field"><label for="${f.id}">${f.label}</label>
<input id="${f.id}" name="${name}" autocomplete="${f.autocomplete}"${f.numeric ? ' inputmode="numeric"' : ''} required value="${escapeHtml(value)}"${error ? ` aria-describedby="${f.id}-error" aria-invalid="true"` : ''}>
${error ? `<p class="error" id="${f.id}-error">${escapeHtml(error)}</p>` : ''}</div>`;
}

/** The hosted onboarding page: where an expert tells the processor which bank account receives their payouts. */
export function payoutAccountPage(
  res: ServerResponse,
  status: number,
  link: { token: string; email: string; returnUrl: string },
  { problem, values = {}, errors = {} }: { problem?: string; values?: BankValues; errors?: BankErrors } = {},
): void {
  const alert = problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : '';
  send(
    res,
    status,
    `${problem ? 'Payout account problem: ' : ''}Connect your payout account`,
    `<div class="card"><h1>Connect your payout account</h1><p class="description">Payouts from SciExperts for ${escapeHtml(link.email)} go to this bank account.</p>${alert}
<form method="post" action="/connect/${link.token}">
${bankField('holderName', values, errors)}
${bankField('routingNumber', values, errors)}
${bankField('accountNumber', values, errors)}
<button class="wide" type="submit">Connect this account</button>
</form>
<p class="back"><a href="${escapeHtml(link.returnUrl)}">Leave for now and return to SciExperts</a></p></div>
<section class="note" aria-labelledby="test-accounts"><h2 id="test-accounts">Test bank accounts</h2>
<p>This is a local stand-in for a payment processor: no money moves. Routing number <code>${TEST_BANK_ACCOUNTS.routingNumber}</code>, any name, and:</p>
<ul><li><code>${TEST_BANK_ACCOUNTS.succeeds}</code>: payouts arrive</li>
<li><code>${TEST_BANK_ACCOUNTS.payoutsFail}</code>: payouts come back (the account was closed)</li></ul></section>`,
    [link.returnUrl],
  );
}

export function linkExpiredPage(res: ServerResponse, refreshUrl: string | null): void {
  send(
    res,
    410,
    'This link has expired',
    `<div class="card"><h1>This link has expired</h1><p>Links to connect a payout account work once and for a short time.</p>${
      refreshUrl ? `<p class="back"><a href="${escapeHtml(refreshUrl)}">Return to SciExperts for a new link</a></p>` : ''
    }</div>`,
    [],
  );
}
