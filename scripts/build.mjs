#!/usr/bin/env node
// `npm run build`: builds every workspace that has a build script, dependencies first, and only those
// whose inputs changed since their last build here: a workspace is rebuilt when its files, those of the
// workspaces it depends on, package-lock.json or tsconfig.base.json differ from what it was last built
// from (a hash kept in node_modules/.cache/daybook), or when its dist/ is missing. `npm run dev` uses it too.
// To force a build, delete the workspace's dist/ (or node_modules/.cache/daybook).
//   node scripts/build.mjs                   every workspace
//   node scripts/build.mjs @daybook/api      that workspace and the ones it depends on
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { log, logFile, root, runQuietly } from './output.mjs';

// DAYBOOK_BUILD_STAMPS: another folder for them (the bare-machine journey starts as a fresh clone does).
const stampDir = process.env.DAYBOOK_BUILD_STAMPS || path.join(root, 'node_modules', '.cache', 'daybook');
/** Not inputs of a build: its outputs, installed packages, caches. */
const NOT_INPUTS = new Set(['node_modules', 'dist', 'dev-dist', 'coverage']);

/**
 * Runs npm with the same npm that runs this script when there is one (works on Windows too); its output
 * goes where the details go (scripts/output.mjs).
 */
export function npm(args) {
  const npmCli = process.env.npm_execpath;
  const [command, commandArgs, shell] =
    npmCli && /\.(c|m)?js$/.test(npmCli)
      ? [process.execPath, [npmCli, ...args], false]
      : [process.platform === 'win32' ? 'npm.cmd' : 'npm', args, process.platform === 'win32'];
  if (!logFile()) log(`npm ${args.join(' ')}`);
  return runQuietly(command, commandArgs, { shell, what: `npm ${args.join(' ')}` });
}

/** The workspaces with their @daybook/* dependencies, dependencies first. */
function workspacesInBuildOrder() {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const byName = new Map();
  for (const dir of workspaces) {
    const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    const deps = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) => name.startsWith('@daybook/'));
    byName.set(manifest.name, { name: manifest.name, dir, deps, buildable: Boolean(manifest.scripts?.build) });
  }
  const ordered = [];
  const visit = (name) => {
    const workspace = byName.get(name);
    if (!workspace || ordered.includes(workspace)) return;
    workspace.deps.forEach(visit);
    ordered.push(workspace);
  };
  [...byName.keys()].forEach(visit);
  return { ordered, byName };
}

/** Every file under `dir` that goes into a build, as paths relative to the root, sorted. */
function inputFiles(dir) {
  const files = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (NOT_INPUTS.has(entry.name) || entry.name.endsWith('.tsbuildinfo')) continue;
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) files.push(child);
    }
  };
  walk(dir);
  return files.sort();
}

/** The workspace named and every workspace it depends on, directly or not. */
function withDependencies(name, byName, found = new Set()) {
  const workspace = byName.get(name);
  if (!workspace || found.has(workspace)) return found;
  found.add(workspace);
  for (const dep of workspace.deps) withDependencies(dep, byName, found);
  return found;
}

/** A hash of what a workspace's build reads: its files, its dependencies' files and the root's shared inputs. */
function inputHash(workspace, byName) {
  const dirs = [...withDependencies(workspace.name, byName)].map((w) => w.dir).sort();
  const hash = createHash('sha256');
  for (const file of ['package-lock.json', 'tsconfig.base.json', ...dirs.flatMap(inputFiles)]) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Builds the workspaces whose inputs changed (of `only` and their dependencies, when given); resolves to
 * the names of those it built.
 */
export async function buildWhatChanged(only = []) {
  const { ordered, byName } = workspacesInBuildOrder();
  for (const name of only) if (!byName.has(name)) throw new Error(`no workspace named ${name}`);
  const wanted = only.length === 0 ? new Set(ordered) : new Set(only.flatMap((name) => [...withDependencies(name, byName)]));
  mkdirSync(stampDir, { recursive: true });
  const built = [];
  for (const workspace of ordered.filter((w) => w.buildable && wanted.has(w))) {
    const stamp = path.join(stampDir, `build-${workspace.name.replace(/\W+/g, '_')}.sha256`);
    const hash = inputHash(workspace, byName);
    const upToDate = existsSync(path.join(root, workspace.dir, 'dist')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
    if (upToDate) continue;
    log(`building ${workspace.name}`);
    await npm(['run', 'build', '-w', workspace.name]);
    writeFileSync(stamp, hash);
    built.push(workspace.name);
  }
  log(built.length === 0 ? 'build is up to date' : `built ${built.join(', ')}`);
  return built;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildWhatChanged(process.argv.slice(2)).catch((error) => {
    console.error(`[daybook] ${error.message}`);
    process.exit(1);
  });
}
