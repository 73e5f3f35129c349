import { type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from '@sciexperts/shared/router';
import { jumpTo } from './inPageNavigation';

/** A click handler for links to a place on this page: scroll, focus the heading, put the fragment in the URL. */
export function useJumpToFragment() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    // Modified clicks keep their meaning (new tab, new window).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (jumpTo(id)) void navigate({ hash: `#${id}` }, { replace: true, preventScrollReset: true });
  };
}

/** A link to the element with `targetId` on this page (which needs tabIndex -1 to take focus). */
export function InPageLink({ targetId, className, children }: { targetId: string; className?: string; children: ReactNode }) {
  const follow = useJumpToFragment();
  return (
    <a href={`#${targetId}`} className={className} onClick={(event) => follow(event, targetId)}>
      {children}
    </a>
  );
}
