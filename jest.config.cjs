// Runs every workspace's jest project in one process pool (`npm test` does this; `npm test -w X` runs one).
const os = require('node:os');

module.exports = {
  projects: ['<rootDir>/shared', '<rootDir>/ui', '<rootDir>/chat-embed', '<rootDir>/server', '<rootDir>/shell', '<rootDir>/mf-marketing', '<rootDir>/mf-auth', '<rootDir>/mf-chat', '<rootDir>/mf-profile', '<rootDir>/mf-directory', '<rootDir>/mf-projects', '<rootDir>/mf-admin'],
  // Jest's default on two cores is one worker, which runs every file in its own process (in band): what each file
  // leaves behind (a server's timers, a pool, 4–5 GB of heap by the end) slowed the later ones about three times, and
  // the suite took 28 minutes on CI. Two workers at least, each replaced once it holds more than the idle limit after a
  // file: 9 minutes.
  maxWorkers: Math.max(2, os.availableParallelism()),
  workerIdleMemoryLimit: '1500MB',
};
