const { createConfig } = require('../scripts/webpack/createConfig.cjs');

// The shell is built with no remotes: it registers them at start-up from /remotes.json.
// Its server build (src/server.tsx) renders the public pages to HTML for the shell's server.
module.exports = createConfig({ dir: __dirname, name: 'shell', isHost: true, title: 'SciExperts — freelance scientific and research experts', serverRender: true });
