import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authStore, FIELD_MESSAGES, securityApi, signIn } from '@sciexperts/shared';
import {
  ACCOUNT_SETTINGS_MESSAGES as M,
  accountSettingsApi,
  blocksApi,
  DEFAULT_EMAIL_MODES,
  NOTIFICATION_TYPES,
  notificationsApi,
  partnersApi,
  type SessionInfo,
} from '@sciexperts/shared/member';
import { makeUser } from '@sciexperts/shared/testing';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import { AccountSettingsPage } from './AccountSettingsPage';

const session = (over: Partial<SessionInfo> = {}): SessionInfo => ({
  id: 'sess-current-0001',
  device: 'Firefox on Linux',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: '2026-11-24T08:00:00.000Z',
  current: true,
  ...over,
});
const phone = session({ id: 'sess-phone-00002', device: 'Safari on iOS', current: false });
const region = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  signIn('token', makeUser({ email: 'ada@example.test', phoneNumber: '+44 20 7946 0000' }));
  jest.spyOn(notificationsApi, 'preferences').mockResolvedValue({ preferences: NOTIFICATION_TYPES.map((type) => ({ type, email: DEFAULT_EMAIL_MODES[type] })) });
  jest.spyOn(accountSettingsApi, 'sessions').mockResolvedValue({ results: [session(), phone] });
  jest.spyOn(blocksApi, 'list').mockResolvedValue([]);
  jest.spyOn(partnersApi, 'connected').mockResolvedValue([]);
  // The security sections have their own tests (SecuritySection.test.tsx).
  jest.spyOn(securityApi, 'overview').mockResolvedValue({ hasPassword: true, secondFactor: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 }, passkeys: [], stepUpMethods: ['password'], recentActivity: [] });
});
afterEach(() => jest.restoreAllMocks());

