// The demo directory: about 200 experts that read like real scientists, generated combinatorially from the
// hand-written parts below with a fixed PRNG (the same people on every machine), with records and initials
// avatars stored as their own uploads. Marked as demo data (isDemo, @demo.sciexperts.test) and seeded only
// when SEED_DEMO is on. One transaction and one password hash for all of them keep the start fast.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Db } from './connect';
import type { Database } from './schema';
import { buildExpertDocument, insertExpertSearchRows } from '../modules/directory/searchIndex';

export const DEMO_EMAIL_DOMAIN = 'demo.sciexperts.test';
export const DEMO_DIRECTORY_SIZE = 200;
/** Every demo expert shares this password (they are sample data, not accounts anyone should use). */
export const DEMO_EXPERT_PASSWORD = 'Demo-Directory-Expert-2026!';

/** mulberry32: small, fast and fully deterministic. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Region {
  country: string;
  first: string[];
  last: string[];
  universities: string[];
  cities: string[];
}

const REGIONS: Region[] = [
  { country: 'DE', first: ['Katharina', 'Jonas', 'Miriam', 'Tobias', 'Annika', 'Florian'], last: ['Schneider', 'Hoffmann', 'Weber', 'Krüger', 'Brandt', 'Vogel'], universities: ['Heidelberg University', 'Technical University of Munich', 'University of Göttingen'], cities: ['Berlin', 'Munich', 'Hamburg'] },
  { country: 'GB', first: ['Eleanor', 'Oliver', 'Harriet', 'James', 'Imogen', 'Rhys'], last: ['Whitfield', 'Ashworth', 'Pritchard', 'Hughes', 'Caldwell', 'Osborne'], universities: ['University of Edinburgh', 'Imperial College London', 'University of Manchester'], cities: ['London', 'Cambridge', 'Leeds'] },
  { country: 'US', first: ['Megan', 'Daniel', 'Priya', 'Marcus', 'Rachel', 'Tyler'], last: ['Bennett', 'Morales', 'Patel', 'Sullivan', 'Reyes', 'Kowalski'], universities: ['University of Michigan', 'Johns Hopkins University', 'University of California, Davis'], cities: ['Boston', 'San Diego', 'Raleigh'] },
  { country: 'FR', first: ['Camille', 'Julien', 'Élodie', 'Mathieu', 'Claire', 'Antoine'], last: ['Lefèvre', 'Moreau', 'Girard', 'Fontaine', 'Rousseau', 'Chevalier'], universities: ['Sorbonne University', 'University of Lyon', 'Paris-Saclay University'], cities: ['Paris', 'Lyon', 'Toulouse'] },
  { country: 'IN', first: ['Ananya', 'Rohan', 'Kavya', 'Arjun', 'Meera', 'Vikram'], last: ['Iyer', 'Sharma', 'Reddy', 'Banerjee', 'Nair', 'Kulkarni'], universities: ['Indian Institute of Science', 'IIT Bombay', 'University of Hyderabad'], cities: ['Bengaluru', 'Pune', 'Hyderabad'] },
  { country: 'NL', first: ['Sanne', 'Daan', 'Femke', 'Joris', 'Lotte', 'Bram'], last: ['de Vries', 'Jansen', 'Bakker', 'Visser', 'van Dijk', 'Smit'], universities: ['Utrecht University', 'Wageningen University', 'Leiden University'], cities: ['Amsterdam', 'Utrecht', 'Leiden'] },
  { country: 'ES', first: ['Lucía', 'Javier', 'Marta', 'Sergio', 'Nuria', 'Pablo'], last: ['García', 'Martínez', 'Navarro', 'Ortega', 'Castillo', 'Romero'], universities: ['University of Barcelona', 'Complutense University of Madrid', 'University of Valencia'], cities: ['Madrid', 'Barcelona', 'Valencia'] },
  { country: 'IT', first: ['Giulia', 'Lorenzo', 'Chiara', 'Matteo', 'Francesca', 'Davide'], last: ['Rossi', 'Bianchi', 'Ferrari', 'Colombo', 'Ricci', 'Marino'], universities: ['University of Bologna', 'University of Padua', 'Sapienza University of Rome'], cities: ['Milan', 'Bologna', 'Turin'] },
  { country: 'SE', first: ['Elin', 'Oskar', 'Maja', 'Viktor', 'Ingrid', 'Axel'], last: ['Lindqvist', 'Andersson', 'Berg', 'Holm', 'Sjöberg', 'Nyström'], universities: ['Karolinska Institutet', 'Uppsala University', 'Lund University'], cities: ['Stockholm', 'Uppsala', 'Gothenburg'] },
  { country: 'CH', first: ['Lea', 'Nicolas', 'Seraina', 'Lukas', 'Noemi', 'Reto'], last: ['Meier', 'Keller', 'Brunner', 'Baumann', 'Gerber', 'Frei'], universities: ['ETH Zürich', 'University of Basel', 'EPFL'], cities: ['Basel', 'Zürich', 'Lausanne'] },
  { country: 'PL', first: ['Agnieszka', 'Piotr', 'Magdalena', 'Tomasz', 'Zofia', 'Marek'], last: ['Nowak', 'Wiśniewska', 'Zieliński', 'Kamińska', 'Lewandowski', 'Dąbrowska'], universities: ['Jagiellonian University', 'University of Warsaw', 'Wrocław Medical University'], cities: ['Kraków', 'Warsaw', 'Wrocław'] },
  { country: 'BR', first: ['Beatriz', 'Rafael', 'Larissa', 'Thiago', 'Camila', 'Gustavo'], last: ['Souza', 'Oliveira', 'Carvalho', 'Almeida', 'Ribeiro', 'Pereira'], universities: ['University of São Paulo', 'State University of Campinas', 'Federal University of Rio de Janeiro'], cities: ['São Paulo', 'Campinas', 'Porto Alegre'] },
  { country: 'CA', first: ['Chloé', 'Ethan', 'Sophie', 'Liam', 'Maya', 'Noah'], last: ['Tremblay', 'MacDonald', 'Gagnon', 'Campbell', 'Roy', 'Fraser'], universities: ['University of Toronto', 'McGill University', 'University of British Columbia'], cities: ['Toronto', 'Montréal', 'Vancouver'] },
  { country: 'AU', first: ['Isla', 'Lachlan', 'Matilda', 'Hamish', 'Zoe', 'Angus'], last: ['Mitchell', 'Thompson', 'Harrison', 'Clarke', 'Walsh', 'McKenzie'], universities: ['University of Melbourne', 'University of Queensland', 'Monash University'], cities: ['Melbourne', 'Brisbane', 'Sydney'] },
  { country: 'JP', first: ['Yuki', 'Haruto', 'Aiko', 'Kenji', 'Mei', 'Takumi'], last: ['Tanaka', 'Suzuki', 'Watanabe', 'Yamamoto', 'Nakamura', 'Kobayashi'], universities: ['University of Tokyo', 'Kyoto University', 'Osaka University'], cities: ['Tokyo', 'Osaka', 'Kyoto'] },
  { country: 'KR', first: ['Ji-woo', 'Min-jun', 'Seo-yeon', 'Hyun-woo', 'Ha-eun', 'Jae-won'], last: ['Kim', 'Park', 'Lee', 'Choi', 'Jung', 'Kang'], universities: ['Seoul National University', 'KAIST', 'Yonsei University'], cities: ['Seoul', 'Daejeon', 'Busan'] },
  { country: 'CN', first: ['Wei', 'Xiaoling', 'Hao', 'Yiting', 'Jun', 'Mingyu'], last: ['Zhang', 'Wang', 'Liu', 'Chen', 'Zhao', 'Huang'], universities: ['Peking University', 'Fudan University', 'Zhejiang University'], cities: ['Shanghai', 'Hangzhou', 'Beijing'] },
  { country: 'NG', first: ['Chiamaka', 'Emeka', 'Adaeze', 'Tunde', 'Ngozi', 'Segun'], last: ['Okafor', 'Adeyemi', 'Nwosu', 'Balogun', 'Eze', 'Okonkwo'], universities: ['University of Ibadan', 'University of Lagos', 'Obafemi Awolowo University'], cities: ['Lagos', 'Ibadan', 'Abuja'] },
  { country: 'KE', first: ['Wanjiru', 'Otieno', 'Akinyi', 'Kiprop', 'Njeri', 'Mwangi'], last: ['Kamau', 'Odhiambo', 'Mutua', 'Wekesa', 'Chebet', 'Karanja'], universities: ['University of Nairobi', 'Kenyatta University', 'Moi University'], cities: ['Nairobi', 'Kisumu', 'Eldoret'] },
  { country: 'ZA', first: ['Thandiwe', 'Pieter', 'Lerato', 'Johan', 'Naledi', 'Sipho'], last: ['Nkosi', 'van der Merwe', 'Dlamini', 'Botha', 'Mokoena', 'Naidoo'], universities: ['University of Cape Town', 'Stellenbosch University', 'University of the Witwatersrand'], cities: ['Cape Town', 'Johannesburg', 'Durban'] },
  { country: 'EG', first: ['Nour', 'Omar', 'Yasmin', 'Karim', 'Salma', 'Ahmed'], last: ['Hassan', 'Mansour', 'El-Sayed', 'Farouk', 'Abdelrahman', 'Saleh'], universities: ['Cairo University', 'Alexandria University', 'Ain Shams University'], cities: ['Cairo', 'Alexandria', 'Giza'] },
  { country: 'MX', first: ['Valeria', 'Diego', 'Fernanda', 'Alejandro', 'Ximena', 'Emiliano'], last: ['Hernández', 'López', 'Gutiérrez', 'Ramírez', 'Vázquez', 'Mendoza'], universities: ['National Autonomous University of Mexico', 'Monterrey Institute of Technology', 'University of Guadalajara'], cities: ['Mexico City', 'Monterrey', 'Guadalajara'] },
  { country: 'IE', first: ['Aoife', 'Cian', 'Siobhán', 'Declan', 'Niamh', 'Ronan'], last: ["O'Brien", 'Murphy', 'Byrne', 'Gallagher', 'Doyle', 'Kavanagh'], universities: ['Trinity College Dublin', 'University College Cork', 'University of Galway'], cities: ['Dublin', 'Cork', 'Galway'] },
  { country: 'DK', first: ['Freja', 'Mads', 'Ida', 'Rasmus', 'Astrid', 'Søren'], last: ['Jensen', 'Nielsen', 'Sørensen', 'Rasmussen', 'Kjær', 'Mortensen'], universities: ['University of Copenhagen', 'Aarhus University', 'Technical University of Denmark'], cities: ['Copenhagen', 'Aarhus', 'Odense'] },
  { country: 'PT', first: ['Inês', 'Tiago', 'Mariana', 'Duarte', 'Catarina', 'Rui'], last: ['Silva', 'Santos', 'Ferreira', 'Costa', 'Martins', 'Sousa'], universities: ['University of Lisbon', 'University of Porto', 'University of Coimbra'], cities: ['Lisbon', 'Porto', 'Coimbra'] },
  { country: 'SG', first: ['Hui Min', 'Wei Jie', 'Shu Ting', 'Jun Hao', 'Li Ying', 'Zhi Wei'], last: ['Tan', 'Lim', 'Ng', 'Goh', 'Teo', 'Ong'], universities: ['National University of Singapore', 'Nanyang Technological University'], cities: ['Singapore'] },
];

interface Field {
  /** [service, practice areas] of the catalogue; the first is the expert's main service. */
  services: Array<[string, string[]]>;
  headlines: string[];
  openings: string[];
  middles: string[];
  closings: string[];
  jobs: string[];
  employers: string[];
  degrees: Array<[string, string]>;
  certifications: Array<[string, string]>;
  fee: [number, number];
}

