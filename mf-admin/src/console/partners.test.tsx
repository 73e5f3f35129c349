import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@sciexperts/ui/testing/axe';
import type { PartnerView } from '@sciexperts/shared/member';
import { AdminApiError, adminApi } from './api';
import { renderAt, signedInAs } from './testing';

afterEach(() => jest.restoreAllMocks());

const portal: PartnerView = {
  id: 3,
  clientId: 'sx_portal',
  name: 'University Portal',
  origins: ['https://portal.university.example'],
  contact: 'it@university.example',
  status: 'active',
  createdAt: '2026-11-20T10:00:00.000Z',
  secretRotatedAt: '2026-11-20T10:00:00.000Z',
  suspendedAt: null,
};

describe('the Partners page', () => {
  it('registers a partner and shows its secret once, with the client id', async () => {
    const user = userEvent.setup();
    signedInAs('operator');
    jest.spyOn(adminApi, 'partners').mockResolvedValueOnce([]).mockResolvedValueOnce([portal]);
    const register = jest.spyOn(adminApi, 'registerPartner').mockResolvedValue({ partner: portal, clientSecret: 'sxs_the-secret' });
    renderAt('/admin/partners');
    expect(await screen.findByText('No partner is registered.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Partners' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name/), 'University Portal');
    await user.type(screen.getByLabelText('Origins, one per line'), 'https://portal.university.example');
    await user.type(screen.getByLabelText('Contact e-mail'), 'it@university.example');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(register).toHaveBeenCalledWith({ name: 'University Portal', origins: ['https://portal.university.example'], contact: 'it@university.example' });
    expect(await screen.findByText('University Portal is registered: its origins are allowed now.')).toBeInTheDocument();
    const secret = screen.getByRole('heading', { name: 'Secret of University Portal: shown once' }).parentElement!;
    expect(secret).toHaveTextContent('sx_portal');
    expect(secret).toHaveTextContent('sxs_the-secret');
    expect(await screen.findByRole('rowheader', { name: /University Portal/ })).toBeInTheDocument();
  });

  it('says why an origin is refused', async () => {
    const user = userEvent.setup();
    signedInAs('operator');
    jest.spyOn(adminApi, 'partners').mockResolvedValue([]);
    jest.spyOn(adminApi, 'registerPartner').mockRejectedValue(new AdminApiError(400, '"http://portal.example" must be an https:// origin.', [{ field: 'origins.0', message: '"http://portal.example" must be an https:// origin.' }]));
    renderAt('/admin/partners');
    await user.type(await screen.findByLabelText(/^Name/), 'Portal');
    await user.type(screen.getByLabelText('Origins, one per line'), 'http://portal.example');
    await user.type(screen.getByLabelText('Contact e-mail'), 'it@portal.example');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('"http://portal.example" must be an https:// origin.');
  });

  it('suspends a partner with a reason, and rotates its secret', async () => {
    const user = userEvent.setup();
    signedInAs('operator');
    jest.spyOn(adminApi, 'partners').mockResolvedValue([portal]);
    const suspend = jest.spyOn(adminApi, 'suspendPartner').mockResolvedValue({ ...portal, status: 'suspended', suspendedAt: '2026-11-29T10:00:00.000Z' });
    const rotate = jest.spyOn(adminApi, 'rotatePartnerSecret').mockResolvedValue({ partner: portal, clientSecret: 'sxs_new' });
    renderAt('/admin/partners');
    const row = (await screen.findByRole('rowheader', { name: /University Portal/ })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Rotate secret of University Portal' }));
    expect(rotate).toHaveBeenCalledWith(3);
    expect(await screen.findByText('University Portal has a new secret; the old one no longer works.')).toBeInTheDocument();
    expect(screen.getByText('sxs_new')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Suspend University Portal' }));
    await user.type(screen.getByLabelText('Reason (kept in the audit log)'), 'Its pages leaked tokens');
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(suspend).toHaveBeenCalledWith(3, 'Its pages leaked tokens');
    expect(await screen.findByText("University Portal is suspended: its members' tokens and open chats have ended.")).toBeInTheDocument();
  });

  it('support reads the list but has no controls', async () => {
    signedInAs('support');
    jest.spyOn(adminApi, 'partners').mockResolvedValue([portal]);
    renderAt('/admin/partners');
    expect(await screen.findByRole('rowheader', { name: /University Portal/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Suspend|Rotate|Register/ })).toBeNull();
  });

  it('finance is not offered the page', async () => {
    signedInAs('finance');
    jest.spyOn(adminApi, 'disputes').mockResolvedValue({ disputes: [] } as never);
    renderAt('/admin/disputes');
    expect(screen.queryByRole('link', { name: 'Partners' })).toBeNull();
  });

  it.each([1280, 375])('has no axe violations at %i px', async (width) => {
    signedInAs('operator');
    jest.spyOn(adminApi, 'partners').mockResolvedValue([portal]);
    renderAt('/admin/partners');
    await screen.findByRole('rowheader', { name: /University Portal/ });
    await expectNoAxeViolations(width);
  });
});
