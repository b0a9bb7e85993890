// Lets plain `node` run this workspace's TypeScript (test child processes, quick experiments):
//   node -r scripts/test/register-ts.cjs services/ai-worker/src/some-file.ts
// Compiles each .ts file with swc on load and maps the workspaces (@daybook/*) to their sources, as jest does.
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const swc = require('@swc/core');

const root = path.resolve(__dirname, '../..');
const sources = {
  '@daybook/shared': path.join(root, 'packages/shared/src/index.ts'),
  '@daybook/nl': path.join(root, 'packages/nl/src/index.ts'),
  '@daybook/ai-worker': path.join(root, 'services/ai-worker/src/index.ts'),
};
const originalResolve = Module._resolveFilename;
Module._resolveFilename = function resolve(request, parent, ...rest) {
  if (request in sources) return sources[request];
  try {
    return originalResolve.call(this, request, parent, ...rest);
  } catch (error) {
    if (request.startsWith('.') && parent && parent.filename) {
      const candidate = path.resolve(path.dirname(parent.filename), `${request}.ts`);
      if (fs.existsSync(candidate)) return candidate;
      const index = path.resolve(path.dirname(parent.filename), request, 'index.ts');
      if (fs.existsSync(index)) return index;
    }
    throw error;
  }
};
require.extensions['.ts'] = function compile(module, filename) {
  const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
