import type { SavedCard } from '@sciexperts/shared/member';

/** Card networks as the payment provider names them ('visa'), as people say them. */
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** 'Visa ending in 4242': words rather than masked dots, which screen readers spell out one by one. */
export function cardNumberText(card: Pick<SavedCard, 'brand' | 'last4'>): string {
  return `${BRANDS[card.brand] ?? 'Card'} ending in ${card.last4}`;
}

/** '04/31', as printed on the card. */
export function cardExpiryText(card: Pick<SavedCard, 'expMonth' | 'expYear'>): string {
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}

/** The member's name for the card when they gave one, with the card it is: 'Lab card (Visa ending in 4242)'. */
export function cardText(card: SavedCard): string {
  return card.name ? `${card.name} (${cardNumberText(card)})` : cardNumberText(card);
}
