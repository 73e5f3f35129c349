import { MOBILE_BREAKPOINT_PX } from '@sciexperts/shared';
import { useMediaQuery } from './useMediaQuery';

/** The mobile layout applies below 768px. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
}
