import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { stories } from '../content/stories';
import { formatUsd, storyDetails } from '../content/storyDetails';
import { StoryPage } from './StoryPage';
import { expectSizedImages, expectSoundOutline, renderRoute, structuredData } from '../test/renderRoute';

describe.each(storyDetails.map((story) => [story.link, story] as const))('the story at %s', (path, story) => {
  it('tells the full story with the category, cost and time of its card', () => {
    const { main } = renderRoute(path);
    const card = stories.find((candidate) => candidate.link === path);
    expect(screen.getByRole('heading', { level: 1, name: card?.title })).toBeInTheDocument();
    const facts = main.querySelector('dl');
    expect(facts).toHaveTextContent(`Category${card?.category}`);
    expect(facts).toHaveTextContent(`Cost${card?.cost}`);
    expect(facts).toHaveTextContent(`Time${card?.time}`);
    for (const name of ['The challenge', 'How the expert worked', 'The result', 'How it was paid', 'The expert', 'What the client says', 'Have a similar project?']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText(story.testimonial.comment)).toBeInTheDocument();
    expect(structuredData()).toEqual([expect.objectContaining({ '@type': 'Article', headline: story.title })]);
    expectSoundOutline(main);
    expectSizedImages(main);
  });

  it('pays in milestones that add up to the cost on the card', () => {
    renderRoute(path);
    const total = story.milestones.reduce((sum, milestone) => sum + milestone.amount, 0);
    expect(formatUsd(total)).toBe(story.cost);
    const table = screen.getByRole('table', { name: 'Milestones of this project and their prices' });
    expect(within(table).getByRole('rowheader', { name: 'Total' }).nextElementSibling).toHaveTextContent(story.cost);
  });
});

it('a path with no story (a route registered by mistake) says so inside the page', () => {
  render(
    <MemoryRouter initialEntries={['/story-9']}>
      <StoryPage />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Success story not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: stories[0]?.title })).toHaveAttribute('href', '/story-1');
});
