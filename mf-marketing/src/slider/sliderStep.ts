// Pure slider arithmetic: expert cards step 280px on mobile (one card) and 370px on desktop
// (three cards forward, one back); landing carousels step 390px. Offsets are clamped to the track.
import { EXPERT_SLIDER_DESKTOP_STEP_PX, EXPERT_SLIDER_MOBILE_STEP_PX, LANDING_CAROUSEL_STEP_PX } from '../motion/timings';

export type SlideDirection = 'next' | 'previous';

export interface SliderLayout {
  /** Width of one card plus the gap after it. */
  stepPx: number;
  cardsForward: number;
  cardsBack: number;
}

export const landingCarouselLayout: SliderLayout = { stepPx: LANDING_CAROUSEL_STEP_PX, cardsForward: 1, cardsBack: 1 };

export function expertSliderLayout(isMobile: boolean): SliderLayout {
  return isMobile
    ? { stepPx: EXPERT_SLIDER_MOBILE_STEP_PX, cardsForward: 1, cardsBack: 1 }
    : { stepPx: EXPERT_SLIDER_DESKTOP_STEP_PX, cardsForward: 3, cardsBack: 1 };
}

/**
 * The largest offset that still fills the viewport. An unknown (zero) viewport width counts as one card,
 * so the last card can always be reached.
 */
export function maxSliderOffset(itemCount: number, layout: SliderLayout, viewportWidthPx: number): number {
  const visibleWidth = Math.max(viewportWidthPx, layout.stepPx);
  return Math.max(0, itemCount * layout.stepPx - visibleWidth);
}

export function nextSliderOffset(offsetPx: number, direction: SlideDirection, layout: SliderLayout, maxOffsetPx: number): number {
  const delta = direction === 'next' ? layout.cardsForward * layout.stepPx : -layout.cardsBack * layout.stepPx;
  return Math.min(maxOffsetPx, Math.max(0, offsetPx + delta));
}

/** The offset that brings card `index` fully into view, or the current one if it already is. */
export function offsetRevealingItem(offsetPx: number, index: number, layout: SliderLayout, viewportWidthPx: number, maxOffsetPx: number): number {
  const start = index * layout.stepPx;
  const end = start + layout.stepPx;
  const visibleWidth = Math.max(viewportWidthPx, layout.stepPx);
  if (start < offsetPx) return Math.max(0, start);
  if (end > offsetPx + visibleWidth) return Math.min(maxOffsetPx, end - visibleWidth);
  return offsetPx;
}
