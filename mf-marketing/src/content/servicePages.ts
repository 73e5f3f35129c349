// The solution pages (/solutions/:slug, the Solutions menu) and the service pages (/services/:slug: the
// Services menu, the how-it-works quick links and one page per service of the catalogue, which the
// how-it-works tiles link to). Prices are what experts on the platform typically quote, in USD, before the
// platform fee; the fee and the payment model are stated once in ./platform.
import { SERVICE_CATALOGUE } from '@sciexperts/shared';
import { type FaqItem } from './faq';

/** A name of the service catalogue (SERVICE_CATALOGUE): a project is posted for one of these. */
export type CatalogueService = (typeof SERVICE_CATALOGUE)[number]['name'];

export const CATALOGUE_SERVICES: readonly CatalogueService[] = SERVICE_CATALOGUE.map((entry) => entry.name);

export type ContentSection = 'solutions' | 'services';

export interface ContentPage {
  slug: string;
  section: ContentSection;
  /** The h1, and the page title. */
  title: string;
  /** Meta description, about 150 characters. */
  description: string;
  /** The sentence under the h1. */
  lead: string;
  /** What the service is: one or two paragraphs. */
  what: string[];
  /** Who it is for. */
  audience: string[];
  /** What the client receives. */
  deliverables: string[];
  /** Typical price range as experts quote it, e.g. 'USD 1,500 – 12,000 per project'. */
  price: string;
  /** Typical duration, e.g. '2 to 8 weeks'. */
  duration: string;
  /** What moves a quote up or down. */
  priceDrivers: string;
  faq: FaqItem[];
  /**
   * Static examples (ids in ./experts), shown when the directory cannot answer or has nobody for projectService;
   * otherwise the page shows the directory's first experts for projectService.
   */
  expertIds: string[];
  /** Pre-selected in the project form the call to action opens; the service whose experts the page shows. */
  projectService: CatalogueService;
}

export function contentPagePath(page: Pick<ContentPage, 'section' | 'slug'>): string {
  return `/${page.section}/${page.slug}`;
}

/** The call to action's target: the project form with this page's service chosen. */
export function postProjectPath(service: CatalogueService): string {
  return `/create-project?service=${encodeURIComponent(service)}`;
}

/** The directory's search filtered to one catalogue service (owned by the expert directory). */
export function expertDirectoryPath(service: CatalogueService): string {
  return `/find-an-expert?${new URLSearchParams({ service }).toString()}`;
}

