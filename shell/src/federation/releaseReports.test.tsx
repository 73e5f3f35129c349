// The shell's error reports (issue 44): a remote that fails to load or to render is reported once, with its name and
// the version the registry gave this visitor, and nothing of the visitor's.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemoteModule } from './remoteRegistry';
import { forgetLoadedRemoteComponents } from './remoteLoader';
import { RemoteModule } from './RemoteModule';
import { resetReleaseReports, setRemoteVersions } from './releaseReports';

jest.mock('./remoteRegistry', () => ({
  loadRemoteModule: jest.fn(),
  resetRemote: jest.fn(async () => undefined),
}));

const load = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;
const sent = () => (globalThis.fetch as jest.Mock).mock.calls.map(([url, init]: [string, RequestInit]) => ({ url, init, body: JSON.parse(String(init.body)) as unknown }));

describe('reports of a failing remote', () => {
  beforeEach(() => {
    load.mockReset();
    forgetLoadedRemoteComponents();
    resetReleaseReports();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    globalThis.fetch = jest.fn(async () => new Response(null, { status: 204 })) as unknown as typeof fetch;
  });
  afterEach(() => jest.restoreAllMocks());

  it('reports a manifest that would not load once, with the remote and its version, however often Retry fails', async () => {
    setRemoteVersions([{ name: 'mf_chat', version: '0.2.0+bbbbbbbbbbbb' }]);
    load.mockRejectedValue(new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003 {"manifestUrl":"http://localhost:8080/releases/mf_chat/0.2.0+bbbbbbbbbbbb/mf-manifest.json"}'));
    render(<RemoteModule id="mf_chat/DirectMessage" what="the messages" props={{ counterpartId: 42 }} />);
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('alert');
    expect(load).toHaveBeenCalledTimes(2);
    const reports = sent();
    expect(reports).toHaveLength(1);
    expect(reports[0]!.url).toMatch(/\/api\/Releases\/Reports$/);
    expect(reports[0]!.body).toEqual({ reports: [{ remote: 'mf_chat', version: '0.2.0+bbbbbbbbbbbb', kind: 'manifest' }] });
    expect(reports[0]!.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
  });

  it('reports a chunk that would not load as the built remote when the registry says so (the canary’s comparison)', async () => {
    setRemoteVersions([{ name: 'mf_chat', version: 'built' }]);
    load.mockRejectedValue(Object.assign(new Error('Loading chunk 512 failed.'), { name: 'ChunkLoadError' }));
    render(<RemoteModule id="mf_chat/DirectMessage" what="the messages" props={{ counterpartId: 42 }} />);
    await screen.findByRole('alert');
    expect(sent().map((r) => r.body)).toEqual([{ reports: [{ remote: 'mf_chat', version: 'built', kind: 'chunk' }] }]);
  });

  it('sends nothing for a remote without releases (the registry names no version)', async () => {
    setRemoteVersions([{ name: 'mf_chat' }]);
    load.mockRejectedValue(new Error('Loading chunk 512 failed.'));
    render(<RemoteModule id="mf_chat/DirectMessage" what="the messages" props={{ counterpartId: 42 }} />);
    await screen.findByRole('alert');
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });

  it('reports a render error with the remote and version only: the visitor’s data in the error stays out', async () => {
    setRemoteVersions([{ name: 'mf_profile', version: '1.4.0+cccccccccccc' }]);
    load.mockResolvedValue({
      default: () => {
        throw new Error('Cannot read "city" of ada.lovelace@example.test, token eyJhbGciOi');
      },
    });
    render(<RemoteModule id="mf_profile/ProfileEditor" what="your profile" props={{ section: 'overview' } as never} />);
    await screen.findByRole('alert');
    const reports = sent();
    expect(reports.map((r) => r.body)).toEqual([{ reports: [{ remote: 'mf_profile', version: '1.4.0+cccccccccccc', kind: 'render' }] }]);
    const wire = JSON.stringify(reports[0]!.init);
    expect(wire).not.toMatch(/ada|lovelace|example\.test|eyJ|city/);
    expect(reports[0]!.init.headers).toEqual({ 'Content-Type': 'application/json' });
  });
});
