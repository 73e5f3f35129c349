import { render, screen, within } from '@testing-library/react';
import { RatingSummary, ReviewList, Stars } from '../index';

describe('RatingSummary', () => {
  it('shows the star, the average to one decimal and the count, and says it in words for a screen reader', () => {
    const { container } = render(<RatingSummary average={4.8} count={12} />);
    expect(screen.getByText('Rated 4.8 out of 5 from 12 reviews')).toBeInTheDocument();
    const shown = container.querySelector('[aria-hidden="true"]');
    expect(shown).toHaveTextContent('★ 4.8 (12 reviews)');
    expect(render(<RatingSummary average={5} count={1} />).container).toHaveTextContent('★ 5.0 (1 review)Rated 5.0 out of 5 from 1 review');
  });

  it('shows nothing without reviews', () => {
    expect(render(<RatingSummary average={null} count={0} />).container).toBeEmptyDOMElement();
  });
});

describe('Stars', () => {
  it('draws the rating out of five and names it', () => {
    const { container } = render(<Stars rating={4} />);
    expect(container.querySelector('[aria-hidden="true"]')).toHaveTextContent('★★★★☆');
    expect(screen.getByText('4 out of 5 stars')).toBeInTheDocument();
    render(<Stars rating={1} />);
    expect(screen.getByText('1 out of 5 stars')).toBeInTheDocument();
  });
});

describe('ReviewList', () => {
  it('lists each review with its stars, reviewer, date, text and reply', () => {
    render(
      <ReviewList
        label="Reviews of Ada Lovelace"
        subjectFirstName="Ada"
        reviews={[
          { id: 2, rating: 4, text: 'Clear plan.', publishedAt: '2026-12-02T09:00:00.000Z', reviewerFirstName: 'Olivia', reply: { text: 'Thank you, Olivia.', createdAt: '2026-12-03T09:00:00.000Z' } },
          { id: 1, rating: 5, text: null, publishedAt: '2026-11-02T09:00:00.000Z', reviewerFirstName: 'Bob', reply: null },
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Reviews of Ada Lovelace' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('4 out of 5 starsOliviaDec 2, 2026Clear plan.Reply from AdaThank you, Olivia.');
    expect(items[1]).toHaveTextContent('5 out of 5 starsBobNov 2, 2026');
    expect(within(items[0]!).getByText('Dec 2, 2026')).toHaveAttribute('datetime', '2026-12-02T09:00:00.000Z');
  });
});
