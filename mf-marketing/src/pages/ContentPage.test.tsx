import { screen, waitFor, within } from '@testing-library/react';
import { findSampleExpert } from '../content/experts';
import { PLATFORM_FEE_PERCENT } from '../content/platform';
import { contentPagePath, contentPages, CATALOGUE_SERVICES, servicePages, solutionPages } from '../content/servicePages';
import { serviceTiles } from '../content/services';
import { expectSizedImages, expectSoundOutline, renderRoute, structuredData } from '../test/renderRoute';

// The sample experts come from the directory; here it cannot be reached, so the static examples stand in
// (./SampleExperts.test.tsx covers the live experts).
let fetchMock: jest.SpyInstance;
beforeEach(() => {
  fetchMock = jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
});
afterEach(() => fetchMock.mockRestore());

/** Waits until the sample experts have stopped loading. */
async function expertsSettled(): Promise<HTMLElement> {
  const experts = screen.getByRole('region', { name: 'Sample experts' });
  await waitFor(() => expect(within(experts).getByRole('list')).toHaveAttribute('aria-busy', 'false'));
  return experts;
}

describe.each(contentPages.map((page) => [contentPagePath(page), page] as const))('the page at %s', (path, page) => {
  it('says what it is, for whom, what it delivers, what it costs and how long it takes', async () => {
    const { main } = renderRoute(path);
    expect(screen.getByRole('heading', { level: 1, name: page.title })).toBeInTheDocument();
    expect(document.title).toBe(`${page.title} | SciExperts`);
    for (const name of ['What it is', 'Who it is for', 'Typical deliverables', 'Price and time', 'Sample experts', 'Frequently asked questions', 'Start your project']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    for (const item of [...page.audience, ...page.deliverables]) expect(screen.getByText(item)).toBeInTheDocument();
    expect(screen.getByText(page.price)).toBeInTheDocument();
    expect(screen.getByText(page.duration)).toBeInTheDocument();
    expect(main).toHaveTextContent(`${PLATFORM_FEE_PERCENT} % platform fee`);
    for (const item of page.faq) expect(screen.getByRole('button', { name: item.question })).toBeInTheDocument();
    expectSoundOutline(main);
    expectSizedImages(main);
    await expertsSettled();
    expectSoundOutline(main);
    expectSizedImages(main);
  });

  it('shows its sample experts and posts a project with its service chosen', async () => {
    renderRoute(path);
    const experts = await expertsSettled();
    expect(within(experts).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(page.expertIds.map((id) => findSampleExpert(id)?.name));
    const posts = screen.getAllByRole('link', { name: 'Post a project' });
    expect(posts).toHaveLength(2);
    for (const link of posts) expect(link).toHaveAttribute('href', `/create-project?service=${encodeURIComponent(page.projectService)}`);
    expect(structuredData()).toEqual([expect.objectContaining({ '@type': 'Service', name: page.title })]);
  });
});

describe('solution and service pages', () => {
  it('cover the Solutions and Services menus, the how-it-works quick links and every service tile', () => {
    const paths = contentPages.map(contentPagePath);
    for (const path of ['/solutions/consulting', '/solutions/strategy', '/solutions/technology', '/services/consulting', '/services/support', '/services/tools', '/services/scientific-writing', '/services/scientific-consulting', '/services/secondary-research']) {
      expect(paths).toContain(path);
    }
    for (const tile of serviceTiles) expect(servicePages.map((page) => page.slug)).toContain(tile.id);
    expect(new Set(paths).size).toBe(paths.length);
    expect(solutionPages.every((page) => page.section === 'solutions')).toBe(true);
  });

  it('name only sample experts that exist and only services of the catalogue', () => {
    for (const page of contentPages) {
      expect(page.expertIds.map(findSampleExpert)).not.toContain(undefined);
      expect(CATALOGUE_SERVICES).toContain(page.projectService);
      expect(page.description.length).toBeLessThanOrEqual(170);
    }
  });

  it('keep a solution and a service with the same slug apart', async () => {
    renderRoute('/solutions/consulting');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Specialist scientists for consulting firms');
    await expertsSettled();
  });

  it('say so inside the page for an unknown slug, and list the pages that exist', () => {
    const { main } = renderRoute('/services/astrology');
    expect(screen.getByRole('heading', { level: 1, name: 'Service not found' })).toBeInTheDocument();
    expect(main).toHaveTextContent('There is no service at /services/astrology.');
    expect(screen.getByRole('link', { name: 'Scientific writing' })).toHaveAttribute('href', '/services/scientific-writing');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expectSoundOutline(main);
  });
});
