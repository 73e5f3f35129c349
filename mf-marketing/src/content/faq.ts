// Frequently asked questions for the home accordion and the how-it-works FAQ list.

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export const homeFaq: FaqItem[] = [
  {
    id: 'how-fast',
    question: 'How quickly will I be matched with an expert?',
    answer: 'Most projects receive matched expert proposals within 24 hours of being posted.',
  },
  {
    id: 'payments',
    question: 'How do payments work?',
    answer: 'You fund each milestone in escrow. The money is released to the expert only when you approve the work.',
  },
  {
    id: 'guarantee',
    question: 'What if I am not satisfied with the work?',
    answer: 'Our 100% money-back guarantee covers work that is not delivered as agreed.',
  },
  {
    id: 'subscription',
    question: 'Do I need a subscription?',
    answer: 'No. There is no subscription: posting a project is free and you pay only for approved work.',
  },
  {
    id: 'confidential',
    question: 'Who can see my project details?',
    answer: 'Project details are visible only to logged-in users, and you can ask experts to sign an NDA before you share more.',
  },
];

export const howItWorksFaq: FaqItem[] = [
  {
    id: 'post',
    question: 'How long does it take to post a project?',
    answer: 'Under 5 minutes. Describe what you need, your budget and your deadline.',
  },
  {
    id: 'vetting',
    question: 'How are experts vetted?',
    answer: 'We check degrees, publications and professional experience before an expert can send quotes.',
  },
  {
    id: 'workspace',
    question: 'What is the Workspace?',
    answer: 'A shared area for each project where you and your expert exchange messages and files and approve milestones.',
  },
  {
    id: 'countries',
    question: 'Where are the experts based?',
    answer: 'Our 50,000+ experts work from more than 170 countries.',
  },
];