describe('the Account settings page', () => {
  it('has a section for each setting, with the notifications among them', async () => {
    render(<AccountSettingsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Account settings' })).toBeInTheDocument();
    // The tab says which page this is (the member area's pages each name themselves; the frame does not).
    expect(document.title).toBe('Account settings | SciExperts');
    for (const name of ['E-mail address', 'Phone number', 'Password', 'Where you are signed in', 'Notifications', 'Blocked members', 'Connected partners']) expect(region(name)).toBeInTheDocument();
    expect(region('E-mail address')).toHaveTextContent('You sign in with ada@example.test.');
    expect(within(region('Phone number')).getByRole('textbox', { name: 'Phone number' })).toHaveValue('+44 20 7946 0000');
    expect(await screen.findByRole('combobox', { name: 'New messages' })).toBeInTheDocument();
  });

  it('lists its sections on the page, each link taking the reader (and the focus) to its section', async () => {
    const user = userEvent.setup();
    render(<AccountSettingsPage />);
    const jump = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(jump).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Security', 'Sessions', 'Notifications', 'Blocked members', 'Connected partners', 'Data']);
    // Each link names a section of the page, in the page's order.
    const targets = links.map((a) => document.getElementById(a.getAttribute('href')!.slice(1)));
    expect(targets.every((t) => t !== null)).toBe(true);
    const order = targets.map((t) => t!.compareDocumentPosition(targets[0]!));
    expect(order.slice(1).every((o) => o & Node.DOCUMENT_POSITION_PRECEDING)).toBe(true);

    await screen.findByRole('region', { name: 'Two-step verification' });
    await user.click(within(jump).getByRole('link', { name: 'Security' }));
    expect(region('Two-step verification')).toHaveFocus();
    await user.click(within(jump).getByRole('link', { name: 'Sessions' }));
    expect(region('Where you are signed in')).toHaveFocus();
    // The next Tab goes on inside the section.
    await within(region('Where you are signed in')).findByRole('button', { name: 'Sign out everywhere else' });
    await user.tab();
    expect(region('Where you are signed in')).toContainElement(document.activeElement as HTMLElement);
    await user.click(within(jump).getByRole('link', { name: 'Notifications' }));
    expect(region('Notifications')).toHaveFocus();
    await user.click(within(jump).getByRole('link', { name: 'Blocked members' }));
    expect(region('Blocked members')).toHaveFocus();
    await user.click(within(jump).getByRole('link', { name: 'Data' }));
    expect(region('Your data and your account')).toHaveFocus();
  });

  it.each([1280, 375])('has no axe violations at %i px', async (width) => {
    render(<AccountSettingsPage />);
    await screen.findByRole('combobox', { name: 'New messages' });
    await screen.findByRole('region', { name: 'Two-step verification' });
    await within(region('Where you are signed in')).findByRole('button', { name: 'Sign out everywhere else' });
    await expectNoAxeViolations(width);
  });

  it('changes the password: checks both fields first, shows the server’s word by field, and lists the sessions again after', async () => {
    const user = userEvent.setup();
    const change = jest
      .spyOn(accountSettingsApi, 'changePassword')
      .mockRejectedValueOnce(new ApiError(M.currentPasswordWrong, 400, { message: M.currentPasswordWrong, details: [{ field: 'currentPassword', message: M.currentPasswordWrong }] }))
      .mockResolvedValueOnce({ message: M.passwordChanged });
    render(<AccountSettingsPage />);
    const password = region('Password');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(within(password).getByLabelText('Current password')).toHaveAccessibleDescription(M.currentPasswordRequired);
    expect(within(password).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(change).not.toHaveBeenCalled();

    await user.type(within(password).getByLabelText('Current password'), 'wrong');
    await user.type(within(password).getByLabelText('New password'), 'A-new-strong-one-2026');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText(M.currentPasswordWrong)).toBeInTheDocument();

    await user.clear(within(password).getByLabelText('Current password'));
    await user.type(within(password).getByLabelText('Current password'), 'right');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText(M.passwordChanged)).toBeInTheDocument();
    expect(change).toHaveBeenLastCalledWith({ currentPassword: 'right', newPassword: 'A-new-strong-one-2026' });
    expect(within(password).getByLabelText('Current password')).toHaveValue('');
    await waitFor(() => expect(accountSettingsApi.sessions).toHaveBeenCalledTimes(2));
  });

  it('has no password form for a member of the identity provider, and asks no password for a new e-mail', async () => {
    const user = userEvent.setup();
    signIn('token', makeUser({ email: 'ida@example.test' }), 'identity');
    const change = jest.spyOn(accountSettingsApi, 'changeEmail').mockResolvedValue({ message: M.emailChangeSent });
    render(<AccountSettingsPage />);
    expect(region('Password')).toHaveTextContent(M.passwordManagedByProvider);
    expect(within(region('Password')).queryByRole('button')).toBeNull();
    const email = region('E-mail address');
    expect(within(email).queryByLabelText('Current password')).toBeNull();
    await user.type(within(email).getByLabelText('New e-mail address'), 'ida.new@example.test');
    await user.click(within(email).getByRole('button', { name: 'Send the confirmation link' }));
    expect(await within(email).findByText(M.emailChangeSent)).toBeInTheDocument();
    expect(change).toHaveBeenCalledWith({ newEmail: 'ida.new@example.test' });
  });

  it('asks for a new e-mail with the current password and says the link is on its way', async () => {
    const user = userEvent.setup();
    const change = jest
      .spyOn(accountSettingsApi, 'changeEmail')
      .mockRejectedValueOnce(new ApiError('An account with this e-mail already exists.', 409, { message: 'An account with this e-mail already exists.' }))
      .mockResolvedValueOnce({ message: M.emailChangeSent });
    render(<AccountSettingsPage />);
    const email = region('E-mail address');
    await user.click(within(email).getByRole('button', { name: 'Send the confirmation link' }));
    expect(within(email).getByLabelText('New e-mail address')).toHaveAccessibleDescription(FIELD_MESSAGES.emailRequired);
    expect(within(email).getByLabelText('Current password')).toHaveAccessibleDescription(M.currentPasswordRequired);
    await user.type(within(email).getByLabelText('New e-mail address'), 'taken@example.test');
    await user.type(within(email).getByLabelText('Current password'), 'pw');
    await user.click(within(email).getByRole('button', { name: 'Send the confirmation link' }));
    expect(await within(email).findByText('An account with this e-mail already exists.')).toBeInTheDocument();
    await user.click(within(email).getByRole('button', { name: 'Send the confirmation link' }));
    expect(await within(email).findByText(M.emailChangeSent)).toBeInTheDocument();
    expect(change).toHaveBeenLastCalledWith({ newEmail: 'taken@example.test', currentPassword: 'pw' });
    // The address changes only when the link is opened.
    expect(email).toHaveTextContent('You sign in with ada@example.test.');
  });

  it('checks and saves the phone number, and keeps the stored member up to date', async () => {
    const user = userEvent.setup();
    jest.spyOn(accountSettingsApi, 'changePhone').mockResolvedValue({ message: M.phoneChanged });
    render(<AccountSettingsPage />);
    const field = within(region('Phone number')).getByRole('textbox', { name: 'Phone number' });
    await user.clear(field);
    await user.type(field, 'call me');
    await user.click(within(region('Phone number')).getByRole('button', { name: 'Save phone number' }));
    expect(field).toHaveAccessibleDescription(FIELD_MESSAGES.phoneInvalid);
    await user.clear(field);
    await user.type(field, '+1 415 555 0100');
    await user.click(within(region('Phone number')).getByRole('button', { name: 'Save phone number' }));
    expect(await within(region('Phone number')).findByText(M.phoneChanged)).toBeInTheDocument();
    expect(authStore.getState().user?.phoneNumber).toBe('+1 415 555 0100');
  });

  it('lists the sessions and signs out another one, or all others, keeping the reader’s place', async () => {
    const user = userEvent.setup();
    const laptop = session({ id: 'sess-laptop-0003', device: 'Chrome on Windows', current: false, lastUsedAt: null });
    (accountSettingsApi.sessions as jest.Mock).mockResolvedValue({ results: [session(), phone, laptop] });
    jest.spyOn(accountSettingsApi, 'revokeSession').mockResolvedValue({ message: M.sessionEnded });
    jest.spyOn(accountSettingsApi, 'revokeOtherSessions').mockResolvedValue({ message: M.otherSessionsEnded });
    render(<AccountSettingsPage />);
    const sessions = region('Where you are signed in');
    const rows = await within(sessions).findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Firefox on LinuxThis device'),
      expect.stringContaining('Safari on iOS'),
      expect.stringContaining('Chrome on Windows'),
    ]);
    expect(within(rows[0]!).queryByRole('button')).toBeNull();

    await user.click(within(sessions).getByRole('button', { name: 'Sign out Safari on iOS' }));
    expect(accountSettingsApi.revokeSession).toHaveBeenCalledWith('sess-phone-00002');
    expect(await within(sessions).findByText(M.sessionEnded)).toBeInTheDocument();
    expect(within(sessions).queryByText('Safari on iOS')).toBeNull();
    expect(within(sessions).getByRole('heading', { name: 'Where you are signed in' })).toHaveFocus();

    await user.click(within(sessions).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await within(sessions).findByText(M.otherSessionsEnded)).toBeInTheDocument();
    expect(within(sessions).getAllByRole('listitem')).toHaveLength(1);
    expect(within(sessions).getByText('You are signed in on this device only.')).toBeInTheDocument();
  });

  it('offers to load the sessions again when they cannot be loaded', async () => {
    const user = userEvent.setup();
    (accountSettingsApi.sessions as jest.Mock).mockRejectedValueOnce(new ApiError(M.loadFailed, 0, null)).mockResolvedValueOnce({ results: [session()] });
    render(<AccountSettingsPage />);
    const sessions = region('Where you are signed in');
    expect(await within(sessions).findByRole('alert')).toHaveTextContent(M.loadFailed);
    await user.click(within(sessions).getByRole('button', { name: 'Try again' }));
    expect(await within(sessions).findByText('Firefox on Linux')).toBeInTheDocument();
  });

  it('downloads the member’s data after the password, as a JSON file', async () => {
    const user = userEvent.setup();
    const exportData = jest.spyOn(accountSettingsApi, 'exportData').mockResolvedValue(new Blob(['{"profile":{}}'], { type: 'application/json' }));
    const createObjectURL = jest.fn(() => 'blob:data');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(<AccountSettingsPage />);
    const data = region('Your data and your account');
    await user.click(within(data).getByRole('button', { name: 'Download my data' }));
    expect(within(data).getByLabelText('Current password')).toHaveAccessibleDescription(M.currentPasswordRequired);
    expect(exportData).not.toHaveBeenCalled();
    await user.type(within(data).getByLabelText('Current password'), 'pw');
    await user.click(within(data).getByRole('button', { name: 'Download my data' }));
    expect(await within(data).findByText('Your data is downloaded.')).toBeInTheDocument();
    expect(exportData).toHaveBeenCalledWith('pw');
    expect(click).toHaveBeenCalled();
  });

  it('deletes the account after asking once more, and signs out with the reason; says why when it cannot yet', async () => {
    const user = userEvent.setup();
    const remove = jest
      .spyOn(accountSettingsApi, 'deleteAccount')
      .mockRejectedValueOnce(new ApiError(M.deleteBlockedContract, 409, { message: M.deleteBlockedContract }))
      .mockResolvedValueOnce({ message: M.deleted });
    render(<AccountSettingsPage />);
    const data = region('Your data and your account');
    await user.type(within(data).getByLabelText('Current password'), 'pw');
    await user.click(within(data).getByRole('button', { name: 'Delete my account' }));
    const ask = screen.getByRole('alertdialog', { name: 'Delete your SciExperts account for good? This cannot be undone.' });
    await user.click(within(ask).getByRole('button', { name: 'Delete my account' }));
    expect(await within(data).findByText(M.deleteBlockedContract)).toBeInTheDocument();
    expect(authStore.getState().token).toBe('token');

    await user.click(within(data).getByRole('button', { name: 'Delete my account' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(authStore.getState().token).toBeNull());
    expect(authStore.getState().signedOutReason).toBe(M.deleted);
    expect(remove).toHaveBeenLastCalledWith('pw');
  });
});
