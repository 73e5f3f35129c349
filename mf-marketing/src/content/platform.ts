// The platform's commercial terms and contacts, worded once: service pages, the FAQ, the stories and the
// legal documents all quote these, so a change of fee or period is one edit here.

export { SITE_NAME } from '@sciexperts/ui';

/** Added to each milestone when the client funds it; the expert receives the agreed price in full. */
export const PLATFORM_FEE_PERCENT = 10;

/** A submitted milestone the client neither approves nor disputes is released to the expert after this. */
export const AUTO_RELEASE_DAYS = 14;

export const CONTACT = {
  privacy: 'privacy@sciexperts.example',
  support: 'support@sciexperts.example',
  concierge: 'concierge@sciexperts.example',
  legal: 'legal@sciexperts.example',
} as const;

/** The four sentences of the payment model every page repeats word for word. */
export const paymentModel = {
  escrow: 'You fund each milestone before the work starts; the money waits in escrow until you approve the delivery.',
  fee: `A ${PLATFORM_FEE_PERCENT} % platform fee is added to each milestone when you fund it. Experts receive the price they quoted in full, and there is no subscription.`,
  autoRelease: `When the expert submits a milestone you have ${AUTO_RELEASE_DAYS} days to approve it or ask for changes; after that it is released automatically.`,
  moneyBack: 'Our 100% money-back guarantee refunds every funded milestone that has not been submitted yet, fee included, if you cancel.',
} as const;
