import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { createHydrationPageData, createServerPageData, missingOnNotFound, PageDataContext, usePageData, type PageDataSource } from './pageData';

function Expert({ load }: { load: () => Promise<string> }) {
  const name = usePageData('expert/7', load);
  return <p>{name ?? 'not rendered with data'}</p>;
}

const withSource = (source: PageDataSource, load: () => Promise<string>) => (
  <PageDataContext.Provider value={source}>
    <Suspense fallback={<p>waiting</p>}>
      <Expert load={load} />
    </Suspense>
  </PageDataContext.Provider>
);

it('on the server, a page waits for its data, loads each key once and hands the results over', async () => {
  const source = createServerPageData();
  const load = jest.fn(async () => 'Ada Lovelace');
  await act(async () => {
    render(withSource(source, load));
  });
  expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
  expect(source.loaded()).toEqual({ 'expert/7': 'Ada Lovelace' });
});

it('a load the API answers 404 or 410 is handed over as missing, and gives the page its status', async () => {
  const source = createServerPageData();
  expect(source.status()).toBeUndefined();
  const notFound = Object.assign(new Error('Not found'), { status: 404 });
  await expect(source.read('expert/9', () => Promise.reject(notFound).catch(missingOnNotFound))).resolves.toEqual({ pageMissing: 404 });
  expect(source.loaded()).toEqual({ 'expert/9': { pageMissing: 404 } });
  expect(source.status()).toBe(404);
  // Any other failure still fails, and says nothing of the page's status.
  const other = createServerPageData();
  const down = Object.assign(new Error('down'), { status: 503 });
  await expect(other.read('expert/10', () => Promise.reject(down).catch(missingOnNotFound))).rejects.toThrow('down');
  expect(other.status()).toBeUndefined();
});

it('a load that fails is not handed over', async () => {
  const source = createServerPageData();
  const failing = source.read('expert/8', () => Promise.reject(new Error('down')));
  await expect(failing).rejects.toThrow('down');
  expect(source.loaded()).toEqual({});
});

it('in the browser, the hydrating render gets the server value; once it is on screen, pages load as before', () => {
  const source = createHydrationPageData({ 'expert/7': 'Ada Lovelace' });
  const load = jest.fn(async () => 'never asked');
  const first = render(withSource(source, load));
  expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  first.unmount();
  render(withSource(source, load));
  expect(screen.getByText('not rendered with data')).toBeInTheDocument();
  expect(load).not.toHaveBeenCalled();
});

it('without a source (a page opened by a click) the hook gives nothing', () => {
  render(<Expert load={async () => 'unused'} />);
  expect(screen.getByText('not rendered with data')).toBeInTheDocument();
});
