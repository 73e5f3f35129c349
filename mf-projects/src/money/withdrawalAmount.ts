import { withdrawalTooLargeMessage } from '@sciexperts/shared/member';
import { centsFromInput } from '../format';

export const AMOUNT_MESSAGES = {
  required: 'Enter the amount to withdraw.',
  notMoney: 'Enter an amount in US dollars, like 120 or 120.50.',
  notPositive: 'Enter an amount above $0.',
} as const;

/** The cents a person typed, or the sentence saying what is wrong with it (the too-large one is the server's). */
export function checkWithdrawalAmount(text: string, availableCents: number): { cents: number } | { error: string } {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return { error: AMOUNT_MESSAGES.required };
  const cents = centsFromInput(cleaned);
  if (cents === null) return { error: /^-?\d*\.?\d+$/.test(cleaned) && Number(cleaned) <= 0 ? AMOUNT_MESSAGES.notPositive : AMOUNT_MESSAGES.notMoney };
  if (cents > availableCents) return { error: withdrawalTooLargeMessage(availableCents) };
  return { cents };
}
