// Blog teasers (title, date, excerpt, image, link). Every card carries its own link.
import dataIllustration from '../assets/illustrations/data.svg';
import networkIllustration from '../assets/illustrations/network.svg';
import writingIllustration from '../assets/illustrations/writing.svg';

export interface BlogItem {
  id: string;
  title: string;
  /** ISO date (YYYY-MM-DD); shown in a <time> element. */
  date: string;
  excerpt: string;
  image: string;
  link: string;
}

export const blogItems: BlogItem[] = [
  {
    id: 'choose-consultant',
    title: 'How to choose the right scientific consultant',
    date: '2024-09-12',
    excerpt: 'Credentials, publications and a clear scope: what to check before you hire an expert for your project.',
    image: writingIllustration,
    link: '/blog/choose-consultant',
  },
  {
    id: 'trends-freelance-science',
    title: 'Trends in freelance science',
    date: '2024-10-03',
    excerpt: 'Why more researchers work independently, and what it means for companies that need specialist skills.',
    image: dataIllustration,
    link: '/blog/trends-freelance-science',
  },
  {
    id: 'institutions-on-demand',
    title: 'Research institutions go on demand',
    date: '2024-11-18',
    excerpt: 'Universities and institutes use on-demand experts to fill skill gaps without long hiring cycles.',
    image: networkIllustration,
    link: '/blog/institutions-on-demand',
  },
];
