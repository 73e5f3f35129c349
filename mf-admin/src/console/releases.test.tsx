import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReleasesOverview } from '@sciexperts/shared';
import { AdminApiError, adminApi } from './api';
import { renderAt, signedInAs } from './testing';

afterEach(() => jest.restoreAllMocks());

const release = (version: string, pageLoads: number, errors: number) => ({
  remote: 'mf_chat',
  version,
  entry: `/releases/mf_chat/${version}/mf-manifest.json`,
  filesHash: 'a'.repeat(64),
  commit: '3f2a1bc9e0d4aa',
  shared: [],
  runtimeVersion: '2.9.2',
  exposesHash: 'b'.repeat(64),
  releasedBy: 'rel@ops.test',
  releasedAt: '2026-11-29T09:00:00.000Z',
  pageLoads,
  errors,
});
const overview: ReleasesOverview = {
  remotes: [{ remote: 'mf_chat', live: '0.1.0+aaaaaaa', canary: { version: '0.2.0+bbbbbbb', percent: 10 }, releases: [release('0.2.0+bbbbbbb', 50, 3), release('0.1.0+aaaaaaa', 200, 2), release('0.3.0+ccccccc', 0, 0)] }],
};

describe('the Releases page', () => {
  it('is the release role’s home: live and canary, figures side by side, and only the pages that role may see', async () => {
    signedInAs('release');
    jest.spyOn(adminApi, 'releases').mockResolvedValue(overview);
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Releases', level: 1 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Releases']);
    const section = await screen.findByRole('region', { name: 'mf_chat' });
    expect(section).toHaveTextContent('Live: 0.1.0+aaaaaaa · Canary: 0.2.0+bbbbbbb for 10 % of visitors');
    const canaryRow = within(section).getByRole('row', { name: /0\.2\.0\+bbbbbbb \(canary\)/ });
    expect(within(canaryRow).getAllByRole('cell').slice(1, 4).map((c) => c.textContent)).toEqual(['50', '3', '6.0 %']);
    const liveRow = within(section).getByRole('row', { name: /0\.1\.0\+aaaaaaa \(live\)/ });
    expect(within(liveRow).getAllByRole('cell').slice(1, 4).map((c) => c.textContent)).toEqual(['200', '2', '1.0 %']);
  });

  it('promotes, starts a canary with the share chosen, rolls back, and shows the history', async () => {
    const user = userEvent.setup();
    signedInAs('release');
    jest.spyOn(adminApi, 'releases').mockResolvedValue(overview);
    const promote = jest.spyOn(adminApi, 'promoteRelease').mockResolvedValue({} as never);
    const canary = jest.spyOn(adminApi, 'canaryRelease').mockResolvedValue({} as never);
    const rollback = jest.spyOn(adminApi, 'rollbackRelease').mockResolvedValue({} as never);
    jest.spyOn(adminApi, 'releaseHistory').mockResolvedValue({
      events: [{ id: 9, remote: 'mf_chat', action: 'auto-rollback', version: '0.1.0+aaaaaaa', previousVersion: '0.1.0+aaaaaaa', canaryPercent: null, actor: 'automatic', details: 'canary 0.2.0+bbbbbbb dropped', reason: null, at: '2026-11-29T10:00:00.000Z' }],
    });
    renderAt('/admin/releases');
    await user.click(await screen.findByRole('button', { name: 'Promote 0.2.0+bbbbbbb' }));
    expect(promote).toHaveBeenCalledWith('mf_chat', { version: '0.2.0+bbbbbbb' });
    expect(await screen.findByText('mf_chat@0.2.0+bbbbbbb is live for everyone.')).toBeInTheDocument();
    const share = screen.getByLabelText('Canary share (% of visitors, 1–99)');
    await user.clear(share);
    await user.type(share, '50');
    await user.click(screen.getByRole('button', { name: 'Canary 0.3.0+ccccccc' }));
    expect(canary).toHaveBeenCalledWith('mf_chat', { version: '0.3.0+ccccccc', percent: 50 });
    await user.click(screen.getByRole('button', { name: 'Rollback' }));
    expect(rollback).toHaveBeenCalledWith('mf_chat');
    await user.click(screen.getByRole('button', { name: 'Show history' }));
    expect(await screen.findByRole('list', { name: 'History of mf_chat' })).toHaveTextContent('Rolled back automatically 0.1.0+aaaaaaa by automatic: canary 0.2.0+bbbbbbb dropped');
  });

  it('opens a release that is not live in this browser alone, through a preview link made for it', async () => {
    const user = userEvent.setup();
    signedInAs('release');
    jest.spyOn(adminApi, 'releases').mockResolvedValue(overview);
    const preview = jest.spyOn(adminApi, 'previewRelease').mockResolvedValue({ url: 'http://localhost:8080/?sx_preview=abc.def', token: 'abc.def', expiresAt: '2026-11-29T11:00:00.000Z' });
    const open = jest.spyOn(adminApi, 'openPreview').mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    renderAt('/admin/releases');
    await user.click(await screen.findByRole('button', { name: 'Preview 0.3.0+ccccccc' }));
    expect(preview).toHaveBeenCalledWith('mf_chat', '0.3.0+ccccccc');
    expect(open).toHaveBeenCalledWith('abc.def');
    expect(await screen.findByText(/This browser previews 0\.3\.0\+ccccccc until .*; nobody else sees it\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the site' })).toHaveAttribute('href', '/');
    // The page server did not grant it (a session the API no longer takes): said, not pretended.
    await user.click(screen.getByRole('button', { name: 'Preview 0.3.0+ccccccc' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The preview could not be opened in this browser.');
  });

  it('lists the gate’s reasons and offers the forced change', async () => {
    const user = userEvent.setup();
    signedInAs('operator');
    jest.spyOn(adminApi, 'releases').mockResolvedValue(overview);
    const promote = jest
      .spyOn(adminApi, 'promoteRelease')
      .mockRejectedValueOnce(new AdminApiError(409, 'The live shell cannot run this release: react: …', [{ field: 'gate', message: 'react: the release needs ^20.0.0, the shell provides 19.3.1' }]))
      .mockResolvedValueOnce({} as never);
    renderAt('/admin/releases');
    await user.click(await screen.findByRole('button', { name: 'Promote 0.3.0+ccccccc' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The live shell cannot run mf_chat@0.3.0+ccccccc:');
    expect(alert).toHaveTextContent('react: the release needs ^20.0.0, the shell provides 19.3.1');
    await user.click(within(alert).getByRole('button', { name: 'Promote anyway (recorded)' }));
    expect(promote).toHaveBeenLastCalledWith('mf_chat', { version: '0.3.0+ccccccc', force: true });
  });

  it('shows no Releases link to roles without the permission', async () => {
    signedInAs('finance');
    renderAt('/admin/password');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link', { name: 'Releases' })).toBeNull();
  });
});
