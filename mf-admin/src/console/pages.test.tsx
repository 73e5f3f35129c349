import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminApi } from './api';
import { renderAt, signedInAs } from './testing';

afterEach(() => jest.restoreAllMocks());

const member = { id: 7, name: 'Petra Hopper', email: 'petra@example.test', createdAt: '2026-11-01T10:00:00.000Z', signInWith: 'password' as const, emailVerified: false, deleted: false, suspended: null, profilePublic: true, activeSessions: 2, contracts: { asClient: 1, asExpert: 0 }, profileHidden: null, projects: [], reports: null };

it('finds a member and ends their sessions with a reason', async () => {
  const user = userEvent.setup();
  signedInAs('support');
  jest.spyOn(adminApi, 'members').mockResolvedValue({ members: [member] });
  jest.spyOn(adminApi, 'member').mockResolvedValue(member);
  const end = jest.spyOn(adminApi, 'endSessions').mockResolvedValue({ ended: 2 });
  renderAt('/admin/members');
  // Support has no money pages.
  expect(screen.queryByRole('link', { name: 'Money' })).toBeNull();
  await user.type(screen.getByLabelText('Name or e-mail'), 'petra');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  expect(await screen.findByRole('cell', { name: /Petra Hopper/ })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Manage Petra Hopper' }));
  await user.type(await screen.findByLabelText('Reason (recorded in the audit log)'), 'Lost laptop.');
  await user.click(screen.getByRole('button', { name: 'End all sessions' }));
  expect(end).toHaveBeenCalledWith(7, 'Lost laptop.');
  expect(await screen.findByText('2 session(s) of Petra Hopper ended; their open pages are signed out.')).toBeInTheDocument();
});

it('shows the totals and lets finance retry a refund the provider never acknowledged', async () => {
  const user = userEvent.setup();
  signedInAs('finance');
  const overview = {
    totals: { inEscrowCents: 100, releasedCents: 200, refundedCents: 300, feesCents: 20, waitingForPayoutCents: 180, paidOutCents: 0 },
    refundsNotAcknowledged: [{ id: 4, amountCents: 25_000, memberId: 9, since: '2026-11-20T10:00:00.000Z', reason: null }],
    payoutsNotAcknowledged: [],
    failedPayouts: [],
  };
  jest.spyOn(adminApi, 'money').mockResolvedValueOnce(overview).mockResolvedValue({ ...overview, refundsNotAcknowledged: [] });
  const retry = jest.spyOn(adminApi, 'retryRefund').mockResolvedValue({ sent: true });
  renderAt('/admin/money');
  expect(await screen.findByText('$3.00')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Retry refund #4' }));
  expect(retry).toHaveBeenCalledWith(4);
  expect(await screen.findByText('The refund of $250.00 was sent to the payment provider.')).toBeInTheDocument();
});

it('lets an operator suspend a member with a reason, and only an operator', async () => {
  const user = userEvent.setup();
  signedInAs('operator');
  jest.spyOn(adminApi, 'members').mockResolvedValue({ members: [member] });
  jest.spyOn(adminApi, 'member').mockResolvedValue(member);
  const suspend = jest.spyOn(adminApi, 'suspend').mockResolvedValue(null);
  renderAt('/admin/members');
  await user.type(screen.getByLabelText('Name or e-mail'), 'petra');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await user.click(await screen.findByRole('button', { name: 'Manage Petra Hopper' }));
  await user.type(await screen.findByLabelText('Reason (recorded in the audit log)'), 'Fraudulent project.');
  await user.click(screen.getByRole('button', { name: 'Suspend the member' }));
  expect(suspend).toHaveBeenCalledWith(7, 'Fraudulent project.');
  expect(await screen.findByText('Petra Hopper is suspended and was told why by e-mail.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Lift the suspension' })).toBeInTheDocument();
});

it('flags a concierge request near its 24 hours and sends a shortlist picked from the directory search', async () => {
  const user = userEvent.setup();
  signedInAs('support');
  const request = { id: 5, name: 'Cora Client', email: 'cora@example.test', need: 'A survival analysis.', budget: '1k-5k', deadline: '2099-01-01', createdAt: '2026-11-26T10:00:00.000Z', waitingSeconds: 21 * 3600 + 5 * 60, nearingDeadline: true };
  jest.spyOn(adminApi, 'concierge').mockResolvedValueOnce({ requests: [request] }).mockResolvedValue({ requests: [] });
  jest.spyOn(adminApi, 'searchExperts').mockResolvedValue({
    total: 1,
    page: 1,
    pageSize: 20,
    results: [{ id: 12, slug: 'pia-hopper', firstName: 'Pia', lastName: 'Hopper', headline: 'Survival analyst', profImgUrl: null, hourlyFee: 90, country: 'DE', services: [], snippet: '', highlights: [] } as never],
  });
  const send = jest.spyOn(adminApi, 'shortlist').mockResolvedValue(null);
  renderAt('/admin/concierge');
  expect(await screen.findByText('· nearly 24 hours: answer now')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Answer request #5 from Cora Client' }));
  await user.type(screen.getByLabelText('Search the directory'), 'survival');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await user.click(await screen.findByRole('checkbox', { name: 'Pia Hopper, Survival analyst' }));
  await user.type(screen.getByLabelText('A few words to Cora Client about the choice'), 'Pia knows cohorts.');
  await user.click(screen.getByRole('button', { name: 'Send the shortlist' }));
  expect(send).toHaveBeenCalledWith(5, [12], 'Pia knows cohorts.');
  expect(await screen.findByText('The shortlist of 1 expert(s) was sent to cora@example.test. They find it as a project draft with these experts invited once signed in with that address.')).toBeInTheDocument();
});

it.each([
  ['support', true],
  ['finance', false],
] as const)("opens the member an audit entry links to (%s), read from the server", async (role, manages) => {
  signedInAs(role);
  const read = jest.spyOn(adminApi, 'member').mockResolvedValue(member);
  renderAt('/admin/members?member=7');
  expect(await screen.findByRole('cell', { name: /Petra Hopper/ })).toBeInTheDocument();
  expect(read).toHaveBeenCalledWith(7);
  // Finance reads members but does not act on them: the row, without the member's controls.
  expect(screen.queryByRole('heading', { name: 'Manage Petra Hopper' }) !== null).toBe(manages);
});
