import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import { ApiError, passkeyRemovePath, SECURITY_MESSAGES, SECURITY_PATHS, STEP_UP_REASON, authStore, configureRuntime, finishStepUp, getRuntimeConfig, securityApi, stepUpStore, type SecurityOverview } from '@sciexperts/shared';
import { RECOVERY_CODE_MESSAGES, RECOVERY_CODES_FILE_NAME } from './RecoveryCodes';
import { SECURITY_CONFIRMATIONS, SecuritySection } from './SecuritySection';

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
    // The key in groups of four, easier to type into an app than one block.
    expect(within(section).getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
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
    // Not closed before the member says the codes are saved: nothing shows them again.
    const saved = within(section).getByRole('checkbox', { name: 'I have saved my recovery codes somewhere safe' });
    await user.click(within(section).getByRole('button', { name: 'Done' }));
    expect(saved).toHaveFocus();
    expect(saved).toHaveAccessibleDescription(RECOVERY_CODE_MESSAGES.notSaved);
    expect(within(section).getByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    await user.click(saved);
    expect(saved).not.toHaveAttribute('aria-invalid');
    await user.click(within(section).getByRole('button', { name: 'Done' }));
    // Shown once: gone after, and the section says it is on.
    expect(await within(region('Two-step verification')).findByText(/9 of 10 recovery codes left/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('lists passkeys with their dates and removes one after saying what it does, the focus kept in the section; lists the recent activity', async () => {
    const user = userEvent.setup();
    jest.spyOn(securityApi, 'overview').mockResolvedValueOnce(on).mockResolvedValue({ ...on, passkeys: [] });
    const remove = jest.spyOn(securityApi, 'removePasskey').mockResolvedValue({ message: SECURITY_MESSAGES.passkeyRemoved });
    render(<SecuritySection />);
    const passkeys = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(passkeys).toHaveTextContent('Work laptop');
    expect(passkeys).toHaveTextContent('Added Nov 20, 2026');
    expect(passkeys).toHaveTextContent('last used');

    // Asked first, saying what will happen; Cancel changes nothing and gives the focus back.
    await user.click(screen.getByRole('button', { name: 'Remove passkey Work laptop' }));
    const ask = screen.getByRole('alertdialog', { name: SECURITY_CONFIRMATIONS.removePasskey('Work laptop') });
    expect(ask).toHaveTextContent('You will no longer be able to sign in with it.');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(remove).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Remove passkey Work laptop' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove passkey Work laptop' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove passkey' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(3));
    expect(await screen.findByText(SECURITY_MESSAGES.passkeyRemoved)).toBeInTheDocument();
    // The pressed Remove went with its passkey: the focus is on the section's heading, not lost to the page (issue 48).
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Your passkeys' })).toBeNull());
    expect(within(region('Passkeys')).getByRole('heading', { name: 'Passkeys' })).toHaveFocus();
    expect(document.body).not.toHaveFocus();
    const activity = within(region('Recent activity')).getByRole('list', { name: 'Recent sign-ins and security changes' });
    expect(within(activity).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Signed in'),
      expect.stringContaining('Payout account changed'),
    ]);
    expect(activity).toHaveTextContent('Firefox on Linux · 203.0.113.7');
    // A narrow screen breaks the line only between whole parts, each ending with its separator: never "· 203.0.113.7" alone.
    const facts = within(activity).getAllByRole('listitem')[0]!.querySelectorAll('span > span > span');
    expect([...facts].map((part) => part.textContent)).toEqual([expect.stringMatching(/^Nov 26, 2026.* ·$/), 'Firefox on Linux ·', '203.0.113.7']);
  });

  it('turns two-step verification off only after saying what that does', async () => {
    const user = userEvent.setup();
    jest.spyOn(securityApi, 'overview').mockResolvedValueOnce(on).mockResolvedValue({ ...on, secondFactor: off.secondFactor });
    const disable = jest.spyOn(securityApi, 'disableSecondFactor').mockResolvedValue({ message: SECURITY_MESSAGES.secondFactorOff });
    render(<SecuritySection />);
    await user.click(await screen.findByRole('button', { name: 'Turn off two-step verification' }));
    const ask = screen.getByRole('alertdialog', { name: SECURITY_CONFIRMATIONS.turnOff });
    expect(ask).toHaveTextContent('your authenticator app and recovery codes will stop working');
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(disable).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Turn off two-step verification' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Turn it off' }));
    expect(await within(region('Two-step verification')).findByText(SECURITY_MESSAGES.secondFactorOff)).toBeInTheDocument();
    expect(disable).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Turn on two-step verification' })).toBeInTheDocument();
    expect(within(region('Two-step verification')).getByRole('heading', { name: 'Two-step verification' })).toHaveFocus();
  });

  describe('the recovery codes, shown once', () => {
    async function showCodes() {
      const user = userEvent.setup();
      jest.spyOn(securityApi, 'overview').mockResolvedValue(on);
      jest.spyOn(securityApi, 'regenerateRecoveryCodes').mockResolvedValue({ message: SECURITY_MESSAGES.recoveryCodesRegenerated, recoveryCodes: codes });
      render(<SecuritySection />);
      await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
      await screen.findByRole('list', { name: 'Recovery codes' });
      return { user, section: region('Two-step verification') };
    }
    const fileText = expect.stringMatching(new RegExp(`^SciExperts recovery codes[^\n]*\nMade [^\n]+\n\n${codes.join('\n')}\n$`));

    it('copies them, and says how else to keep them when the browser refuses', async () => {
      const { user, section } = await showCodes();
      // After userEvent.setup(), which puts in a clipboard of its own.
      const writeText = jest.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'));
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      await user.click(within(section).getByRole('button', { name: 'Copy' }));
      expect(writeText).toHaveBeenCalledWith(fileText);
      expect(await within(section).findByText(RECOVERY_CODE_MESSAGES.copied)).toBeInTheDocument();
      await user.click(within(section).getByRole('button', { name: 'Copy' }));
      expect(await within(section).findByText(RECOVERY_CODE_MESSAGES.copyRefused)).toBeInTheDocument();
    });

    it('downloads them as a .txt file', async () => {
      const { user, section } = await showCodes();
      const createObjectURL = jest.fn((_: Blob) => 'blob:codes');
      Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
      const names: string[] = [];
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        names.push(this.download);
      });
      await user.click(within(section).getByRole('button', { name: 'Download (.txt)' }));
      expect(names).toEqual([RECOVERY_CODES_FILE_NAME]);
      const blob = createObjectURL.mock.calls[0]![0];
      expect(blob.type).toBe('text/plain;charset=utf-8');
      // jsdom's Blob has no text(): read it as a browser would.
      const text = await new Promise<unknown>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result);
        reader.readAsText(blob);
      });
      expect(text).toEqual(fileText);
      expect(within(section).getByText(RECOVERY_CODE_MESSAGES.downloaded)).toBeInTheDocument();
    });

    it('prints only them: the print sheet is switched on for that print alone', async () => {
      const { user, section } = await showCodes();
      const classes: string[] = [];
      const print = jest.spyOn(window, 'print').mockImplementation(() => {
        classes.push(document.documentElement.className);
      });
      await user.click(within(section).getByRole('button', { name: 'Print' }));
      expect(print).toHaveBeenCalledTimes(1);
      expect(classes).toEqual(['printing']);
      act(() => void window.dispatchEvent(new Event('afterprint')));
      expect(document.documentElement.className).toBe('');
      // The print view names whose codes they are.
      expect(within(section).getByText(/^SciExperts recovery codes/)).toBeInTheDocument();
    });
  });

  it.each([1280, 375])('has no axe violations at %i px with the recovery codes (the "saved" check said) and with a removal being confirmed', async (width) => {
    const user = userEvent.setup();
    jest.spyOn(securityApi, 'overview').mockResolvedValue(on);
    jest.spyOn(securityApi, 'regenerateRecoveryCodes').mockResolvedValue({ message: SECURITY_MESSAGES.recoveryCodesRegenerated, recoveryCodes: codes });
    render(<SecuritySection />);
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    await screen.findByRole('list', { name: 'Recovery codes' });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await expectNoAxeViolations(width);
    await user.click(screen.getByRole('button', { name: 'Remove passkey Work laptop' }));
    screen.getByRole('alertdialog');
    await expectNoAxeViolations(width);
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

  it('says what removing a passkey does before the step-up, and removes it only once both are confirmed', async () => {
    const user = userEvent.setup();
    jest.spyOn(securityApi, 'overview').mockResolvedValue(on);
    const calls = serverAskingStepUp({ [passkeyRemovePath(3)]: { message: SECURITY_MESSAGES.passkeyRemoved } });
    render(<SecuritySection />);
    await user.click(await screen.findByRole('button', { name: 'Remove passkey Work laptop' }));
    // First what will happen, with nothing sent yet.
    const ask = screen.getByRole('alertdialog', { name: SECURITY_CONFIRMATIONS.removePasskey('Work laptop') });
    expect(calls).toEqual([]);
    expect(stepUpStore.getState().open).toBe(false);
    await user.click(within(ask).getByRole('button', { name: 'Remove passkey' }));
    // Then the step-up, alone on the screen.
    await stepUpAsked();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    confirmStepUp();
    expect(await within(region('Passkeys')).findByText(SECURITY_MESSAGES.passkeyRemoved)).toBeInTheDocument();
    expect(calls).toEqual([passkeyRemovePath(3), passkeyRemovePath(3)]);
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
