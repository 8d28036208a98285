/**
 * `pnpm test:stress`: crash safety and load against the built API as a child process.
 * Not part of `pnpm test` (minutes of load on purpose); same transform as jest.config.js.
 */
const base = require('./jest.config');

module.exports = {
  ...base,
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.stress-spec.ts'],
  testTimeout: 600_000,
};
