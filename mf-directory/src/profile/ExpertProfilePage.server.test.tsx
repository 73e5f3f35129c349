// The profile page as the shell's server renders it (decision 0018): with a page-data source that waits for the
// load, as renderPage does. A profile the API answers 404 for (hidden, suspended, private, unknown) is rendered as
// not available, with noindex, and gives the page its 404; the browser hydrates with the same state.
import { Suspense, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, createHydrationPageData, createServerPageData, missingOnNotFound, PageDataContext, type PageDataSource } from '@sciexperts/shared';
import { directoryApi } from '../api/directoryApi';
import { StandaloneApp } from '../standalone/StandaloneApp';
import { profile } from '../test/fixtures';
import { onProfileSignedOut } from '../test/profilePage';

jest.mock('../api/directoryApi', () => ({ ...jest.requireActual('../api/directoryApi'), directoryApi: { search: jest.fn(), profile: jest.fn() } }));
const load = directoryApi.profile as jest.MockedFunction<typeof directoryApi.profile>;

const page = (source: PageDataSource, path: string): ReactNode => (
  <PageDataContext.Provider value={source}>
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={<p>waiting</p>}>
        <StandaloneApp />
      </Suspense>
    </MemoryRouter>
  </PageDataContext.Provider>
);
const robots = () => [...document.querySelectorAll('meta[name="robots"]')].map((m) => m.getAttribute('content'));

beforeEach(() => {
  load.mockReset();
  onProfileSignedOut();
});

it('a profile the API does not show is rendered as not available, noindex, and makes the page a 404', async () => {
  load.mockRejectedValue(new ApiError('This profile is not available.', 404, { message: 'This profile is not available.' }));
  const source = createServerPageData();
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(page(source, '/experts/42-ada-lovelace'));
  });
  expect(screen.getByRole('heading', { level: 1, name: 'This profile is not available.' })).toBeInTheDocument();
  expect(robots()).toEqual(['noindex']);
  expect(document.querySelector('link[rel="canonical"]')).toBeNull();
  expect(source.status()).toBe(404);
  expect(load).toHaveBeenCalledTimes(1);
  view!.unmount();

  // The browser hydrates with what the server sent: the same state at once, no second load.
  render(page(createHydrationPageData(source.loaded()), '/experts/42-ada-lovelace'));
  expect(screen.getByRole('heading', { level: 1, name: 'This profile is not available.' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

it('a visible profile keeps the route’s status, and only a 404 or 410 is taken for missing', async () => {
  load.mockResolvedValue(profile());
  const source = createServerPageData();
  await act(async () => {
    render(page(source, '/experts/42-ada-lovelace'));
  });
  expect(screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
  expect(robots()).toEqual([]);
  expect(source.status()).toBeUndefined();

  // The API being down is not "missing": the part is left to the browser, the page keeps its status.
  load.mockReset();
  load.mockRejectedValue(new ApiError('Unavailable', 503, null));
  const down = createServerPageData();
  await expect(down.read('directory/expert/43', () => directoryApi.profile(43).catch(missingOnNotFound))).rejects.toThrow('Unavailable');
  expect(down.status()).toBeUndefined();
});