const FIELDS: Field[] = [
  {
    services: [['Statistical Analysis', ['Biostatistics', 'Clinical Trial Statistics', 'Bayesian Analysis']], ['Medical Writing', ['Clinical Study Reports']]],
    headlines: ['Biostatistician for phase I–III clinical trials', 'Clinical trial statistician: SAPs, interim analyses and DSMBs', 'Bayesian biostatistics for adaptive trial designs'],
    openings: ['I design and analyse clinical trials for pharmaceutical and biotech sponsors.', 'For over a decade I have written statistical analysis plans and led the analysis of randomised controlled trials.'],
    middles: ['My work covers sample-size calculations, mixed models for repeated measures, survival analysis and multiplicity control.', 'I have supported submissions to the FDA and EMA, including integrated summaries of efficacy and safety.', 'Adaptive designs, Bayesian borrowing from historical controls and estimands under ICH E9(R1) are a particular interest.'],
    closings: ['I work in R and SAS and deliver fully reproducible, validated code.', 'Sponsors value clear statistical reports that clinicians can read.'],
    jobs: ['Senior Biostatistician', 'Principal Statistician', 'Biostatistics Lead'],
    employers: ['Parexel', 'IQVIA', 'Novartis', 'a mid-sized CRO', 'the Medical Research Council Clinical Trials Unit'],
    degrees: [['Biostatistics', 'PhD'], ['Statistics', 'Master']],
    certifications: [['SAS Certified Clinical Trials Programmer', 'SAS Institute'], ['Accredited Professional Statistician (PStat)', 'American Statistical Association']],
    fee: [90, 180],
  },
  {
    services: [['Scientific Consulting', ['Research Strategy', 'Technology Assessment']], ['Scientific Report', ['Technical Reports']]],
    headlines: ['Medicinal chemist: hit-to-lead and lead optimisation', 'Medicinal chemistry consultant for small-molecule drug discovery', 'Synthetic and medicinal chemist with kinase inhibitor experience'],
    openings: ['I am a medicinal chemist with fifteen years in small-molecule drug discovery.', 'I help biotech start-ups turn screening hits into development candidates.'],
    middles: ['I design compounds guided by structure–activity relationships, ADME data and structure-based design.', 'My programmes have covered kinase inhibitors, GPCR ligands and covalent inhibitors.', 'I review synthetic routes, patentability and the developability of lead series.'],
    closings: ['I can work alongside your chemists or with a contract research organisation.', 'Expect candid assessments of where a series can and cannot go.'],
    jobs: ['Principal Scientist, Medicinal Chemistry', 'Senior Medicinal Chemist', 'Head of Chemistry'],
    employers: ['AstraZeneca', 'a venture-backed biotech', 'Evotec', 'Sanofi', 'WuXi AppTec'],
    degrees: [['Organic Chemistry', 'PhD'], ['Chemistry', 'Master']],
    certifications: [['Chartered Chemist (CChem)', 'Royal Society of Chemistry']],
    fee: [110, 220],
  },
  {
    services: [['Food Science and Technology', ['Product Formulation', 'Shelf-Life Studies', 'Sensory Evaluation']]],
    headlines: ['Food scientist: formulation and shelf-life of plant-based products', 'Food technologist for dairy and dairy-alternative formulation', 'Sensory science and shelf-life studies for food brands'],
    openings: ['I develop and reformulate food products from bench to pilot plant.', 'As a food scientist I help brands bring stable, good-tasting products to market.'],
    middles: ['Recent projects include plant-based cheese, high-protein snacks and sugar reduction in beverages.', 'I plan accelerated shelf-life studies and interpret microbiological and sensory results.', 'I run trained sensory panels and consumer tests and translate them into formulation changes.'],
    closings: ['I am used to working with co-manufacturers and ingredient suppliers.', 'I write specifications your production team can follow.'],
    jobs: ['Senior Food Technologist', 'Product Development Manager', 'Sensory Scientist'],
    employers: ['Nestlé', 'Oatly', 'Danone', 'a private-label manufacturer', 'Campden BRI'],
    degrees: [['Food Science', 'Master'], ['Food Technology', 'PhD']],
    certifications: [['Certified Food Scientist', 'Institute of Food Technologists'], ['HACCP Level 4', 'Royal Society for Public Health']],
    fee: [60, 130],
  },
  {
    services: [['Food Science and Technology', ['Food Safety and HACCP', 'Nutrition Labeling']], ['Scientific Consulting', ['Regulatory Affairs']]],
    headlines: ['Food safety consultant: HACCP, BRCGS and FSSC 22000', 'Food regulatory and labelling specialist for EU and UK markets'],
    openings: ['I help food manufacturers build food safety systems that pass audits.', 'I advise food businesses on regulatory compliance and labelling.'],
    middles: ['I write and validate HACCP plans, run internal audits and prepare sites for certification.', 'I check nutrition declarations, allergen labelling and health claims against the regulations.', 'Novel food applications and botanical ingredients are a recurring part of my work.'],
    closings: ['I explain requirements in plain language to production teams.', 'Clients call me when an audit is close or a recall is possible.'],
    jobs: ['Food Safety Manager', 'Regulatory Affairs Specialist', 'Technical Manager'],
    employers: ['SGS', 'Bureau Veritas', 'a national bakery group', 'Mondelēz International'],
    degrees: [['Food Safety and Quality', 'Master'], ['Microbiology', 'Bachelor']],
    certifications: [['Lead Auditor FSSC 22000', 'Foundation FSSC'], ['BRCGS Professional', 'BRCGS']],
    fee: [55, 120],
  },
  {
    services: [['Medical Writing', ['Regulatory Submissions', 'Clinical Study Reports']], ['Clinical Evaluation Report', ['EU MDR Compliance', 'Literature Appraisal']]],
    headlines: ['Regulatory medical writer: CSRs, IBs and CTD Module 2', 'Regulatory writing for drug and device submissions', 'Medical writer for clinical evaluation reports under EU MDR'],
    openings: ['I write regulatory documents for pharmaceutical and medical-device companies.', 'I am a regulatory medical writer with experience across the whole clinical development cycle.'],
    middles: ['I have authored clinical study reports, investigator brochures, protocols and CTD summaries.', 'For device manufacturers I write clinical evaluation plans and reports that satisfy notified bodies.', 'I am comfortable leading review cycles with clinical, statistical and regulatory colleagues.'],
    closings: ['Documents arrive on time, consistent with the templates and style guide you use.', 'I follow ICH E3 and the MDCG guidance closely.'],
    jobs: ['Principal Medical Writer', 'Regulatory Writing Manager', 'Senior Medical Writer'],
    employers: ['Syneos Health', 'Roche', 'a medical-device start-up', 'Certara', 'ICON plc'],
    degrees: [['Pharmacology', 'PhD'], ['Biomedical Sciences', 'Master']],
    certifications: [['Regulatory Affairs Certification (RAC)', 'Regulatory Affairs Professionals Society'], ['EMWA Professional Development Programme Certificate', 'European Medical Writers Association']],
    fee: [80, 160],
  },
  {
    services: [['Data Science', ['Machine Learning', 'Big Data Analytics']], ['Secondary Research', ['Desk Research']]],
    headlines: ['Bioinformatician: RNA-seq, single-cell and multi-omics analysis', 'Computational biologist for genomics and variant interpretation', 'Bioinformatics pipelines and machine learning for omics data'],
    openings: ['I analyse sequencing data for academic labs and biotech companies.', 'I am a bioinformatician who builds reproducible pipelines for genomics and transcriptomics.'],
    middles: ['My work spans bulk and single-cell RNA-seq, whole-genome sequencing, variant calling and pathway analysis.', 'I build Nextflow and Snakemake pipelines that run on HPC clusters and in the cloud.', 'I apply machine learning to multi-omics data to find biomarkers and patient subgroups.'],
    closings: ['Every analysis comes with documented code and figures ready for publication.', 'I enjoy explaining results to biologists and clinicians.'],
    jobs: ['Senior Bioinformatician', 'Computational Biologist', 'Bioinformatics Core Lead'],
    employers: ['the Wellcome Sanger Institute', 'Illumina', 'a precision-oncology start-up', 'EMBL-EBI', 'the Broad Institute'],
    degrees: [['Bioinformatics', 'PhD'], ['Computational Biology', 'Master']],
    certifications: [['AWS Certified Solutions Architect – Associate', 'Amazon Web Services']],
    fee: [75, 170],
  },
  {
    services: [['Scientific Consulting', ['Technology Assessment', 'Laboratory Setup']], ['Scientific Report', ['Technical Reports', 'Feasibility Studies']]],
    headlines: ['Materials scientist: polymers, composites and failure analysis', 'Materials characterisation expert (SEM, XRD, DSC)', 'Battery materials and electrochemistry consultant'],
    openings: ['I am a materials scientist working between research and manufacturing.', 'I help engineering teams choose, test and qualify materials.'],
    middles: ['I characterise materials with electron microscopy, X-ray diffraction and thermal analysis.', 'Failure analysis of polymer and composite parts is a large part of my consulting.', 'I have worked on cathode materials, solid electrolytes and cell degradation in lithium-ion batteries.'],
    closings: ['My reports state what was measured, what it means and what to do next.', 'I can set up test methods in your lab or work with accredited partners.'],
    jobs: ['Senior Materials Scientist', 'Principal Engineer, Materials', 'Research Scientist, Battery Materials'],
    employers: ['Fraunhofer', 'BASF', 'Umicore', 'an aerospace supplier', 'Johnson Matthey'],
    degrees: [['Materials Science', 'PhD'], ['Materials Engineering', 'Master']],
    certifications: [['Chartered Engineer (CEng)', 'Institute of Materials, Minerals and Mining']],
    fee: [85, 190],
  },
  {
    services: [['Statistical Analysis', ['Survey Analysis', 'Meta-Analysis']], ['Literature Search', ['Systematic Reviews', 'Evidence Synthesis']]],
    headlines: ['Epidemiologist: observational studies and real-world evidence', 'Infectious disease epidemiologist and modeller', 'Pharmacoepidemiology and real-world data analysis'],
    openings: ['I am an epidemiologist designing and analysing observational studies.', 'I work with health agencies and industry on questions that trials cannot answer.'],
    middles: ['I analyse registries, claims data and electronic health records with propensity scores and target trial emulation.', 'I have built transmission models for respiratory infections and vaccine impact.', 'Systematic reviews and meta-analyses following PRISMA are part of most of my projects.'],
    closings: ['I write protocols that survive peer review and ethics committees.', 'I report uncertainty honestly and in plain language.'],
    jobs: ['Senior Epidemiologist', 'Pharmacoepidemiologist', 'Research Fellow in Epidemiology'],
    employers: ['a national public health institute', 'the London School of Hygiene & Tropical Medicine', 'Pfizer', 'IQVIA Real World Solutions'],
    degrees: [['Epidemiology', 'PhD'], ['Public Health', 'Master']],
    certifications: [['Certified in Public Health (CPH)', 'National Board of Public Health Examiners']],
    fee: [70, 160],
  },
  {
    services: [['Data Science', ['Predictive Modeling', 'Natural Language Processing', 'Data Visualization']]],
    headlines: ['Data scientist for laboratory and manufacturing data', 'Machine learning engineer for scientific text and literature mining', 'Data scientist: predictive models for R&D decisions'],
    openings: ['I build predictive models and dashboards for scientific and industrial teams.', 'I turn messy experimental data into models people can trust.'],
    middles: ['I have built models for process yield, assay quality and equipment failure.', 'I use natural language processing to extract entities and relations from papers and patents.', 'I design dashboards that scientists actually open, in Python, R Shiny or Power BI.'],
    closings: ['I document models, their limits and how to retrain them.', 'I prefer simple, interpretable models unless the data say otherwise.'],
    jobs: ['Senior Data Scientist', 'Machine Learning Engineer', 'Lead Data Scientist'],
    employers: ['Bayer', 'Siemens Healthineers', 'a contract manufacturer', 'Elsevier', 'Thermo Fisher Scientific'],
    degrees: [['Computer Science', 'Master'], ['Physics', 'PhD']],
    certifications: [['TensorFlow Developer Certificate', 'Google'], ['Microsoft Certified: Azure Data Scientist Associate', 'Microsoft']],
    fee: [80, 200],
  },
  {
    services: [['Scientific Editing', ['Manuscript Editing', 'Response to Reviewers', 'Journal Submission Support']], ['Medical Writing', ['Manuscript Writing']]],
    headlines: ['Scientific editor for life-science manuscripts and grants', 'Former journal editor: manuscripts, rebuttals and cover letters', 'Developmental editor for biomedical research papers'],
    openings: ['I edit research papers so that reviewers read the science, not the language.', 'I spent eight years as an editor at a life-science journal and now work with authors directly.'],
    middles: ['I edit for structure, argument and clarity as well as grammar and style.', 'I help authors answer reviewers point by point and choose the right journal.', 'Many of my clients are researchers writing in English as a second language.'],
    closings: ['Turnaround is usually three to five working days.', 'I work in tracked changes with comments that explain each suggestion.'],
    jobs: ['Senior Scientific Editor', 'Associate Editor', 'Manuscript Editor'],
    employers: ['Springer Nature', 'PLOS', 'Cell Press', 'an academic editing service'],
    degrees: [['Molecular Biology', 'PhD'], ['English Literature', 'Bachelor']],
    certifications: [['Board of Editors in the Life Sciences (ELS)', 'BELS']],
    fee: [45, 110],
  },
  {
    services: [['Literature Search', ['Systematic Reviews', 'Database Searching', 'Scoping Reviews']], ['Secondary Research', ['Desk Research']]],
    headlines: ['Information specialist: systematic literature searches', 'Systematic and scoping reviews for HTA and guidelines'],
    openings: ['I design literature searches for systematic reviews, HTA submissions and guidelines.', 'I am an information specialist with a background in health sciences librarianship.'],
    middles: ['I build search strategies for MEDLINE, Embase, CINAHL and the Cochrane Library, with PRISMA-S reporting.', 'I screen, extract and appraise studies and manage references for review teams.', 'I run living reviews that update as new evidence appears.'],
    closings: ['Every search is documented so that it can be re-run and peer reviewed.', 'I work with your reviewers from protocol to final report.'],
    jobs: ['Information Specialist', 'Systematic Review Methodologist', 'Research Librarian'],
    employers: ['Cochrane', 'a university medical library', 'NICE', 'an HTA consultancy'],
    degrees: [['Information Science', 'Master'], ['Health Sciences', 'Bachelor']],
    certifications: [['Systematic Review Methods Certificate', 'Cochrane Training']],
    fee: [50, 120],
  },
  {
    services: [['Secondary Research', ['Market Research', 'Competitive Intelligence', 'Patent Landscaping']], ['Scientific Report', ['White Papers']]],
    headlines: ['Competitive intelligence and patent landscapes for life sciences', 'Market and technology scouting for R&D and business development'],
    openings: ['I answer the strategic questions R&D and business development teams ask before they invest.', 'I map markets, competitors and patents in pharma, biotech and medtech.'],
    middles: ['I build pipeline trackers, competitor profiles and patent landscapes.', 'I interview key opinion leaders and summarise what the literature and trial registries show.', 'My white papers combine market data with a scientist’s reading of the evidence.'],
    closings: ['Deliverables are short, sourced and decision-ready.', 'I keep client questions strictly confidential.'],
    jobs: ['Competitive Intelligence Manager', 'Senior Analyst, Life Sciences', 'Technology Scout'],
    employers: ['Clarivate', 'GlobalData', 'a strategy consultancy', 'Merck KGaA'],
    degrees: [['Biochemistry', 'PhD'], ['Business Administration', 'Master']],
    certifications: [['Certified Patent Information Professional', 'Patent Information Users Group']],
    fee: [70, 170],
  },
  {
    services: [['Clinical Evaluation Report', ['Post-Market Surveillance', 'Equivalence Assessment', 'Risk-Benefit Analysis']], ['Scientific Consulting', ['Regulatory Affairs']]],
    headlines: ['Medical device regulatory consultant: CERs, PMS and PMCF', 'Clinical evaluation specialist for class II and III devices'],
    openings: ['I help device manufacturers build the clinical evidence that the EU MDR demands.', 'I am a clinical evaluation specialist with a background in biomedical engineering.'],
    middles: ['I write clinical evaluation reports, post-market surveillance plans and PMCF studies.', 'I assess equivalence, appraise the literature and argue the benefit–risk balance.', 'I have prepared technical documentation for notified-body reviews across orthopaedic and cardiovascular devices.'],
    closings: ['I can take a CER from gap analysis to submission.', 'Notified-body questions are answered promptly and with evidence.'],
    jobs: ['Clinical Evaluation Specialist', 'Regulatory Affairs Manager, Devices', 'Senior Clinical Scientist'],
    employers: ['Medtronic', 'TÜV SÜD', 'a cardiovascular device start-up', 'Smith & Nephew'],
    degrees: [['Biomedical Engineering', 'PhD'], ['Medical Physics', 'Master']],
    certifications: [['ISO 13485 Lead Auditor', 'BSI'], ['Regulatory Affairs Certification (RAC) Devices', 'Regulatory Affairs Professionals Society']],
    fee: [90, 190],
  },
  {
    services: [['Scientific Consulting', ['Grant Writing Support', 'Research Strategy']], ['Scientific Editing', ['Proofreading']]],
    headlines: ['Grant writer for Horizon Europe and NIH applications', 'Research strategy and funding applications for academic groups'],
    openings: ['I help research groups and companies win competitive funding.', 'I have written or edited more than sixty funded grant applications.'],
    middles: ['I shape the research question, the work plan and the impact case with the scientific team.', 'I know the evaluation criteria of Horizon Europe, ERC, NIH and national funders.', 'I coordinate consortium partners and keep the proposal consistent across sections.'],
    closings: ['I start with a frank assessment of the idea’s fit for the call.', 'I like working with early-career researchers on their first large grant.'],
    jobs: ['Research Funding Manager', 'Grant Writer', 'EU Project Officer'],
    employers: ['a university research office', 'a Max Planck Institute', 'a science consultancy'],
    degrees: [['Neuroscience', 'PhD'], ['Cell Biology', 'PhD']],
    certifications: [['Certified Research Administrator (CRA)', 'Research Administrators Certification Council']],
    fee: [60, 140],
  },
  {
    services: [['Scientific Report', ['Laboratory Reports', 'Technical Reports']], ['Scientific Consulting', ['Laboratory Setup']]],
    headlines: ['Analytical chemist: method development and validation (HPLC, LC-MS)', 'Environmental chemist for water, soil and air analysis'],
    openings: ['I develop and validate analytical methods for regulated laboratories.', 'I am an analytical chemist with experience in pharmaceutical and environmental testing.'],
    middles: ['I develop HPLC, GC and LC-MS/MS methods and validate them to ICH Q2.', 'I investigate out-of-specification results and write the reports auditors ask for.', 'I have measured trace contaminants, PFAS and pesticides in environmental samples.'],
    closings: ['I can set up a laboratory from equipment selection to accreditation.', 'Reports are written to GLP and GMP expectations.'],
    jobs: ['Senior Analytical Chemist', 'Laboratory Manager', 'Method Development Scientist'],
    employers: ['Eurofins', 'Merck', 'a contract testing laboratory', 'Agilent Technologies'],
    degrees: [['Analytical Chemistry', 'PhD'], ['Chemistry', 'Master']],
    certifications: [['GMP Auditor', 'ECA Academy']],
    fee: [65, 150],
  },
  {
    services: [['Medical Writing', ['Patient Education Materials', 'Continuing Medical Education', 'Manuscript Writing']]],
    headlines: ['Medical writer for patient materials and CME', 'Health writer: plain-language summaries and patient information'],
    openings: ['I write about medicine for patients, clinicians and the public.', 'I am a physician turned medical writer.'],
    middles: ['I write plain-language summaries of trial results and patient information leaflets.', 'I develop accredited continuing medical education modules with faculty experts.', 'I draft manuscripts and congress abstracts following GPP guidelines.'],
    closings: ['Readability testing is part of every patient-facing piece.', 'I keep the science exact while making it easy to read.'],
    jobs: ['Medical Writer', 'Medical Communications Manager', 'Scientific Content Lead'],
    employers: ['a medical communications agency', 'Ogilvy Health', 'a patient advocacy organisation'],
    degrees: [['Medicine', 'MD'], ['Science Communication', 'Master']],
    certifications: [['Certified Medical Publication Professional (CMPP)', 'ISMPP']],
    fee: [55, 130],
  },
];

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

