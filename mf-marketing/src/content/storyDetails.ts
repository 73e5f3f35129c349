// The full success stories behind the cards of ./stories (same ids; the card's category, title, cost and time
// are the story's). Each story's milestones add up to the cost on its card.
import { groupDigits } from '@sciexperts/shared';
import { stories, type Story } from './stories';
import { type DocSection } from './richText';
import { testimonials, type Testimonial } from './testimonials';

export interface StoryMilestone {
  title: string;
  /** USD, before the platform fee. */
  amount: number;
}

export interface StoryBody {
  id: string;
  /** Meta description of the story page. */
  description: string;
  client: string;
  /** The sample expert (./experts id) who did the work. */
  expertId: string;
  sections: DocSection[];
  milestones: StoryMilestone[];
  testimonialId: string;
  /** The service page a reader with a similar project should see next. */
  servicePath: string;
}

export interface StoryDetail extends Story, Omit<StoryBody, 'testimonialId'> {
  testimonial: Testimonial;
}

const bodies: StoryBody[] = [
  {
    id: 'story-1',
    description: 'How a biostatistician on SciExperts planned and ran the analysis of a medical-device start-up’s pilot trial and wrote the statistical report, in two months for USD 1,200.',
    client: 'Cardiova Medical, a cardiology device start-up',
    expertId: 'kenji-watanabe',
    sections: [
      {
        id: 'challenge',
        heading: 'The challenge',
        blocks: [
          { type: 'p', text: 'Cardiova Medical had finished a 60-patient pilot study of a wearable heart-rhythm monitor. The data sat in spreadsheets exported from three clinics, the company’s only statistician had left, and the regulator expected a statistical report with the technical file within ten weeks.' },
        ],
      },
      {
        id: 'approach',
        heading: 'How the expert worked',
        blocks: [
          { type: 'p', text: 'Kenji Watanabe, a biostatistician with fifteen years of clinical-trial experience, sent a proposal the day the project was posted. He split the work into three milestones so that the analysis plan would be agreed before anyone looked at results.' },
          {
            type: 'ul',
            items: [
              'An analysis plan covering the primary endpoint (agreement with a 12-lead ECG), sensitivity analyses and the handling of missing recordings.',
              'A cleaned, documented analysis data set built from the three clinic exports, with every correction listed.',
              'The analysis in R and a statistical report in the structure the regulator expects, with tables, figures and code.',
            ],
          },
        ],
      },
      {
        id: 'result',
        heading: 'The result',
        blocks: [
          { type: 'p', text: 'The report went into the technical file two weeks before the deadline. When the regulator asked how missing recordings had been handled, the answer was already in the analysis plan, dated before the analysis. Cardiova has since hired Kenji again for the sample-size calculation of its pivotal study.' },
        ],
      },
    ],
    milestones: [
      { title: 'Statistical analysis plan', amount: 300 },
      { title: 'Cleaned analysis data set', amount: 400 },
      { title: 'Analysis and statistical report', amount: 500 },
    ],
    testimonialId: 'testimonial-1',
    servicePath: '/services/statistical-analysis',
  },
  {
    id: 'story-2',
    description: 'How a food scientist on SciExperts reformulated a plant-based snack, ran stability tests with the client’s laboratory and halved spoilage, in six weeks for USD 950.',
    client: 'GreenBite Foods, a plant-based snack brand',
    expertId: 'mei-chen',
    sections: [
      {
        id: 'challenge',
        heading: 'The challenge',
        blocks: [
          { type: 'p', text: 'GreenBite’s chickpea bar was selling well, but retailers were returning too many packs: the bars went rancid and hard weeks before their best-before date. The company had tried two new suppliers of oil without success and was about to shorten the shelf life, which two retailers would not accept.' },
        ],
      },
      {
        id: 'approach',
        heading: 'How the expert worked',
        blocks: [
          { type: 'p', text: 'Mei Chen, a food product developer specialised in snacks and bakery, started with the recipe, the process sheet and the complaint records rather than with the lab. Her review pointed at two causes: oxidation of the seed oil during baking, and water moving from the date paste into the crisp layer.' },
          {
            type: 'ul',
            items: [
              'A recipe and process review with three candidate changes, ranked by cost and by effect on taste.',
              'An accelerated stability study designed with GreenBite’s contract laboratory: peroxide value, water activity and texture, plus a small consumer panel.',
              'A final specification with a natural antioxidant, a lower baking temperature and a re-balanced binder, and a justified best-before date.',
            ],
          },
        ],
      },
      {
        id: 'result',
        heading: 'The result',
        blocks: [
          { type: 'p', text: 'Returns for spoilage fell by half in the first quarter after the change, the original best-before date was kept, and the consumer panel preferred the new bar. The laboratory tests were paid to the laboratory directly; the expert’s work cost USD 950.' },
        ],
      },
    ],
    milestones: [
      { title: 'Recipe and process review', amount: 300 },
      { title: 'Stability study design and interpretation', amount: 400 },
      { title: 'Final specification and shelf-life justification', amount: 250 },
    ],
    testimonialId: 'testimonial-2',
    servicePath: '/services/food-science',
  },
  {
    id: 'story-3',
    description: 'How a medical writer on SciExperts updated an orthopaedic device’s clinical evaluation report for EU MDR, from literature search to notified-body review, in three months for USD 1,500.',
    client: 'OrthoNova, a manufacturer of orthopaedic instruments',
    expertId: 'amelia-hart',
    sections: [
      {
        id: 'challenge',
        heading: 'The challenge',
        blocks: [
          { type: 'p', text: 'OrthoNova’s class IIa bone-fixation instruments had a clinical evaluation report written under the old Medical Device Directive. The notified body’s MDR audit was four months away, the report did not meet the new requirements for the literature search or the state of the art, and the regulatory team was busy with two other files.' },
        ],
      },
      {
        id: 'approach',
        heading: 'How the expert worked',
        blocks: [
          { type: 'p', text: 'Amelia Hart, a medical writer who has prepared regulatory submissions for device and pharmaceutical companies, proposed to update the existing report rather than rewrite it. The work followed MDCG guidance and MEDDEV 2.7/1 rev. 4.' },
          {
            type: 'ul',
            items: [
              'A gap analysis of the existing report and a literature search protocol with documented strings for PubMed and Embase.',
              'Screening and appraisal of 214 records, with appraisal tables and an updated state of the art.',
              'The updated report, including post-market surveillance data and the benefit-risk conclusion, and answers to the notified body’s questions.',
            ],
          },
        ],
      },
      {
        id: 'result',
        heading: 'The result',
        blocks: [
          { type: 'p', text: 'The report was delivered a month before the audit and accepted by the notified body without a non-conformity. Because the last milestone covered the questions round, Amelia stayed on the project until acceptance. For a new report or a higher-class device, expect a larger budget; the [clinical evaluation report service](/services/clinical-evaluation-report) lists typical ranges.' },
        ],
      },
    ],
    milestones: [
      { title: 'Gap analysis and search protocol', amount: 400 },
      { title: 'Literature screening and appraisal', amount: 500 },
      { title: 'Updated report and notified-body questions', amount: 600 },
    ],
    testimonialId: 'testimonial-4',
    servicePath: '/services/clinical-evaluation-report',
  },
];

export const storyDetails: StoryDetail[] = stories.map((story) => {
  const body = bodies.find((candidate) => candidate.id === story.id);
  const testimonial = testimonials.find((candidate) => candidate.id === body?.testimonialId);
  if (!body || !testimonial) throw new Error(`The story ${story.id} has no full text or testimonial.`);
  const { testimonialId: _testimonialId, ...rest } = body;
  return { ...story, ...rest, testimonial };
});

/** The story whose card links to `path` (/story-1 …), ignoring a trailing slash. */
export function findStoryByPath(path: string): StoryDetail | undefined {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return storyDetails.find((story) => story.link === normalised);
}

export function formatUsd(amount: number): string {
  return `USD ${groupDigits(amount)}`;
}
