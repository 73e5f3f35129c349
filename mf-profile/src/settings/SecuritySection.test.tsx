import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import { ApiError, SECURITY_MESSAGES, SECURITY_PATHS, STEP_UP_REASON, authStore, configureRuntime, finishStepUp, getRuntimeConfig, securityApi, stepUpStore, type SecurityOverview } from '@sciexperts/shared';
import { SecuritySection } from './SecuritySection';

const off: SecurityOverview = {
  hasPassword: true,
  secondFactor: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 },
  passkeys: [],
  stepUpMethods: ['password'],
  recentActivity: [
    { type: 'signIn', label: 'Signed in', device: 'Firefox on Linux', address: '203.0.113.7', at: '2026-11-26T09:00:00.000Z' },
    { type: 'payoutAccountChanged', label: 'Payout account changed', device: 'Chrome on macOS', address: '198.51.100.2', at: '2026-11-25T09:00:00.000Z' },
  ],
};
const on: SecurityOverview = {
  ...off,
  secondFactor: { enabled: true, enabledAt: '2026-11-26T09:00:00.000Z', recoveryCodesLeft: 9 },
  passkeys: [{ id: 3, name: 'Work laptop', createdAt: '2026-11-20T09:00:00.000Z', lastUsedAt: '2026-11-26T10:00:00.000Z' }],
  stepUpMethods: ['passkey', 'totp'],
};
const codes = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678', 'aaaaa-bbbbb', 'ccccc-ddddd', 'eeeee-fffff', 'ggggg-hhhhh', 'jjjjj-kkkkk', 'mmmmm-nnnnn', 'ppppp-qqqqq'];
const region = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  // jsdom has no WebAuthn: say the browser has it, so the passkey form shows.
  (window as unknown as { PublicKeyCredential: unknown }).PublicKeyCredential = function PublicKeyCredential() {};
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (window as unknown as { PublicKeyCredential?: unknown }).PublicKeyCredential;
});

