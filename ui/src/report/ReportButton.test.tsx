import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '../testing/axe';
import { authStore, loginModalStore } from '@sciexperts/shared';
import { ReportButton } from './ReportButton';

const member = { id: 7, firstName: 'Rita', lastName: 'Levi', email: 'rita@example.test' } as never;

function answer(status: number, body: unknown, seen: unknown[]) {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    seen.push({ url: req.url, method: req.method, body: JSON.parse(await req.text()) });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}

afterEach(() => {
  jest.restoreAllMocks();
  act(() => {
    authStore.setState({ status: 'ready', token: null, user: null });
    loginModalStore.setState({ open: false, tab: 'login', returnTo: null, stayAfterSignUp: false });
  });
});

describe("'Report' (one dialog for profiles, projects, proposals and messages)", () => {
  it('sends a reason and a note about the target; the dialog is named, keyboard-usable and axe-clean at 1280 and 375 px', async () => {
    act(() => authStore.setState({ status: 'ready', token: 't', user: member }));
    const user = userEvent.setup();
    const seen: unknown[] = [];
    answer(201, { id: 3, message: 'Thank you. The SciExperts team reviews every report.' }, seen);
    render(
      <main>
        <ReportButton targetType="project" targetId={12} what="this project" />
      </main>,
    );
    const button = screen.getByRole('button', { name: 'Report this project' });
    await expectNoAxeViolations(1280);
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Report this project' });
    // Focus starts inside, on the first reason.
    expect(screen.getByRole('radio', { name: 'Spam or advertising' })).toHaveFocus();
    await expectNoAxeViolations(375);
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a reason.');
    expect(seen).toEqual([]);
    await user.click(screen.getByRole('radio', { name: 'Fraud or a scam' }));
    await user.type(screen.getByLabelText('Anything we should know (optional)'), 'Asks for payment outside the site.');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you. The SciExperts team reviews every report.');
    expect(seen).toEqual([{ url: expect.stringMatching(/\/api\/Reports$/), method: 'POST', body: { targetType: 'project', targetId: 12, reason: 'fraud', note: 'Asks for payment outside the site.' } }]);
    await expectNoAxeViolations(1280);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("shows the server's refusal in the dialog, and Escape closes it with the focus back on 'Report'", async () => {
    act(() => authStore.setState({ status: 'ready', token: 't', user: member }));
    const user = userEvent.setup();
    answer(404, { message: 'There is nothing to report there.' }, []);
    render(<ReportButton targetType="proposal" targetId={5} what="this proposal" />);
    const button = screen.getByRole('button', { name: 'Report this proposal' });
    await user.click(button);
    await user.click(screen.getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is nothing to report there.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('sends a signed-out visitor to sign in and back to this page, and is not shown on one’s own things', async () => {
    const user = userEvent.setup();
    window.history.pushState({}, '', '/experts/42-ada-lovelace?tab=reviews');
    const { rerender } = render(<ReportButton targetType="profile" targetId={42} what="this profile" />);
    await user.click(screen.getByRole('button', { name: 'Report this profile' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(loginModalStore.getState()).toMatchObject({ open: true, tab: 'login', returnTo: '/experts/42-ada-lovelace?tab=reviews' });
    rerender(<ReportButton targetType="profile" targetId={42} what="this profile" own />);
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
  });
});
