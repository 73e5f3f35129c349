// The operator's commands (docs/decisions/0012-escrow-ledger.md), run by server/src/admin.ts: `resolve <milestoneId>
// release|refund` settles a disputed milestone with the same repository function and ledger as the API.
import { PAYMENT_MESSAGES, RESOLVE_OUTCOMES, formatCents, type ResolveOutcome } from '@sciexperts/shared/contracts';
import type { PaymentsConfig } from '../../config';
import type { Db } from '../../db/connect';
import type { PaymentProvider } from './provider';
import { resolveDispute } from './repository';
import { sendRefund } from './settlement';

export const ADMIN_USAGE = 'Usage: npm run admin -- resolve <milestoneId> release|refund';

/** Runs one command; returns the process exit code (0 done, 1 refused, 2 wrong usage) and writes what happened. */
export async function runAdmin(
  args: string[],
  deps: { db: Db; payments: PaymentsConfig | null | undefined; provider?: PaymentProvider | null; now?: Date; out?: (line: string) => void },
): Promise<number> {
  const out = deps.out ?? ((line: string) => console.log(line));
  const [command, id, outcome] = args;
  if (command !== 'resolve' || !/^[1-9][0-9]{0,8}$/.test(id ?? '') || !(RESOLVE_OUTCOMES as readonly string[]).includes(outcome ?? '')) {
    out(ADMIN_USAGE);
    return 2;
  }
  if (!deps.payments) {
    out(PAYMENT_MESSAGES.notConfigured);
    return 1;
  }
  const result = await resolveDispute(deps.db, Number(id), outcome as ResolveOutcome, deps.payments, deps.now ?? new Date());
  if (result === 'not-found') {
    out(`Milestone ${id} does not exist.`);
    return 1;
  }
  if (result === 'not-disputed') {
    out(`Milestone ${id} is not disputed; nothing changed.`);
    return 1;
  }
  out(`Milestone ${id} (${formatCents(result.milestone.amountCents)}) is now ${result.milestone.status}.`);
  if (result.refundPaymentId !== null) {
    // Booked already; the provider is asked now when we have one here, else by the API's retry job.
    const sent = deps.provider ? await sendRefund(deps.db, deps.provider, result.refundPaymentId).catch(() => false) : false;
    out(sent ? 'The refund was sent to the payment provider.' : 'The refund is booked; the API asks the payment provider to return it on its next retry run.');
  }
  return 0;
}
