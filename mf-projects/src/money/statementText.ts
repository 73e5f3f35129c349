// How a statement line and a withdrawal read in words (the page and the CSV say the same thing).
import type { StatementLine, WithdrawalStatus } from '@sciexperts/shared/member';
import { formatMoney } from '../format';

export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  requested: 'Requested',
  paid: 'Paid',
  failed: 'Failed',
};

function milestoneName(line: StatementLine): string {
  return line.milestoneTitle ? `milestone “${line.milestoneTitle}”` : 'a milestone';
}

/** The fee is not a line of its own (it never touches the member's accounts), so a release says what it kept. */
function feeNote(line: StatementLine): string {
  return line.feeCents ? ` (platform fee ${formatMoney(line.feeCents)})` : '';
}

/** 'Funded milestone “Data cleaning”', 'Released to you: milestone “Data cleaning” (platform fee $50)', 'Withdrawal'… */
export function lineDescription(line: StatementLine): string {
  switch (line.kind) {
    case 'funding':
      return `Funded ${milestoneName(line)}`;
    case 'refund':
      return `Refund of ${milestoneName(line)}`;
    case 'release':
    case 'auto-release': {
      const how = line.kind === 'auto-release' ? ' automatically' : '';
      if (line.account === 'escrow') return `Released ${milestoneName(line)}${how}${feeNote(line)}`;
      return `Released to you${how}: ${milestoneName(line)}${feeNote(line)}`;
    }
    case 'withdrawal':
      return line.account === 'paid-out' ? 'Withdrawal sent to your account' : 'Withdrawal';
    case 'payout-reversal':
      return line.account === 'paid-out' ? 'Failed payout taken back' : 'Failed payout returned to your balance';
  }
}

/** Which balance the line moves: a contract's escrow, or the member's own. */
export function lineAccount(line: StatementLine): string {
  if (line.account === 'available') return 'Available to withdraw';
  if (line.account === 'paid-out') return 'Paid out';
  return 'Escrow';
}

/** '+$120' / '−$120' (a real minus sign, so it reads as one). */
export function signedMoney(cents: number): string {
  if (cents === 0) return formatMoney(0);
  return `${cents > 0 ? '+' : '−'}${formatMoney(Math.abs(cents))}`;
}
