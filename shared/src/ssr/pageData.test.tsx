import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { createHydrationPageData, createServerPageData, PageDataContext, usePageData, type PageDataSource } from './pageData';

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