function pickSome<T>(rand: () => number, list: readonly T[], min: number, max: number): T[] {
  const copy = [...list];
  const count = Math.min(copy.length, min + Math.floor(rand() * (max - min + 1)));
  const out: T[] = [];
  while (out.length < count) out.push(copy.splice(Math.floor(rand() * copy.length), 1)[0]!);
  return out;
}

const ym = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

export interface DemoExpert {
  email: string;
  firstName: string;
  lastName: string;
  headline: string;
  profileSummary: string;
  hourlyFee: number | null;
  country: string;
  services: Array<[string, string[]]>;
  jobs: Array<{ companyName: string; jobTitle: string; employmentType: string; currentlyWorking: boolean; description: string | null; startTime: string; endTime: string | null }>;
  educations: Array<{ institutionName: string; degreeTitle: string; degreeType: string; startTime: string; endTime: string }>;
  certifications: Array<{ certificationName: string; issuingOrganization: string; isExpire: boolean; startTime: string; endTime: string | null }>;
  createdAt: string;
}

/**
 * The same `count` experts for the same seed, every time. Names are unique unless `uniqueNames` is false (the
 * benchmark's 100,000 repeat names; their e-mails carry a number instead).
 */
export function generateDemoExperts(count = DEMO_DIRECTORY_SIZE, seed = 20_261_123, { uniqueNames = true } = {}): DemoExpert[] {
  const rand = prng(seed);
  const experts: DemoExpert[] = [];
  const used = new Set<string>();
  for (let i = 0; experts.length < count && i < count * 20 + 1000; i++) {
    const region = REGIONS[i % REGIONS.length]!;
    const field = FIELDS[Math.floor(rand() * FIELDS.length)]!;
    const firstName = pick(rand, region.first);
    const lastName = pick(rand, region.last);
    const key = `${firstName} ${lastName}`;
    if (uniqueNames && used.has(key)) continue;
    used.add(key);
    const years = 6 + Math.floor(rand() * 20);
    const summary = [pick(rand, field.openings), ...pickSome(rand, field.middles, 1, 2), pick(rand, field.closings)].join(' ');
    const [serviceMain, ...others] = field.services;
    const services: Array<[string, string[]]> = [[serviceMain![0], pickSome(rand, serviceMain![1], 1, serviceMain![1].length)]];
    for (const other of others) if (rand() < 0.6) services.push([other[0], pickSome(rand, other[1], 1, other[1].length)]);
    const now = 2026;
    const start = now - years;
    const jobTitle = pick(rand, field.jobs);
    const jobs: DemoExpert['jobs'] = [
      { companyName: pick(rand, field.employers), jobTitle, employmentType: rand() < 0.4 ? 'Self-employed' : 'Full time', currentlyWorking: true, description: `${pick(rand, field.middles)}`, startTime: ym(start + Math.floor(years / 2), 1 + Math.floor(rand() * 12)), endTime: null },
    ];
    if (rand() < 0.7) {
      jobs.push({ companyName: pick(rand, field.employers), jobTitle: pick(rand, field.jobs).replace(/^(Senior|Principal|Lead|Head of) /, ''), employmentType: 'Full time', currentlyWorking: false, description: null, startTime: ym(start, 1 + Math.floor(rand() * 12)), endTime: ym(start + Math.floor(years / 2) - 1, 1 + Math.floor(rand() * 12)) });
    }
    const [degreeTitle, degreeType] = pick(rand, field.degrees);
    const educations: DemoExpert['educations'] = [{ institutionName: pick(rand, region.universities), degreeTitle, degreeType, startTime: ym(start - 5, 9), endTime: ym(start - 1, 7) }];
    const certifications: DemoExpert['certifications'] = [];
    if (rand() < 0.65) {
      const [certificationName, issuingOrganization] = pick(rand, field.certifications);
      const certYear = start + 1 + Math.floor(rand() * (years - 1));
      const lasting = rand() < 0.5;
      certifications.push({ certificationName, issuingOrganization, isExpire: lasting, startTime: ym(certYear, 1 + Math.floor(rand() * 12)), endTime: lasting ? null : ym(certYear + 3, 12) });
    }
    const [low, high] = field.fee;
    const hourlyFee = rand() < 0.08 ? null : Math.round((low + rand() * (high - low)) / 5) * 5;
    const slug = `${firstName}.${lastName}`.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9.]+/g, '-');
    experts.push({
      email: uniqueNames ? `${slug}@${DEMO_EMAIL_DOMAIN}` : `${slug}.${experts.length + 1}@${DEMO_EMAIL_DOMAIN}`,
      firstName,
      lastName,
      headline: pick(rand, field.headlines),
      profileSummary: `${summary} Based in ${pick(rand, region.cities)}, with ${years} years of experience.`,
      hourlyFee,
      country: region.country,
      services,
      jobs,
      educations,
      certifications,
      createdAt: new Date(Date.UTC(2025, 0, 1) + Math.floor(rand() * 300) * 86_400_000).toISOString(),
    });
  }
  return experts;
}

