import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError, signIn, signOut } from '@sciexperts/shared';
import { notificationsApi, type Notification } from '@sciexperts/shared/member';
import { makeUser } from '@sciexperts/shared/testing';
import type { LiveHandlers } from './liveConnection';
import { createNotificationsStore, READ_ATTEMPTS, READ_RETRY_MS, type Wait } from './notificationsStore';
import { NotificationsButton } from './NotificationsButton';

const note = (overrides: Partial<Notification> = {}): Notification => ({
  id: 1,
  type: 'proposal-received',
  text: 'Ada Lovelace sent a proposal for “Cohort study”.',
  link: '/projects/5',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  readAt: null,
  ...overrides,
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The bell with a live connection the test drives by hand; `wait` is its clock for retries (none by default). */
function renderBell(wait: Wait = () => Promise.resolve()) {
  let live: LiveHandlers | null = null;
  const connect = jest.fn((_options: unknown, handlers: LiveHandlers) => {
    live = handlers;
    return () => undefined;
  });
  const controller = createNotificationsStore(connect, wait);
  const view = render(
    <MemoryRouter initialEntries={['/profile']}>
      <NotificationsButton controller={controller} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return { ...view, connect, live: () => live! };
}

beforeEach(() => {
  localStorage.clear();
  act(() => signIn('token-1', makeUser({ id: 7 })));
});
afterEach(() => {
  act(() => signOut());
  jest.restoreAllMocks();
});

describe('the notifications bell', () => {
  it('says the unread count in its name, lists the notifications newest first, and opens one where it happened', async () => {
    const user = userEvent.setup();
    jest.spyOn(notificationsApi, 'unreadCount').mockResolvedValue({ unreadCount: 2 });
    jest.spyOn(notificationsApi, 'list').mockResolvedValue({ results: [note({ id: 2, text: 'Grace Hopper sent a proposal for “Trial”.' }), note({ id: 1, readAt: '2026-11-20T10:00:00.000Z' })], nextBefore: null, unreadCount: 1 });
    const read = jest.spyOn(notificationsApi, 'read').mockResolvedValue({ unreadCount: 0 });
    const { connect } = renderBell();

    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(connect).toHaveBeenCalledWith(expect.objectContaining({ token: 'token-1', userId: 7 }), expect.anything());
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Unread: Grace Hopper sent a proposal for “Trial”.');
    expect(items[1]).toHaveTextContent('Ada Lovelace sent a proposal for “Cohort study”.5 minutes ago');
    expect(items[1]).not.toHaveTextContent('Unread');

    await user.click(within(items[0]!).getByRole('link'));
    expect(read).toHaveBeenCalledWith(2);
    expect(screen.getByTestId('where')).toHaveTextContent('/projects/5');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('shows a new notification the moment it is pushed, announces it, and follows reads made in another tab', async () => {
    const user = userEvent.setup();
    const count = jest.spyOn(notificationsApi, 'unreadCount').mockResolvedValue({ unreadCount: 0 });
    jest.spyOn(notificationsApi, 'list').mockResolvedValue({ results: [], nextBefore: null, unreadCount: 0 });
    const { live } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('You have no notifications yet.')).toBeInTheDocument();

    count.mockResolvedValue({ unreadCount: 1 });
    await act(async () => live().onNotification(note({ id: 9, text: 'Olivia hired you for “Cohort study”.' })));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByRole('link', { name: /Olivia hired you/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('New notification: Olivia hired you for “Cohort study”.');

    await act(async () => live().onRead({ unreadCount: 0 }));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('listitem')).not.toHaveTextContent('Unread');
  });

  it('reads the count again once the socket is connected, so a notification pushed before it joined is not missed', async () => {
    const count = jest.spyOn(notificationsApi, 'unreadCount').mockResolvedValueOnce({ unreadCount: 0 });
    const { live } = renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    // Pushed while the socket was still connecting: nothing arrived, but the API knows.
    count.mockResolvedValue({ unreadCount: 1 });
    await act(async () => live().onConnected());
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('sends a read again when it did not reach the server, after the member has left for the notification’s page', async () => {
    const user = userEvent.setup();
    jest.spyOn(notificationsApi, 'unreadCount').mockResolvedValue({ unreadCount: 1 });
    jest.spyOn(notificationsApi, 'list').mockResolvedValue({ results: [note({ id: 4 })], nextBefore: null, unreadCount: 1 });
    const read = jest
      .spyOn(notificationsApi, 'read')
      .mockRejectedValueOnce(new ApiError('Could not mark the notification as read. Please try again.', 0, null))
      .mockRejectedValueOnce(new ApiError('The server could not be reached. Please try again.', 502, null))
      .mockResolvedValue({ unreadCount: 0 });
    const waited: number[] = [];
    const { unmount } = renderBell(async (ms) => {
      waited.push(ms);
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('link', { name: /^Unread: Ada Lovelace/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/projects/5');
    // The member frame (and the bell) may be gone by the time the retries run: the read does not depend on them.
    unmount();
    await act(async () => undefined);
    expect(read.mock.calls).toEqual([[4], [4], [4]]);
    expect(waited).toEqual([READ_RETRY_MS, 2 * READ_RETRY_MS]);
  });

  it('shows a notification unread again when the server never took the read, so the member can open it again', async () => {
    const user = userEvent.setup();
    const count = jest.spyOn(notificationsApi, 'unreadCount').mockResolvedValue({ unreadCount: 1 });
    jest.spyOn(notificationsApi, 'list').mockResolvedValue({ results: [note({ id: 4 })], nextBefore: null, unreadCount: 1 });
    const read = jest.spyOn(notificationsApi, 'read').mockRejectedValue(new ApiError('Could not mark the notification as read. Please try again.', 503, null));
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const link = await screen.findByRole('link', { name: /^Unread: Ada Lovelace/ });
    // Opened in a new tab with the middle button: no click event, the list stays open, and it is read all the same.
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
    await act(async () => undefined);
    expect(read).toHaveBeenCalledTimes(READ_ATTEMPTS);
    expect(count).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('link', { name: /^Unread: Ada Lovelace/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    // A refusal is the server's final word: not sent again.
    read.mockClear();
    read.mockRejectedValueOnce(new ApiError('This notification is not available.', 404, { message: 'This notification is not available.' }));
    await user.click(screen.getByRole('link', { name: /^Unread: Ada Lovelace/ }));
    await act(async () => undefined);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('marks everything read, closes with Escape back on the bell, and offers a retry when the list fails', async () => {
    const user = userEvent.setup();
    jest.spyOn(notificationsApi, 'unreadCount').mockResolvedValue({ unreadCount: 1 });
    const list = jest.spyOn(notificationsApi, 'list').mockRejectedValueOnce(new Error('Could not load your notifications. Please try again.'));
    list.mockResolvedValue({ results: [note()], nextBefore: 1, unreadCount: 1 });
    const readAll = jest.spyOn(notificationsApi, 'readAll').mockResolvedValue({ unreadCount: 0 });
    renderBell();

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your notifications. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Unread: Ada Lovelace/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show older notifications' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(readAll).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Notifications' })).toHaveFocus();
    expect(screen.getByRole('link', { name: /^Ada Lovelace/ })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
  });
});
