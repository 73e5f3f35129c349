import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, showStatusNotice, statusNoticeStore } from '@sciexperts/shared';
import { SessionNotice, STATUS_NOTICE_MS } from './SessionNotice';

beforeEach(() => {
  jest.useFakeTimers();
  act(() => {
    authStore.setState({ signedOutReason: null });
    statusNoticeStore.setState({ notice: null });
  });
});
afterEach(() => {
  jest.useRealTimers();
});

describe("the shell's status region", () => {
  it('shows a confirmation a slice hands over, in a polite live region, and lets it go after a few seconds', () => {
    render(<SessionNotice />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    act(() => showStatusNotice('Account created successfully!'));
    expect(screen.getByRole('status')).toHaveTextContent('Account created successfully!');

    act(() => jest.advanceTimersByTime(STATUS_NOTICE_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Account created successfully!');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(statusNoticeStore.getState().notice).toBeNull();
  });

  it('gives a newer confirmation its full time: the older one’s timer does not clear it', () => {
    render(<SessionNotice />);
    act(() => showStatusNotice('Account created successfully!'));
    act(() => jest.advanceTimersByTime(STATUS_NOTICE_MS - 1_000));
    act(() => showStatusNotice('Account created successfully!'));
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.getByRole('status')).toHaveTextContent('Account created successfully!');
    act(() => jest.advanceTimersByTime(STATUS_NOTICE_MS - 1_000));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('keeps why the member was signed out until it is dismissed', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<SessionNotice />);
    act(() => authStore.setState({ signedOutReason: 'Your session has ended. Please log in again.' }));
    act(() => jest.advanceTimersByTime(STATUS_NOTICE_MS * 10));
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please log in again.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
