// /projects/:id as the shell's server renders it (with a page-data source that waits, as renderPage does): a
// project page that is not there for visitors (the API's 404) is rendered as not available with noindex and gives
// the page its 404; one that is there, or an API that cannot answer, goes on to the project page (rendered in the
// browser); a member's session goes on to it too (the owner sees their hidden project there).
import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { ApiError, createHydrationPageData, createServerPageData, PageDataContext, PROJECT_MESSAGES, request, signIn, signOut, type PageDataSource, type User } from '@sciexperts/shared';
import { MemoryRouter, Route, Routes } from '@sciexperts/shared/router';
import { ProjectPageGate } from './ProjectPageGate';

jest.mock('@sciexperts/shared', () => ({ ...jest.requireActual('@sciexperts/shared'), request: jest.fn() }));
const ask = request as jest.MockedFunction<typeof request>;

const page = (source: PageDataSource, path = '/projects/12') => (
  <PageDataContext.Provider value={source}>
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={<p>waiting</p>}>
        <Routes>
          <Route
            path="/projects/:id"
            element={
              <ProjectPageGate>
                <p>the project page</p>
              </ProjectPageGate>
            }
          />
        </Routes>
      </Suspense>
    </MemoryRouter>
  </PageDataContext.Provider>
);
const robots = () => [...document.querySelectorAll('meta[name="robots"]')].map((m) => m.getAttribute('content'));
const renderOnServer = async (path?: string) => {
  const source = createServerPageData();
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(page(source, path));
  });
  return { source, view: view! };
};

beforeEach(() => {
  ask.mockReset();
  signOut();
});

it('a project page that is not there for visitors is rendered as not available, noindex, with the page’s 404', async () => {
  ask.mockRejectedValue(new ApiError(PROJECT_MESSAGES.notFound, 404, { message: PROJECT_MESSAGES.notFound }));
  const { source, view } = await renderOnServer();
  expect(ask).toHaveBeenCalledWith('get', '/api/PublicProjects/12', expect.anything());
  expect(screen.getByRole('heading', { level: 1, name: PROJECT_MESSAGES.notFound })).toBeInTheDocument();
  expect(screen.queryByText('the project page')).not.toBeInTheDocument();
  expect(robots()).toEqual(['noindex']);
  expect(source.status()).toBe(404);
  view.unmount();

  // In the browser: hydrated with the same state, kept on a later render; a member's session goes on to the project.
  const hydrated = render(page(createHydrationPageData(source.loaded())));
  expect(screen.getByRole('heading', { level: 1, name: PROJECT_MESSAGES.notFound })).toBeInTheDocument();
  hydrated.rerender(page(createHydrationPageData({})));
  expect(screen.getByRole('heading', { level: 1, name: PROJECT_MESSAGES.notFound })).toBeInTheDocument();
  act(() => signIn('t', { id: 1, firstName: 'Olga' } as User));
  expect(screen.getByText('the project page')).toBeInTheDocument();
  expect(ask).toHaveBeenCalledTimes(1);
});

it('an id that cannot be a project is not there either, without asking', async () => {
  const { source } = await renderOnServer('/projects/abc');
  expect(screen.getByRole('heading', { level: 1, name: PROJECT_MESSAGES.notFound })).toBeInTheDocument();
  expect(source.status()).toBe(404);
  expect(ask).not.toHaveBeenCalled();
});

it('a project page that is there, or an API that cannot answer, goes on to the project page with the route’s status', async () => {
  ask.mockResolvedValue({ id: 12 });
  const present = await renderOnServer();
  expect(screen.getByText('the project page')).toBeInTheDocument();
  expect(robots()).toEqual([]);
  expect(present.source.status()).toBeUndefined();
  present.view.unmount();

  ask.mockRejectedValue(new ApiError('Unavailable', 503, null));
  const down = await renderOnServer();
  expect(screen.getByText('the project page')).toBeInTheDocument();
  expect(down.source.status()).toBeUndefined();
});

it('opened by a click (no page data), it is the project page at once', () => {
  render(page({ read: () => undefined }));
  expect(screen.getByText('the project page')).toBeInTheDocument();
  expect(ask).not.toHaveBeenCalled();
});
