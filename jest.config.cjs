// Runs every workspace's jest project in one process pool (`npm test` does this; `npm test -w X` runs one).
module.exports = {
  projects: ['<rootDir>/shared', '<rootDir>/ui', '<rootDir>/server', '<rootDir>/shell', '<rootDir>/mf-marketing', '<rootDir>/mf-auth', '<rootDir>/mf-chat', '<rootDir>/mf-profile', '<rootDir>/mf-directory', '<rootDir>/mf-projects', '<rootDir>/mf-admin'],
};
