// The entry of a bounded thread run from sources (jest, `node -r scripts/test/register-ts.cjs`): a worker
// thread cannot load TypeScript by itself, so this registers the repository's swc hook (the one test child
// processes use) before the thread entry loads the thread module. Production runs the compiled
// thread-entry.js directly (bounded-threads.ts picks it when it exists) and never needs this file.
require('../../../../scripts/test/register-ts.cjs');

module.exports = require('./thread-entry.ts');
