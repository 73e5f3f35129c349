import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { expertTypes } from '../content/experts';
import { EXPERT_TYPE_ROTATION_MS } from '../motion/timings';
import { mockMatchMedia } from '../test/mockMatchMedia';
import { ExpertTypesRotation } from './ExpertTypesRotation';

function renderRotation() {
  render(
    <MemoryRouter>
      <ExpertTypesRotation />
    </MemoryRouter>,
  );
}

describe('ExpertTypesRotation', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    mockMatchMedia();
  });
  afterEach(() => jest.useRealTimers());

  it('rotates the expert type, holding while hovered', () => {
    renderRotation();
    expect(screen.getByTestId('expert-type')).toHaveTextContent(expertTypes[0] ?? '');
    act(() => {
      jest.advanceTimersByTime(EXPERT_TYPE_ROTATION_MS);
    });
    expect(screen.getByTestId('expert-type')).toHaveTextContent(expertTypes[1] ?? '');
    fireEvent.mouseEnter(screen.getByRole('region', { name: /^Hire/ }));
    act(() => {
      jest.advanceTimersByTime(EXPERT_TYPE_ROTATION_MS * 3);
    });
    expect(screen.getByTestId('expert-type')).toHaveTextContent(expertTypes[1] ?? '');
  });

  it('stays on the first type under reduced motion', () => {
    mockMatchMedia({ reducedMotion: true });
    renderRotation();
    act(() => {
      jest.advanceTimersByTime(EXPERT_TYPE_ROTATION_MS * 3);
    });
    expect(screen.getByTestId('expert-type')).toHaveTextContent(expertTypes[0] ?? '');
  });
});
