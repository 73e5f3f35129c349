import { fireEvent, render, screen } from '@testing-library/react';
import { marqueeKeywords } from '../content/experts';
import { mockMatchMedia } from '../test/mockMatchMedia';
import { KeywordMarquee } from './KeywordMarquee';

describe('KeywordMarquee', () => {
  it('lists each keyword once for assistive technology and can be paused', () => {
    mockMatchMedia();
    render(<KeywordMarquee />);
    expect(screen.getAllByRole('listitem')).toHaveLength(marqueeKeywords.length);
    fireEvent.click(screen.getByRole('button', { name: 'Pause subject scrolling' }));
    expect(screen.getByRole('region', { name: 'Subjects our experts cover' })).toHaveAttribute('data-stopped', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Resume subject scrolling' }));
    expect(screen.getByRole('region', { name: 'Subjects our experts cover' })).not.toHaveAttribute('data-stopped');
  });

  it('offers no pause button under reduced motion, where CSS keeps it still', () => {
    mockMatchMedia({ reducedMotion: true });
    render(<KeywordMarquee />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
