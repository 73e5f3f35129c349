// jsdom has no layout and no media queries: tests say which ones match.
import { REDUCED_MOTION_QUERY } from '../motion/usePrefersReducedMotion';

export interface MediaState {
  reducedMotion?: boolean;
  mobile?: boolean;
}

export function mockMatchMedia({ reducedMotion = false, mobile = false }: MediaState = {}): void {
  window.matchMedia = ((query: string) => ({
    matches: (query === REDUCED_MOTION_QUERY && reducedMotion) || (query.includes('max-width') && mobile),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