// --- Avatars: a 128 px PNG with the initials, drawn from a 5×7 pixel font (no image library needed). ---

const GLYPHS: Record<string, string[]> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'], B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01111', '10000', '10000', '10000', '10000', '10000', '01111'], D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'], F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  G: ['01111', '10000', '10000', '10011', '10001', '10001', '01111'], H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  I: ['11111', '00100', '00100', '00100', '00100', '00100', '11111'], J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'], L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'], N: ['10001', '11001', '10101', '10011', '10001', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'], P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  Q: ['01110', '10001', '10001', '10001', '10101', '10010', '01101'], R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'], T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'], V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'], X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'], Z: ['11111', '00001', '00010', '00100', '01000', '10000', '11111'],
};

const PALETTE: Array<[number, number, number]> = [
  [31, 78, 121], [46, 125, 50], [123, 31, 162], [183, 28, 28], [0, 105, 92], [69, 90, 100], [173, 20, 87], [56, 80, 158], [191, 54, 12], [40, 53, 147],
];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const initialOf = (name: string) => {
  const letter = name.normalize('NFKD').replace(/[^A-Za-z]/g, '').charAt(0).toUpperCase();
  return GLYPHS[letter] ? letter : 'X';
};

/** Drawn avatars by initials and colour: 200 demo experts share far fewer pairs, and every seeding (each test app's, each start's) asks again. */
const drawnAvatars = new Map<string, Buffer>();

