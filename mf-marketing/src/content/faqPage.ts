// The /faq page: every question the site's FAQ sections show (home, how it works, concierge, each service
// and solution page), grouped, plus the payment questions those sections only touch on.
import { conciergeFaq } from './concierge';
import { homeFaq, howItWorksFaq, type FaqItem } from './faq';
import { paymentModel } from './platform';
import { contentPagePath, contentPages } from './servicePages';

export interface FaqGroup {
  /** Fragment id of the group's heading. */
  id: string;
  title: string;
  items: FaqItem[];
  /** Where these questions also appear, for a "more about" link. */
  source?: { label: string; path: string };
}

export const paymentsFaq: FaqItem[] = [
  { id: 'fee', question: 'What does SciExperts charge?', answer: paymentModel.fee },
  { id: 'escrow', question: 'Where is my money while the expert works?', answer: paymentModel.escrow },
  { id: 'auto-release', question: 'What happens if I do not review a submitted milestone?', answer: paymentModel.autoRelease },
  { id: 'refund', question: 'Can I get my money back?', answer: `${paymentModel.moneyBack} For submitted work you are not satisfied with, open a dispute before the milestone is released and our resolution team decides on the escrowed amount.` },
  { id: 'experts-pay', question: 'What does it cost experts?', answer: 'Nothing. Experts create a profile and send proposals for free and receive the price they quoted in full.' },
  { id: 'currency', question: 'Which currency are prices in?', answer: 'US dollars, unless an expert’s proposal says otherwise.' },
];

export const faqGroups: FaqGroup[] = [
  { id: 'getting-started', title: 'Getting started', items: homeFaq, source: { label: 'Home', path: '/' } },
  { id: 'how-it-works', title: 'How SciExperts works', items: howItWorksFaq, source: { label: 'How it Works', path: '/how-it-works' } },
  { id: 'payments', title: 'Payments, fees and refunds', items: paymentsFaq, source: { label: 'User Agreement', path: '/terms' } },
  { id: 'concierge', title: 'Concierge service', items: conciergeFaq, source: { label: 'Concierge Services', path: '/concierge' } },
  ...contentPages.map((page) => ({
    id: `${page.section}-${page.slug}`,
    title: page.title,
    items: page.faq,
    source: { label: page.title, path: contentPagePath(page) },
  })),
];

/** Case- and accent-insensitive words of a search. */
function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** The groups with only the questions whose question or answer contains every word of `query`. */
export function searchFaq(groups: FaqGroup[], query: string): FaqGroup[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => {
        const haystack = normalise(`${item.question} ${item.answer}`);
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((group) => group.items.length > 0);
}

export function countQuestions(groups: FaqGroup[]): number {
  return groups.reduce((total, group) => total + group.items.length, 0);
}
