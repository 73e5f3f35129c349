// Issue 48 for the console: an action that removes its own item from a list (a report closed, a refund sent, a concierge
// request answered) keeps its confirmation above the list, announced in the status region, with the focus on it —
// whichever comes first, the reload's answer or the confirmation's render.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExpertCard } from '@sciexperts/shared';
import type { AdminReportView, ConciergeQueueItemView, MoneyOverviewView } from '@sciexperts/shared/member';
import { adminApi } from './api';
import { renderAt, signedInAs } from './testing';

afterEach(() => jest.restoreAllMocks());

/** A promise the test settles when it chooses: the reload answering after the confirmation has rendered. */
function later<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

type Order = 'reload first' | 'confirmation first';
const ORDERS: Order[] = ['reload first', 'confirmation first'];

/**
 * The list answers `first` when the page opens; the reload after the action answers `after`, at once ('reload first')
 * or only when the test calls the returned function ('confirmation first', after the confirmation has rendered).
 */
function loadsThenReloads<T, A extends unknown[]>(spy: jest.SpyInstance<Promise<T>, A>, order: Order, first: NoInfer<T>, after: NoInfer<T>): () => Promise<void> {
  const reload = later<T>();
  spy.mockResolvedValueOnce(first).mockImplementation(() => (order === 'reload first' ? Promise.resolve(after) : reload.promise));
  return () => act(async () => reload.resolve(after));
}

/** The confirmation is in the status region, which holds the focus (never the page's body). */
async function expectConfirmed(text: string) {
  const status = await screen.findByText(text);
  expect(status.closest('[role="status"]')).not.toBeNull();
  expect(document.activeElement).toBe(status.closest('[role="status"]'));
  expect(document.activeElement).not.toBe(document.body);
}

const report: AdminReportView = {
  id: 31,
  targetType: 'profile',
  targetId: 7,
  reason: 'spam',
  note: null,
  reporter: { id: 8, name: 'Rhea Reporter' },
  subject: { id: 7, name: 'Petra Hopper', email: 'petra@example.test' },
  excerpt: 'Petra Hopper: Biostatistician',
  createdAt: '2026-11-27T10:00:00.000Z',
  waitingSeconds: 3600,
  reporters: 1,
};
const queueOf = (reports: AdminReportView[]) => ({ reports, page: 1, pages: 1, total: reports.length, sort: 'oldest' as const });

describe.each(ORDERS)('a list whose action removes its item (%s)', (order) => {
  it('reports: dismissing a report', async () => {
    const user = userEvent.setup();
    signedInAs('operator');
    const settleReload = loadsThenReloads(jest.spyOn(adminApi, 'reports'), order, queueOf([report]), queueOf([]));
    jest.spyOn(adminApi, 'closeReport').mockResolvedValue(null);
    renderAt('/admin/reports');
    const card = within(await screen.findByRole('article', { name: /a profile of Petra Hopper/ }));
    await user.type(card.getByLabelText(/^Reason/), 'No rule broken.');
    await user.click(card.getByRole('button', { name: 'Dismiss the report' }));
    await expectConfirmed('The report is dismissed.');
    await settleReload();
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
    await expectConfirmed('The report is dismissed.');
  });

  it('reports: suspending the member responsible, one call that closes the report', async () => {
    const user = userEvent.setup();
    signedInAs('operator');
    const settleReload = loadsThenReloads(jest.spyOn(adminApi, 'reports'), order, queueOf([report]), queueOf([]));
    const suspend = jest.spyOn(adminApi, 'suspend').mockResolvedValue(null);
    const close = jest.spyOn(adminApi, 'closeReport');
    renderAt('/admin/reports');
    const card = within(await screen.findByRole('article', { name: /a profile of Petra Hopper/ }));
    await user.type(card.getByLabelText(/^Reason/), 'Scams members.');
    await user.click(card.getByRole('button', { name: 'Suspend Petra Hopper' }));
    expect(suspend).toHaveBeenCalledWith(7, 'Scams members.', 31);
    expect(close).not.toHaveBeenCalled();
    await settleReload();
    await expectConfirmed('Petra Hopper is suspended and was told why by e-mail; the report is closed.');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('money: a refund retried leaves the list of those not acknowledged', async () => {
    const user = userEvent.setup();
    signedInAs('finance');
    const overview: MoneyOverviewView = {
      totals: { inEscrowCents: 0, releasedCents: 0, refundedCents: 25_000, feesCents: 0, waitingForPayoutCents: 0, paidOutCents: 0 },
      refundsNotAcknowledged: [{ id: 4, amountCents: 25_000, memberId: 9, since: '2026-11-20T10:00:00.000Z', reason: null }],
      payoutsNotAcknowledged: [],
      failedPayouts: [],
    };
    const after = { ...overview, refundsNotAcknowledged: [] };
    const settleReload = loadsThenReloads(jest.spyOn(adminApi, 'money'), order, overview, after);
    jest.spyOn(adminApi, 'retryRefund').mockResolvedValue({ sent: true });
    renderAt('/admin/money');
    await user.click(await screen.findByRole('button', { name: 'Retry refund #4' }));
    await expectConfirmed('The refund of $250.00 was sent to the payment provider.');
    await settleReload();
    expect(screen.queryByRole('button', { name: 'Retry refund #4' })).toBeNull();
    await expectConfirmed('The refund of $250.00 was sent to the payment provider.');
  });

  it('concierge: a request answered leaves the queue', async () => {
    const user = userEvent.setup();
    signedInAs('support');
    const request: ConciergeQueueItemView = {
      id: 5,
      name: 'Cora Client',
      email: 'cora@example.test',
      need: 'A survival analysis of our oncology cohort.',
      budget: '1000-5000',
      deadline: '2099-01-01',
      createdAt: '2026-11-26T10:00:00.000Z',
      waitingSeconds: 3 * 3600,
      nearingDeadline: false,
    };
    const settleReload = loadsThenReloads(jest.spyOn(adminApi, 'concierge'), order, { requests: [request] }, { requests: [] });
    const expert = { id: 12, slug: 'pia-hopper', firstName: 'Pia', lastName: 'Hopper', headline: 'Survival analyst', profImgUrl: null, hourlyFee: 90, country: 'DE', services: [], snippet: '', highlights: [] } as unknown as ExpertCard;
    jest.spyOn(adminApi, 'searchExperts').mockResolvedValue({ total: 1, page: 1, pageSize: 20, results: [expert] } as never);
    jest.spyOn(adminApi, 'shortlist').mockResolvedValue(null);
    renderAt('/admin/concierge');
    await user.click(await screen.findByRole('button', { name: 'Answer request #5 from Cora Client' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Pia Hopper, Survival analyst' }));
    await user.type(screen.getByLabelText('A few words to Cora Client about the choice'), 'Our pick.');
    await user.click(screen.getByRole('button', { name: 'Send the shortlist' }));
    const sent = 'The shortlist of 1 expert(s) was sent to cora@example.test. They find it as a project draft with these experts invited once signed in with that address.';
    await expectConfirmed(sent);
    await settleReload();
    expect(await screen.findByText('No request is waiting.')).toBeInTheDocument();
    await expectConfirmed(sent);
  });
});
