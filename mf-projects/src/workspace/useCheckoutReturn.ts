import { useSearchParams } from '@sciexperts/shared/router';
import { paymentsApi, type Workspace } from '@sciexperts/shared/member';
import { formatMoney } from '../format';
import { usePoll } from '../ui/usePoll';

export const POLL_INTERVAL_MS = 2000;
/** About 20 seconds of asking; after that the member is told to come back rather than watch a spinner. */
export const POLL_ATTEMPTS = 10;

export const CHECKOUT_MESSAGES = {
  waiting: 'Payment received — waiting for the payment provider to confirm it.',
  cancelled: 'The payment was cancelled; nothing was charged.',
  slow: 'The payment provider has not confirmed the payment yet. It can take a few minutes: reload this page later to see the milestone funded.',
} as const;

/**
 * The member is back from the provider's checkout (`?payment=<id>`, `&cancelled=1` when they gave up). The
 * return proves nothing: escrow is credited only by the provider's verified webhook, so the workspace is asked
 * again every 2 s until that payment's milestone is funded (or the payment failed), for about 20 s.
 * Answers the sentence to show (null when the member did not come from a checkout).
 */
export function useCheckoutReturn(contractId: number, workspace: Workspace | null, setData: (workspace: Workspace) => void): string | null {
  const [search] = useSearchParams();
  const paymentId = Number(search.get('payment'));
  const cameBack = Number.isInteger(paymentId) && paymentId > 0;
  const cancelled = search.get('cancelled') === '1';

  const milestone = workspace?.milestones.find((m) => m.payment?.id === paymentId) ?? null;
  const funded = milestone !== null && (milestone.payment?.status === 'succeeded' || milestone.payment?.status === 'refunded' || (milestone.status !== 'pending' && milestone.status !== 'proposed'));
  const failed = milestone !== null && !funded && milestone.payment?.status === 'failed';
  const waiting = cameBack && !cancelled && workspace !== null && !funded && !failed;

  const attempts = usePoll(waiting, (isCurrent) => paymentsApi.workspace(contractId).then((fresh) => isCurrent() && setData(fresh)), POLL_INTERVAL_MS, POLL_ATTEMPTS);

  if (!cameBack || workspace === null) return null;
  if (cancelled) return CHECKOUT_MESSAGES.cancelled;
  if (funded && milestone) return `Milestone funded: ${formatMoney(milestone.amountCents)} for “${milestone.title}” is held in escrow.`;
  if (failed && milestone) {
    const reason = milestone.payment?.failureReason;
    return `The payment was declined${reason ? `: ${reason}` : '.'} Nothing was charged, and the milestone is still waiting for funding.`;
  }
  return attempts >= POLL_ATTEMPTS ? CHECKOUT_MESSAGES.slow : CHECKOUT_MESSAGES.waiting;
}
