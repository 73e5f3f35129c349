// Sample experts (image, name, expertise, rating 1 to 5). Static on purpose: the
// marketing pages show examples, the real directory lives behind /find-an-expert.
import ameliaHart from '../assets/avatars/amelia-hart.svg';
import jonasBecker from '../assets/avatars/jonas-becker.svg';
import priyaRaman from '../assets/avatars/priya-raman.svg';
import lucasMoreau from '../assets/avatars/lucas-moreau.svg';
import sofiaAlmeida from '../assets/avatars/sofia-almeida.svg';
import kenjiWatanabe from '../assets/avatars/kenji-watanabe.svg';
import elenaPetrova from '../assets/avatars/elena-petrova.svg';
import marcusJohnson from '../assets/avatars/marcus-johnson.svg';
import aishaBello from '../assets/avatars/aisha-bello.svg';
import tomasRivera from '../assets/avatars/tomas-rivera.svg';
import hannahFischer from '../assets/avatars/hannah-fischer.svg';
import omarHaddad from '../assets/avatars/omar-haddad.svg';
import graceKim from '../assets/avatars/grace-kim.svg';
import raviMenon from '../assets/avatars/ravi-menon.svg';
import claireDubois from '../assets/avatars/claire-dubois.svg';
import nilsAndersson from '../assets/avatars/nils-andersson.svg';
import meiChen from '../assets/avatars/mei-chen.svg';
import danielOkafor from '../assets/avatars/daniel-okafor.svg';
import lauraRossi from '../assets/avatars/laura-rossi.svg';
import ivanNovak from '../assets/avatars/ivan-novak.svg';
import fatimaZahra from '../assets/avatars/fatima-zahra.svg';
import peterLindqvist from '../assets/avatars/peter-lindqvist.svg';
import yukiTanaka from '../assets/avatars/yuki-tanaka.svg';
import samuelAdeyemi from '../assets/avatars/samuel-adeyemi.svg';
import noraSchmidt from '../assets/avatars/nora-schmidt.svg';

export type Rating = 1 | 2 | 3 | 4 | 5;

export interface SampleExpert {
  id: string;
  image: string;
  name: string;
  expertise: string;
  rating: Rating;
}

export interface ExpertCategory {
  id: string;
  label: string;
  description: string;
  experts: SampleExpert[];
}

