const { createConfig } = require('../scripts/webpack/createConfig.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_marketing',
  title: 'SciExperts marketing (standalone)',
  // The public API of this remote: nothing else may be imported from it.
  exposes: {
    './HomePage': './src/exposes/HomePage.tsx',
    './HowItWorksPage': './src/exposes/HowItWorksPage.tsx',
    './JoinExpertPage': './src/exposes/JoinExpertPage.tsx',
  },
});