/** A 128×128 RGB PNG: a coloured disc on white with the two initials in white. */
export function initialsAvatar(firstName: string, lastName: string, colourIndex: number): Buffer {
  const letters: [string, string] = [initialOf(firstName), initialOf(lastName)];
  const colour = colourIndex % PALETTE.length;
  const key = `${letters[0]}${letters[1]}${colour}`;
  let png = drawnAvatars.get(key);
  if (!png) {
    png = drawAvatar(letters, PALETTE[colour]!);
    drawnAvatars.set(key, png);
  }
  return png;
}

function drawAvatar(letters: readonly [string, string], [r, g, b]: [number, number, number]): Buffer {
  const size = 128;
  const scale = 6;
  const textWidth = (5 * 2 + 2) * scale;
  const left = (size - textWidth) / 2;
  const top = (size - 7 * scale) / 2;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const dx = x - size / 2 + 0.5;
      const dy = y - size / 2 + 0.5;
      let white = dx * dx + dy * dy > (size / 2) * (size / 2);
      const gx = Math.floor((x - left) / scale);
      const gy = Math.floor((y - top) / scale);
      if (!white && gy >= 0 && gy < 7 && x >= left) {
        const letter = gx < 5 ? letters[0] : gx >= 7 && gx < 12 ? letters[1] : null;
        const col = gx < 5 ? gx : gx - 7;
        white = letter !== null && GLYPHS[letter]![gy]![col] === '1';
      }
      const at = row + 1 + x * 3;
      raw[at] = white ? 255 : r;
      raw[at + 1] = white ? 255 : g;
      raw[at + 2] = white ? 255 : b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A stable upload name (the uploads' uuid.png shape) per demo e-mail, so a re-seed finds the same file. */
function avatarFileName(email: string): string {
  const h = createHash('sha256').update(`demo-avatar:${email}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}.png`;
}

export interface DemoDirectoryOptions {
  uploadsDir: string;
  publicUrl: string;
  passwordHash: () => Promise<string>;
  count?: number;
}

/** Inserts the demo experts that are missing (all in one transaction); returns how many were added. */
export async function seedDemoDirectory(db: Db, options: DemoDirectoryOptions): Promise<number> {
  const experts = generateDemoExperts(options.count ?? DEMO_DIRECTORY_SIZE);
  const existing = new Set(
    (await db.kysely.selectFrom('users').select('email').where('email', 'like', `%@${DEMO_EMAIL_DOMAIN}`).execute()).map((r) => r.email),
  );
  const missing = experts.filter((x) => !existing.has(x.email));
  if (missing.length === 0) return 0;
  const passwordHash = await options.passwordHash();
  mkdirSync(options.uploadsDir, { recursive: true });
  const avatars = missing.map((x, index) => {
    const fileName = avatarFileName(x.email);
    const file = path.join(options.uploadsDir, fileName);
    if (!existsSync(file)) writeFileSync(file, initialsAvatar(x.firstName, x.lastName, index), { mode: 0o644 });
    return fileName;
  });
  await db.kysely.transaction().execute((trx) => insertExperts(trx, db.dialect, missing, { passwordHash, avatars, publicUrl: options.publicUrl }));
  return missing.length;
}

const chunks = <T>(list: T[], size: number): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/**
 * Bulk insert of complete expert profiles with their index entries, a few statements per 500 experts (the seed and
 * the search benchmark). Run it inside a transaction. `avatars[i]`, when given, is expert i's own upload.
 */
export async function insertExperts(trx: Kysely<Database>, dialect: Db['dialect'], experts: DemoExpert[], options: { passwordHash: string | null; avatars?: string[]; publicUrl: string }): Promise<number[]> {
  const catalogue = await trx.selectFrom('services').select(['id', 'name']).execute();
  const areas = await trx.selectFrom('practiceAreas').select(['id', 'name', 'serviceId']).execute();
  const serviceId = new Map(catalogue.map((s) => [s.name, s.id]));
  const areaId = new Map(areas.map((a) => [`${a.serviceId}:${a.name}`, a.id]));
  const allIds: number[] = [];
  for (const [chunkIndex, batch] of chunks(experts, 500).entries()) {
    const offset = chunkIndex * 500;
    const inserted = await trx
      .insertInto('users')
      .values(
        batch.map((x, i) => {
          const avatar = options.avatars?.[offset + i];
          return {
            email: x.email,
            passwordHash: options.passwordHash,
            firstName: x.firstName,
            lastName: x.lastName,
            headline: x.headline,
            profileSummary: x.profileSummary,
            hourlyFee: x.hourlyFee,
            phoneNumber: null,
            profImgUrl: avatar ? `${options.publicUrl}/uploads/${avatar}` : null,
            isProfilePublic: 1,
            authProvider: 'password' as const,
            createdAt: x.createdAt,
            emailVerifiedAt: x.createdAt,
            country: x.country,
            isDemo: 1,
          };
        }),
      )
      .returning(['id', 'email'])
      .execute();
    const idOf = new Map(inserted.map((r) => [r.email, r.id]));
    const ids = batch.map((x) => idOf.get(x.email)!);
    allIds.push(...ids);
    const uploads = batch.flatMap((x, i) => {
      const avatar = options.avatars?.[offset + i];
      return avatar ? [{ fileName: avatar, ownerId: ids[i]!, createdAt: x.createdAt }] : [];
    });
    if (uploads.length > 0) await trx.insertInto('uploads').values(uploads).execute();
    const offeredRows = batch.flatMap((x, i) => x.services.flatMap(([name]) => (serviceId.has(name) ? [{ userId: ids[i]!, serviceId: serviceId.get(name)!, createdAt: x.createdAt }] : [])));
    const offered = offeredRows.length > 0 ? await trx.insertInto('offeredServices').values(offeredRows).returning(['id', 'userId', 'serviceId']).execute() : [];
    const offeredId = new Map(offered.map((o) => [`${o.userId}:${o.serviceId}`, o.id]));
    const areaRows = batch.flatMap((x, i) =>
      x.services.flatMap(([name, areaNames]) => {
        const sid = serviceId.get(name);
        const oid = sid === undefined ? undefined : offeredId.get(`${ids[i]!}:${sid}`);
        if (oid === undefined) return [];
        return areaNames.flatMap((a) => {
          const practiceAreaId = areaId.get(`${sid}:${a}`);
          return practiceAreaId === undefined ? [] : [{ offeredServiceId: oid, practiceAreaId }];
        });
      }),
    );
    for (const part of chunks(areaRows, 2000)) await trx.insertInto('offeredPracticeAreas').values(part).execute();
    const jobs = batch.flatMap((x, i) => x.jobs.map((j) => ({ ...j, userId: ids[i]!, currentlyWorking: j.currentlyWorking ? 1 : 0 })));
    for (const part of chunks(jobs, 1000)) await trx.insertInto('workExperiences').values(part).execute();
    const educations = batch.flatMap((x, i) => x.educations.map((e) => ({ ...e, userId: ids[i]!, currentlyStudying: 0, description: null })));
    for (const part of chunks(educations, 1000)) await trx.insertInto('educations').values(part).execute();
    const certifications = batch.flatMap((x, i) => x.certifications.map((c) => ({ ...c, userId: ids[i]!, isExpire: c.isExpire ? 1 : 0, certificationUrl: null })));
    for (const part of chunks(certifications, 1000)) await trx.insertInto('certifications').values(part).execute();
    await insertExpertSearchRows(
      trx,
      dialect,
      batch.map((x, i) => ({
        userId: ids[i]!,
        doc: buildExpertDocument({
          firstName: x.firstName,
          lastName: x.lastName,
          headline: x.headline,
          summary: x.profileSummary,
          hourlyFee: x.hourlyFee,
          hasPhoto: Boolean(options.avatars?.[offset + i]),
          country: x.country,
          services: x.services.map(([name]) => name),
          areas: x.services.flatMap(([, names]) => names),
          serviceIds: x.services.flatMap(([name]) => (serviceId.has(name) ? [serviceId.get(name)!] : [])),
          areaIds: x.services.flatMap(([name, names]) => names.flatMap((a) => (areaId.has(`${serviceId.get(name)}:${a}`) ? [areaId.get(`${serviceId.get(name)}:${a}`)!] : []))),
          jobTitles: x.jobs.map((j) => j.jobTitle),
          educations: x.educations.length,
          certifications: x.certifications.map((c) => c.certificationName),
        }),
      })),
    );
  }
  return allIds;
}
