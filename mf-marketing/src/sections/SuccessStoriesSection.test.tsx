import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SuccessStoriesSection } from './SuccessStoriesSection';

describe('SuccessStoriesSection carousel', () => {
  it('steps 390px each way and stops at both ends', () => {
    render(
      <MemoryRouter>
        <SuccessStoriesSection />
      </MemoryRouter>,
    );
    const carousel = screen.getByRole('region', { name: 'Success story cards' });
    const track = within(carousel).getByRole('list');
    const next = within(carousel).getByRole('button', { name: 'Next stories' });
    const previous = within(carousel).getByRole('button', { name: 'Previous stories' });
    fireEvent.click(previous);
    expect(track).toHaveAttribute('data-offset', '0');
    fireEvent.click(next);
    expect(track).toHaveAttribute('data-offset', '390');
    fireEvent.click(next);
    expect(track).toHaveAttribute('data-offset', '780');
    fireEvent.click(next);
    expect(track).toHaveAttribute('data-offset', '780');
    fireEvent.click(previous);
    expect(track).toHaveAttribute('data-offset', '390');
  });

  it('brings a story into view when its link gets keyboard focus', () => {
    render(
      <MemoryRouter>
        <SuccessStoriesSection />
      </MemoryRouter>,
    );
    const carousel = screen.getByRole('region', { name: 'Success story cards' });
    const links = within(carousel).getAllByRole('link');
    fireEvent.focus(links[2] as HTMLElement);
    expect(within(carousel).getByRole('list')).toHaveAttribute('data-offset', '780');
    fireEvent.focus(links[0] as HTMLElement);
    expect(within(carousel).getByRole('list')).toHaveAttribute('data-offset', '0');
  });
});
