// Jest settings every browser workspace shares: swc for TS/TSX, jsdom, CSS Modules as class names.
const path = require('node:path');

module.exports = function browserProject(dir, displayName) {
  return {
    displayName,
    rootDir: dir,
    testEnvironment: path.join(__dirname, 'jsdomEnvironment.cjs'),
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    transform: {
      '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }],
    },
    // ky is published as ESM only; let swc turn it into CommonJS for jest.
    transformIgnorePatterns: ['/node_modules/(?!(ky)/)'],
    moduleNameMapper: {
      '\\.module\\.css$': path.join(__dirname, 'cssModuleProxy.cjs'),
      '\\.css$': path.join(__dirname, 'emptyModule.cjs'),
      '\\.(svg|png|jpe?g|webp)$': path.join(__dirname, 'fileStub.cjs'),
    },
    setupFilesAfterEnv: [path.join(__dirname, 'setupBrowser.cjs')],
    // CI machines are busy: at a load of 9 to 25 on two cores a test that takes 0.5 s alone takes ten to forty times
    // that, and jest's 5 s default failed good tests there (and a timed-out test runs on into the next one). This
    // limit is only a backstop for a hang; a test waiting for something that never shows fails at findBy/waitFor's own
    // limit first (setupBrowser.cjs), and nothing in these suites waits on the wall clock.
    testTimeout: 60_000,
  };
};
