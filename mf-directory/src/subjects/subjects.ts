// The subject pages (/find-an-expert/subject/:slug): a heading and a short introduction, then the directory's
// search narrowed to one catalogue service. Two are linked from the site's menus (data analysis, product
// development); the others are one per catalogue service, named as the how-it-works tiles name them.

export interface Subject {
  slug: string;
  /** The page's heading. */
  heading: string;
  /** The document title (the site name is appended). */
  title: string;
  /** Meta description: one sentence, about 150 characters. */
  description: string;
  /** The introduction, one paragraph each. */
  intro: string[];
  /** The catalogue service the search is narrowed to. */
  service: string;
  /** Other subjects worth a look (slugs). */
  related: string[];
}

export const SUBJECTS: readonly Subject[] = [
  {
    slug: 'data-analysis',
    heading: 'Data analysis experts',
    title: 'Hire a freelance data analyst',
    description: 'Freelance data scientists who clean, model and visualise your data: machine learning, predictive models, dashboards and NLP, by the hour or the project.',
    intro: [
      'Whether you have a spreadsheet of trial results, years of sensor logs or a pile of customer reviews, a data scientist turns it into answers you can act on. The experts below build predictive models, machine-learning pipelines and clear visualisations, and explain their assumptions in plain language.',
      'Tell them what decision the analysis should support and what data you hold; most send a first plan within a day. For hypothesis tests, sample sizes and clinical statistics, see the statistical analysis experts as well.',
    ],
    service: 'Data Science',
    related: ['statistical-analysis', 'secondary-research'],
  },
  {
    slug: 'product-development',
    heading: 'Product development experts',
    title: 'Hire a freelance product development scientist',
    description: 'Food scientists and technologists who formulate, test and scale new products: recipes, shelf-life studies, sensory panels, food safety and labelling.',
    intro: [
      'Taking a product from a kitchen prototype to a shelf-stable, labelled and safe launch takes formulation chemistry, processing know-how and a lot of testing. The experts below formulate recipes, run shelf-life and sensory studies, set up HACCP plans and check nutrition labels against the regulations of your market.',
      'Share your concept, target cost and launch date; an expert can join for a single stability study or stay with the project until the first production run.',
    ],
    service: 'Food Science and Technology',
    related: ['scientific-consulting', 'scientific-report'],
  },
  {
    slug: 'data-science',
    heading: 'Data science experts',
    title: 'Freelance data science experts',
    description: 'Hire freelance data scientists for machine learning, predictive modelling, natural language processing, big-data analytics and data visualisation.',
    intro: [
      'Data scientists on SciExperts build and validate models on your own data: forecasting demand, classifying images or text, detecting anomalies, or simply making a large data set explorable with a clear dashboard.',
      'Good projects start with the question and a sample of the data. Ask about the validation the expert proposes and how the model will be handed over, as code, a report or a running service.',
    ],
    service: 'Data Science',
    related: ['statistical-analysis', 'data-analysis'],
  },
  {
    slug: 'scientific-consulting',
    heading: 'Scientific consulting experts',
    title: 'Freelance scientific consultants',
    description: 'Independent scientific consultants for research strategy, grant writing support, regulatory affairs, technology assessment and laboratory setup.',
    intro: [
      'A scientific consultant gives you an independent expert view when the stakes are high: is this technology ready, which regulatory route applies, how should a new laboratory be equipped, is this grant proposal competitive?',
      'The consultants below have worked in industry, academia and regulatory agencies. Most projects are short, focused engagements with a written recommendation at the end.',
    ],
    service: 'Scientific Consulting',
    related: ['secondary-research', 'product-development'],
  },
  {
    slug: 'statistical-analysis',
    heading: 'Statistical analysis experts',
    title: 'Freelance statisticians and biostatisticians',
    description: 'Hire freelance statisticians for biostatistics, clinical trial statistics, survey analysis, Bayesian methods and meta-analysis, with reproducible code.',
    intro: [
      'Statisticians help before the data exists as much as after: sample-size calculations, randomisation and analysis plans decide whether a study can answer its question. Afterwards they run and document the analysis so reviewers can reproduce it.',
      'The experts below work in R, SAS, Stata and Python and are used to writing for regulators, journals and boards alike.',
    ],
    service: 'Statistical Analysis',
    related: ['data-science', 'literature-search'],
  },
  {
    slug: 'food-science',
    heading: 'Food science and technology experts',
    title: 'Freelance food scientists and technologists',
    description: 'Hire freelance food scientists for product formulation, food safety and HACCP, shelf-life studies, sensory evaluation and nutrition labelling.',
    intro: [
      'Food scientists combine chemistry, microbiology and process engineering to make products that taste right, stay safe and comply with the rules of each market.',
      'Bring them in to reformulate for less sugar or salt, validate a shelf life, prepare an audit or check a label before printing.',
    ],
    service: 'Food Science and Technology',
    related: ['product-development', 'scientific-report'],
  },
  {
    slug: 'medical-writing',
    heading: 'Medical writing experts',
    title: 'Freelance medical writers',
    description: 'Hire freelance medical writers for clinical study reports, regulatory submissions, manuscripts, patient education materials and CME content.',
    intro: [
      'Medical writers turn clinical data into documents that regulators, clinicians and patients can rely on. They know the structure of a clinical study report, the expectations of each journal and how to explain a treatment to a patient without jargon.',
      'Share the source data, the template you must follow and your review cycle; the writers below are used to working with medical and statistical reviewers.',
    ],
    service: 'Medical Writing',
    related: ['clinical-evaluation-report', 'scientific-editing'],
  },
  {
    slug: 'clinical-evaluation-report',
    heading: 'Clinical evaluation report experts',
    title: 'Freelance clinical evaluation report writers',
    description: 'Hire experts who write EU MDR clinical evaluation reports: literature appraisal, equivalence assessment, post-market surveillance and risk-benefit analysis.',
    intro: [
      'Under the EU Medical Device Regulation every device needs a clinical evaluation report that holds up to a notified body. The experts below plan the evaluation, search and appraise the literature, argue equivalence where it applies and keep the report current with post-market data.',
      'Most have written reports for class II and III devices and can start from your existing technical documentation.',
    ],
    service: 'Clinical Evaluation Report',
    related: ['medical-writing', 'literature-search'],
  },
  {
    slug: 'scientific-report',
    heading: 'Scientific report experts',
    title: 'Freelance scientific report writers',
    description: 'Hire freelance scientists to write technical reports, white papers, laboratory reports and feasibility studies that decision makers can act on.',
    intro: [
      'A good scientific report states what was done, what was found and how sure we can be, in that order. The experts below write technical reports, white papers, laboratory reports and feasibility studies for companies, funders and public bodies.',
      'Send them your data, notes and the audience you have in mind; they will propose an outline before writing a word.',
    ],
    service: 'Scientific Report',
    related: ['scientific-editing', 'secondary-research'],
  },
  {
    slug: 'secondary-research',
    heading: 'Secondary research experts',
    title: 'Freelance secondary research experts',
    description: 'Hire freelance researchers for market research, competitive intelligence, patent landscaping, desk research and industry analysis.',
    intro: [
      'Much of what you need to know has already been published somewhere: in patents, market reports, regulatory databases and the trade press. Secondary researchers find it, check it and summarise it for your decision.',
      'Typical projects are a market sizing, a patent landscape before an R&D investment or a competitor review before a launch.',
    ],
    service: 'Secondary Research',
    related: ['literature-search', 'scientific-consulting'],
  },
  {
    slug: 'literature-search',
    heading: 'Literature search experts',
    title: 'Freelance literature search experts',
    description: 'Hire freelance experts for systematic and scoping reviews, database searching, reference management and evidence synthesis.',
    intro: [
      'A literature search that others can repeat needs a protocol, the right databases and a documented strategy. The experts below run systematic and scoping reviews, screen and extract the evidence and deliver a clean reference library.',
      'Tell them your question in PICO or a similar form and the deadline; they will propose the databases and the search strings first.',
    ],
    service: 'Literature Search',
    related: ['secondary-research', 'clinical-evaluation-report'],
  },
  {
    slug: 'scientific-editing',
    heading: 'Scientific editing experts',
    title: 'Freelance scientific editors',
    description: 'Hire freelance scientific editors for manuscript editing, proofreading, journal submission support, responses to reviewers and formatting.',
    intro: [
      'Scientific editors make your work easier to read without changing what it says. They tighten the language, check the structure against the journal’s guidelines, format references and help you answer reviewers point by point.',
      'The editors below hold research degrees in the fields they edit, so they query a doubtful claim as readily as a misplaced comma.',
    ],
    service: 'Scientific Editing',
    related: ['medical-writing', 'scientific-report'],
  },
];

export function findSubject(slug: string | undefined): Subject | undefined {
  return SUBJECTS.find((subject) => subject.slug === slug);
}
