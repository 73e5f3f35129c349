const { createConfig } = require('../scripts/webpack/createConfig.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_chat',
  title: 'SciExperts direct messages (standalone)',
  exposes: {
    './DirectMessage': './src/exposes/DirectMessage.tsx',
  },
});
