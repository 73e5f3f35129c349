import { CALL_TEXT, requestCall } from '@sciexperts/shared';
import { useLocation } from '@sciexperts/shared/router';
import { VisuallyHidden } from '@sciexperts/ui';

/**
 * 'Schedule a call' with an expert on a proposal or in a workspace: opens the slot picker the shell mounts, through
 * the shared call-picker store. It asks nothing before the click (these pages list many proposals; Message is right
 * beside it): the picker says so when the expert has not opened their calendar, and offers Message there.
 */
export function ScheduleCallButton({ expertId, expertName, className }: { expertId: number; expertName: string; className?: string }) {
  const here = useLocation();
  return (
    <button type="button" className={className} onClick={() => requestCall(expertId, here)}>
      {CALL_TEXT.schedule}
      <VisuallyHidden> with {expertName}</VisuallyHidden>
    </button>
  );
}
