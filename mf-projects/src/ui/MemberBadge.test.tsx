import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router-dom';
import { makeMemberSummary } from '@sciexperts/shared/testing';
import { MemberBadge } from './MemberBadge';

const renderBadge = (verified: boolean) =>
  render(
    <MemoryRouter>
      <MemberBadge member={makeMemberSummary({ verified })} />
    </MemoryRouter>,
  );

describe('MemberBadge on a proposal', () => {
  it('shows the Verified badge, named "Verified expert", in the heading of a verified expert', async () => {
    const { container } = renderBadge(true);
    const heading = screen.getByRole('heading', { level: 3, name: 'Ada Lovelace Verified expert' });
    expect(heading).toContainElement(screen.getByRole('img', { name: 'Verified expert' }));
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/experts/42-ada-lovelace');
    const result = await axe.run(container, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('shows no badge for an expert who is not verified', () => {
    renderBadge(false);
    expect(screen.getByRole('heading', { level: 3, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Verified expert' })).not.toBeInTheDocument();
  });
});