/** The home page's category tabs, in the order they are shown. */
export const expertCategories: ExpertCategory[] = [
  {
    id: 'writers',
    label: 'Writers',
    description: 'Medical, regulatory and grant writers who turn results into clear documents.',
    experts: [
      { id: 'amelia-hart', image: ameliaHart, name: 'Amelia Hart', expertise: 'Medical writer, regulatory submissions', rating: 5 },
      { id: 'jonas-becker', image: jonasBecker, name: 'Jonas Becker', expertise: 'Science journalist and editor', rating: 4 },
      { id: 'priya-raman', image: priyaRaman, name: 'Priya Raman', expertise: 'Grant proposal writer', rating: 5 },
      { id: 'lucas-moreau', image: lucasMoreau, name: 'Lucas Moreau', expertise: 'Technical writer, life sciences', rating: 4 },
      { id: 'sofia-almeida', image: sofiaAlmeida, name: 'Sofia Almeida', expertise: 'Scientific editor, peer-review preparation', rating: 5 },
    ],
  },
  {
    id: 'data-analysts',
    label: 'Data Analysts',
    description: 'Statisticians and data scientists for study design, analysis and reporting.',
    experts: [
      { id: 'kenji-watanabe', image: kenjiWatanabe, name: 'Kenji Watanabe', expertise: 'Biostatistician, clinical trials', rating: 5 },
      { id: 'elena-petrova', image: elenaPetrova, name: 'Elena Petrova', expertise: 'Data scientist, machine learning', rating: 4 },
      { id: 'marcus-johnson', image: marcusJohnson, name: 'Marcus Johnson', expertise: 'Statistical analysis in R and SAS', rating: 4 },
      { id: 'aisha-bello', image: aishaBello, name: 'Aisha Bello', expertise: 'Epidemiological data analyst', rating: 5 },
      { id: 'tomas-rivera', image: tomasRivera, name: 'Tomas Rivera', expertise: 'Bioinformatics pipelines', rating: 3 },
    ],
  },
  {
    id: 'consultants',
    label: 'Consultants',
    description: 'Independent consultants for regulatory, market and scientific strategy.',
    experts: [
      { id: 'hannah-fischer', image: hannahFischer, name: 'Hannah Fischer', expertise: 'Regulatory affairs consultant', rating: 5 },
      { id: 'omar-haddad', image: omarHaddad, name: 'Omar Haddad', expertise: 'Food safety consultant', rating: 4 },
      { id: 'grace-kim', image: graceKim, name: 'Grace Kim', expertise: 'Pharma market-access strategist', rating: 4 },
      { id: 'ravi-menon', image: raviMenon, name: 'Ravi Menon', expertise: 'Clinical evaluation reports (EU MDR)', rating: 5 },
      { id: 'claire-dubois', image: claireDubois, name: 'Claire Dubois', expertise: 'Sustainability and life-cycle assessment', rating: 4 },
    ],
  },
  {
    id: 'product-developers',
    label: 'Product Developers',
    description: 'Formulators and engineers who take an idea from the bench to a product.',
    experts: [
      { id: 'nils-andersson', image: nilsAndersson, name: 'Nils Andersson', expertise: 'Formulation scientist, cosmetics', rating: 5 },
      { id: 'mei-chen', image: meiChen, name: 'Mei Chen', expertise: 'Food product developer', rating: 4 },
      { id: 'daniel-okafor', image: danielOkafor, name: 'Daniel Okafor', expertise: 'Medical device engineer', rating: 4 },
      { id: 'laura-rossi', image: lauraRossi, name: 'Laura Rossi', expertise: 'Nutraceutical product developer', rating: 5 },
      { id: 'ivan-novak', image: ivanNovak, name: 'Ivan Novak', expertise: 'Materials scientist, prototyping', rating: 3 },
    ],
  },
  {
    id: 'researchers',
    label: 'Researchers',
    description: 'Researchers for literature searches, systematic reviews and secondary research.',
    experts: [
      { id: 'fatima-zahra', image: fatimaZahra, name: 'Fatima Zahra', expertise: 'Secondary research and literature reviews', rating: 5 },
      { id: 'peter-lindqvist', image: peterLindqvist, name: 'Peter Lindqvist', expertise: 'Systematic review methodologist', rating: 4 },
      { id: 'yuki-tanaka', image: yukiTanaka, name: 'Yuki Tanaka', expertise: 'Market research, life sciences', rating: 4 },
      { id: 'samuel-adeyemi', image: samuelAdeyemi, name: 'Samuel Adeyemi', expertise: 'Clinical research scientist', rating: 5 },
      { id: 'nora-schmidt', image: noraSchmidt, name: 'Nora Schmidt', expertise: 'Patent and prior-art searcher', rating: 4 },
    ],
  },
];

/** The hero card rotates through the first expert of every category. */
export const heroExperts: SampleExpert[] = expertCategories.flatMap((category) => category.experts.slice(0, 1));

/** The rotating list of expert types on the home page. */
export const expertTypes: string[] = [
  'biostatisticians',
  'medical writers',
  'food scientists',
  'regulatory consultants',
  'data scientists',
  'literature researchers',
];

/** Subjects in the scrolling keyword marquee. */
export const marqueeKeywords: string[] = [
  'Biostatistics',
  'Medical writing',
  'Food science',
  'Clinical evaluation',
  'Data science',
  'Literature search',
  'Regulatory affairs',
  'Bioinformatics',
  'Scientific editing',
  'Market research',
  'Product formulation',
  'Grant writing',
];

/** Every sample expert, for pages that show a hand-picked few (service pages, stories). */
export const allSampleExperts: SampleExpert[] = expertCategories.flatMap((category) => category.experts);

export function findSampleExpert(id: string): SampleExpert | undefined {
  return allSampleExperts.find((expert) => expert.id === id);
}
