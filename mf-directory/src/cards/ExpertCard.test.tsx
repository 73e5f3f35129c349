import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router-dom';
import { ratingShortText } from '@sciexperts/shared';
import { card } from '../test/fixtures';
import { ExpertCard } from './ExpertCard';
import { highlightParts } from './Highlighted';

const renderCard = (overrides = {}) =>
  render(
    <MemoryRouter>
      <ExpertCard expert={card(overrides)} />
    </MemoryRouter>,
  );

describe('ExpertCard', () => {
  it('shows the photo at a fixed size, the name as a real link to the profile, headline, services, fee and country', () => {
    const { container } = renderCard();
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('width', '72');
    expect(img).toHaveAttribute('height', '72');
    expect(img).toHaveAttribute('alt', '');
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/experts/42-ada-lovelace');
    expect(screen.getByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Biostatistician for clinical trials')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Services' })).toHaveTextContent('Statistical Analysis');
    expect(screen.getByText('$85/hr')).toBeInTheDocument();
    expect(screen.getByText('United Kingdom')).toBeInTheDocument();
  });

  it('shows the Verified badge, named "Verified expert", beside the name of a verified expert only; the link keeps the name', async () => {
    const { container } = renderCard({ verified: true });
    expect(screen.getByRole('heading', { level: 2, name: 'Ada Lovelace Verified expert' })).toContainElement(screen.getByRole('img', { name: 'Verified expert' }));
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    const result = await axe.run(container, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
    container.remove();
    renderCard();
    expect(screen.queryByRole('img', { name: 'Verified expert' })).not.toBeInTheDocument();
  });

  it('shows the rating as “★ 4.8 (12 reviews)”, in words for a screen reader, and nothing without reviews', () => {
    const { container } = renderCard({ ratingAverage: 4.8, reviewCount: 12 });
    expect(screen.getByText('Rated 4.8 out of 5 from 12 reviews')).toBeInTheDocument();
    expect(container.querySelector('article [aria-hidden="true"]')).toHaveTextContent('★ 4.8 (12 reviews)');
    expect(screen.getByRole('article')).toHaveTextContent(ratingShortText(4.8, 12));
  });

  it('shows no rating for an expert without reviews', () => {
    renderCard({ ratingAverage: null, reviewCount: 0 });
    expect(screen.queryByText(/out of 5/)).toBeNull();
    expect(screen.queryByText(/★/)).toBeNull();
  });

  it('marks the matched words of the snippet', () => {
    const { container } = renderCard();
    const marks = [...container.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['Bayesian methods']);
    expect(container.querySelector('p:last-child')).toHaveTextContent('I design and analyse clinical trials with Bayesian methods.');
  });

  it('shows initials when there is no photo, and no snippet, fee or country when there are none', () => {
    const { container } = renderCard({ profImgUrl: null, snippet: '', highlights: [], hourlyFee: null, country: null, services: [] });
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('AL')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('mark')).toBeNull();
    expect(screen.queryByText(/\/hr/)).toBeNull();
    expect(screen.queryByText('Country')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Services' })).toBeNull();
  });
});

describe('highlightParts', () => {
  it('splits the text at the ranges, skipping empty, overlapping and out-of-range ones', () => {
    expect(highlightParts('abcdef', [[4, 9], [0, 1], [0, 2], [3, 3]])).toEqual([
      { text: 'a', mark: true },
      { text: 'b', mark: true },
      { text: 'cd', mark: false },
      { text: 'ef', mark: true },
    ]);
    expect(highlightParts('abc', [])).toEqual([{ text: 'abc', mark: false }]);
  });
});
