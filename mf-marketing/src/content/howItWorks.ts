// Copy of the how-it-works page that has no other home: rolling words, Why section, feature cards,
// the two ways to use the product and the consulting-firm comparison.
import clockIcon from '../assets/icons/clock.svg';
import shieldIcon from '../assets/icons/shield.svg';
import usersIcon from '../assets/icons/users.svg';
import walletIcon from '../assets/icons/wallet.svg';

/** The word that rolls in the banner every 2 seconds. */
export const rollingWords: string[] = ['scientist', 'statistician', 'medical writer', 'food technologist', 'researcher'];

export const whyParagraph =
  'Consulting firms are slow and expensive; finding a freelancer on your own is a gamble. SciExperts gives you vetted scientific experts on demand, with payments protected until you approve the work.';

export interface FeatureCard {
  id: string;
  title: string;
  description: string;
  icon: string;
}

export const featureCards: FeatureCard[] = [
  { id: 'vetted', title: 'Vetted experts', description: '50,000+ experts whose degrees and experience we check, in 170+ countries.', icon: usersIcon },
  { id: 'fast', title: 'Fast matching', description: 'Matching within 24 hours, and posting a project takes under 5 minutes.', icon: clockIcon },
  { id: 'escrow', title: 'Safe payments', description: 'Milestone payments in escrow and a 100% money-back guarantee.', icon: shieldIcon },
  { id: 'pricing', title: 'Fair pricing', description: 'No subscription: you pay only for the work you approve.', icon: walletIcon },
];

export interface WayToUse {
  id: 'hire' | 'join';
  title: string;
  description: string;
  actionLabel: string;
  path: string;
}

export const waysToUse: WayToUse[] = [
  {
    id: 'hire',
    title: 'Hire an Expert',
    description: 'Post a project, get quotes from matched experts and pay by milestone.',
    actionLabel: 'Post a project',
    path: '/create-project',
  },
  {
    id: 'join',
    title: 'Join as an Expert',
    description: 'Share your knowledge, choose the projects you like and get paid safely.',
    actionLabel: 'Create an expert account',
    path: '/join-expert',
  },
];

export interface ComparisonRow {
  id: string;
  aspect: string;
  consultingFirms: string;
  freelancers: string;
}

export const comparisonRows: ComparisonRow[] = [
  { id: 'costs', aspect: 'Costs', consultingFirms: 'High day rates and overheads', freelancers: 'Pay only for the work, by milestone' },
  { id: 'on-demand', aspect: 'On-demand services', consultingFirms: 'Fixed packages and minimum engagements', freelancers: 'The exact skill you need, when you need it' },
  { id: 'time', aspect: 'Time and effort', consultingFirms: 'Weeks of proposals and contracts', freelancers: 'Matching within 24 hours' },
  { id: 'commitment', aspect: 'Commitment', consultingFirms: 'Long contracts', freelancers: 'No subscription, no lock-in' },
  { id: 'flexibility', aspect: 'Flexibility', consultingFirms: 'Scope changes cost extra', freelancers: 'Adjust milestones as the project evolves' },
];

export const joinExpertBenefits: string[] = [
  'Choose the projects that match your expertise.',
  'Get paid by milestone, with the money held in escrow.',
  'Work with clients in 170+ countries.',
];
