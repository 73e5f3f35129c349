import { finishStepUp, useStepUp } from '@sciexperts/shared';
import { RemoteModule } from '../federation/RemoteModule';

/**
 * The one place mf-auth's "confirm it is you" dialog is mounted: any call of any remote answered 401 'step-up' opens
 * it through the shared store, and is sent again once the member confirmed (docs/decisions/0034-second-factor.md).
 */
export function StepUpHost() {
  const { open } = useStepUp();
  if (!open) return null;
  return <RemoteModule id="mf_auth/StepUpDialog" what="the confirmation window" fallback={null} props={{ onDone: finishStepUp }} />;
}
