const { createConfig } = require('../scripts/webpack/createConfig.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_directory',
  title: 'SciExperts expert directory (standalone)',
  serverRender: true,
  // The public API of this remote: nothing else may be imported from it. Routes: src/routing.ts.
  exposes: {
    './SearchPage': './src/exposes/SearchPage.tsx',
    './SubjectPage': './src/exposes/SubjectPage.tsx',
    './ExpertProfilePage': './src/exposes/ExpertProfilePage.tsx',
  },
});
