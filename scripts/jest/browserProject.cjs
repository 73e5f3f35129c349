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
  };
};
