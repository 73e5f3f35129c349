import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ApiError, configureRuntime, signIn, type Publication } from '@sciexperts/shared';
import { publicationsApi } from '@sciexperts/shared/member';
import { leaveSiteFor } from './leaveSite';
import { PublicationsSection } from './PublicationsSection';

jest.mock('./leaveSite', () => ({ leaveSiteFor: jest.fn() }));

const ORCID = { authorizeUrl: 'http://orcid.test/oauth/authorize', clientId: 'APP-TEST', redirectUri: 'http://localhost/profile', scope: '/authenticate' };
const STATE_KEY = 'sciexperts.orcid.state';

const part = (value: string) => ({ value });
const works: Publication[] = [
  { title: 'Cracked pots', url: 'https://doi.org/10.5555/1', type: 'journal-article', publicationDate: { year: part('2021'), month: part('03'), day: part('14') } },
  { title: 'Fractured ceramics', url: null, type: 'book', publicationDate: { year: part('2019'), month: part('11'), day: null } },
  { title: 'Kiln logs', url: 'javascript:alert(1)', type: 'data-set', publicationDate: { year: part('2016'), month: null, day: null } },
];

let currentUrl = '';
function LocationProbe() {
  const location = useLocation();
  currentUrl = `${location.pathname}${location.search}`;
  return null;
}

function renderSection(url = '/profile', onCountChange = jest.fn()) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <section id="publication">
        <h2 id="publication-heading" tabIndex={-1}>
          Publication
        </h2>
        <PublicationsSection userId={7} onCountChange={onCountChange} />
      </section>
      <LocationProbe />
    </MemoryRouter>,
  );
  return onCountChange;
}

/** Each work's details as the member reads them: [term, definition] pairs. */
const details = (item: HTMLElement) => {
  const terms = within(item).getAllByRole('term').map((t) => t.textContent);
  const definitions = within(item).getAllByRole('definition').map((d) => d.textContent);
  return terms.map((term, i) => [term, definitions[i]]);
};

beforeEach(() => {
  sessionStorage.clear();
  configureRuntime({ orcid: ORCID });
  act(() => signIn('token', { id: 7, firstName: 'Ada' } as never));
});
afterEach(() => {
  jest.restoreAllMocks();
  jest.mocked(leaveSiteFor).mockReset();
});

