import { useEffect, useState } from 'react';
import { HEADER_SCROLL_THRESHOLD_PX } from '@sciexperts/shared';

export function useScrolled(threshold = HEADER_SCROLL_THRESHOLD_PX): boolean {
  const [scrolled, setScrolled] = useState(() => typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}
