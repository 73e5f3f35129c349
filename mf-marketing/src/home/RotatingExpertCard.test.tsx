import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { heroExperts } from '../content/experts';
import { mockMatchMedia } from '../test/mockMatchMedia';
import { RotatingExpertCard } from './RotatingExpertCard';

const [first, second, third] = heroExperts.map((expert) => expert.name);

function shownExpert(): string {
  const region = screen.getByRole('region', { name: 'Featured experts' });
  return within(region).getByRole('img', { name: /^Portrait of / }).getAttribute('alt')?.replace('Portrait of ', '') ?? '';
}

function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

describe('RotatingExpertCard', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    mockMatchMedia();
  });
  afterEach(() => jest.useRealTimers());

  it('shows the next expert every 4 seconds', () => {
    render(<RotatingExpertCard />);
    expect(shownExpert()).toBe(first);
    advance(3999);
    expect(shownExpert()).toBe(first);
    advance(1);
    expect(shownExpert()).toBe(second);
    advance(4000);
    expect(shownExpert()).toBe(third);
  });

  it('pauses while hovered and resumes when the pointer leaves', () => {
    render(<RotatingExpertCard />);
    const region = screen.getByRole('region', { name: 'Featured experts' });
    fireEvent.mouseEnter(region);
    advance(12_000);
    expect(shownExpert()).toBe(first);
    fireEvent.mouseLeave(region);
    advance(4000);
    expect(shownExpert()).toBe(second);
  });

  it('pauses while focus is inside, and announces changes only then', () => {
    render(<RotatingExpertCard />);
    const next = screen.getByRole('button', { name: 'Next expert' });
    act(() => next.focus());
    advance(12_000);
    expect(shownExpert()).toBe(first);
    expect(screen.getByText(first ?? '').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    act(() => next.blur());
    advance(4000);
    expect(shownExpert()).toBe(second);
  });

  it('is driven by the labelled buttons and the arrow keys', () => {
    render(<RotatingExpertCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Next expert' }));
    expect(shownExpert()).toBe(second);
    fireEvent.click(screen.getByRole('button', { name: 'Previous expert' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous expert' }));
    expect(shownExpert()).toBe(heroExperts[heroExperts.length - 1]?.name);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Next expert' }), { key: 'ArrowRight' });
    expect(shownExpert()).toBe(first);
  });

  it('stops with the pause button until resumed', () => {
    render(<RotatingExpertCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause expert rotation' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Resume expert rotation' }));
    advance(12_000);
    expect(shownExpert()).toBe(first);
    fireEvent.click(screen.getByRole('button', { name: 'Resume expert rotation' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Pause expert rotation' }));
    advance(4000);
    expect(shownExpert()).toBe(second);
  });

  it('stays still under reduced motion, with no pause button to offer', () => {
    mockMatchMedia({ reducedMotion: true });
    render(<RotatingExpertCard />);
    advance(20_000);
    expect(shownExpert()).toBe(first);
    expect(screen.queryByRole('button', { name: /Pause/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next expert' }));
    expect(shownExpert()).toBe(second);
  });
});