export const solutionPages: ContentPage[] = [
  {
    slug: 'consulting',
    section: 'solutions',
    title: 'Specialist scientists for consulting firms',
    description: 'Add vetted PhD-level specialists to your client engagements for a week or a quarter, under your NDA and your brand, paid by milestone.',
    lead: 'Add the one specialist your engagement is missing, for exactly as long as you need them.',
    what: [
      'Consultancies win work that needs a toxicologist, a biostatistician or a regulatory specialist for three weeks of a three-month engagement. Hiring for that is slow and carrying the skill on the bench is expensive. On SciExperts you post the piece of work, receive proposals from matched experts within 24 hours and bring the expert into your team under your own NDA.',
      'The expert works to your methodology and delivers into your templates, so your client sees one deliverable from one firm. You keep the client relationship; we keep the contract, the escrow and the invoicing with the expert simple.',
    ],
    audience: [
      'Management and strategy consultancies taking on life-science, food or health projects',
      'Regulatory and quality consultancies with a peak in submissions',
      'Engineering and environmental firms that need a scientific reviewer for a report',
      'Boutique advisers who want a bench of experts without payroll',
    ],
    deliverables: [
      'Expert input to your deliverable: analyses, sections of reports, review comments, workshop content',
      'Participation in client meetings and expert interviews, as you agree with the expert',
      'A signed NDA and, when you need it, an agreement that the work product belongs to your firm',
      'Time sheets or milestone reports you can pass through to your client',
    ],
    price: 'USD 3,000 – 30,000 per engagement',
    duration: '2 to 12 weeks',
    priceDrivers: 'The seniority of the expert, the number of days involved and whether client-facing time is included. Day rates on the platform usually run from USD 500 to 1,500.',
    faq: [
      {
        id: 'white-label',
        question: 'Can the expert work under our brand?',
        answer: 'Yes. Agree it in the proposal: the expert can use your templates and e-mail address for the engagement and appear as part of your team. Their name stays on their SciExperts profile and reviews.',
      },
      {
        id: 'ip',
        question: 'Who owns the work product?',
        answer: 'You do, once the milestone that delivered it is paid, unless you agree otherwise in writing. The User Agreement sets this default for every project.',
      },
      {
        id: 'several-experts',
        question: 'Can we bring in several experts for one engagement?',
        answer: 'Yes. Post one project per expert role, or invite several experts to the same project and give each their own milestones in the Workspace.',
      },
    ],
    expertIds: ['hannah-fischer', 'grace-kim', 'kenji-watanabe'],
    projectService: 'Scientific Consulting',
  },
  {
    slug: 'strategy',
    section: 'solutions',
    title: 'Evidence for R&D and product strategy',
    description: 'Market and technology landscapes, regulatory pathways and go/no-go reviews from independent scientists, delivered in weeks and paid by milestone.',
    lead: 'Make the next R&D decision on evidence, not on the loudest opinion in the room.',
    what: [
      'Strategy decisions in science-based companies hinge on questions a generalist cannot answer: is the mechanism plausible, what will the regulator ask for, who else is working on it and how far along are they. Independent experts answer those questions with the literature, the patents and the market data in front of them.',
      'A strategy project usually runs in two or three milestones: a scoping call and question list, the research itself, and a written recommendation presented to your team. Because each milestone is funded separately, you can stop after the first if the answer is already clear.',
    ],
    audience: [
      'Founders preparing a roadmap or an investor round',
      'R&D directors and product managers facing a go/no-go decision',
      'Business-development teams assessing a licensing or partnership opportunity',
      'Public research funders and institutes setting priorities',
    ],
    deliverables: [
      'A decision memo with the options, the evidence for each and a clear recommendation',
      'Competitive, technology or patent landscape with sources',
      'Regulatory pathway and evidence plan, with timelines and costs',
      'A presentation to your leadership team and a recorded Q&A',
    ],
    price: 'USD 2,500 – 15,000 per project',
    duration: '2 to 6 weeks',
    priceDrivers: 'How many questions the project answers, how many markets or technologies it covers and whether primary interviews are needed on top of desk research.',
    faq: [
      {
        id: 'interviews',
        question: 'Can the expert interview key opinion leaders?',
        answer: 'Yes, if you agree it in the scope. Experts on SciExperts often have the network; interview costs and any honoraria are quoted as a separate milestone.',
      },
      {
        id: 'confidential',
        question: 'How do we keep our plans confidential?',
        answer: 'Project details are visible only to logged-in users, and you can share the sensitive part only after the expert has signed your NDA in the Workspace.',
      },
      {
        id: 'follow-up',
        question: 'What if the recommendation raises new questions?',
        answer: 'Add a milestone to the same project. The expert already knows the context, so follow-up work is usually quicker and cheaper than a new project.',
      },
    ],
    expertIds: ['grace-kim', 'yuki-tanaka', 'nora-schmidt'],
    projectService: 'Secondary Research',
  },
  {
    slug: 'technology',
    section: 'solutions',
    title: 'Technical due diligence and technology scouting',
    description: 'Independent scientists assess the science behind a technology, its maturity and its patents, for investors, tech-transfer offices and corporate R&D.',
    lead: 'Know whether a technology works, how mature it is and who else owns a piece of it, before you commit.',
    what: [
      'Before an investment, a licence or an acquisition, someone has to read the data room with a scientist’s eye. Experts on SciExperts review the underlying publications and lab data, rate the technology readiness level, look for red flags in reproducibility and scale-up, and map the patents around it.',
      'For technology scouting the question is turned around: you describe the problem, and the expert finds the groups, start-ups and patents that could solve it, ranked by maturity and fit.',
    ],
    audience: [
      'Venture capital and corporate venture teams investing in deep tech and life sciences',
      'University technology-transfer offices valuing an invention',
      'Corporate R&D and open-innovation teams scouting for partners',
      'Public funding agencies reviewing technical proposals',
    ],
    deliverables: [
      'A due-diligence report: scientific validity, technology readiness level, key risks and open questions for the founders',
      'A freedom-to-operate screen or patent landscape, with the documents listed',
      'A scouting long-list and short-list of technologies, groups and companies',
      'A call with your investment or steering committee',
    ],
    price: 'USD 3,000 – 20,000 per assessment',
    duration: '1 to 6 weeks',
    priceDrivers: 'The size of the data room, the number of technologies compared and whether a formal patent search is included. A red-flag review of one company often fits in one week.',
    faq: [
      {
        id: 'conflicts',
        question: 'How do you avoid conflicts of interest?',
        answer: 'Experts declare conflicts before they quote, and you can require a declaration that they hold no interest in the company or its competitors as part of the NDA.',
      },
      {
        id: 'fto',
        question: 'Is a freedom-to-operate screen a legal opinion?',
        answer: 'No. It tells you which patents matter and why. If a patent looks blocking, take the screen to a patent attorney for a formal opinion; it will save them time.',
      },
      {
        id: 'speed',
        question: 'Our deal closes in ten days. Is that enough?',
        answer: 'Often, yes. Say so when you post the project: matching takes under 24 hours and a focused red-flag review can be delivered within a week.',
      },
    ],
    expertIds: ['nora-schmidt', 'daniel-okafor', 'ivan-novak'],
    projectService: 'Scientific Consulting',
  },
];

