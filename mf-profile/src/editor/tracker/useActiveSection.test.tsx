import { act, render, screen } from '@testing-library/react';
import { SECTIONS, goToSection } from '../sections';
import { SectionTracker } from './SectionTracker';
import { SCROLL_DEBOUNCE_MS, useActiveSection } from './useActiveSection';

const IDS = SECTIONS.map((section) => section.id);

function Harness() {
  const active = useActiveSection(IDS, true);
  return (
    <>
      {SECTIONS.map((section) => (
        <section key={section.id} id={section.id}>
          <h2 id={`${section.id}-heading`} tabIndex={-1}>
            {section.label}
          </h2>
        </section>
      ))}
      <SectionTracker active={active} />
    </>
  );
}

/** Places each section's top at the given offset from the viewport top (jsdom has no layout). */
function layOut(tops: number[]) {
  IDS.forEach((id, index) => {
    document.getElementById(id)!.getBoundingClientRect = () => ({ top: tops[index] }) as DOMRect;
  });
}
const current = () => screen.getByRole('navigation', { name: 'Profile sections' }).querySelector('[aria-current="location"]')?.textContent;

describe('useActiveSection', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('highlights the last section whose top passed the line, 150 ms after scrolling stops', () => {
    render(<Harness />);
    layOut([0, 500, 1000, 1500, 2000, 2500, 3000]);
    act(() => {
      window.dispatchEvent(new Event('scroll'));
      jest.advanceTimersByTime(SCROLL_DEBOUNCE_MS);
    });
    expect(current()).toBe('Profile Details');
    layOut([-1100, -600, -100, 400, 900, 1400, 1900]);
    act(() => {
      window.dispatchEvent(new Event('scroll'));
      jest.advanceTimersByTime(SCROLL_DEBOUNCE_MS - 1);
    });
    expect(current()).toBe('Profile Details');
    act(() => jest.advanceTimersByTime(1));
    expect(current()).toBe('Work Experience');
  });

  it('a jump highlights the chosen section until the member scrolls again', () => {
    render(<Harness />);
    layOut([-2000, -1500, -1000, -500, 0, 300, 600]);
    act(() => goToSection('education'));
    expect(current()).toBe('Education');
    act(() => {
      window.dispatchEvent(new Event('scroll'));
      jest.advanceTimersByTime(SCROLL_DEBOUNCE_MS);
    });
    expect(current()).toBe('Education');
    act(() => {
      window.dispatchEvent(new Event('wheel'));
      window.dispatchEvent(new Event('scroll'));
      jest.advanceTimersByTime(SCROLL_DEBOUNCE_MS);
    });
    expect(current()).toBe('Certification');
  });
});
