const { createConfig } = require('../scripts/webpack/createConfig.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_admin',
  title: 'SciExperts operators console (standalone)',
  // The public API of this remote: the whole console, which routes below /admin itself.
  exposes: {
    './AdminApp': './src/exposes/AdminApp.tsx',
  },
});