describe('PublicationsSection', () => {
  it('without ORCID configured, the link is disabled and says why', async () => {
    configureRuntime({ orcid: null });
    jest.spyOn(publicationsApi, 'list').mockResolvedValue([]);
    renderSection();
    expect(await screen.findByText('Connect your ORCID record to list your publications here.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Connect to ORCID' });
    expect(link).toHaveAttribute('aria-disabled', 'true');
    expect(link).not.toHaveAttribute('href');
    expect(link).toHaveAccessibleDescription('ORCID is not configured for this site.');
    await userEvent.click(link);
    expect(sessionStorage.getItem(STATE_KEY)).toBeNull();
  });

  it('Connect to ORCID is a real link to ORCID with our client, /profile and a state remembered on the way out', async () => {
    jest.spyOn(publicationsApi, 'list').mockResolvedValue([]);
    renderSection();
    await screen.findByText('Connect your ORCID record to list your publications here.');
    const link = screen.getByRole('link', { name: 'Connect to ORCID' });
    const href = new URL(link.getAttribute('href')!);
    expect(`${href.origin}${href.pathname}`).toBe('http://orcid.test/oauth/authorize');
    expect(href.searchParams.get('client_id')).toBe('APP-TEST');
    expect(href.searchParams.get('redirect_uri')).toBe('http://localhost/profile');
    expect(href.searchParams.get('response_type')).toBe('code');
    expect(href.searchParams.get('scope')).toBe('/authenticate');
    const state = href.searchParams.get('state');
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    // jsdom cannot leave the page; stop the navigation after our click handler ran.
    const stop = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('click', stop);
    await userEvent.click(link);
    document.removeEventListener('click', stop);
    expect(sessionStorage.getItem(STATE_KEY)).toBe(state);
  });

  it('lists stored works: linked titles open safely in a new tab, types and partial dates read well', async () => {
    jest.spyOn(publicationsApi, 'list').mockResolvedValue(works);
    const onCount = renderSection();
    const list = await screen.findByRole('list', { name: 'Publications from ORCID' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);

    const first = within(items[0]!);
    const titleLink = first.getByRole('link', { name: 'Cracked pots (opens in a new tab)' });
    expect(titleLink).toHaveAttribute('href', 'https://doi.org/10.5555/1');
    expect(titleLink).toHaveAttribute('target', '_blank');
    expect(titleLink).toHaveAttribute('rel', 'noopener noreferrer');
    expect(first.getByRole('heading', { level: 3, name: /Cracked pots/ })).toBeInTheDocument();
    expect(details(items[0]!)).toEqual([
      ['Type', 'Journal article'],
      ['Published', 'March 14, 2021'],
    ]);
    expect(first.getByText('March 14, 2021')).toHaveAttribute('datetime', '2021-03-14');

    const second = within(items[1]!);
    expect(second.queryByRole('link')).toBeNull();
    expect(second.getByRole('heading', { level: 3, name: 'Fractured ceramics' })).toBeInTheDocument();
    expect(details(items[1]!)).toEqual([
      ['Type', 'Book'],
      ['Published', 'November 2019'],
    ]);
    expect(second.getByText('November 2019')).toHaveAttribute('datetime', '2019-11');

    // A non-web address never becomes a link.
    expect(within(items[2]!).queryByRole('link')).toBeNull();
    expect(details(items[2]!)).toEqual([
      ['Type', 'Data set'],
      ['Published', '2016'],
    ]);
    expect(within(items[2]!).getByText('2016')).toHaveAttribute('datetime', '2016');

    // Stored works show without reconnecting; the member can sync again.
    expect(screen.getByRole('link', { name: 'Sync again with ORCID' })).toHaveAttribute('href', expect.stringContaining('http://orcid.test/oauth/authorize?'));
    expect(onCount).toHaveBeenCalledWith(3);
  });

  it('a code on return is exchanged once, the works are shown and the URL is cleaned without the code', async () => {
    sessionStorage.setItem(STATE_KEY, 's-1');
    let finish!: (value: { user: { works: Publication[] } }) => void;
    const sync = jest.spyOn(publicationsApi, 'syncFromOrcid').mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const list = jest.spyOn(publicationsApi, 'list').mockResolvedValue([]);
    const onCount = renderSection('/profile?code=abc123&state=s-1&from=mail');
    expect(screen.getByRole('status')).toHaveTextContent('Syncing your publications from ORCID...');
    await waitFor(() => expect(currentUrl).toBe('/profile?from=mail'));
    expect(sessionStorage.getItem(STATE_KEY)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Publication' })).toHaveFocus();

    await act(async () => finish({ user: { works: works.slice(0, 2) } }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('Synced 2 publications from ORCID.');
    expect(sync).toHaveBeenCalledTimes(1);
    expect(sync).toHaveBeenCalledWith('abc123');
    expect(list).not.toHaveBeenCalled();
    expect(onCount).toHaveBeenCalledWith(2);
    expect(screen.getByRole('link', { name: 'Sync again with ORCID' })).toBeInTheDocument();
  });

  it('a sync that finds no works says so', async () => {
    sessionStorage.setItem(STATE_KEY, 's-1');
    jest.spyOn(publicationsApi, 'syncFromOrcid').mockResolvedValue({ user: { works: [] } });
    renderSection('/profile?code=abc123&state=s-1');
    expect(await screen.findByText('No publications found in your ORCID profile.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('a failed sync shows the reason and the stored works; Retry goes back to ORCID for a new code', async () => {
    sessionStorage.setItem(STATE_KEY, 's-1');
    jest.spyOn(publicationsApi, 'syncFromOrcid').mockRejectedValue(new ApiError('The ORCID authorization code is invalid or was already used.', 400, null));
    jest.spyOn(publicationsApi, 'list').mockResolvedValue(works.slice(0, 1));
    renderSection('/profile?code=used&state=s-1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to sync ORCID publications');
    expect(alert).toHaveTextContent('The ORCID authorization code is invalid or was already used.');
    expect(await screen.findByRole('link', { name: /Cracked pots/ })).toBeInTheDocument();
    await waitFor(() => expect(currentUrl).toBe('/profile'));

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const href = screen.getByRole('link', { name: 'Sync again with ORCID' }).getAttribute('href');
    expect(leaveSiteFor).toHaveBeenCalledWith(href);
    expect(sessionStorage.getItem(STATE_KEY)).toBe(new URL(href!).searchParams.get('state'));
  });

  it('a network failure of the sync shows the spec wording alone', async () => {
    sessionStorage.setItem(STATE_KEY, 's-1');
    jest.spyOn(publicationsApi, 'syncFromOrcid').mockRejectedValue(new ApiError('Failed to sync ORCID publications', 0, null));
    jest.spyOn(publicationsApi, 'list').mockResolvedValue([]);
    renderSection('/profile?code=abc&state=s-1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to sync ORCID publications');
  });

  it('when the stored list cannot be loaded: Something went wrong, and Retry loads it again', async () => {
    const list = jest.spyOn(publicationsApi, 'list').mockRejectedValueOnce(new ApiError('Could not load your publications.', 0, null)).mockResolvedValueOnce(works);
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Something went wrong$/);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(list).toHaveBeenCalledTimes(2);
    expect(leaveSiteFor).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Publication' })).toHaveFocus();
  });

  it('refuses a code whose state is not the one this tab sent, and cleans the URL', async () => {
    sessionStorage.setItem(STATE_KEY, 's-1');
    const sync = jest.spyOn(publicationsApi, 'syncFromOrcid');
    jest.spyOn(publicationsApi, 'list').mockResolvedValue([]);
    renderSection('/profile?code=forged&state=other');
    expect(await screen.findByRole('alert')).toHaveTextContent('This answer from ORCID does not match a request from this browser tab. Please connect again.');
    expect(sync).not.toHaveBeenCalled();
    await waitFor(() => expect(currentUrl).toBe('/profile'));
  });

  it('says so when the member declined on ORCID', async () => {
    sessionStorage.setItem(STATE_KEY, 's-1');
    jest.spyOn(publicationsApi, 'list').mockResolvedValue([]);
    renderSection('/profile?error=access_denied&error_description=User+denied+access&state=s-1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to sync ORCID publications');
    expect(alert).toHaveTextContent('Access was not granted on ORCID.');
    await waitFor(() => expect(currentUrl).toBe('/profile'));
  });

  it('leaves a code alone when no ORCID request is pending in this tab (it belongs to another flow)', async () => {
    const sync = jest.spyOn(publicationsApi, 'syncFromOrcid');
    jest.spyOn(publicationsApi, 'list').mockResolvedValue([]);
    renderSection('/profile?code=not-ours&state=xyz');
    expect(await screen.findByText('Connect your ORCID record to list your publications here.')).toBeInTheDocument();
    expect(sync).not.toHaveBeenCalled();
    expect(currentUrl).toBe('/profile?code=not-ours&state=xyz');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
