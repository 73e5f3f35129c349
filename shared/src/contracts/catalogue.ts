// The service catalogue of the how-it-works page, with the practice areas experts choose from. The server seeds
// it into the database; the directory's filters offer it to visitors, who cannot call the signed-in catalogue API.
export const SERVICE_CATALOGUE = [
  { name: 'Data Science', practiceAreas: ['Machine Learning', 'Predictive Modeling', 'Data Visualization', 'Natural Language Processing', 'Big Data Analytics'] },
  { name: 'Scientific Consulting', practiceAreas: ['Research Strategy', 'Grant Writing Support', 'Regulatory Affairs', 'Technology Assessment', 'Laboratory Setup'] },
  { name: 'Statistical Analysis', practiceAreas: ['Biostatistics', 'Survey Analysis', 'Clinical Trial Statistics', 'Bayesian Analysis', 'Meta-Analysis'] },
  { name: 'Food Science and Technology', practiceAreas: ['Product Formulation', 'Food Safety and HACCP', 'Shelf-Life Studies', 'Sensory Evaluation', 'Nutrition Labeling'] },
  { name: 'Medical Writing', practiceAreas: ['Clinical Study Reports', 'Regulatory Submissions', 'Manuscript Writing', 'Patient Education Materials', 'Continuing Medical Education'] },
  { name: 'Clinical Evaluation Report', practiceAreas: ['EU MDR Compliance', 'Literature Appraisal', 'Post-Market Surveillance', 'Equivalence Assessment', 'Risk-Benefit Analysis'] },
  { name: 'Scientific Report', practiceAreas: ['Technical Reports', 'White Papers', 'Laboratory Reports', 'Feasibility Studies'] },
  { name: 'Secondary Research', practiceAreas: ['Market Research', 'Competitive Intelligence', 'Patent Landscaping', 'Desk Research', 'Industry Analysis'] },
  { name: 'Literature Search', practiceAreas: ['Systematic Reviews', 'Scoping Reviews', 'Database Searching', 'Reference Management', 'Evidence Synthesis'] },
  { name: 'Scientific Editing', practiceAreas: ['Manuscript Editing', 'Proofreading', 'Journal Submission Support', 'Response to Reviewers', 'Formatting and Style'] },
] as const;
