import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemoteModule, resetRemote } from './remoteRegistry';
import { forgetLoadedRemoteComponents } from './remoteLoader';
import { RemoteModule } from './RemoteModule';

jest.mock('./remoteRegistry', () => ({
  loadRemoteModule: jest.fn(),
  resetRemote: jest.fn(async () => undefined),
}));

const load = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;

describe('RemoteModule', () => {
  beforeEach(() => {
    load.mockReset();
    forgetLoadedRemoteComponents();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('renders the exposed component with its props once loaded', async () => {
    load.mockResolvedValue({ default: ({ counterpartId }: { counterpartId: number }) => <p>talking to {counterpartId}</p> });
    render(<RemoteModule id="mf_chat/DirectMessage" what="the messages" props={{ counterpartId: 42 }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByText('talking to 42')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_chat/DirectMessage');
  });

  it('shows a message and Retry when the remote cannot be fetched, and Retry loads it again', async () => {
    load.mockRejectedValueOnce(new Error('Failed to fetch remoteEntry.js'));
    load.mockResolvedValueOnce({ default: () => <p>chat is back</p> });
    render(
      <>
        <nav aria-label="Main">still here</nav>
        <RemoteModule id="mf_chat/DirectMessage" what="the messages" />
      </>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sorry, the messages could not be loaded.');
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveTextContent('still here');

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('chat is back')).toBeInTheDocument();
    expect(resetRemote).toHaveBeenCalledWith('mf_chat/DirectMessage');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('contains a remote that throws while rendering', async () => {
    load.mockResolvedValue({
      default: () => {
        throw new Error('render failure');
      },
    });
    render(<RemoteModule id="mf_profile/ProfileEditor" what="this page" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, this page could not be loaded.');
  });

  it('shows a component already loaded at once when it mounts again (no Loading flash between pages)', async () => {
    load.mockResolvedValue({ default: () => <p>the editor</p> });
    const first = render(<RemoteModule id="mf_profile/ProfileEditor" what="this page" />);
    expect(await screen.findByText('the editor')).toBeInTheDocument();
    first.unmount();
    render(<RemoteModule id="mf_profile/ProfileEditor" what="this page" />);
    expect(screen.getByText('the editor')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is typed by the shared expose map: unknown ids, missing and foreign props fail the typecheck', () => {
    // Compile-time assertions (tsc -p shell); rendering them is not the point.
    const checks = [
      // @ts-expect-error not an exposed module
      <RemoteModule key="1" id="mf_chat/Nope" what="x" />,
      // @ts-expect-error AuthModal's props are required
      <RemoteModule key="2" id="mf_auth/AuthModal" what="x" />,
      // @ts-expect-error DirectMessage has no prop `who`
      <RemoteModule key="3" id="mf_chat/DirectMessage" what="x" props={{ who: 'Ada' }} />,
      // @ts-expect-error the placeholder needs a description as well
      <RemoteModule key="4" id="mf_profile/PlaceholderPage" what="x" props={{ title: 'Billing' }} />,
      <RemoteModule key="5" id="mf_auth/AuthModal" what="x" props={{ initialTab: 'signup', onClose: () => undefined }} />,
    ];
    expect(checks).toHaveLength(5);
  });
});
