import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import { ApiError } from '@sciexperts/shared';
import { PARTNER_MESSAGES, PARTNER_SCOPES, partnersApi, type ConnectedPartner } from '@sciexperts/shared/member';
import { ConnectedPartnersSection } from './ConnectedPartnersSection';

afterEach(() => jest.restoreAllMocks());

const portal: ConnectedPartner = {
  clientId: 'sx_portal',
  name: 'University Portal',
  scope: 'chat',
  scopeText: PARTNER_SCOPES.chat,
  connectedAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-28T10:00:00.000Z',
};
const library: ConnectedPartner = { ...portal, clientId: 'sx_library', name: 'Library Desk', lastUsedAt: null };

describe('Connected partners in Account settings', () => {
  it('lists the partner sites with what each may do, and disconnects one, keeping the reader on the heading', async () => {
    const user = userEvent.setup();
    jest.spyOn(partnersApi, 'connected').mockResolvedValue([portal, library]);
    const disconnect = jest.spyOn(partnersApi, 'disconnect').mockResolvedValue({ message: PARTNER_MESSAGES.revoked });
    render(<ConnectedPartnersSection />);
    const section = screen.getByRole('region', { name: 'Connected partners' });
    const items = await within(section).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('University Portal');
    expect(items[0]).toHaveTextContent('May read and send your SciExperts messages. Connected Nov 20, 2026, last used Nov 28, 2026.');
    await user.click(screen.getByRole('button', { name: 'Disconnect University Portal' }));
    expect(disconnect).toHaveBeenCalledWith('sx_portal');
    expect(await screen.findByText(PARTNER_MESSAGES.revoked)).toBeInTheDocument();
    expect(screen.queryByText('University Portal')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Connected partners' })).toHaveFocus();
  });

  it('says when no partner is connected, why the list could not load, and keeps a partner whose disconnection failed', async () => {
    const user = userEvent.setup();
    jest.spyOn(partnersApi, 'connected').mockResolvedValueOnce([]);
    const { unmount } = render(<ConnectedPartnersSection />);
    expect(await screen.findByText(/No partner site is connected/)).toBeInTheDocument();
    unmount();
    jest.spyOn(partnersApi, 'connected').mockRejectedValueOnce(new ApiError('Failed to load your connected partners. Please try again.', 0, null));
    const second = render(<ConnectedPartnersSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your connected partners.');
    second.unmount();
    jest.spyOn(partnersApi, 'connected').mockResolvedValueOnce([portal]);
    jest.spyOn(partnersApi, 'disconnect').mockRejectedValueOnce(new ApiError('Failed to disconnect. Please try again.', 0, null));
    render(<ConnectedPartnersSection />);
    await user.click(await screen.findByRole('button', { name: 'Disconnect University Portal' }));
    expect(await screen.findByText('Failed to disconnect. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disconnect University Portal' })).toBeInTheDocument();
  });

  it.each([1280, 375])('has no axe violations at %i px', async (width) => {
    jest.spyOn(partnersApi, 'connected').mockResolvedValueOnce([portal, library]);
    render(
      <main>
        <ConnectedPartnersSection />
      </main>,
    );
    await screen.findByRole('button', { name: 'Disconnect Library Desk' });
    await expectNoAxeViolations(width);
  });
});
