// The product's marketing claims and figures, worded once so every page says the same thing.

export interface Claim {
  id: string;
  /** The figure or short promise, shown large. */
  headline: string;
  detail: string;
}

export const REVIEW_COUNT = 298;

/** The review site of the trusted-by strip (the claim is "298 reviews on a review site"). */
export const reviewSite = {
  name: 'Trustpilot',
  url: 'https://www.trustpilot.com/review/sciexperts.com',
  reviewCount: REVIEW_COUNT,
} as const;

export const claims = {
  matching: { id: 'matching', headline: 'Matching within 24 hours', detail: 'Describe your project and receive matched expert proposals within a day.' },
  escrow: { id: 'escrow', headline: 'Milestone payments in escrow', detail: 'Your money is held safely and released only when you approve each milestone.' },
  moneyBack: { id: 'money-back', headline: '100% money-back guarantee', detail: 'If the work is not delivered as agreed, you get your money back.' },
  noSubscription: { id: 'no-subscription', headline: 'No subscription', detail: 'Posting a project is free; you pay only for the work you approve.' },
  experts: { id: 'experts', headline: '50,000+ vetted experts', detail: 'Scientists, engineers and analysts whose credentials we check.' },
  countries: { id: 'countries', headline: '170+ countries', detail: 'Experts and clients from every continent, working together online.' },
  posting: { id: 'posting', headline: 'Post a project in under 5 minutes', detail: 'A short form is all it takes to describe what you need.' },
  reviews: { id: 'reviews', headline: `${REVIEW_COUNT} reviews`, detail: `Rated by ${REVIEW_COUNT} clients on ${reviewSite.name}.` },
} satisfies Record<string, Claim>;

/** The claims shown in the home hero, in order of importance to a first-time visitor. */
export const heroClaims: Claim[] = [claims.matching, claims.escrow, claims.moneyBack, claims.noSubscription];

/** The figures of the trusted-by strip and the Why section. */
export const figureClaims: Claim[] = [claims.experts, claims.countries, claims.posting, claims.reviews];
