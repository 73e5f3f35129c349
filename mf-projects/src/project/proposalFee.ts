// What a proposal's price is worth to its expert before hiring: the platform's fee and the rest, by the one rule the
// server releases milestones with (feeSplit in the shared contract) at the rate the project carries (Project.fee).
import { feeSplit, type FeeSplit, type Project } from '@sciexperts/shared/member';
import { formatMoney } from '../format';
import { percentText } from '../workspace/labels';

export type FeeRate = Project['fee'];

interface PriceParts {
  priceType: 'fixed' | 'hourly';
  priceCents: number;
  /** A fixed price's milestone amounts; the fee is taken from each as it is released. */
  milestoneCents: readonly number[];
}

/**
 * The fee and payout of a price: a fixed price's milestones one by one while they add up to it (each is rounded down
 * on release), else the total as one amount (the plan is still being typed); an hourly rate per hour.
 */
export function priceFeeSplit({ priceType, priceCents, milestoneCents }: PriceParts, basisPoints: number): FeeSplit {
  const planMatches = milestoneCents.length > 0 && milestoneCents.reduce((sum, m) => sum + m, 0) === priceCents;
  return feeSplit(priceType === 'fixed' && planMatches ? milestoneCents : [priceCents], basisPoints);
}

/** '$150' for a fixed price, '$6/hr' for an hourly rate. */
function amountText(cents: number, priceType: 'fixed' | 'hourly'): string {
  return priceType === 'hourly' ? `${formatMoney(cents)}/hr` : formatMoney(cents);
}

export interface FeeTerms {
  /** 'Platform fee (10 %)' */
  feeLabel: string;
  /** '$150' or '$6/hr' */
  fee: string;
  /** '$1,350' or '$54/hr' */
  payout: string;
}

/** The fee and payout as a proposal's terms show them; null when the platform takes no payments. */
export function feeTerms(price: PriceParts, rate: FeeRate): FeeTerms | null {
  if (!rate) return null;
  const split = priceFeeSplit(price, rate.basisPoints);
  return { feeLabel: `Platform fee (${percentText(rate.basisPoints)})`, fee: amountText(split.feeCents, price.priceType), payout: amountText(split.payoutCents, price.priceType) };
}

/** A sent proposal's price in the parts the fee is reckoned from. */
export function proposalPrice(proposal: { priceType: 'fixed' | 'hourly'; priceCents: number; milestones: readonly { amountCents: number }[] }): PriceParts {
  return { priceType: proposal.priceType, priceCents: proposal.priceCents, milestoneCents: proposal.milestones.map((m) => m.amountCents) };
}

/** The hire confirmation's sentence on money: 'The platform fee is $150; Ada receives $1,350.' ('' without payments). */
export function hireFeeSentence(price: PriceParts, rate: FeeRate, expertFirstName: string): string {
  const terms = feeTerms(price, rate);
  return terms ? ` The platform fee is ${terms.fee}; ${expertFirstName} receives ${terms.payout}.` : '';
}
