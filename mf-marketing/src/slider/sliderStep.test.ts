import { expertSliderLayout, landingCarouselLayout, maxSliderOffset, nextSliderOffset, offsetRevealingItem } from './sliderStep';

describe('slider steps', () => {
  const mobile = expertSliderLayout(true);
  const desktop = expertSliderLayout(false);

  it('moves expert cards 280px, one card each way, on mobile', () => {
    expect(nextSliderOffset(0, 'next', mobile, 10_000)).toBe(280);
    expect(nextSliderOffset(560, 'previous', mobile, 10_000)).toBe(280);
  });

  it('moves expert cards three 370px cards forward and one back on desktop', () => {
    expect(nextSliderOffset(0, 'next', desktop, 10_000)).toBe(1110);
    expect(nextSliderOffset(1110, 'previous', desktop, 10_000)).toBe(740);
  });

  it('moves landing carousels 390px each way', () => {
    expect(nextSliderOffset(0, 'next', landingCarouselLayout, 10_000)).toBe(390);
    expect(nextSliderOffset(390, 'previous', landingCarouselLayout, 10_000)).toBe(0);
  });

  it('never goes before the first card or past the last', () => {
    expect(nextSliderOffset(0, 'previous', desktop, 740)).toBe(0);
    expect(nextSliderOffset(370, 'next', desktop, 740)).toBe(740);
    expect(nextSliderOffset(740, 'next', mobile, 740)).toBe(740);
  });

  it('stops when the last card reaches the right edge of the viewport', () => {
    // Five 370px cards in a 1110px viewport: three visible, two more to reveal.
    expect(maxSliderOffset(5, desktop, 1110)).toBe(740);
    // Unknown width (no layout yet): every card can still be reached.
    expect(maxSliderOffset(5, mobile, 0)).toBe(4 * 280);
    // Everything fits: nothing to slide.
    expect(maxSliderOffset(3, landingCarouselLayout, 1400)).toBe(0);
  });

  it('brings a focused card into view', () => {
    expect(offsetRevealingItem(740, 0, desktop, 1110, 740)).toBe(0);
    expect(offsetRevealingItem(0, 4, desktop, 1110, 740)).toBe(740);
    expect(offsetRevealingItem(370, 2, desktop, 1110, 740)).toBe(370);
  });
});
