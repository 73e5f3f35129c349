import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { expertCategories } from '../content/experts';
import { mockMatchMedia } from '../test/mockMatchMedia';
import { CategoryTabs, tabIndexForKey } from './CategoryTabs';

function renderTabs() {
  render(
    <MemoryRouter>
      <CategoryTabs />
    </MemoryRouter>,
  );
}

function trackOffset(panel: HTMLElement): string | null {
  return panel.querySelector('ul')?.getAttribute('data-offset') ?? null;
}

describe('CategoryTabs', () => {
  beforeEach(() => mockMatchMedia());

  it('offers the five categories as ARIA tabs with one tab stop', () => {
    renderTabs();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Writers', 'Data Analysts', 'Consultants', 'Product Developers', 'Researchers']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tablist', { name: 'Expert categories' })).toBeInTheDocument();
  });

  it('shows five sample experts with name, expertise, image and an accessible rating', () => {
    renderTabs();
    const panel = screen.getByRole('tabpanel', { name: 'Writers' });
    expect(within(panel).getAllByRole('heading', { level: 3 })).toHaveLength(5);
    expect(within(panel).getByText('Medical writer, regulatory submissions')).toBeInTheDocument();
    expect(within(panel).getAllByRole('img', { name: /^Rated [1-5] out of 5$/ })).toHaveLength(5);
    for (const image of within(panel).getAllByRole('img', { name: /^Portrait of / })) {
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
      expect(image).toHaveAttribute('loading', 'lazy');
    }
  });

  it('selects a tab on click', async () => {
    renderTabs();
    await userEvent.click(screen.getByRole('tab', { name: 'Consultants' }));
    expect(screen.getByRole('tab', { name: 'Consultants' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Consultants' })).toHaveTextContent('Hannah Fischer');
    expect(screen.queryByText('Amelia Hart')).not.toBeInTheDocument();
  });

  it('moves selection and focus with the arrow keys, Home and End, wrapping at the ends', async () => {
    renderTabs();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Writers' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Data Analysts' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Data Analysts' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Researchers' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Writers' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Researchers' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Writers' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Writers' })).toHaveAttribute('tabindex', '0');
  });

  it('maps keys to tab positions', () => {
    expect(tabIndexForKey('ArrowRight', 4, 5)).toBe(0);
    expect(tabIndexForKey('ArrowLeft', 0, 5)).toBe(4);
    expect(tabIndexForKey('Home', 3, 5)).toBe(0);
    expect(tabIndexForKey('End', 0, 5)).toBe(4);
    expect(tabIndexForKey('Enter', 2, 5)).toBeNull();
  });

  it('slides desktop cards three forward and one back in 370px steps, within bounds', async () => {
    renderTabs();
    const panel = screen.getByRole('tabpanel', { name: 'Writers' });
    const previous = within(panel).getByRole('button', { name: 'Previous experts' });
    const next = within(panel).getByRole('button', { name: 'Next experts' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(next);
    expect(trackOffset(panel)).toBe('1110');
    // jsdom has no widths, so the last card (4 × 370) is the end of the track.
    await userEvent.click(next);
    expect(trackOffset(panel)).toBe('1480');
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(next);
    expect(trackOffset(panel)).toBe('1480');
    await userEvent.click(previous);
    expect(trackOffset(panel)).toBe('1110');
  });

  it('slides one 280px card at a time on mobile, also with the arrow keys', async () => {
    mockMatchMedia({ mobile: true });
    renderTabs();
    const panel = screen.getByRole('tabpanel', { name: 'Writers' });
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Next experts' }));
    expect(trackOffset(panel)).toBe('280');
    await user.keyboard('{ArrowRight}');
    expect(trackOffset(panel)).toBe('560');
    await user.keyboard('{ArrowLeft}');
    expect(trackOffset(panel)).toBe('280');
    expect(within(panel).getByRole('list').style.transform).toBe('translateX(-280px)');
  });

  it('has as many experts in every category as the spec asks', () => {
    expect(expertCategories.map((category) => category.experts.length)).toEqual([5, 5, 5, 5, 5]);
  });
});