export const servicePages: ContentPage[] = [
  {
    slug: 'consulting',
    section: 'services',
    title: 'Expert calls and advisory',
    description: 'Book a one-hour call with a vetted scientist or keep one on a monthly advisory retainer. Clear rates, escrow payments, no subscription.',
    lead: 'An hour with the right scientist can save a month of guessing.',
    what: [
      'Not every question needs a project. Sometimes you need a biostatistician to look at your sample-size reasoning, or a regulatory specialist to tell you whether your device is class IIa or IIb. Expert calls give you that hour, with an expert you choose from their profile and reviews.',
      'When the questions keep coming, turn the calls into an advisory retainer: a fixed number of hours a month, billed as a monthly milestone, with the expert reading your documents between calls.',
    ],
    audience: [
      'Start-ups without a scientist for every question',
      'Project leads who need a second opinion before committing budget',
      'Investors preparing for a founder meeting',
      'Teams that want a standing scientific adviser without a hire',
    ],
    deliverables: [
      'A video call at a time that suits both of you, scheduled in the Workspace',
      'Written notes with the answers and the references behind them',
      'For retainers: a monthly block of hours, document review between calls and a summary of advice given',
    ],
    price: 'USD 150 – 400 per hour; retainers USD 1,000 – 4,000 per month',
    duration: 'A call within 2 to 5 working days; retainers from 3 months',
    priceDrivers: 'The expert’s seniority and field. Clinicians, regulatory specialists and senior statisticians sit at the top of the range.',
    faq: [
      {
        id: 'prepare',
        question: 'How should I prepare for a call?',
        answer: 'Post your questions and any documents with the request. Experts read them beforehand, so the hour goes on answers rather than on background.',
      },
      {
        id: 'unused-hours',
        question: 'What happens to retainer hours we do not use?',
        answer: 'That is agreed in the retainer: most experts carry unused hours over for one month. A monthly milestone is only released when you approve it.',
      },
      {
        id: 'record',
        question: 'Can we record the call?',
        answer: 'Only with the expert’s consent, which you can ask for in the Workspace before the call.',
      },
    ],
    expertIds: ['hannah-fischer', 'kenji-watanabe', 'ravi-menon'],
    projectService: 'Scientific Consulting',
  },
  {
    slug: 'support',
    section: 'services',
    title: 'Ongoing research support',
    description: 'A vetted scientist alongside your team one to three days a week: data management, analyses, literature monitoring and reviewer responses, paid monthly in escrow.',
    lead: 'A part-time scientist who knows your project, without adding a position.',
    what: [
      'Research support is for work that does not end after one deliverable: keeping a trial’s data clean between database locks, running the monthly analyses, watching the literature, drafting answers to reviewers. An expert joins your team for an agreed number of days a week and works in your tools.',
      'Each month is a milestone. You fund it at the start, the expert submits a short report of what was done at the end, and you approve it. You can change the days, pause or stop at the end of any month.',
    ],
    audience: [
      'Research groups between grants or waiting for a hire',
      'Small companies running a study without an in-house data team',
      'Clinical and academic teams with a reporting deadline every quarter',
      'Non-profits that need scientific capacity a few days a month',
    ],
    deliverables: [
      'The agreed days of work each month, in your systems or in the Workspace',
      'A monthly report: tasks done, results, issues and plans for the next month',
      'Documented code, data dictionaries and hand-over notes, so the work survives the engagement',
    ],
    price: 'USD 2,000 – 8,000 per month',
    duration: '3 to 12 months, renewable monthly',
    priceDrivers: 'Days per week and the skills involved; a data manager costs less than a senior statistician. Most engagements are one or two days a week.',
    faq: [
      {
        id: 'access',
        question: 'Can the expert work in our own systems?',
        answer: 'Yes. Give them an account as you would a contractor. Keep access to what they need and remove it when the engagement ends.',
      },
      {
        id: 'stop',
        question: 'How much notice do we need to give?',
        answer: 'None beyond the current month: simply do not fund the next monthly milestone. Tell the expert early so they can plan a proper hand-over.',
      },
      {
        id: 'same-expert',
        question: 'Will it always be the same person?',
        answer: 'Yes. You hire a named expert, not an agency. If they ever cannot continue, we help you find a replacement and arrange a hand-over.',
      },
    ],
    expertIds: ['marcus-johnson', 'aisha-bello', 'fatima-zahra'],
    projectService: 'Scientific Consulting',
  },
  {
    slug: 'tools',
    section: 'services',
    title: 'Research tools and software',
    description: 'Experts build the tools your research runs on: data pipelines, analysis packages, Shiny and Streamlit apps, calculators and dashboards, documented and handed over.',
    lead: 'Turn the spreadsheet everyone is afraid to touch into a tool your team can trust.',
    what: [
      'Many labs and R&D teams run on scripts one person understands. Experts on SciExperts who combine a science degree with software skills build the tool properly: a reproducible pipeline, an R or Python package with tests, or a small web app your colleagues can use without writing code.',
      'The work is split into milestones you can check: a specification, a first working version on your data, and the final version with documentation and a hand-over session. The code is yours when the last milestone is paid.',
    ],
    audience: [
      'Labs with analyses repeated by hand every week',
      'Bioinformatics and data teams that need a pipeline rebuilt or containerised',
      'Quality and production teams that need a validated calculator or dashboard',
      'Researchers who want to publish their method as a usable package',
    ],
    deliverables: [
      'Source code in your repository, with tests and a README',
      'A pipeline (Snakemake, Nextflow, targets) or package (R, Python) that runs from raw data to results',
      'An interactive app or dashboard (Shiny, Streamlit, Dash) deployed where you choose',
      'A recorded hand-over session and user documentation',
    ],
    price: 'USD 2,000 – 15,000 per tool',
    duration: '3 to 10 weeks',
    priceDrivers: 'How many data sources and steps the tool has, whether it must be validated (for example for GxP use) and where it has to run.',
    faq: [
      {
        id: 'code-ownership',
        question: 'Who owns the code?',
        answer: 'You do, once the milestone that delivered it is paid. If the expert reuses their own open-source libraries, those keep their licence and the proposal says so.',
      },
      {
        id: 'maintenance',
        question: 'Who maintains the tool afterwards?',
        answer: 'Your team, with the documentation and hand-over the project includes, or the same expert on a small monthly support retainer.',
      },
      {
        id: 'validation',
        question: 'Can the tool be validated for regulated use?',
        answer: 'Yes, if you say so up front. Validation adds a requirements document, test scripts and a validation report, and usually a third to the price.',
      },
    ],
    expertIds: ['tomas-rivera', 'elena-petrova', 'marcus-johnson'],
    projectService: 'Data Science',
  },
  {
    slug: 'scientific-writing',
    section: 'services',
    title: 'Scientific writing',
    description: 'Manuscripts, grant proposals, white papers and regulatory documents written by PhD-level writers in your field, with milestone payments held in escrow.',
    lead: 'Writers who understand your data as well as your reader does.',
    what: [
      'Scientific writing on SciExperts is done by people who have published in your field: medical writers, grant writers and technical writers with a doctorate or years of industry experience. They turn results, notes and slides into a document that a journal, a funder or a regulator can assess quickly.',
      'You stay the author. The writer works from your data and interpretation, keeps a list of questions for you, and revises until the text says what you mean. Authorship and acknowledgement follow the ICMJE and GPP rules, which the writer will explain.',
    ],
    audience: [
      'Researchers with results but no time to write them up',
      'Companies preparing white papers, application notes or regulatory documents',
      'Teams applying for EU, NIH or foundation grants',
      'Non-native English authors who want a native scientific writer',
    ],
    deliverables: [
      'A manuscript ready for submission to your target journal, with cover letter',
      'A grant proposal following the funder’s template and scoring criteria',
      'White papers, application notes and technical reports',
      'Tracked-change revisions and a response-to-reviewers letter when the reviews come back',
    ],
    price: 'USD 1,000 – 8,000 per document',
    duration: '2 to 8 weeks',
    priceDrivers: 'Length, how much analysis is already done, and the format. A research article from complete results is at the lower end; a full grant proposal with budget justification at the upper.',
    faq: [
      {
        id: 'authorship',
        question: 'Will the writer be an author?',
        answer: 'Usually not. Professional writing support is acknowledged, as journals require. If the writer also contributes to the analysis or interpretation, discuss authorship at the start.',
      },
      {
        id: 'plagiarism',
        question: 'How do I know the text is original?',
        answer: 'Writers deliver original text and cite their sources. You can run the draft through your institution’s similarity checker before approving the milestone.',
      },
      {
        id: 'ai',
        question: 'Do writers use AI tools?',
        answer: 'Only if you agree. Writers must tell you which tools they use, and many journals and funders ask authors to declare it.',
      },
    ],
    expertIds: ['amelia-hart', 'priya-raman', 'lucas-moreau'],
    projectService: 'Scientific Report',
  },
  {
    slug: 'data-science',
    section: 'services',
    title: 'Data science',
    description: 'Machine learning, predictive models, NLP and data visualisation by data scientists with a research background, from raw data to a documented model.',
    lead: 'Models you can explain to a reviewer, built by scientists who know where data lies.',
    what: [
      'Data scientists on SciExperts combine machine-learning skills with a research discipline: they ask how the data was collected before they fit anything. They build predictive models, classify images and text, find structure in omics or sensor data and present the results so that non-specialists can act on them.',
      'Every project starts with a look at your data and a written plan: the question, the validation strategy and what success means. Models are delivered with their code, their performance on held-out data and an honest list of limitations.',
    ],
    audience: [
      'R&D teams with more data than analysts',
      'Start-ups building a predictive feature into a product',
      'Research groups adding machine learning to a study',
      'Operations and quality teams looking for patterns in process data',
    ],
    deliverables: [
      'An analysis plan and a data-quality report',
      'A trained and validated model, with code, metrics and model card',
      'Visualisations and dashboards of the results',
      'A report or presentation written for decision makers',
    ],
    price: 'USD 1,500 – 12,000 per project',
    duration: '2 to 8 weeks',
    priceDrivers: 'The state of the data (cleaning often takes half the time), the number of models compared, and whether the model has to be deployed.',
    faq: [
      {
        id: 'data-sharing',
        question: 'Our data is sensitive. How can we share it?',
        answer: 'Share a de-identified extract, or give the expert access to your own secure environment. Sign an NDA and, for personal data, a data-processing agreement first.',
      },
      {
        id: 'small-data',
        question: 'We only have a few hundred samples. Is that enough?',
        answer: 'It can be, with the right method. The expert will say in the plan what the data can and cannot support before any modelling starts.',
      },
      {
        id: 'deploy',
        question: 'Can the expert put the model into production?',
        answer: 'Many can. Include deployment as its own milestone, with your engineering team’s requirements.',
      },
    ],
    expertIds: ['elena-petrova', 'tomas-rivera', 'aisha-bello'],
    projectService: 'Data Science',
  },
  {
    slug: 'scientific-consulting',
    section: 'services',
    title: 'Scientific consulting',
    description: 'Independent scientific advice on research strategy, regulation, technology assessment, grant support and laboratory set-up, from vetted experts in 170+ countries.',
    lead: 'Independent advice from a scientist who has solved your problem before.',
    what: [
      'Scientific consultants advise on the questions behind a project: which study design will convince the regulator, whether a technology is ready, how to set up a laboratory, how to position a grant. They work independently of any supplier, so their advice serves only you.',
      'Consulting projects are scoped around the questions you need answered. The consultant proposes the approach and the milestones, and delivers written advice you can share with your board, your funder or your authority.',
    ],
    audience: [
      'Companies entering a regulated market for the first time',
      'Research institutes planning a new facility or programme',
      'Start-ups that need a scientific adviser for investors and authorities',
      'Teams preparing a large grant or consortium bid',
    ],
    deliverables: [
      'A written opinion or gap analysis with recommendations',
      'Research or regulatory strategy with milestones and costs',
      'Technology assessment and vendor-neutral equipment recommendations',
      'Workshops with your team and follow-up calls',
    ],
    price: 'USD 1,000 – 10,000 per project; calls from USD 150 per hour',
    duration: '1 to 6 weeks',
    priceDrivers: 'The number of questions, the regulatory stakes and the seniority you need. A focused gap analysis is at the lower end; a full strategy with workshops at the upper.',
    faq: [
      {
        id: 'independent',
        question: 'Are consultants paid by suppliers?',
        answer: 'Not for your project. Consultants declare any relationship with suppliers or competitors before quoting, and you can make independence part of the agreement.',
      },
      {
        id: 'authority-meetings',
        question: 'Can the consultant join meetings with authorities?',
        answer: 'Yes, as your adviser. Agree it in the scope; preparation time and the meeting itself are usually a separate milestone.',
      },
      {
        id: 'practice-areas',
        question: 'Which areas do consultants cover?',
        answer: 'Research strategy, grant writing support, regulatory affairs, technology assessment and laboratory set-up, across life sciences, food, chemistry and engineering.',
      },
    ],
    expertIds: ['hannah-fischer', 'omar-haddad', 'claire-dubois'],
    projectService: 'Scientific Consulting',
  },
  {
    slug: 'statistical-analysis',
    section: 'services',
    title: 'Statistical analysis',
    description: 'Biostatistics, clinical-trial statistics, survey analysis, Bayesian methods and meta-analysis by statisticians who document every step in R, SAS or Stata.',
    lead: 'Analyses that survive peer review and regulatory questions.',
    what: [
      'Statisticians on SciExperts plan and run analyses for clinical trials, observational studies, surveys and experiments. They start with a statistical analysis plan, agree it with you before they see the results, and deliver reproducible code alongside the tables and figures.',
      'They can join early, to calculate the sample size and design the study, or late, to analyse data that has already been collected and answer reviewers’ questions about it.',
    ],
    audience: [
      'Clinical and medical-device companies running trials and investigations',
      'Researchers whose paper came back with statistical comments',
      'Public-health and social-science teams analysing surveys',
      'Product teams running experiments and sensory or stability studies',
    ],
    deliverables: [
      'Sample-size calculation and statistical analysis plan',
      'Cleaned analysis data set and documented code (R, SAS, Stata or Python)',
      'Tables, listings and figures, and a statistical report',
      'Methods and results sections for your manuscript, and answers to reviewers',
    ],
    price: 'USD 500 – 6,000 per analysis',
    duration: '1 to 6 weeks',
    priceDrivers: 'The number of endpoints and models, the state of the data, and regulatory requirements such as CDISC formats or double programming.',
    faq: [
      {
        id: 'software',
        question: 'Which software do statisticians use?',
        answer: 'Whatever your team or regulator needs: R, SAS, Stata, SPSS or Python. Code is delivered with the results so the analysis can be rerun.',
      },
      {
        id: 'sap-first',
        question: 'Why write the analysis plan before the analysis?',
        answer: 'Because deciding the methods before seeing the results is what makes them credible to reviewers and regulators. It also fixes the scope, and so the price.',
      },
      {
        id: 'regulatory',
        question: 'Can the statistician work to regulatory standards?',
        answer: 'Yes. Ask for ICH E9 practice, CDISC SDTM and ADaM data sets or double programming in the project; the quote will reflect it.',
      },
    ],
    expertIds: ['kenji-watanabe', 'marcus-johnson', 'aisha-bello'],
    projectService: 'Statistical Analysis',
  },
  {
    slug: 'food-science',
    section: 'services',
    title: 'Food science and technology',
    description: 'Food scientists for product formulation, HACCP and food safety, shelf-life studies, sensory evaluation and nutrition labelling, from concept to launch.',
    lead: 'From a kitchen recipe to a product that is safe, stable and labelled correctly.',
    what: [
      'Food scientists and technologists on SciExperts develop and improve products for manufacturers, brands and start-ups. They reformulate for cost, clean labels or nutrition targets, design shelf-life studies, set up HACCP plans and prepare labelling that meets the rules of your market.',
      'Practical work happens in your kitchen, pilot plant or contract laboratory; the expert designs the trials, interprets the results and documents the decisions so they hold up in an audit.',
    ],
    audience: [
      'Food and beverage start-ups scaling up a recipe',
      'Manufacturers reformulating for sugar, salt, allergens or cost',
      'Brands launching into a new market with different labelling rules',
      'Producers preparing for a retailer audit or certification',
    ],
    deliverables: [
      'Formulation and process specification ready for a co-manufacturer',
      'Shelf-life study design, results and a justified best-before date',
      'HACCP plan and food-safety documentation',
      'Nutrition declaration and label review for the EU, UK or US',
      'Sensory test design and analysis',
    ],
    price: 'USD 800 – 8,000 per project',
    duration: '3 to 12 weeks',
    priceDrivers: 'Mostly the number of trial rounds and laboratory tests. Real-time shelf-life studies take as long as the shelf life; accelerated studies shorten that.',
    faq: [
      {
        id: 'lab-costs',
        question: 'Are laboratory tests included in the price?',
        answer: 'Usually not: tests are paid to your laboratory directly. The expert designs the test plan and can recommend accredited laboratories.',
      },
      {
        id: 'recipe-confidential',
        question: 'How is our recipe protected?',
        answer: 'Ask the expert to sign your NDA before sharing it. The formulation they develop for you belongs to you once the milestone is paid.',
      },
      {
        id: 'markets',
        question: 'Which labelling rules do experts know?',
        answer: 'Experts cover EU Regulation 1169/2011, UK rules and US FDA labelling. Say which markets you sell in when you post the project.',
      },
    ],
    expertIds: ['mei-chen', 'omar-haddad', 'laura-rossi'],
    projectService: 'Food Science and Technology',
  },
  {
    slug: 'medical-writing',
    section: 'services',
    title: 'Medical writing',
    description: 'Clinical study reports, regulatory submissions, manuscripts, patient materials and CME content written by experienced medical writers.',
    lead: 'Regulatory and publication documents written by people who have written dozens of them.',
    what: [
      'Medical writers on SciExperts write the documents that carry clinical evidence: protocols, clinical study reports, investigator brochures, summaries for submissions, journal manuscripts and plain-language summaries. Most have a life-science doctorate and years of work in pharmaceutical, device or agency settings.',
      'They follow the structure your reader expects, whether ICH E3 for a study report or the CONSORT checklist for a trial publication, and they work from your data, your templates and your review process.',
    ],
    audience: [
      'Pharmaceutical, biotech and medical-device companies',
      'Contract research organisations with more documents than writers',
      'Clinicians and academic trial groups publishing results',
      'Patient organisations and medical-education providers',
    ],
    deliverables: [
      'Clinical study protocols and clinical study reports (ICH E3)',
      'Regulatory documents: investigator brochures, clinical overviews and summaries',
      'Manuscripts, abstracts and congress posters',
      'Patient information, plain-language summaries and CME modules',
    ],
    price: 'USD 2,000 – 15,000 per document',
    duration: '2 to 8 weeks',
    priceDrivers: 'Document type and length, the number of review rounds and how complete the source data is. A short manuscript is at the lower end; a full study report at the upper.',
    faq: [
      {
        id: 'gpp',
        question: 'Do writers follow Good Publication Practice?',
        answer: 'Yes. Writers acknowledge their role and funding as GPP and ICMJE require, and they never add or remove authors.',
      },
      {
        id: 'templates',
        question: 'Can the writer use our templates and style guide?',
        answer: 'Yes, and they should. Upload them to the Workspace with the source documents.',
      },
      {
        id: 'qc',
        question: 'Is quality control included?',
        answer: 'Writers check their own work against the sources. For an independent data check, add a QC milestone by a second expert.',
      },
    ],
    expertIds: ['amelia-hart', 'sofia-almeida', 'samuel-adeyemi'],
    projectService: 'Medical Writing',
  },
  {
    slug: 'clinical-evaluation-report',
    section: 'services',
    title: 'Clinical evaluation reports',
    description: 'Clinical evaluation reports and plans for EU MDR: literature appraisal, equivalence, post-market surveillance data and benefit-risk, ready for the notified body.',
    lead: 'A clinical evaluation your notified body can follow from claim to evidence.',
    what: [
      'Under the EU Medical Device Regulation every device needs a clinical evaluation, documented in a clinical evaluation plan and report and kept up to date. Experts on SciExperts write new reports, update reports written under the old directive and answer notified-body findings.',
      'The work follows MDCG guidance and MEDDEV 2.7/1 rev. 4: a systematic literature search with a documented protocol, appraisal of each source, the state of the art, equivalence where it is claimed, post-market data and a benefit-risk conclusion.',
    ],
    audience: [
      'Medical-device manufacturers preparing for MDR certification',
      'Companies updating directive-era reports or answering non-conformities',
      'Regulatory consultancies with more reports than writers',
      'Start-ups planning the clinical evidence for a first device',
    ],
    deliverables: [
      'Clinical evaluation plan (CEP)',
      'Literature search protocol, search report and appraisal tables',
      'Clinical evaluation report (CER) with state of the art and benefit-risk',
      'Input to the PMCF plan and the summary of safety and clinical performance',
      'Responses to notified-body questions',
    ],
    price: 'USD 1,500 – 15,000 per report',
    duration: '4 to 14 weeks',
    priceDrivers: 'Device class, the amount of literature and clinical data, and whether equivalence is claimed. Updating a report for a low-risk device sits at the lower end; a new report for a class III implant well above it.',
    faq: [
      {
        id: 'qualifications',
        question: 'Do the writers meet the MDR requirements for evaluators?',
        answer: 'Experts who offer this service show their relevant degree and experience on their profile, and we check them. Ask for a CV and declaration of interests to file with the report.',
      },
      {
        id: 'update',
        question: 'Can you update our existing report instead of rewriting it?',
        answer: 'Yes, and it is usually quicker. The expert starts with a gap analysis against the current requirements and quotes the update from that.',
      },
      {
        id: 'findings',
        question: 'What if the notified body raises questions?',
        answer: 'Reserve a final milestone for responses to the notified body. Because milestones are released only when you approve them, the expert stays available until the report is accepted.',
      },
    ],
    expertIds: ['ravi-menon', 'amelia-hart', 'daniel-okafor'],
    projectService: 'Clinical Evaluation Report',
  },
  {
    slug: 'scientific-report',
    section: 'services',
    title: 'Scientific reports',
    description: 'Technical reports, white papers, laboratory reports and feasibility studies written by scientists who can read your data and explain it clearly.',
    lead: 'A clear report from your data, written for the reader who has to decide.',
    what: [
      'A scientific report turns work that has been done into a document someone can act on: a funder’s final report, a laboratory study report, a feasibility study for an investment, a white paper for customers. Experts on SciExperts write them from your data and notes, check the numbers, and say plainly what the results show.',
      'You receive an outline to agree first, then a full draft, then a final version after your comments, each as its own milestone.',
    ],
    audience: [
      'Companies that must report to funders, customers or authorities',
      'Laboratories that need study reports in a standard format',
      'Teams evaluating whether an idea is feasible',
      'Marketing teams that need a white paper a scientist would respect',
    ],
    deliverables: [
      'Technical and final project reports',
      'White papers and application notes',
      'Laboratory and test reports in your format',
      'Feasibility studies with recommendations',
    ],
    price: 'USD 800 – 5,000 per report',
    duration: '1 to 4 weeks',
    priceDrivers: 'Length, how much analysis the writer must do, and how many people review the drafts.',
    faq: [
      {
        id: 'analysis',
        question: 'Can the writer also analyse the data?',
        answer: 'Yes, if the analysis is part of the scope. Many report writers are statisticians or laboratory scientists themselves.',
      },
      {
        id: 'format',
        question: 'Which formats do you deliver?',
        answer: 'Word with tracked changes for review, and PDF for the final version, in your template if you have one.',
      },
      {
        id: 'funder-report',
        question: 'Can you write a report in a funder’s template?',
        answer: 'Yes. Share the template and the funder’s guidance, and the writer will follow them section by section.',
      },
    ],
    expertIds: ['lucas-moreau', 'jonas-becker', 'claire-dubois'],
    projectService: 'Scientific Report',
  },
  {
    slug: 'secondary-research',
    section: 'services',
    title: 'Secondary research',
    description: 'Market research, competitive intelligence, patent landscaping and industry analysis by researchers who know scientific sources and how to weigh them.',
    lead: 'What is already known about your market, your competitors and your technology, in one sourced report.',
    what: [
      'Secondary research collects and analyses what has already been published: scientific literature, clinical-trial registries, patents, company filings, market reports and regulatory databases. Researchers on SciExperts know where scientific and industry evidence lives and how reliable each source is.',
      'A project starts with the questions and the sources, agreed with you, and ends with a report in which every claim has a reference, so your team can check it and build on it.',
    ],
    audience: [
      'Business-development and strategy teams in science-based companies',
      'Founders sizing a market for an investor deck',
      'Product managers watching competitors’ pipelines',
      'Consultancies that need sector background quickly',
    ],
    deliverables: [
      'Market overview with size, growth, segments and drivers, with sources',
      'Competitor and pipeline profiles from registries, filings and publications',
      'Patent landscape with key applicants and trends',
      'An executive summary and a spreadsheet of the underlying data',
    ],
    price: 'USD 800 – 6,000 per project',
    duration: '1 to 4 weeks',
    priceDrivers: 'The breadth of the questions, the number of markets and competitors, and whether paid databases are needed.',
    faq: [
      {
        id: 'paid-reports',
        question: 'Do researchers buy market reports?',
        answer: 'Only with your approval. Paid reports and database access are quoted separately, and often the free sources are enough.',
      },
      {
        id: 'primary',
        question: 'Is primary research included?',
        answer: 'No; secondary research uses what is already published. If you also need interviews or surveys, add them as a separate milestone.',
      },
      {
        id: 'update-later',
        question: 'Can the report be updated later?',
        answer: 'Yes. The researcher documents the sources and searches, so an update in six months is a small project.',
      },
    ],
    expertIds: ['fatima-zahra', 'yuki-tanaka', 'nora-schmidt'],
    projectService: 'Secondary Research',
  },
  {
    slug: 'literature-search',
    section: 'services',
    title: 'Literature search and systematic reviews',
    description: 'Systematic and scoping reviews, database searches and evidence synthesis by methodologists who follow PRISMA and document every search string.',
    lead: 'A search you can reproduce and a synthesis you can defend.',
    what: [
      'Researchers and information specialists on SciExperts search PubMed, Embase, Web of Science, Scopus, CINAHL and the grey literature with documented strategies. They screen results against your criteria, extract the data and synthesise it in a systematic, scoping or rapid review.',
      'Reviews follow PRISMA 2020 and, where relevant, Cochrane methods; a protocol can be registered in PROSPERO or OSF before the search starts.',
    ],
    audience: [
      'Researchers preparing a systematic review or the background of a grant',
      'Medical-device and pharmaceutical teams needing state-of-the-art evidence',
      'Guideline groups and health-technology assessment teams',
      'Students and postdocs who need a methodologist on the team',
    ],
    deliverables: [
      'Review protocol and search strategies for each database',
      'Search results de-duplicated in your reference manager',
      'Screening records, PRISMA flow diagram and data-extraction tables',
      'Evidence synthesis or meta-analysis, and a manuscript draft',
    ],
    price: 'USD 400 – 15,000 per project',
    duration: '1 to 12 weeks',
    priceDrivers: 'A single documented search is at the lower end; a full systematic review with meta-analysis, screening in duplicate and a manuscript at the upper.',
    faq: [
      {
        id: 'databases',
        question: 'Do experts have access to subscription databases?',
        answer: 'Many do through their institution. If the search needs a database the expert cannot access, they will say so in the quote; your own access can be used too.',
      },
      {
        id: 'duplicate-screening',
        question: 'Can screening be done by two reviewers?',
        answer: 'Yes. The expert can bring a second reviewer, or screen in duplicate with someone from your team.',
      },
      {
        id: 'reference-manager',
        question: 'Which reference managers are supported?',
        answer: 'EndNote, Zotero, Mendeley and Covidence or Rayyan for screening; say which you use.',
      },
    ],
    expertIds: ['peter-lindqvist', 'fatima-zahra', 'samuel-adeyemi'],
    projectService: 'Literature Search',
  },
  {
    slug: 'scientific-editing',
    section: 'services',
    title: 'Scientific editing',
    description: 'Manuscript editing, proofreading, journal submission support and responses to reviewers by subject-matter editors with publishing experience.',
    lead: 'Editing by scientists who read your field’s journals, not just your grammar.',
    what: [
      'Scientific editors on SciExperts improve language, structure and argument. Language editing corrects English and style; substantive editing tightens the logic, the figures and the discussion; submission support formats the manuscript for the journal and prepares the cover letter.',
      'When the reviews arrive, an editor helps you answer them point by point, politely and completely, which is often what decides the second round.',
    ],
    audience: [
      'Researchers submitting to international journals',
      'Non-native English authors',
      'Research groups with a thesis or book to finish',
      'Companies publishing technical content under their name',
    ],
    deliverables: [
      'Edited manuscript with tracked changes and comments',
      'Clean copy formatted to the journal’s instructions',
      'Cover letter and journal-selection advice',
      'Point-by-point response to reviewers',
    ],
    price: 'USD 300 – 1,500 per manuscript',
    duration: '3 to 10 working days',
    priceDrivers: 'Word count and depth of editing. Proofreading costs least; substantive editing of a long manuscript with figures, most.',
    faq: [
      {
        id: 'levels',
        question: 'What is the difference between proofreading and editing?',
        answer: 'Proofreading fixes errors in a finished text. Editing also improves clarity, structure and flow, and the editor comments where the argument is unclear.',
      },
      {
        id: 'acceptance',
        question: 'Does editing guarantee acceptance?',
        answer: 'No one can promise that. Editing removes the language and presentation problems that lead to desk rejections, and a good response letter helps in review.',
      },
      {
        id: 'deadline',
        question: 'Can you work to a short deadline?',
        answer: 'Often within three working days for a standard article. Give the deadline when you post the project so only available editors propose.',
      },
    ],
    expertIds: ['sofia-almeida', 'jonas-becker', 'priya-raman'],
    projectService: 'Scientific Editing',
  },
];

export const contentPages: ContentPage[] = [...solutionPages, ...servicePages];

export function findContentPage(section: ContentSection, slug: string | undefined): ContentPage | undefined {
  return contentPages.find((page) => page.section === section && page.slug === slug);
}
