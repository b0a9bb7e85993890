// Lints the Dockerfile's stages (there is no container engine here to build it): the targets exist,
// run as non-root with a health check, and their runtime stages receive no sources, tests, dev
// dependencies or build tools. Also checks that everything the Dockerfile copies is in the build context.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { repoPath } from './helpers';

interface Instruction {
  keyword: string;
  args: string;
  line: number;
}
interface Stage {
  name: string;
  base: string;
  instructions: Instruction[];
}

/** Splits a Dockerfile into stages (continuation lines joined, comments dropped). */
export function parseDockerfile(text: string): { globalArgs: Record<string, string>; stages: Stage[] } {
  const logical: { text: string; line: number }[] = [];
  let current = '';
  let start = 0;
  text.split('\n').forEach((raw, index) => {
    const trimmed = raw.trim();
    if (current === '' && (trimmed === '' || trimmed.startsWith('#'))) return;
    if (current !== '' && trimmed.startsWith('#')) return; // comment inside a continued instruction
    if (current === '') start = index + 1;
    if (trimmed.endsWith('\\')) {
      current += `${trimmed.slice(0, -1).trim()} `;
      return;
    }
    logical.push({ text: (current + trimmed).trim(), line: start });
    current = '';
  });
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const { text: instruction, line } of logical) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/s.exec(instruction) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const match = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!match) throw new Error(`line ${line}: cannot read FROM ${args}`);
      stages.push({ name: match[2] ?? `stage-${stages.length}`, base: match[1]!, instructions: [] });
    } else if (stages.length === 0) {
      if (upper === 'ARG') {
        const [name, value = ''] = args.split('=');
        globalArgs[name!.trim()] = value.trim();
      }
    } else {
      stages[stages.length - 1]!.instructions.push({ keyword: upper, args, line });
    }
  }
  return { globalArgs, stages };
}

const dockerfileText = readFileSync(repoPath('Dockerfile'), 'utf8');
const { globalArgs, stages } = parseDockerfile(dockerfileText);
const stageByName = new Map(stages.map((s) => [s.name, s]));
const RUNTIME_TARGETS = ['api', 'ai-worker', 'web'];

const resolveImage = (base: string) => base.replace(/\$\{?([A-Z_]+)\}?/g, (_m, name: string) => globalArgs[name] ?? '');

/** The stage and the stages it is built FROM, nearest first. */
function chain(name: string): Stage[] {
  const out: Stage[] = [];
  let stage = stageByName.get(name);
  while (stage) {
    out.push(stage);
    stage = stageByName.get(stage.base);
  }
  return out;
}
const rootImage = (name: string) => resolveImage(chain(name).at(-1)!.base);
const all = (name: string, keyword: string) => chain(name).flatMap((s) => s.instructions.filter((i) => i.keyword === keyword));
const last = (name: string, keyword: string) => {
  for (const stage of chain(name)) {
    const found = stage.instructions.filter((i) => i.keyword === keyword).at(-1);
    if (found) return found;
  }
  return undefined;
};
const fromStage = (copy: Instruction) => /--from=(\S+)/.exec(copy.args)?.[1];
const copyPaths = (copy: Instruction) =>
  copy.args
    .split(/\s+/)
    .filter((word) => word && !word.startsWith('--'));

