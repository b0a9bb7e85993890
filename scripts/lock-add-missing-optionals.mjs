// The npm registry mirror this project is built against does not serve every platform build of
// native packages (@swc/core-*, @unrs/resolver-binding-*), so `npm install` leaves them out of
// package-lock.json and `npm ci` then refuses the lock. This adds each missing optional platform
// package as an entry with the os/cpu its name states, which npm ci skips on other platforms.
// Run after `npm install` whenever the lock changes: node scripts/lock-add-missing-optionals.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = { darwin: 'darwin', linux: 'linux', win32: 'win32', freebsd: 'freebsd', android: 'android', openharmony: 'openharmony', wasm32: null };
const CPU = { arm64: 'arm64', x64: 'x64', ia32: 'ia32', arm: 'arm', ppc64: 'ppc64', s390x: 's390x', riscv64: 'riscv64', loong64: 'loong64' };

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => p in OS);
  const cpu = parts.find((p) => p in CPU);
  const entry = {};
  if (os && OS[os]) entry.os = [OS[os]];
  if (cpu) entry.cpu = [CPU[cpu]];
  if (parts.includes('musl') || parts.includes('musleabihf')) entry.libc = ['musl'];
  else if (parts.some((p) => p.startsWith('gnu'))) entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = path === '' ? '' : `${path}/`;
    const candidates = [`${base}node_modules/${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => packages[c])) continue;
    const version = range.replace(/^[\^~=]/, '');
    packages[`node_modules/${dep}`] = { version, dev: meta.dev || undefined, optional: true, ...platformOf(dep) };
    added += 1;
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} missing optional platform entries`);
