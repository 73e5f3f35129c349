import type { Balance, PayoutAccount, SavedCard, StatementLine, Withdrawal } from '@sciexperts/shared/member';

/** A statement line as the API sends it (a release to the expert's available balance by default). */
export function makeLine(overrides: Partial<StatementLine> = {}): StatementLine {
  return {
    transactionId: 1,
    createdAt: '2026-03-04T10:00:00.000Z',
    kind: 'release',
    account: 'available',
    contractId: 3,
    milestoneId: 7,
    projectTitle: 'Genome study',
    milestoneTitle: 'Data cleaning',
    amountCents: 45_000,
    feeCents: 5_000,
    balanceCents: 45_000,
    ...overrides,
  };
}

export function makeWithdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return { id: 1, amountCents: 12_000, status: 'requested', failureReason: null, createdAt: '2026-03-05T09:00:00.000Z', updatedAt: '2026-03-05T09:00:00.000Z', ...overrides };
}

export function makeBalance(overrides: Partial<Balance> = {}): Balance {
  return { availableCents: 12_000, inEscrowCents: 0, paidOutCents: 0, ...overrides };
}

export function makePayoutAccount(overrides: Partial<PayoutAccount> = {}): PayoutAccount {
  return { status: 'ready', label: 'Stand-in Bank •••• 6789', updatedAt: '2026-03-01T09:00:00.000Z', holdUntil: null, ...overrides };
}

export function makeSavedCard(overrides: Partial<SavedCard> = {}): SavedCard {
  return { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031, name: null, ...overrides };
}
