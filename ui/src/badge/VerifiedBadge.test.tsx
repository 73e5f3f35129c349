import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { VerifiedBadge } from '../index';

describe('VerifiedBadge', () => {
  it('is named "Verified expert" for a screen reader and shows "Verified" with a check mark', async () => {
    const { container } = render(
      <h2>
        <a href="/experts/1-ada-lovelace">Ada Lovelace</a>
        <VerifiedBadge />
      </h2>,
    );
    const badge = screen.getByRole('img', { name: 'Verified expert' });
    expect(badge).toHaveTextContent('Verified');
    expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('heading', { name: 'Ada Lovelace Verified expert' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    const result = await axe.run(container, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });
});
