// The concierge page: what the service does, and what its request form says.
import { API_PATHS, CONCIERGE_MESSAGES, CONCIERGE_PROMISE } from '@sciexperts/shared';
import { type FaqItem } from './faq';
import { CONTACT, PLATFORM_FEE_PERCENT } from './platform';

// The request's fields, limits, budget choices, rules and the messages the server also answers with are the
// shared contract's; only what this page alone says is spelled here. The one promise (CONCIERGE_PROMISE) is the
// contract's too: the confirmation says it and the operators' queue counts the same hours.
export { BUDGET_OPTIONS, CONCIERGE_LIMITS, type ConciergeRequest } from '@sciexperts/shared';
export const CONCIERGE_REQUEST_PATH = API_PATHS.conciergeRequest;

export const conciergeIntro = {
  title: 'Concierge Services',
  description: `Tell us what you need and a SciExperts project manager e-mails you a shortlist of hand-picked experts ${CONCIERGE_PROMISE}. Free for clients.`,
  lead: 'Not sure which expert, which service or how to describe it? Tell us in your own words and we do the rest.',
  steps: [
    { id: 'listen', title: 'We listen', text: 'A project manager with a science background reads your request: the goal, the constraints, the budget and the deadline.' },
    { id: 'shortlist', title: 'We hand-pick experts', text: `We e-mail you a shortlist of the best-matched experts ${CONCIERGE_PROMISE}, with a note on why each of them fits.` },
    { id: 'brief', title: 'Your project, ready to post', text: 'Sign in with the address you gave and your request is waiting as a project draft with the shortlisted experts invited. You change what you like and decide when it is published.' },
    { id: 'follow', title: 'We stay with you', text: 'Your project manager follows the project to the last milestone and is there if anything needs sorting out.' },
  ],
  price: `The concierge service is free for clients. You pay only for the milestones you fund, with the usual ${PLATFORM_FEE_PERCENT} % platform fee, and your payments are held in escrow like every other project.`,
  audience: ['Teams hiring a scientific expert for the first time', 'Projects that need several experts or an unusual combination of skills', 'Organisations with procurement rules that need a written brief and comparable quotes'],
} as const;

export const conciergeFaq: FaqItem[] = [
  { id: 'cost', question: 'What does the concierge service cost?', answer: `Nothing. You pay only the experts’ milestones and the ${PLATFORM_FEE_PERCENT} % platform fee, as on any project.` },
  { id: 'speed', question: 'How fast will I hear from you?', answer: `We e-mail you a shortlist of hand-picked experts ${CONCIERGE_PROMISE} of your request; the experts invited to your project then send you their proposals.` },
  { id: 'data', question: 'What happens to the details I send?', answer: 'We store your request, send it to our concierge team and use it only to answer you. We keep it for two years after our last contact; the Privacy Policy has the details.' },
  { id: 'no-account', question: 'Do I need an account to ask?', answer: 'No. You only need an account when you accept a proposal and fund the first milestone.' },
];

export const conciergeMessages = {
  ...CONCIERGE_MESSAGES,
  summary: 'Please correct the fields marked below.',
  unavailable: `We could not send your request just now. Everything you typed is still here: please try again in a few minutes, or write to ${CONTACT.concierge}.`,
} as const;
