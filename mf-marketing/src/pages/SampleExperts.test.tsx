import { act, screen, waitFor, within } from '@testing-library/react';
import { makeExpertCard as card, makeExpertPage as results } from '@sciexperts/shared/testing';
import { findSampleExpert } from '../content/experts';
import { findContentPage } from '../content/servicePages';
import { expectSizedImages, expectSoundOutline, renderRoute } from '../test/renderRoute';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const PATH = '/services/statistical-analysis';
const page = findContentPage('services', 'statistical-analysis');
const staticNames = (page?.expertIds ?? []).map((id) => findSampleExpert(id)?.name);

let fetchMock: jest.SpyInstance;
beforeEach(() => {
  fetchMock = jest.spyOn(globalThis, 'fetch');
});
afterEach(() => fetchMock.mockRestore());

const region = () => screen.getByRole('region', { name: 'Sample experts' });
const list = () => within(region()).getByRole('list');
const settled = () => waitFor(() => expect(list()).toHaveAttribute('aria-busy', 'false'));
const names = () => within(region()).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('the sample experts of a service page', () => {
  it('holds the cards’ space while loading, then shows the directory’s first three experts for the service, linked to their profiles', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { main } = renderRoute(PATH);

    expect(list()).toHaveAttribute('aria-busy', 'true');
    expect(list().querySelectorAll('li')).toHaveLength(3);
    expect(within(region()).queryAllByRole('heading', { level: 3 })).toEqual([]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [request] = fetchMock.mock.calls[0] as [Request];
    expect(request.method).toBe('GET');
    expect(request.url).toBe('http://localhost:3000/api/Experts/Search?service=Statistical+Analysis');

    const experts = [
      card(),
      card({ id: 7, slug: '', firstName: 'Grace', lastName: 'Hopper', headline: 'Survival analysis', profImgUrl: null, hourlyFee: 120 }),
      card({ id: 9, slug: 'emmy-noether', firstName: 'Emmy', lastName: 'Noether', headline: '', hourlyFee: null }),
      card({ id: 11, slug: 'fourth-expert', firstName: 'Fourth', lastName: 'Expert' }),
    ];
    await act(async () => answer(json(200, results(experts))));
    await settled();

    expect(names()).toEqual(['Ada Lovelace', 'Grace Hopper', 'Emmy Noether']);
    expect(within(region()).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/experts/42-ada-lovelace');
    expect(within(region()).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/experts/7-grace-hopper');
    expect(within(region()).getByRole('link', { name: 'Emmy Noether' })).toHaveAttribute('href', '/experts/9-emmy-noether');
    const photo = within(region()).getByRole('img', { name: 'Portrait of Ada Lovelace' });
    expect(photo).toHaveAttribute('src', 'https://api.example/img/42.png');
    expect(photo).toHaveAttribute('width', '72');
    expect(photo).toHaveAttribute('height', '72');
    expect(within(region()).getByText('GH')).toBeInTheDocument();
    expect(within(region()).getByText('Biostatistician for clinical trials')).toBeInTheDocument();
    expect(within(region()).getByText('$85/hr')).toBeInTheDocument();
    expect(within(region()).getByText('$120/hr')).toBeInTheDocument();
    expect(within(region()).getAllByText('Hourly fee')).toHaveLength(2);
    expect(region()).toHaveTextContent('Experts on SciExperts who offer Statistical Analysis.');
    for (const name of staticNames) expect(within(region()).queryByText(name ?? '')).toBeNull();
    expect(within(region()).getByRole('link', { name: 'See all experts for Statistical Analysis' })).toHaveAttribute('href', '/find-an-expert?service=Statistical+Analysis');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expectSoundOutline(main);
    expectSizedImages(main);
  });

  it.each([
    ['the directory fails', () => Promise.resolve(json(500, { message: 'Internal Server Error' }))],
    ['the directory cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the directory has nobody for the service', () => Promise.resolve(json(200, results([])))],
  ])('falls back to the static examples, which link to no profile, when %s', async (_case, respond) => {
    fetchMock.mockImplementation(respond);
    const { main } = renderRoute(PATH);
    await settled();
    expect(staticNames).toHaveLength(3);
    expect(names()).toEqual(staticNames);
    expect(region()).toHaveTextContent('Examples of the vetted experts who offer this kind of work.');
    const links = within(region()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/find-an-expert?service=Statistical+Analysis']);
    expect(links[0]).toHaveTextContent('See all experts for Statistical Analysis');
    expectSoundOutline(main);
    expectSizedImages(main);
  });

  it('asks for the page’s catalogue service on a solution page too', async () => {
    fetchMock.mockResolvedValue(json(200, results([card()])));
    renderRoute('/solutions/strategy');
    await settled();
    expect((fetchMock.mock.calls[0] as [Request])[0].url).toBe('http://localhost:3000/api/Experts/Search?service=Secondary+Research');
    expect(names()).toEqual(['Ada Lovelace']);
    expect(within(region()).getByRole('link', { name: 'See all experts for Secondary Research' })).toHaveAttribute('href', '/find-an-expert?service=Secondary+Research');
  });
});
