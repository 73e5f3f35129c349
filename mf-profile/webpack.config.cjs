const { createConfig } = require('../scripts/webpack/createConfig.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_profile',
  title: 'SciExperts profile (standalone)',
  // The member area's frame (header, sidebar, footer, routes) is the shell's; this remote fills its pages.
  exposes: {
    './ProfileEditor': './src/exposes/ProfileEditor.tsx',
    './AccountSettingsPage': './src/exposes/AccountSettingsPage.tsx',
    // Today's dashboards and the pages no remote owns yet; each moves to its remote with a shell list change.
    './PlaceholderPage': './src/exposes/PlaceholderPage.tsx',
    // Scheduled calls: the slot picker (opened by the shell for any remote's 'Schedule a call') and /profile/calls.
    './CallPicker': './src/exposes/CallPicker.tsx',
    './CallsPage': './src/exposes/CallsPage.tsx',
  },
});
