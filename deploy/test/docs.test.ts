// The documentation stays true to the code: every api route is in docs/api.md, every setting has its
// heading, and links between the pages lead somewhere.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { repoPath } from './helpers';

const docsDir = repoPath('docs');
const docs = readdirSync(docsDir).filter((f) => f.endsWith('.md'));
const read = (file: string) => readFileSync(file, 'utf8');

/**
 * Every route registered in services/api/src/modules/<domain>/*.routes.ts (plain or signed-in routers), as
 * "METHOD /api/path". A file may make several routers: a route takes the prefix of the router made last before it.
 */
function apiRoutes(): string[] {
  const modules = repoPath('services', 'api', 'src', 'modules');
  const routes: string[] = [];
  for (const domain of readdirSync(modules)) {
    for (const file of readdirSync(path.join(modules, domain)).filter((f) => f.endsWith('.routes.ts'))) {
      const text = read(path.join(modules, domain, file));
      const pattern = /(?:new Router(?:<[^>]*>)?\(\{\s*prefix:\s*|signedInRouter\()'([^']*)'|router\.(get|post|put|patch|delete|del)\(\s*'([^']*)'/g;
      let prefix = '';
      for (const match of text.matchAll(pattern)) {
        if (match[1] !== undefined) {
          prefix = match[1];
          continue;
        }
        const method = match[2] === 'del' ? 'DELETE' : match[2]!.toUpperCase();
        const full = `${prefix}${match[3] === '/' ? '' : match[3]}` || '/';
        routes.push(`${method} ${full}`);
      }
    }
  }
  return routes;
}

/** GitHub's anchor for a heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
const anchorsOf = (text: string) => new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));

describe('docs/api.md', () => {
  const apiDoc = read(repoPath('docs', 'api.md'));
  const documented = new Set([...apiDoc.matchAll(/^### ((?:GET|POST|PUT|PATCH|DELETE) \/\S+)$/gm)].map((m) => m[1]!));

  it('documents every route of the api', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
  });

  it('documents no route the api does not have', () => {
    const routes = new Set(apiRoutes());
    expect([...documented].filter((route) => !routes.has(route))).toEqual([]);
  });
});

describe('docs/configuration.md', () => {
  const configuration = read(repoPath('docs', 'configuration.md'));
  const headings = new Set([...configuration.matchAll(/^## ([A-Z][A-Z0-9_]*)\s*$/gm)].map((m) => m[1]!));
  const envExample = new Set([...read(repoPath('.env.example')).matchAll(/^#?\s?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));

  it('has one heading per variable of .env.example, and each heading is in .env.example', () => {
    expect([...envExample].filter((name) => !headings.has(name))).toEqual([]);
    expect([...headings].filter((name) => !envExample.has(name))).toEqual([]);
  });

  it('gives every variable a default, an example and who reads it', () => {
    const sections = configuration.split(/^## /m).slice(1).filter((s) => /^[A-Z][A-Z0-9_]*\s*$/m.test(s.split('\n')[0]!));
    for (const section of sections) {
      const name = section.split('\n')[0]!.trim();
      expect({ name, hasDefault: /^- Default: /m.test(section), hasExample: /^- Example: /m.test(section), hasReader: /^- Read by: /m.test(section) }).toEqual({
        name,
        hasDefault: true,
        hasExample: true,
        hasReader: true,
      });
    }
  });
});

describe('links', () => {
  it('README lists every page of docs/', () => {
    const readme = read(repoPath('README.md'));
    for (const doc of docs) expect(readme).toContain(`(docs/${doc})`);
  });

  it.each(['README.md', ...docs.map((d) => `docs/${d}`)])('%s links only to files and headings that exist', (file) => {
    const text = read(repoPath(file));
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue; // https:, mailto:
      const [relative, anchor] = target!.split('#');
      const resolved = relative ? path.resolve(path.dirname(repoPath(file)), relative) : repoPath(file);
      expect({ file, target, exists: existsSync(resolved) }).toEqual({ file, target, exists: true });
      if (anchor && resolved.endsWith('.md')) {
        expect({ file, target, anchorExists: anchorsOf(read(resolved)).has(anchor) }).toEqual({ file, target, anchorExists: true });
      }
    }
  });
});
