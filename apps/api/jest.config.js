/** Unit specs sit beside the code; HTTP-level specs against real databases live in test/. */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

// Tests run in India's time zone, not the machine's UTC: a time read or written as local time shows up.
process.env.TZ = 'Asia/Kolkata';

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
  transform: { '^.+\\.(t|j|mj)s$': ['@swc/jest', swc] },
  // The contracts' source, never a build of it that may be stale (tsconfig.json maps it the same way).
  moduleNameMapper: { '^@lead-desk/contracts$': '<rootDir>/../../packages/contracts/src/index.ts' },
  // The wasm schema engine ships as ESM only: let swc compile it too.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?@prisma/schema-engine-wasm/)'],
  testTimeout: 30_000,
};
