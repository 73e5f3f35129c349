import { act, fireEvent, render, screen } from '@testing-library/react';
import { mockMatchMedia } from '../test/mockMatchMedia';
import { ProcessTimeline } from './ProcessTimeline';

function revealedCount(): number {
  return screen.getAllByRole('listitem').filter((item) => item.getAttribute('data-revealed') === 'true').length;
}

function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

describe('ProcessTimeline', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    mockMatchMedia();
  });
  afterEach(() => jest.useRealTimers());

  it('lists the four steps of the process as h3s', () => {
    render(<ProcessTimeline />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Post your project',
      'Invite experts and get quotes',
      'Collaborate in the Workspace',
      'Job done',
    ]);
  });

  it('reveals one more step every 600 ms', () => {
    render(<ProcessTimeline />);
    expect(revealedCount()).toBe(1);
    advance(599);
    expect(revealedCount()).toBe(1);
    advance(1);
    expect(revealedCount()).toBe(2);
    advance(600);
    expect(revealedCount()).toBe(3);
    advance(600);
    expect(revealedCount()).toBe(4);
    advance(6000);
    expect(revealedCount()).toBe(4);
  });

  it('holds while hovered', () => {
    render(<ProcessTimeline />);
    const section = screen.getByRole('region', { name: 'From project to result in four steps' });
    fireEvent.mouseEnter(section);
    advance(3000);
    expect(revealedCount()).toBe(1);
    fireEvent.mouseLeave(section);
    advance(600);
    expect(revealedCount()).toBe(2);
  });

  it('shows every step at once under reduced motion', () => {
    mockMatchMedia({ reducedMotion: true });
    render(<ProcessTimeline />);
    expect(revealedCount()).toBe(4);
  });
});