describe('the account security sections', () => {
  it('turns two-step verification on: QR code and key, a wrong code said at the field, then the ten codes shown once', async () => {
    const user = userEvent.setup();
    jest.spyOn(securityApi, 'overview').mockResolvedValueOnce(off).mockResolvedValue(on);
    jest.spyOn(securityApi, 'setupSecondFactor').mockResolvedValue({ secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+' });
    const confirm = jest
      .spyOn(securityApi, 'confirmSecondFactor')
      .mockRejectedValueOnce(new ApiError(SECURITY_MESSAGES.codeWrong, 400, { message: SECURITY_MESSAGES.codeWrong }))
      .mockResolvedValueOnce({ message: SECURITY_MESSAGES.secondFactorOn, recoveryCodes: codes });
    render(<SecuritySection />);
    await user.click(await screen.findByRole('button', { name: 'Turn on two-step verification' }));
    const section = region('Two-step verification');
    expect(within(section).getByRole('img', { name: 'QR code to add SciExperts to your authenticator app' })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(within(section).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('6-digit code'), '000000');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(await within(section).findByText(SECURITY_MESSAGES.codeWrong)).toBeInTheDocument();
    await user.clear(within(section).getByLabelText('6-digit code'));
    await user.type(within(section).getByLabelText('6-digit code'), '123456');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(codes);
    expect(within(section).getByRole('heading', { name: 'Your recovery codes' })).toHaveFocus();
    expect(confirm).toHaveBeenLastCalledWith('123456');
    await user.click(within(section).getByRole('button', { name: 'I have saved my recovery codes' }));
    // Shown once: gone after, and the section says it is on.
    expect(await within(region('Two-step verification')).findByText(/9 of 10 recovery codes left/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('lists passkeys with their dates and removes one; lists the recent activity', async () => {
    const user = userEvent.setup();
    jest.spyOn(securityApi, 'overview').mockResolvedValueOnce(on).mockResolvedValue({ ...on, passkeys: [] });
    const remove = jest.spyOn(securityApi, 'removePasskey').mockResolvedValue({ message: SECURITY_MESSAGES.passkeyRemoved });
    render(<SecuritySection />);
    const passkeys = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(passkeys).toHaveTextContent('Work laptop');
    expect(passkeys).toHaveTextContent('Added Nov 20, 2026');
    expect(passkeys).toHaveTextContent('last used');
    await user.click(screen.getByRole('button', { name: 'Remove passkey Work laptop' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(3));
    expect(await screen.findByText(SECURITY_MESSAGES.passkeyRemoved)).toBeInTheDocument();
    const activity = within(region('Recent activity')).getByRole('list', { name: 'Recent sign-ins and security changes' });
    expect(within(activity).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Signed in'),
      expect.stringContaining('Payout account changed'),
    ]);
    expect(activity).toHaveTextContent('Firefox on Linux · 203.0.113.7');
  });

  it.each([1280, 375])('has no axe violations at %i px, off and on', async (width) => {
    jest.spyOn(securityApi, 'overview').mockResolvedValue(off);
    const { unmount } = render(<SecuritySection />);
    await screen.findByRole('button', { name: 'Turn on two-step verification' });
    await expectNoAxeViolations(width);
    unmount();
    jest.spyOn(securityApi, 'overview').mockResolvedValue(on);
    render(<SecuritySection />);
    await screen.findByRole('button', { name: 'Turn off two-step verification' });
    await expectNoAxeViolations(width);
  });
});

describe('adding a way in asks the member to confirm it is them first (docs/decisions/0042)', () => {
  const stepUp401 = () => new Response(JSON.stringify({ message: SECURITY_MESSAGES.stepUpRequired, reason: STEP_UP_REASON }), { status: 401, headers: { 'content-type': 'application/json' } });
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  let steppedUp = false;
  /** The member confirms in the (shell's) step-up dialog: from now on the server answers. */
  const confirmStepUp = () => {
    steppedUp = true;
    act(() => finishStepUp(true));
  };
  /** The API as the server answers now: a step-up 401 until the member has confirmed it is them. */
  function serverAskingStepUp(answers: Record<string, unknown>) {
    steppedUp = false;
    const calls: string[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const path = new URL((input instanceof Request ? input : new Request(String(input), init)).url).pathname;
      calls.push(path);
      return steppedUp ? json(answers[path]) : stepUp401();
    });
    return calls;
  }
  const stepUpAsked = () => waitFor(() => expect(stepUpStore.getState().open).toBe(true));

  const apiBaseUrl = getRuntimeConfig().apiBaseUrl;
  beforeEach(() => {
    // The page is the site (the API on its own origin): only there does it offer passkeys.
    configureRuntime({ apiBaseUrl: window.location.origin });
    act(() => authStore.setState({ status: 'ready', token: 't-1' }));
  });
  afterEach(() => {
    act(() => finishStepUp(false));
    configureRuntime({ apiBaseUrl });
  });

  it("opens the step-up before the browser's passkey prompt, and the prompt only once the member confirmed", async () => {
    const user = userEvent.setup();
    jest.spyOn(securityApi, 'overview').mockResolvedValue(off);
    const options = { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost', name: 'SciExperts' }, user: { id: 'bWVtYmVyOjE', name: 'ada@example.test', displayName: 'Ada' }, pubKeyCredParams: [{ type: 'public-key', alg: -7 }] };
    const calls = serverAskingStepUp({ [SECURITY_PATHS.passkeyRegisterOptions]: { options } });
    // The browser's prompt: closed by the member here, which is no error to show.
    const create = jest.fn().mockRejectedValue(Object.assign(new Error('The prompt was closed.'), { name: 'NotAllowedError' }));
    Object.defineProperty(navigator, 'credentials', { value: { create }, configurable: true });

    render(<SecuritySection />);
    await user.type(within(await screen.findByRole('region', { name: 'Passkeys' })).getByLabelText('Passkey name'), 'Work laptop');
    await user.click(within(region('Passkeys')).getByRole('button', { name: 'Add a passkey' }));
    await stepUpAsked();
    expect(create).not.toHaveBeenCalled();
    expect(calls).toEqual([SECURITY_PATHS.passkeyRegisterOptions]);

    confirmStepUp();
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([SECURITY_PATHS.passkeyRegisterOptions, SECURITY_PATHS.passkeyRegisterOptions]);
  });

  it('shows no QR code before the step-up; cancelled, it says why; confirmed, the setup goes on', async () => {
    const user = userEvent.setup();
    jest.spyOn(securityApi, 'overview').mockResolvedValue(off);
    const calls = serverAskingStepUp({ [SECURITY_PATHS.secondFactorSetup]: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+' } });
    render(<SecuritySection />);
    await user.click(await screen.findByRole('button', { name: 'Turn on two-step verification' }));
    await stepUpAsked();
    expect(screen.queryByRole('img', { name: 'QR code to add SciExperts to your authenticator app' })).toBeNull();
    act(() => finishStepUp(false));
    expect(await within(region('Two-step verification')).findByText(SECURITY_MESSAGES.stepUpRequired)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'QR code to add SciExperts to your authenticator app' })).toBeNull();

    // Asked again on the next try (the server still wants it), and this time confirmed.
    await user.click(screen.getByRole('button', { name: 'Turn on two-step verification' }));
    await stepUpAsked();
    confirmStepUp();
    expect(await screen.findByRole('img', { name: 'QR code to add SciExperts to your authenticator app' })).toBeInTheDocument();
    expect(calls).toEqual([SECURITY_PATHS.secondFactorSetup, SECURITY_PATHS.secondFactorSetup, SECURITY_PATHS.secondFactorSetup]);
  });
});