describe('Dockerfile targets', () => {
  it('has the targets api, ai-worker and web', () => {
    for (const target of RUNTIME_TARGETS) expect(stageByName.has(target)).toBe(true);
  });

  it('builds the node services on Node 22 LTS and the web app on unprivileged nginx', () => {
    expect(rootImage('api')).toMatch(/^node:22[-.]/);
    expect(rootImage('ai-worker')).toMatch(/^node:22[-.]/);
    expect(rootImage('deps')).toMatch(/^node:22[-.]/);
    expect(rootImage('web')).toMatch(/nginx/);
  });

  it.each(RUNTIME_TARGETS)('%s runs as a non-root user', (target) => {
    const user = last(target, 'USER');
    expect(user).toBeDefined();
    expect(user!.args.split(':')[0]).not.toMatch(/^(root|0)$/);
  });

  it.each(RUNTIME_TARGETS)('%s has a health check and a command', (target) => {
    const healthcheck = last(target, 'HEALTHCHECK');
    expect(healthcheck).toBeDefined();
    expect(healthcheck!.args).not.toMatch(/^NONE/i);
    expect(healthcheck!.args).toMatch(/--interval=\S+/);
    if (target !== 'web') expect(last(target, 'CMD')?.args).toMatch(/dist\/main\.js/); // web keeps nginx's own command
  });

  it('starts the api with the Node flags npm start and the bench use (services/api/node-flags.json)', () => {
    const flags: string[] = JSON.parse(readFileSync(repoPath('services/api/node-flags.json'), 'utf8'));
    expect(flags.length).toBeGreaterThan(0);
    expect(JSON.parse(last('api', 'CMD')!.args)).toEqual(['node', ...flags, 'services/api/dist/main.js']);
  });

  it('health-checks the api on /api/health and the worker through Redis', () => {
    expect(last('api', 'HEALTHCHECK')!.args).toMatch(/healthcheck\.cjs", "http"/);
    expect(last('ai-worker', 'HEALTHCHECK')!.args).toMatch(/healthcheck\.cjs", "redis"/);
    expect(last('web', 'HEALTHCHECK')!.args).toMatch(/nginx-health/);
  });
});

describe('Dockerfile runtime stages get nothing they do not run', () => {
  it.each(RUNTIME_TARGETS)('%s copies no sources, tests or whole folders from the context', (target) => {
    for (const copy of all(target, 'COPY').concat(all(target, 'ADD'))) {
      const paths = copyPaths(copy);
      const sources = paths.slice(0, -1);
      for (const source of sources) {
        expect(source).not.toMatch(/^\.\/?$/); // COPY . .
        expect(source).not.toMatch(/(^|\/)src(\/|$)|\.tsx?$|(^|\/)test(s)?(\/|$)|\.test\.|jest|eslint|tsconfig/);
      }
      const from = fromStage(copy);
      if (from === undefined) {
        // From the build context only single files (manifests, the health check, the nginx template), never folders.
        for (const source of sources) expect({ source, file: statSync(repoPath(source)).isFile() }).toEqual({ source, file: true });
        continue;
      }
      const source = stageByName.get(from);
      expect(source).toBeDefined();
      for (const copied of sources) {
        if (copied.includes('node_modules')) {
          // Dependencies only from a stage that installed production dependencies from the lockfile.
          const install = source!.instructions.filter((i) => i.keyword === 'RUN' && /npm ci/.test(i.args));
          expect(install).toHaveLength(1);
          expect(install[0]!.args).toMatch(/--omit=dev/);
        } else {
          // Anything else from another stage is compiled output.
          expect(copied).toMatch(/\/dist$/);
        }
      }
    }
  });

  it.each(RUNTIME_TARGETS)('%s installs no packages or build tools', (target) => {
    for (const run of all(target, 'RUN')) {
      expect(run.args).not.toMatch(/\b(apt-get|apt|apk)\s+(-\S+\s+)*(add|install)\b|\bnpm\s+(ci|install|i)\b|\b(yarn|pnpm)\s+(add|install)\b|\bpip3?\s+install\b|\b(gcc|g\+\+|make)\b/);
    }
  });

  it('removes npm, npx, yarn and corepack from the node runtime images (nothing installs at run time)', () => {
    for (const target of ['api', 'ai-worker']) {
      const removal = all(target, 'RUN').map((r) => r.args).join(' ');
      for (const tool of ['/usr/local/lib/node_modules/npm', '/usr/local/bin/npx', '/usr/local/bin/yarn', '/usr/local/lib/node_modules/corepack']) expect(removal).toContain(tool);
    }
  });

  it('installs dependencies only with npm ci from the lockfile', () => {
    const installs = stages.flatMap((s) => s.instructions).filter((i) => i.keyword === 'RUN' && /\bnpm (ci|install|i)\b/.test(i.args));
    expect(installs.length).toBeGreaterThan(0);
    for (const install of installs) expect(install.args).toMatch(/\bnpm ci\b/);
    expect(stageByName.get('manifests')!.instructions.some((i) => i.keyword === 'COPY' && i.args.includes('package-lock.json'))).toBe(true);
  });

  it('compiles without tests (the build configs exclude them, .dockerignore keeps them out)', () => {
    for (const workspace of ['services/api', 'services/ai-worker', 'packages/shared', 'packages/nl']) {
      const config = JSON.parse(readFileSync(repoPath(workspace, 'tsconfig.build.json'), 'utf8')) as { exclude?: string[] };
      expect(config.exclude).toContain('src/**/*.test.ts');
    }
    const ignore = readFileSync(repoPath('.dockerignore'), 'utf8');
    for (const pattern of ['**/node_modules', '**/dist', '.env', '**/*.test.ts', '**/src/test', 'e2e', 'deploy/test']) {
      expect(ignore.split('\n').map((l) => l.trim())).toContain(pattern);
    }
  });
});

describe('Dockerfile and build context', () => {
  const ignorePatterns = readFileSync(repoPath('.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  /** Rough .dockerignore matching: enough for the plain paths and **\/ prefixes used there. */
  const ignored = (file: string) =>
    ignorePatterns.some((pattern) => {
      const body = pattern
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*\//g, '(.*/)?')
        .replace(/\*/g, '[^/]*');
      return new RegExp(`^${body}(/.*)?$`).test(file);
    });

  it('copies only files that exist and are not excluded by .dockerignore', () => {
    for (const stage of stages) {
      for (const copy of stage.instructions.filter((i) => i.keyword === 'COPY' && fromStage(i) === undefined)) {
        for (const source of copyPaths(copy).slice(0, -1)) {
          expect({ source, exists: existsSync(repoPath(source)) }).toEqual({ source, exists: true });
          expect({ source, ignored: ignored(source) }).toEqual({ source, ignored: false });
        }
      }
    }
  });

  it('copies every workspace manifest before npm ci, so the lockfile installs as committed', () => {
    const root = JSON.parse(readFileSync(repoPath('package.json'), 'utf8')) as { workspaces: string[] };
    const manifests = stageByName.get('manifests')!.instructions.filter((i) => i.keyword === 'COPY').map((i) => i.args);
    for (const workspace of root.workspaces) expect(manifests).toContain(`${workspace}/package.json ${workspace}/`);
  });
});
