// Hourly fee rules: digits with one optional decimal point, steps of 1, never below 0.
export const FEE_STEP = 1;

/** What the fee field accepts while typing: '', '12', '12.', '12.5', '.5' — no sign, letters or second dot. */
export const isFeeInput = (text: string) => /^\d*\.?\d*$/.test(text);

export function parseFee(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '.' || !isFeeInput(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

export function stepFee(text: string, direction: 1 | -1): string {
  const next = Math.max(0, (parseFee(text) ?? 0) + direction * FEE_STEP);
  return next.toFixed(2);
}

export const formatFee = (fee: number | null | undefined) => (typeof fee === 'number' ? fee.toFixed(2) : '');
