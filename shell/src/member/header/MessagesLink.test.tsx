import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { signIn, signOut } from '@sciexperts/shared';
import { announceUnreadChange, chatApi } from '@sciexperts/shared/member';
import { MessagesLink } from './MessagesLink';
import { makeUser } from '@sciexperts/shared/testing';

const renderLink = () =>
  render(
    <MemoryRouter>
      <MessagesLink />
    </MemoryRouter>,
  );

beforeEach(() => {
  localStorage.clear();
  act(() => signIn('token', makeUser()));
});
afterEach(() => {
  act(() => signOut());
  jest.restoreAllMocks();
});

describe('messages link in the profile header', () => {
  it('shows the unread count as a badge and says it in the link name', async () => {
    jest.spyOn(chatApi, 'unreadCount').mockResolvedValue({ count: 3 });
    const { unmount } = renderLink();
    const link = await screen.findByRole('link', { name: 'Messages, 3 unread' });
    expect(link).toHaveAttribute('href', '/chat');
    expect(link).toHaveTextContent('3');
    unmount();
  });

  it('shows no badge when nothing is unread, and updates when the chat announces a change', async () => {
    const unread = jest.spyOn(chatApi, 'unreadCount').mockResolvedValue({ count: 0 });
    const { unmount } = renderLink();
    const link = await screen.findByRole('link', { name: 'Messages' });
    expect(link).not.toHaveTextContent(/\d/);
    unread.mockResolvedValue({ count: 120 });
    await act(async () => announceUnreadChange());
    expect(await screen.findByRole('link', { name: 'Messages, 120 unread' })).toHaveTextContent('99+');
    unmount();
  });
});
