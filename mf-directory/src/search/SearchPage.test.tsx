import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@sciexperts/shared';
import { directoryApi } from '../api/directoryApi';
import { card, page } from '../test/fixtures';
import { renderRoute } from '../test/renderRoute';
import type { SearchState } from './searchState';

jest.mock('../api/directoryApi', () => ({ ...jest.requireActual('../api/directoryApi'), directoryApi: { search: jest.fn(), profile: jest.fn() } }));
const search = directoryApi.search as jest.MockedFunction<typeof directoryApi.search>;

const location = () => screen.getByTestId('location').textContent;
const results = () => screen.getByTestId('location').ownerDocument.querySelector('[aria-busy]') as HTMLElement;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const twelve = Array.from({ length: 12 }, (_, i) => card({ id: i + 1, firstName: `Expert${i + 1}`, slug: `expert${i + 1}-lovelace` }));

beforeEach(() => search.mockReset());

describe('the search page', () => {
  it('is busy while it loads (placeholders keep the space), then shows the count and the cards', async () => {
    const answer = deferred<ReturnType<typeof page>>();
    search.mockReturnValue(answer.promise);
    renderRoute('/find-an-expert?q=bayesian');
    expect(screen.getByRole('heading', { level: 1, name: 'Find an expert' })).toBeInTheDocument();
    expect(results()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    await act(async () => answer.resolve(page([card()])));
    expect(results()).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('1 expert');
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/experts/42-ada-lovelace');
    expect(search).toHaveBeenCalledWith(expect.objectContaining<Partial<SearchState>>({ q: 'bayesian', page: 1 }));
    expect(document.title).toBe('Experts for “bayesian” | SciExperts');
  });

  it('filters to verified experts with a labelled checkbox (?verified=true) and clears it again', async () => {
    search.mockResolvedValue(page([card({ verified: true })]));
    const user = userEvent.setup();
    renderRoute('/find-an-expert?q=trials');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    const only = screen.getByRole('checkbox', { name: 'Verified experts only' });
    expect(only).not.toBeChecked();
    await user.click(only);
    expect(location()).toBe('/find-an-expert?q=trials&verified=true');
    await waitFor(() => expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'trials', verified: true })));
    expect(screen.getByRole('checkbox', { name: 'Verified experts only' })).toBeChecked();
    expect(await screen.findByRole('img', { name: 'Verified expert' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Verified experts only' }));
    expect(location()).toBe('/find-an-expert?q=trials');
  });

  it('accepts what the home page hero and the service pages send', async () => {
    search.mockResolvedValue(page([card()]));
    renderRoute('/find-an-expert?q=Food%20Science%20and%20Technology');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ q: '', service: 'Food Science and Technology' }));
    expect(screen.getByLabelText('Service')).toHaveValue('Food Science and Technology');
  });

  it('puts the words and every filter in the URL; Back returns to the previous search', async () => {
    search.mockResolvedValue(page([card()]));
    const user = userEvent.setup();
    renderRoute('/find-an-expert');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await user.type(screen.getByLabelText('Search experts'), 'clinical trials{Enter}');
    expect(location()).toBe('/find-an-expert?q=clinical+trials');
    await user.selectOptions(screen.getByLabelText('Service'), 'Statistical Analysis');
    await user.selectOptions(screen.getByLabelText('Practice area'), 'Biostatistics');
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Hourly fee: low to high');
    await user.type(screen.getByLabelText('From'), '40');
    await user.type(screen.getByLabelText('To'), '120');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(location()).toBe('/find-an-expert?q=clinical+trials&service=Statistical+Analysis&area=Biostatistics&minFee=40&maxFee=120&country=DE&sort=fee-asc');
    await waitFor(() => expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ minFee: 40, maxFee: 120, country: 'DE', sort: 'fee-asc' })));
    expect(screen.getByLabelText('Practice area')).toHaveValue('Biostatistics');
  });

  it('refuses a reversed fee range with a message, without searching', async () => {
    search.mockResolvedValue(page([card()]));
    const user = userEvent.setup();
    renderRoute('/find-an-expert');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await user.type(screen.getByLabelText('From'), '200');
    await user.type(screen.getByLabelText('To'), '100');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The lowest fee must not be higher than the highest fee.');
    expect(location()).toBe('/find-an-expert');
  });

  it('says when nothing matches and clears the filters with one button', async () => {
    search.mockResolvedValueOnce(page([])).mockResolvedValue(page([card()]));
    const user = userEvent.setup();
    renderRoute('/find-an-expert?q=unicorn&country=FR&sort=fee-desc');
    expect(await screen.findByText('No experts match your search.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/find-an-expert?sort=fee-desc');
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search experts')).toHaveValue('');
  });

  it('shows an error with Retry; an unreachable server gets its own sentence', async () => {
    search.mockRejectedValueOnce(new ApiError('offline', 0, null)).mockRejectedValueOnce(new ApiError('Please choose a country from the list.', 400, null)).mockResolvedValue(page([card()]));
    const user = userEvent.setup();
    renderRoute('/find-an-expert');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach SciExperts');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a country from the list.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('pages with real links, twelve at a time, and keeps the current results while the next page loads', async () => {
    search.mockResolvedValueOnce(page(twelve, { total: 30 }));
    renderRoute('/find-an-expert?q=trials');
    await screen.findByRole('link', { name: 'Expert1 Lovelace' });
    expect(screen.getByRole('status')).toHaveTextContent('30 experts, showing 1–12');
    const pages = screen.getByRole('navigation', { name: 'Result pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/find-an-expert?q=trials&page=3');
    const next = deferred<ReturnType<typeof page>>();
    search.mockReturnValueOnce(next.promise);
    fireEvent.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(location()).toBe('/find-an-expert?q=trials&page=2');
    expect(results()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('link', { name: 'Expert1 Lovelace' })).toBeInTheDocument();
    await act(async () => next.resolve(page([card({ id: 99, firstName: 'Second', slug: 'second-lovelace' })], { total: 30, page: 2 })));
    expect(screen.getByRole('link', { name: 'Second Lovelace' })).toBeInTheDocument();
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'trials', page: 2 }));
  });

  it('redirects nothing and sets its own head', async () => {
    search.mockResolvedValue(page([]));
    renderRoute('/find-an-expert');
    await screen.findByText('No experts match your search.');
    expect(document.title).toBe('Find an expert | SciExperts');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')?.length).toBeGreaterThan(50);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Data analysis experts' })).toHaveAttribute('href', '/find-an-expert/subject/data-analysis');
  });
});
