import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@sciexperts/shared';
import { DEFAULT_EMAIL_MODES, NOTIFICATION_MESSAGES, NOTIFICATION_TYPES, notificationsApi, type NotificationPreferences } from '@sciexperts/shared/member';
import { NotificationPreferencesSection } from './NotificationPreferencesSection';

const defaults: NotificationPreferences = { preferences: NOTIFICATION_TYPES.map((type) => ({ type, email: DEFAULT_EMAIL_MODES[type] })) };

afterEach(() => jest.restoreAllMocks());

describe('notification e-mail settings', () => {
  it('shows each kind with its e-mail choice and saves only what changed', async () => {
    const user = userEvent.setup();
    jest.spyOn(notificationsApi, 'preferences').mockResolvedValue(defaults);
    const save = jest.spyOn(notificationsApi, 'setPreferences').mockResolvedValue({
      preferences: defaults.preferences.map((p) => (p.type === 'message' ? { type: 'message', email: 'daily' } : p)),
    });
    render(<NotificationPreferencesSection />);

    const messages = await screen.findByRole('combobox', { name: 'New messages' });
    expect(messages).toHaveValue('immediately');
    expect(screen.getByRole('combobox', { name: 'Your proposal declined' })).toHaveValue('daily');
    expect(screen.getAllByRole('combobox')).toHaveLength(NOTIFICATION_TYPES.length);
    expect(screen.getByRole('button', { name: 'Save e-mail settings' })).toHaveAttribute('aria-disabled', 'true');

    await user.selectOptions(messages, 'Daily digest');
    await user.click(screen.getByRole('button', { name: 'Save e-mail settings' }));
    expect(save).toHaveBeenCalledWith({ preferences: [{ type: 'message', email: 'daily' }] });
    expect(await screen.findByText(NOTIFICATION_MESSAGES.preferencesSaved)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'New messages' })).toHaveValue('daily');
  });

  it('says when the settings cannot be loaded or saved', async () => {
    const user = userEvent.setup();
    const load = jest.spyOn(notificationsApi, 'preferences').mockRejectedValueOnce(new ApiError('Could not load your notifications. Please try again.', 0, null));
    load.mockResolvedValue(defaults);
    jest.spyOn(notificationsApi, 'setPreferences').mockRejectedValue(new ApiError('Could not save your notification settings. Please try again.', 0, null));
    render(<NotificationPreferencesSection />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your notifications. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Milestone funded' }), 'Off');
    await user.click(screen.getByRole('button', { name: 'Save e-mail settings' }));
    expect(await screen.findByText('Could not save your notification settings. Please try again.')).toBeInTheDocument();
  });
});
