// Jest for the bare-machine journey (`npm run test:bare-machine`, a step of `npm test` after the browser
// journeys): `npm run dev` with no DATABASE_URL or REDIS_URL, twice, in band. Not part of the root jest
// projects: it builds what changed and starts the whole app (about a minute on a fresh clone).
const path = require('node:path');

const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }];

module.exports = {
  rootDir: path.resolve(__dirname, '..', '..'),
  roots: ['<rootDir>/scripts/test'],
  testMatch: ['**/*.test.ts'],
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)s$': swc },
  moduleNameMapper: { '^@daybook/shared$': '<rootDir>/packages/shared/src/index.ts' },
  // The first start may build every workspace and create the database.
  testTimeout: 300_000,
  // In band: the test's exit hooks must run in the process that started the app.
  maxWorkers: 1,
  verbose: true,
};
