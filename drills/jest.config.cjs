// Jest for the fault drills (`npm run drills`): the test files here (the fault drills, the backup drill, the
// scale-out drill), run in band (see maxWorkers), TypeScript compiled by swc as in the root jest.config.js. Not
// part of the root jest projects: the drills start their own Postgres, Redis, api and worker and take a few minutes.
const path = require('node:path');

const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }];

module.exports = {
  rootDir: path.resolve(__dirname, '..'),
  roots: ['<rootDir>/drills'],
  testMatch: ['**/*.test.ts'],
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)s$': swc },
  moduleNameMapper: { '^@daybook/shared$': '<rootDir>/packages/shared/src/index.ts' },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.logs/'],
  // Each drill sets its own budget; this covers starting the stack.
  testTimeout: 60_000,
  // In band, never in a jest worker process: the harness's exit and signal hooks must run in the process
  // that started the children (Ctrl-C then still stops every process and removes the private cluster).
  maxWorkers: 1,
  verbose: true,
};
