// One jest run for every workspace: pure units (*.test.ts) and integration tests (*.int.test.ts)
// against the real Postgres and Redis. TypeScript is compiled by swc; the workspaces (@daybook/*) are read from source.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } }];

const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^@daybook/shared$': '<rootDir>/packages/shared/src/index.ts',
    '^@daybook/nl$': '<rootDir>/packages/nl/src/index.ts',
    '^@daybook/ai-worker$': '<rootDir>/services/ai-worker/src/index.ts',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

module.exports = {
  // A leaked handle in one test file must not hang CI; jest still prints the warning so leaks get fixed.
  forceExit: true,
  // A loaded 2-core CI machine is several times slower than a laptop: every test gets a realistic budget.
  testTimeout: 30_000,
  globalSetup: '<rootDir>/jest.global-setup.js',
  globalTeardown: '<rootDir>/jest.global-teardown.js',
  projects: [
    { ...common, displayName: 'shared', rootDir: __dirname, roots: ['<rootDir>/packages/shared/src'], testEnvironment: 'node' },
    { ...common, displayName: 'nl', rootDir: __dirname, roots: ['<rootDir>/packages/nl/src'], testEnvironment: 'node' },
    {
      ...common,
      displayName: 'api',
      rootDir: __dirname,
      roots: ['<rootDir>/services/api/src'],
      testEnvironment: 'node',
      // openid-client and its dependencies are ES modules only: compiled to CommonJS like our own code (see modules/auth/oidc-client.ts).
      // So are otplib's hashes and base32 (@noble, @scure), which Node (>= 20.19) requires as they are.
      transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose|@otplib|@noble|@scure)/)'],
    },
    { ...common, displayName: 'ai-worker', rootDir: __dirname, roots: ['<rootDir>/services/ai-worker/src'], testEnvironment: 'node' },
    {
      ...common,
      displayName: 'web',
      rootDir: __dirname,
      roots: ['<rootDir>/services/web/src'],
      testEnvironment: '<rootDir>/services/web/jest/environment.cjs',
      // Packages' CommonJS builds (jsdom would pick their browser ESM builds).
      testEnvironmentOptions: { customExportConditions: ['node', 'require', 'default'] },
      setupFilesAfterEnv: ['<rootDir>/services/web/jest/setup.ts'],
    },
    { ...common, displayName: 'deploy', rootDir: __dirname, roots: ['<rootDir>/deploy'], testEnvironment: 'node' },
  ],
};
