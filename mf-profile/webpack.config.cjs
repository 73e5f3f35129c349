const { createConfig } = require('../scripts/webpack/createConfig.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_profile',
  title: 'SciExperts profile (standalone)',
  exposes: {
    './ProfileApp': './src/exposes/ProfileApp.tsx',
  },
});
