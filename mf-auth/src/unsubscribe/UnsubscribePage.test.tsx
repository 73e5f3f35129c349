import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from '@sciexperts/shared';
import { NOTIFICATION_MESSAGES, notificationsApi } from '@sciexperts/shared/member';
import { UnsubscribePage } from './UnsubscribePage';

function renderPage(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <UnsubscribePage />
    </MemoryRouter>,
  );
}

afterEach(() => jest.restoreAllMocks());

describe('UnsubscribePage', () => {
  it('asks first, then switches those e-mails off with the link’s token, once however often it is pressed', async () => {
    const user = userEvent.setup();
    let answer: (value: { message: string }) => void = () => undefined;
    const unsubscribe = jest.spyOn(notificationsApi, 'unsubscribe').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderPage('/unsubscribe?token=tok-123');

    expect(screen.getByRole('heading', { level: 1, name: 'Stop these e-mails' })).toBeInTheDocument();
    expect(unsubscribe).not.toHaveBeenCalled();
    await user.dblClick(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(screen.getByRole('button', { name: 'Unsubscribing…' })).toHaveAttribute('aria-disabled', 'true');
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(unsubscribe).toHaveBeenCalledWith('tok-123');

    answer({ message: NOTIFICATION_MESSAGES.unsubscribed });
    expect(await screen.findByRole('status')).toHaveTextContent(NOTIFICATION_MESSAGES.unsubscribed);
    expect(screen.getByRole('link', { name: 'All e-mail settings' })).toHaveAttribute('href', '/profile/settings');
  });

  it('says a used or missing link is not valid', async () => {
    const user = userEvent.setup();
    jest.spyOn(notificationsApi, 'unsubscribe').mockRejectedValue(new ApiError(NOTIFICATION_MESSAGES.unsubscribeInvalid, 400, null));
    renderPage('/unsubscribe?token=used');
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTIFICATION_MESSAGES.unsubscribeInvalid);
  });

  it('offers nothing to press without a token', () => {
    renderPage('/unsubscribe');
    expect(screen.getByRole('alert')).toHaveTextContent(NOTIFICATION_MESSAGES.unsubscribeInvalid);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
