// Server tests run in node against real HTTP and a real database.
module.exports = {
  displayName: 'server',
  rootDir: __dirname,
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/src/**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$|\\.mjs$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  // ESM-only packages are turned into CommonJS for jest.
  transformIgnorePatterns: ['/node_modules/(?!(jose|oidc-provider|ky|content-disposition|cookie|typebox|@apidevtools/json-schema-ref-parser)/)'],
};
