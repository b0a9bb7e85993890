#!/usr/bin/env node
// `npm run dev`: installs dependencies, builds every workspace, then runs scripts/start.mjs
// (web + /api on http://localhost:3000 by default, against DATABASE_URL and REDIS_URL).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs npm with the same npm that runs this script when there is one (works on Windows too). */
function npm(args) {
  const npmCli = process.env.npm_execpath;
  const [command, commandArgs, shell] =
    npmCli && /\.(c|m)?js$/.test(npmCli)
      ? [process.execPath, [npmCli, ...args], false]
      : [process.platform === 'win32' ? 'npm.cmd' : 'npm', args, process.platform === 'win32'];
  console.log(`[daybook] npm ${args.join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit', shell });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`npm ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

try {
  await npm(['install']);
  await npm(['run', 'build']);
} catch (error) {
  console.error(`[daybook] ${error.message}`);
  process.exit(1);
}

await import('./start.mjs');
