import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DisputeDetailView } from '@sciexperts/shared/member';
import { setSession } from './session';
import { renderAt } from './testing';

type Call = { method: string; url: string; body: unknown; auth: string | null };
let calls: Call[];
let answer: (call: Call) => { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  setSession(null);
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call = { method: init?.method ?? 'GET', url: String(input), body: init?.body ? JSON.parse(String(init.body)) : null, auth: headers.authorization ?? null };
    calls.push(call);
    const { status, body } = answer(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => jest.restoreAllMocks());

const operator = { id: 1, email: 'lead@sciexperts.test', role: 'operator' as const };

it('signs in with the password, sets up the authenticator, shows the recovery codes once, then opens the queue', async () => {
  const user = userEvent.setup();
  answer = (call) => {
    if (call.url.endsWith('/api/admin/Session')) {
      const body = call.body as { code?: string };
      if (!body.code) return { status: 200, body: { status: 'setup-required', enrolment: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+' } } };
      if (body.code !== '123456') return { status: 401, body: { message: 'The e-mail, password or code is wrong.' } };
      return { status: 200, body: { status: 'signed-in', token: 'op_token', expiresAt: new Date(Date.now() + 3600_000).toISOString(), operator, recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] } };
    }
    return { status: 200, body: { items: [] } };
  };
  renderAt('/admin');
  await user.type(screen.getByLabelText('E-mail'), operator.email);
  await user.type(screen.getByLabelText('Password'), 'one-time-password');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
  expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
  const code = screen.getByLabelText(/Code from your authenticator app/);
  expect(code).toHaveFocus();
  await user.type(code, '000000');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail, password or code is wrong.');
  await user.type(screen.getByLabelText(/Code from your authenticator app/), '123456');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  const codes = await screen.findByRole('list', { name: 'Recovery codes' });
  expect(within(codes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['aaaaa-bbbbb', 'ccccc-ddddd']);
  await user.click(screen.getByRole('button', { name: /continue/ }));
  expect(await screen.findByText('No open disputes.')).toBeInTheDocument();
  expect(calls.at(-1)).toMatchObject({ method: 'GET', auth: 'Bearer op_token' });
});

const detail: DisputeDetailView = {
  milestone: { id: 7, title: 'Analysis', amountCents: 100_000, dueDate: '2026-12-01', status: 'disputed' },
  contract: {
    id: 3,
    projectId: 2,
    projectTitle: 'Cohort study',
    projectDescription: 'Analyse the cohort.',
    status: 'active',
    priceType: 'fixed',
    priceCents: 100_000,
    createdAt: '2026-11-01T10:00:00.000Z',
    client: { id: 10, name: 'Olive Client', email: 'olive@example.test' },
    expert: { id: 11, name: 'Ada Expert', email: 'ada@example.test' },
  },
  disputedAt: '2026-11-20T10:00:00.000Z',
  timeline: [{ id: 1, kind: 'disputed', actorId: 10, note: 'The analysis is missing.', createdAt: '2026-11-20T10:00:00.000Z' }],
  deliveredFiles: [],
  messages: [{ id: 5, senderId: 11, text: 'It is in section 4.', createdAt: '2026-11-19T10:00:00.000Z' }],
  statements: [{ id: 9, authorId: 11, role: 'expert', text: 'Section 4 has it.', files: [], createdAt: '2026-11-21T10:00:00.000Z' }],
  resolution: null,
  feeBasisPoints: 1000,
};

it('shows both sides of a dispute and splits it with a reason, then shows who resolved it', async () => {
  const user = userEvent.setup();
  setSession({ token: 'op_token', expiresAt: new Date(Date.now() + 3600_000).toISOString(), operator });
  let resolved = false;
  answer = (call) => {
    if (call.method === 'POST') {
      resolved = true;
      return { status: 200, body: { repeated: false, resolution: { outcome: 'split', expertCents: 60_000, clientCents: 40_000, reason: 'Half delivered.', by: operator.email, at: '2026-11-27T10:00:00.000Z' } } };
    }
    return {
      status: 200,
      body: resolved ? { ...detail, milestone: { ...detail.milestone, status: 'split' }, resolution: { outcome: 'split', expertCents: 60_000, clientCents: 40_000, reason: 'Half delivered.', by: operator.email, at: '2026-11-27T10:00:00.000Z' } } : detail,
    };
  };
  renderAt('/admin/disputes/7');
  expect(await screen.findByRole('heading', { level: 1, name: 'Dispute: Analysis — Cohort study' })).toBeInTheDocument();
  expect(screen.getByText('Section 4 has it.')).toBeInTheDocument();
  expect(screen.getByText('It is in section 4.')).toBeInTheDocument();
  // Nothing is chosen to begin with: the operator picks the outcome.
  expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'Resolve the dispute' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Choose an outcome.');
  await user.click(screen.getByRole('radio', { name: /^Split/ }));
  await user.click(screen.getByRole('button', { name: 'Resolve the dispute' }));
  expect(screen.getByRole('alert')).toHaveTextContent('between $0.01 and $999.99');
  await user.type(screen.getByLabelText(/Expert’s part in US dollars/), '600');
  await user.click(screen.getByRole('button', { name: 'Resolve the dispute' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Give a reason');
  await user.type(screen.getByLabelText('Reason (both parties receive it)'), 'Half delivered.');
  await user.clear(screen.getByLabelText(/Expert’s part in US dollars/));
  await user.type(screen.getByLabelText(/Expert’s part in US dollars/), '1000');
  await user.click(screen.getByRole('button', { name: 'Resolve the dispute' }));
  expect(screen.getByRole('alert')).toHaveTextContent('between $0.01 and $999.99');
  await user.clear(screen.getByLabelText(/Expert’s part in US dollars/));
  await user.type(screen.getByLabelText(/Expert’s part in US dollars/), '600');
  expect(screen.getByText('Back to the client: $400.00')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Resolve the dispute' }));
  // Before any money moves, a confirmation says what each party receives; going back sends nothing.
  const confirmation = await screen.findByRole('alertdialog');
  expect(confirmation).toHaveTextContent(/receives \$600\.00 and .* gets \$400\.00 back, of the \$1,000\.00 in escrow/);
  await user.click(screen.getByRole('button', { name: 'Go back' }));
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'Resolve the dispute' }));
  await user.click(await screen.findByRole('button', { name: 'Move the money' }));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Resolved: $600.00 to the expert, $400.00 back to the client.'));
  expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: expect.stringContaining('/api/admin/Disputes/7/Resolve'), body: { outcome: 'split', expertCents: 60_000, reason: 'Half delivered.' } });
  expect(await screen.findByText(/Resolved by lead@sciexperts.test/)).toBeInTheDocument();
});

it('reloads the dispute when another operator resolved it first, showing their decision and the server\'s message instead of the form', async () => {
  const user = userEvent.setup();
  setSession({ token: 'op_token', expiresAt: new Date(Date.now() + 3600_000).toISOString(), operator });
  const theirs = { outcome: 'refund', expertCents: 0, clientCents: 100_000, reason: 'Nothing was delivered.', by: 'other@sciexperts.test', at: '2026-11-27T09:00:00.000Z' };
  let refused = false;
  answer = (call) => {
    if (call.method === 'POST') {
      refused = true;
      return { status: 409, body: { message: 'This dispute was resolved by other@sciexperts.test at 27 Nov 2026, 09:00.' } };
    }
    return { status: 200, body: refused ? { ...detail, milestone: { ...detail.milestone, status: 'refunded' }, resolution: theirs } : detail };
  };
  renderAt('/admin/disputes/7');
  await user.click(await screen.findByRole('radio', { name: 'Refund all to the client' }));
  await user.type(screen.getByLabelText('Reason (both parties receive it)'), 'Nothing in section 4.');
  await user.click(screen.getByRole('button', { name: 'Resolve the dispute' }));
  await user.click(await screen.findByRole('button', { name: 'Move the money' }));
  expect(await screen.findByText(/Resolved by other@sciexperts.test/)).toHaveTextContent('$0.00 to the expert, $1,000.00 back to the client. Reason: “Nothing was delivered.”');
  expect(screen.getByRole('alert')).toHaveTextContent('This dispute was resolved by other@sciexperts.test at 27 Nov 2026, 09:00.');
  expect(screen.queryByRole('button', { name: 'Resolve the dispute' })).toBeNull();
  expect(calls.filter((c) => c.method === 'GET' && c.url.includes('/api/admin/Disputes/7'))).toHaveLength(2);
});

it('goes back to the sign-in form when the session has expired', async () => {
  setSession({ token: 'op_old', expiresAt: new Date(Date.now() + 3600_000).toISOString(), operator });
  answer = () => ({ status: 401, body: { message: 'Your operator session has expired. Please sign in again.' } });
  renderAt('/admin/disputes');
  expect(await screen.findByRole('heading', { name: 'Operator sign-in' })).toBeInTheDocument();
});
