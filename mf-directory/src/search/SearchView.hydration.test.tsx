import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { hydrate, renderAsServer, typeBeforeHydration } from '@sciexperts/ui/testing';
import { directoryApi } from '../api/directoryApi';
import { card, page } from '../test/fixtures';
import { SearchView } from './SearchView';

jest.mock('../api/directoryApi', () => ({ ...jest.requireActual('../api/directoryApi'), directoryApi: { search: jest.fn(), profile: jest.fn() } }));
const search = directoryApi.search as jest.MockedFunction<typeof directoryApi.search>;

function Location() {
  const { pathname, search: query } = useLocation();
  return <div data-testid="location">{`${pathname}${query}`}</div>;
}

const app = (path: string, locked?: { service: string }) => (
  <MemoryRouter initialEntries={[path]}>
    <SearchView locked={locked} />
    <Location />
  </MemoryRouter>
);

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => search.mockReset().mockResolvedValue(page([card()])));
afterEach(() => {
  document.body.innerHTML = '';
});

describe('the search form filled in before the page was hydrated', () => {
  it('keeps the words, the filters and the fee; the filters apply at once and Enter sends them all', async () => {
    const container = renderAsServer(app('/find-an-expert'));
    typeBeforeHydration(screen.getByLabelText('Search experts'), 'shelf life');
    typeBeforeHydration(screen.getByLabelText('Service'), 'Statistical Analysis');
    typeBeforeHydration(screen.getByLabelText('Country'), 'DE');
    typeBeforeHydration(screen.getByLabelText('From'), '40');
    await hydrate(container, app('/find-an-expert'));

    await waitFor(() => expect(location()).toBe('/find-an-expert?service=Statistical+Analysis&country=DE'));
    expect(screen.getByLabelText('Search experts')).toHaveValue('shelf life');
    expect(screen.getByLabelText('Service')).toHaveValue('Statistical Analysis');
    expect(screen.getByLabelText('Country')).toHaveValue('DE');
    expect(screen.getByLabelText('From')).toHaveValue(40);

    await act(async () => fireEvent.submit(screen.getByRole('search', { name: 'Expert search' })));
    expect(location()).toBe('/find-an-expert?q=shelf+life&service=Statistical+Analysis&minFee=40&country=DE');
    await waitFor(() => expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'shelf life', service: 'Statistical Analysis', country: 'DE', minFee: 40 })));
  });

  it('applies "Verified experts only" ticked before hydration', async () => {
    const container = renderAsServer(app('/find-an-expert'));
    (screen.getByLabelText('Verified experts only') as HTMLInputElement).checked = true;
    await hydrate(container, app('/find-an-expert'));
    await waitFor(() => expect(location()).toBe('/find-an-expert?verified=true'));
    expect(screen.getByLabelText('Verified experts only')).toBeChecked();
    await waitFor(() => expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ verified: true })));
  });

  it('on a subject page (its service fixed by the page) keeps the words and the sort', async () => {
    const container = renderAsServer(app('/find-an-expert/subject/data-analysis', { service: 'Data Science' }));
    typeBeforeHydration(screen.getByLabelText('Search experts'), 'forecasting');
    typeBeforeHydration(screen.getByLabelText('Sort by'), 'fee-asc');
    await hydrate(container, app('/find-an-expert/subject/data-analysis', { service: 'Data Science' }));
    await waitFor(() => expect(location()).toBe('/find-an-expert/subject/data-analysis?sort=fee-asc'));
    expect(screen.getByLabelText('Search experts')).toHaveValue('forecasting');
    await act(async () => fireEvent.submit(screen.getByRole('search', { name: 'Expert search' })));
    expect(location()).toBe('/find-an-expert/subject/data-analysis?q=forecasting&sort=fee-asc');
  });

  it('after hydration, a filter chosen while words wait in the box leaves the words there', async () => {
    const container = renderAsServer(app('/find-an-expert'));
    await hydrate(container, app('/find-an-expert'));
    fireEvent.change(screen.getByLabelText('Search experts'), { target: { value: 'stability' } });
    await act(async () => fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'FR' } }));
    expect(location()).toBe('/find-an-expert?country=FR');
    expect(screen.getByLabelText('Search experts')).toHaveValue('stability');
  });
});
