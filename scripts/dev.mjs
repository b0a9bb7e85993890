#!/usr/bin/env node
// `npm run dev`, the one command on a bare machine (Node 20.19+ only): installs dependencies when they
// changed, builds what changed (scripts/build.mjs), then runs scripts/start.mjs: web + /api on
// http://localhost:3000 by default, with an embedded PostgreSQL under ./data unless DATABASE_URL is set.
// `npm install` runs only when package-lock.json or a package.json is newer than npm's own record of the
// last install (node_modules/.package-lock.json, which npm writes after the lockfile).
// The terminal gets a few lines and the address; npm's, Vite's and the api's details go to
// DATA_DIR/logs/daybook.log (scripts/output.mjs), or to the terminal with `npm run dev -- --verbose`.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildWhatChanged, npm } from './build.mjs';
import { detailsToLogFile, loadDotEnv, log, logFile, root } from './output.mjs';

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : -Infinity);

/** True when dependencies were never installed here, or the lockfile or a manifest changed since. */
function installNeeded() {
  const installed = mtime(path.join(root, 'node_modules', '.package-lock.json'));
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const manifests = ['package-lock.json', 'package.json', ...workspaces.map((w) => path.join(w, 'package.json'))];
  return manifests.some((file) => mtime(path.join(root, file)) > installed);
}

const verbose = process.argv.slice(2).some((arg) => arg === '--verbose' || arg === '-v');
loadDotEnv();
if (!verbose) {
  detailsToLogFile();
  log(`details go to ${logFile()} (\`npm run dev -- --verbose\` shows them here)`);
}

try {
  if (installNeeded()) {
    const started = Date.now();
    log('installing dependencies (npm install; the first time takes a few minutes)');
    await npm(['install']);
    log(`dependencies installed in ${Math.round((Date.now() - started) / 1000)} s`);
  } else log('dependencies are up to date');
  await buildWhatChanged();
} catch (error) {
  console.error(`[daybook] ${error.message}`);
  process.exit(1);
}

await import('./start.mjs');
