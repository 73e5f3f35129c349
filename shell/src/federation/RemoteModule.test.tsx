import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemoteModule, resetRemote } from './remoteRegistry';
import { RemoteModule } from './RemoteModule';

jest.mock('./remoteRegistry', () => ({
  loadRemoteModule: jest.fn(),
  resetRemote: jest.fn(async () => undefined),
}));

const load = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;

describe('RemoteModule', () => {
  beforeEach(() => {
    load.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('renders the exposed component with its props once loaded', async () => {
    load.mockResolvedValue({ default: ({ who }: { who: string }) => <p>hello {who}</p> });
    render(<RemoteModule id="mf_chat/DirectMessage" what="the messages" props={{ who: 'Ada' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByText('hello Ada')).toBeInTheDocument();
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
    render(<RemoteModule id="mf_profile/ProfileApp" what="your profile" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, your profile could not be loaded.');
  });
});
