import { render, screen } from '@testing-library/react';
import { type ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { mockMatchMedia } from '../test/mockMatchMedia';
import { HomePage } from './HomePage';
import { HowItWorksPage } from './HowItWorksPage';
import { JoinExpertPage } from './JoinExpertPage';

function renderPage(page: ReactElement) {
  return render(<MemoryRouter>{page}</MemoryRouter>);
}

/** Heading levels in document order must never skip a level (h1 → h3 would). */
function headingLevels(container: HTMLElement): number[] {
  return [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) => Number(heading.tagName[1]));
}

function expectSoundOutline(container: HTMLElement) {
  const levels = headingLevels(container);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  levels.forEach((level, index) => {
    if (index > 0) expect(level - (levels[index - 1] ?? 1)).toBeLessThanOrEqual(1);
  });
}

function expectSizedImages(container: HTMLElement) {
  for (const image of container.querySelectorAll('img')) {
    expect(image).toHaveAttribute('alt');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
  }
}

describe.each([
  ['home', <HomePage key="home" />],
  ['how it works', <HowItWorksPage key="how" />],
  ['join as expert', <JoinExpertPage key="join" />],
])('the %s page', (_name, page) => {
  beforeEach(() => mockMatchMedia());

  it('has one h1, then h2 sections and h3 cards, and no landmarks of its own', () => {
    const { container } = renderPage(page);
    expectSoundOutline(container);
    expect(container.querySelector('main, header, footer')).toBeNull();
  });

  it('gives every image a size and an alt text', () => {
    const { container } = renderPage(page);
    expectSizedImages(container);
  });
});

describe('the home page', () => {
  beforeEach(() => mockMatchMedia());

  it('states the marketing claims of the product', () => {
    renderPage(<HomePage />);
    for (const claim of ['Matching within 24 hours', 'Milestone payments in escrow', '100% money-back guarantee', 'No subscription', '50,000+ vetted experts', '170+ countries', 'Post a project in under 5 minutes']) {
      expect(screen.getAllByText(claim).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole('link', { name: /Read our 298 reviews/ })).toBeInTheDocument();
  });

  it('links the hero buttons, service cards, stories and blog teasers to their paths', () => {
    renderPage(<HomePage />);
    expect(screen.getByRole('link', { name: 'Join as expert' })).toHaveAttribute('href', '/join-expert');
    expect(screen.getByRole('link', { name: 'Request a Service' })).toHaveAttribute('href', '/request-service');
    for (const [name, service] of [['Data analysis', 'Statistical Analysis'], ['Scientific writing', 'Scientific Report'], ['Product development', 'Food Science and Technology']] as const) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', `/create-project?service=${encodeURIComponent(service)}`);
    }
    const storyHrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href')).filter((href) => href?.startsWith('/story-'));
    expect(storyHrefs).toEqual(['/story-1', '/story-2', '/story-3']);
    for (const href of ['/blog/choose-consultant', '/blog/trends-freelance-science', '/blog/institutions-on-demand']) {
      expect(document.querySelector(`a[href="${href}"]`)).not.toBeNull();
    }
  });

  it('shows the sample stories with their costs and times', () => {
    renderPage(<HomePage />);
    for (const text of ['USD 1,200', 'USD 950', 'USD 1,500', '2 months', '1.5 months', '3 months']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });
});

describe('the how it works page', () => {
  beforeEach(() => mockMatchMedia());

  it('compares consulting firms and freelancers in a real table', () => {
    renderPage(<HowItWorksPage />);
    const table = screen.getByRole('table', { name: 'Consulting firms compared with freelance experts on SciExperts' });
    expect(table.querySelectorAll('th[scope="col"]')).toHaveLength(3);
    expect([...table.querySelectorAll('th[scope="row"]')].map((th) => th.textContent)).toEqual(['Costs', 'On-demand services', 'Time and effort', 'Commitment', 'Flexibility']);
  });

  it('shows the ten service tiles in the order of the spec', () => {
    renderPage(<HowItWorksPage />);
    const section = screen.getByRole('region', { name: 'Services our experts offer' });
    expect([...section.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Data Science',
      'Scientific Consulting',
      'Statistical Analysis',
      'Food Science and Technology',
      'Medical Writing',
      'Clinical Evaluation Report',
      'Scientific Report',
      'Secondary Research',
      'Literature Search',
      'Scientific Editing',
    ]);
  });

  it('has four feature cards and the two ways', () => {
    renderPage(<HowItWorksPage />);
    const why = screen.getByRole('region', { name: 'Why SciExperts?' });
    expect(why.querySelectorAll('h3')).toHaveLength(4);
    expect(screen.getByRole('heading', { name: 'Hire an Expert' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Join as an Expert' })).toBeInTheDocument();
  });
});
