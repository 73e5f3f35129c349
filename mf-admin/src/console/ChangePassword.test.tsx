import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import { ADMIN_MESSAGES as M, ADMIN_REFUSALS } from '@sciexperts/shared/member';
import { sessionStore, setSession } from './session';
import { renderAt, signedInAs } from './testing';

type Call = { method: string; url: string; body: Record<string, unknown> | null; auth: string | null };
let calls: Call[];
let answer: (call: Call) => { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  setSession(null);
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call = { method: init?.method ?? 'GET', url: String(input), body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null, auth: headers.authorization ?? null };
    calls.push(call);
    const { status, body } = answer(call);
    return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => jest.restoreAllMocks());

const operator = { id: 1, email: 'lead@sciexperts.test', role: 'operator' as const };
const ONE_TIME = 'Xy7-one-time-password-from-the-command';
const CHOSEN = 'a-password-of-my-own';

it('after the first sign-in shows only the password change, then opens the console', async () => {
  const user = userEvent.setup();
  answer = (call) => {
    if (call.url.endsWith('/api/admin/Session')) {
      return { status: 200, body: { status: 'signed-in', token: 'op_token', expiresAt: new Date(Date.now() + 3600_000).toISOString(), operator, passwordChangeRequired: true } };
    }
    if (call.url.endsWith('/api/admin/Password')) {
      if (call.body?.currentPassword !== ONE_TIME) return { status: 400, body: { message: M.currentPasswordWrong, details: [{ field: 'currentPassword', message: M.currentPasswordWrong }] } };
      return { status: 204, body: null };
    }
    return { status: 200, body: { items: [] } };
  };
  renderAt('/admin');
  await user.type(screen.getByLabelText('E-mail'), operator.email);
  await user.type(screen.getByLabelText('Password'), ONE_TIME);
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  // Nothing of the console is offered: no navigation, just the form (and signing out).
  const heading = await screen.findByRole('heading', { name: 'Choose your own password' });
  expect(heading).toHaveFocus();
  expect(screen.getByText(M.passwordChangeRequired)).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  await expectNoAxeViolations();

  // Checked before anything is sent: the new password twice, and not the one given.
  await user.type(screen.getByLabelText('The password you were given'), 'not-the-one');
  await user.type(screen.getByLabelText('New password'), 'not-the-one');
  await user.type(screen.getByLabelText('New password again'), 'not-the-one');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(M.samePassword);
  expect(screen.getByLabelText('New password')).toHaveFocus();
  await user.clear(screen.getByLabelText('New password'));
  await user.type(screen.getByLabelText('New password'), CHOSEN);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(M.passwordsDiffer);
  expect(screen.getByLabelText('New password again')).toHaveFocus();
  expect(calls.some((c) => c.url.endsWith('/api/admin/Password'))).toBe(false);

  // The server's refusal lands on the field it names.
  await user.clear(screen.getByLabelText('New password again'));
  await user.type(screen.getByLabelText('New password again'), CHOSEN);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(M.currentPasswordWrong);
  expect(screen.getByLabelText('The password you were given')).toHaveFocus();
  expect(screen.getByLabelText('The password you were given')).toHaveAttribute('aria-invalid', 'true');

  await user.clear(screen.getByLabelText('The password you were given'));
  await user.type(screen.getByLabelText('The password you were given'), ONE_TIME);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('No open disputes.')).toBeInTheDocument();
  expect(calls.find((c) => c.url.endsWith('/api/admin/Password') && c.body?.currentPassword === ONE_TIME)).toMatchObject({ auth: 'Bearer op_token', body: { newPassword: CHOSEN } });
  expect(sessionStore.getState().session?.passwordChangeRequired).toBe(false);
});

it('turns into the password change when the server says the one-time password is still in use', async () => {
  signedInAs('operator');
  answer = (call) =>
    call.url.endsWith('/api/admin/Disputes') ? { status: 403, body: { message: M.passwordChangeRequired, reason: ADMIN_REFUSALS.passwordChange } } : { status: 200, body: { items: [] } };
  renderAt('/admin/disputes');
  expect(await screen.findByRole('heading', { name: 'Choose your own password' })).toBeInTheDocument();
  expect(sessionStore.getState().session).toMatchObject({ token: 'op_t', passwordChangeRequired: true });
});

it('asks for a code when the change comes long after signing in, and says when it is done', async () => {
  const user = userEvent.setup();
  signedInAs('finance');
  answer = (call) => {
    if (call.url.endsWith('/api/admin/Password')) {
      if (!call.body?.code) return { status: 403, body: { message: M.stepUpRequired, reason: ADMIN_REFUSALS.stepUp, details: [{ field: 'code', message: M.stepUpRequired }] } };
      return { status: 204, body: null };
    }
    return { status: 200, body: { items: [] } };
  };
  renderAt('/admin/disputes');
  await user.click(await screen.findByRole('link', { name: 'Change password' }));
  expect(await screen.findByRole('heading', { name: 'Change your password' })).toHaveFocus();
  expect(screen.queryByLabelText(/Code from your authenticator app/)).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('Current password'), 'my-current-password');
  await user.type(screen.getByLabelText('New password'), CHOSEN);
  await user.type(screen.getByLabelText('New password again'), CHOSEN);
  await user.click(screen.getByRole('button', { name: 'Change password' }));

  const codeField = await screen.findByLabelText(/Code from your authenticator app/);
  expect(codeField).toHaveFocus();
  expect(screen.getByRole('alert')).toHaveTextContent(M.stepUpRequired);
  await expectNoAxeViolations();
  await user.type(codeField, '123456');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByRole('status')).toHaveTextContent(M.passwordChanged);
  expect(calls.filter((c) => c.url.endsWith('/api/admin/Password')).map((c) => c.body)).toEqual([
    { currentPassword: 'my-current-password', newPassword: CHOSEN },
    { currentPassword: 'my-current-password', newPassword: CHOSEN, code: '123456' },
  ]);
  // The form is empty again, and the console is still there.
  expect(screen.getByLabelText('Current password')).toHaveValue('');
  expect(within(screen.getByRole('navigation', { name: 'Console' })).getByRole('link', { name: 'Disputes' })).toBeInTheDocument();
});
