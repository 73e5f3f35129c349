const { createConfig } = require('../scripts/webpack/createConfig.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_projects',
  title: 'SciExperts projects (standalone)',
  // The public API of this remote: nothing else may be imported from it. Routes: src/routing.ts.
  exposes: {
    './ProjectsPage': './src/exposes/ProjectsPage.tsx',
    './ProjectPage': './src/exposes/ProjectPage.tsx',
    './CreateProjectPage': './src/exposes/CreateProjectPage.tsx',
    './MyProjectsPage': './src/exposes/MyProjectsPage.tsx',
    './BrowseProjectsPage': './src/exposes/BrowseProjectsPage.tsx',
    './ProposalsPage': './src/exposes/ProposalsPage.tsx',
    './FreelancerDashboard': './src/exposes/FreelancerDashboard.tsx',
    './OwnerDashboard': './src/exposes/OwnerDashboard.tsx',
    './WorkspacePage': './src/exposes/WorkspacePage.tsx',
    './PaymentDetailsPage': './src/exposes/PaymentDetailsPage.tsx',
    './BillingPage': './src/exposes/BillingPage.tsx',
  },
});
