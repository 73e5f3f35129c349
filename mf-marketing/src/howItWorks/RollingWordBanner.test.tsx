import { act, fireEvent, render, screen } from '@testing-library/react';
import { rollingWords } from '../content/howItWorks';
import { mockMatchMedia } from '../test/mockMatchMedia';
import { RollingWordBanner } from './RollingWordBanner';

function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

describe('RollingWordBanner', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    mockMatchMedia();
  });
  afterEach(() => jest.useRealTimers());

  it('is the page h1 "How it Works"', () => {
    render(<RollingWordBanner />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('How it Works');
  });

  it('rolls the word every 2 seconds', () => {
    render(<RollingWordBanner />);
    expect(screen.getByTestId('rolling-word')).toHaveTextContent(rollingWords[0] ?? '');
    advance(1999);
    expect(screen.getByTestId('rolling-word')).toHaveTextContent(rollingWords[0] ?? '');
    advance(1);
    expect(screen.getByTestId('rolling-word')).toHaveTextContent(rollingWords[1] ?? '');
  });

  it('holds the word while hovered or focused', () => {
    render(<RollingWordBanner />);
    const banner = screen.getByRole('region', { name: 'How it Works' });
    fireEvent.mouseEnter(banner);
    advance(10_000);
    expect(screen.getByTestId('rolling-word')).toHaveTextContent(rollingWords[0] ?? '');
    fireEvent.mouseLeave(banner);
    act(() => screen.getByRole('button', { name: 'Next word' }).focus());
    advance(10_000);
    expect(screen.getByTestId('rolling-word')).toHaveTextContent(rollingWords[0] ?? '');
  });

  it('gives screen readers every word at once instead of a moving one', () => {
    render(<RollingWordBanner />);
    expect(screen.getByText(`Find the right ${rollingWords.join(', ')} or other expert for your project`)).toBeInTheDocument();
    expect(screen.getByTestId('rolling-word').parentElement).toHaveAttribute('aria-hidden', 'true');
  });

  it('does not roll under reduced motion', () => {
    mockMatchMedia({ reducedMotion: true });
    render(<RollingWordBanner />);
    advance(10_000);
    expect(screen.getByTestId('rolling-word')).toHaveTextContent(rollingWords[0] ?? '');
  });
});
