// Success stories (image, category, title, description, cost, time, link).
import dataIllustration from '../assets/illustrations/data.svg';
import labIllustration from '../assets/illustrations/lab.svg';
import writingIllustration from '../assets/illustrations/writing.svg';

export interface Story {
  id: string;
  image: string;
  category: string;
  title: string;
  description: string;
  /** Display text, e.g. 'USD 1,200'. */
  cost: string;
  /** Display text, e.g. '2 months'. */
  time: string;
  link: string;
}

export const stories: Story[] = [
  {
    id: 'story-1',
    image: dataIllustration,
    category: 'Statistical Analysis',
    title: 'Clinical trial data analysed for a medical device start-up',
    description: 'A biostatistician planned the analysis, cleaned the trial data and wrote the statistical report for the regulator.',
    cost: 'USD 1,200',
    time: '2 months',
    link: '/story-1',
  },
  {
    id: 'story-2',
    image: labIllustration,
    category: 'Food Science and Technology',
    title: 'A plant-based snack reformulated for a longer shelf life',
    description: 'A food scientist reviewed the recipe, ran stability tests with the client’s lab and cut spoilage by half.',
    cost: 'USD 950',
    time: '1.5 months',
    link: '/story-2',
  },
  {
    id: 'story-3',
    image: writingIllustration,
    category: 'Medical Writing',
    title: 'A clinical evaluation report completed for EU MDR',
    description: 'A medical writer searched the literature, appraised the evidence and delivered a report ready for the notified body.',
    cost: 'USD 1,500',
    time: '3 months',
    link: '/story-3',
  },
];
