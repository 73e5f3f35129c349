const { createConfig } = require('../scripts/webpack/createConfig.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_marketing',
  title: 'SciExperts marketing (standalone)',
  serverRender: true,
  // The public API of this remote: nothing else may be imported from it.
  exposes: {
    './HomePage': './src/exposes/HomePage.tsx',
    './HowItWorksPage': './src/exposes/HowItWorksPage.tsx',
    './JoinExpertPage': './src/exposes/JoinExpertPage.tsx',
    // The routes each page belongs on: src/routing/routeTable.ts.
    './SolutionPage': './src/exposes/SolutionPage.tsx',
    './ServicePage': './src/exposes/ServicePage.tsx',
    './ConciergePage': './src/exposes/ConciergePage.tsx',
    './BlogIndexPage': './src/exposes/BlogIndexPage.tsx',
    './BlogPostPage': './src/exposes/BlogPostPage.tsx',
    './StoryPage': './src/exposes/StoryPage.tsx',
    './FaqPage': './src/exposes/FaqPage.tsx',
    './LegalPage': './src/exposes/LegalPage.tsx',
    './DevelopersPage': './src/exposes/DevelopersPage.tsx',
  },
});
