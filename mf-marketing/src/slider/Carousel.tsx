import { useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useElementWidth } from './useElementWidth';
import { maxSliderOffset, nextSliderOffset, offsetRevealingItem, type SlideDirection, type SliderLayout } from './sliderStep';
import controlStyles from '../ui/RotationControls.module.css';
import styles from './Carousel.module.css';

interface CarouselProps<T> {
  /** Accessible name of the carousel region, e.g. "Success stories". */
  label: string;
  /** Plural noun for the buttons: "Previous stories" / "Next stories". */
  itemsName: string;
  items: T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  layout: SliderLayout;
}

/**
 * A row of cards moved by labelled buttons or the arrow keys. It never moves by itself. The track is
 * shifted with a transform inside an overflow-hidden viewport, so the page never scrolls sideways.
 */
export function Carousel<T>({ label, itemsName, items, getKey, renderItem, layout }: CarouselProps<T>) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);

  const viewportWidth = useElementWidth(viewportRef);
  const maxOffset = maxSliderOffset(items.length, layout, viewportWidth);
  // A resize or a layout change (mobile ⇄ desktop) can leave the old offset past the end.
  const shownOffset = Math.min(offset, maxOffset);
  const atStart = shownOffset <= 0;
  const atEnd = shownOffset >= maxOffset;

  const slide = (direction: SlideDirection) => setOffset(nextSliderOffset(shownOffset, direction, layout, maxOffset));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight') slide('next');
    else if (event.key === 'ArrowLeft') slide('previous');
    else return;
    event.preventDefault();
  };

  const revealItem = (index: number) => {
    setOffset(offsetRevealingItem(shownOffset, index, layout, viewportWidth, maxOffset));
    // Focusing a clipped link makes the browser scroll the viewport itself; the transform does that job.
    if (viewportRef.current) viewportRef.current.scrollLeft = 0;
  };

  const trackStyle = { '--carousel-step': `${layout.stepPx}px`, transform: `translateX(-${shownOffset}px)` } as CSSProperties;

  return (
    <div className={styles.carousel} role="region" aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
      <div className={styles.controls}>
        <button
          type="button"
          className={controlStyles.button}
          aria-label={`Previous ${itemsName}`}
          aria-disabled={atStart}
          onClick={() => !atStart && slide('previous')}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" className={controlStyles.button} aria-label={`Next ${itemsName}`} aria-disabled={atEnd} onClick={() => !atEnd && slide('next')}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className={styles.viewport} ref={viewportRef}>
        <ul className={styles.track} style={trackStyle} data-offset={shownOffset}>
          {items.map((item, index) => (
            <li key={getKey(item)} className={styles.slide} onFocus={() => revealItem(index)}>
              {renderItem(item)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
