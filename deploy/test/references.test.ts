// Every reference in the code leads to a file of the repository: "DECISIONS N" to a numbered heading of
// docs/decisions.md, "spec §N" to one of docs/product.md, "RULES §N" (in packages/nl) or "nl RULES §N"
// to one of packages/nl/RULES.md; nothing names a file that lives outside the repository.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoPath, repoRoot } from './helpers';

const scannedDirs = ['services', 'packages', 'scripts', 'drills', 'e2e', 'deploy', 'bench', 'docs'];
const skippedDirs = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'coverage', '.git']);
const sourceFile = /\.(?:[cm]?[jt]sx?|json|md|ya?ml|sh|conf|template|css|html)$/;
const thisFile = path.relative(repoRoot, __filename);

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skippedDirs.has(entry.name)) files.push(...sourceFiles(full));
    } else if (sourceFile.test(entry.name) && entry.name !== 'package-lock.json') {
      files.push(full);
    }
  }
  return files;
}

/** Each line of every scanned file (and of the configuration files at the root), with where it is. */
const rootFiles = readdirSync(repoRoot, { withFileTypes: true })
  .filter((entry) => entry.isFile() && sourceFile.test(entry.name) && entry.name !== 'package-lock.json')
  .map((entry) => repoPath(entry.name));
const lines = [...rootFiles, ...scannedDirs.flatMap((dir) => sourceFiles(repoPath(dir)))]
  .map((file) => path.relative(repoRoot, file))
  .filter((file) => file !== thisFile)
  .flatMap((file) => readFileSync(repoPath(file), 'utf8').split('\n').map((text, i) => ({ file, line: i + 1, text })));

/** The section numbers a document defines: headings such as "## 3. Time" or "### 8.2 No split". */
function sectionNumbers(file: string): Set<string> {
  const numbers = new Set<string>();
  for (const match of readFileSync(repoPath(file), 'utf8').matchAll(/^#{1,6}\s+§?(\d+(?:\.\d+)*)[.\s]/gm)) {
    numbers.add(match[1]!);
  }
  return numbers;
}

/** "4", "4–6", "16, 26–28", "10 and 22", "§2, §9", "6–7" → every number named (ranges expanded). */
function numbersIn(list: string): string[] {
  const numbers: string[] = [];
  for (const part of list.split(/\s*(?:,|\band\b)\s*/)) {
    const range = /^§?(\d+)\s*[–-]\s*§?(\d+)$/.exec(part.trim());
    if (range) {
      for (let n = Number(range[1]); n <= Number(range[2]); n += 1) numbers.push(String(n));
    } else if (part.trim()) {
      numbers.push(part.trim().replace(/^§/, ''));
    }
  }
  return numbers;
}

const number = String.raw`§?\d+(?:\.\d+)*(?:\s*[–-]\s*§?\d+(?:\.\d+)*)?`;
const numberList = String.raw`${number}(?:(?:\s*,\s*|\s+and\s+)${number})*`;

/** file:line and the reference, for every reference to a section `defined` lacks. */
function undefinedReferences(pattern: RegExp, defined: Set<string>, applies: (file: string) => boolean = () => true): string[] {
  const missing: string[] = [];
  for (const { file, line, text } of lines) {
    if (!applies(file)) continue;
    for (const match of text.matchAll(pattern)) {
      const absent = numbersIn(match[1]!).filter((n) => !defined.has(n));
      if (absent.length > 0) missing.push(`${file}:${line}: "${match[0]}" (${absent.join(', ')} not defined)`);
    }
  }
  return missing;
}

const inNl = (file: string) => file.startsWith(`packages${path.sep}nl${path.sep}`);

describe('references in the code', () => {
  it('"DECISIONS N" names a numbered heading of docs/decisions.md', () => {
    const defined = sectionNumbers('docs/decisions.md');
    expect(defined.size).toBeGreaterThan(40);
    expect(undefinedReferences(new RegExp(String.raw`DECISIONS (${numberList})`, 'g'), defined)).toEqual([]);
  });

  it('"spec §N" names a numbered heading of docs/product.md', () => {
    const defined = sectionNumbers('docs/product.md');
    expect(defined.size).toBeGreaterThanOrEqual(9);
    expect(undefinedReferences(new RegExp(String.raw`spec (${numberList})`, 'g'), defined)).toEqual([]);
  });

  it('"RULES §N" in packages/nl and "nl RULES §N" elsewhere name a heading of packages/nl/RULES.md', () => {
    const defined = sectionNumbers('packages/nl/RULES.md');
    expect(defined.size).toBeGreaterThanOrEqual(9);
    const inPackage = undefinedReferences(new RegExp(String.raw`RULES(?:\.md)?,? (${numberList})`, 'g'), defined, inNl);
    const elsewhere = undefinedReferences(new RegExp(String.raw`nl RULES(?:\.md)?,? (${numberList})`, 'g'), defined, (f) => !inNl(f));
    expect([...inPackage, ...elsewhere]).toEqual([]);
  });

  it('"docs/development.md convention N" names an item of its Conventions list', () => {
    const text = readFileSync(repoPath('docs/development.md'), 'utf8');
    const conventions = text.slice(text.indexOf('\n## Conventions'));
    const defined = new Set([...conventions.matchAll(/^(\d+)\. /gm)].map((m) => m[1]!));
    expect(defined.size).toBeGreaterThanOrEqual(11);
    expect(undefinedReferences(new RegExp(String.raw`development\.md,? conventions? (${numberList})`, 'g'), defined)).toEqual([]);
  });

  it('names no file outside the repository', () => {
    const outside: string[] = [];
    for (const { file, line, text } of lines) {
      const found: string[] = [];
      for (const m of text.matchAll(/product-spec|DECISIONS\.md|\bARCHITECTURE\b|\/work\/shared/g)) found.push(m[0]);
      // The nl rules live in packages/nl: elsewhere they are named by that path or as "nl RULES".
      if (!inNl(file)) {
        for (const m of text.matchAll(/(?<!packages\/nl\/|\bnl )RULES\b(?:\.md)?/g)) found.push(m[0]);
      }
      // A relative path to a "shared" folder must lead into the repository (packages/shared), not beside it.
      for (const m of text.matchAll(/(?:\.\.\/)+shared\b(?:\/[\w.-]+)*/g)) {
        const target = path.resolve(path.dirname(repoPath(file)), m[0]);
        if (!target.startsWith(repoRoot + path.sep) || !existsSync(target)) found.push(m[0]);
      }
      for (const what of found) outside.push(`${file}:${line}: "${what}"`);
    }
    expect(outside).toEqual([]);
  });

  it('the reference documents exist and docs say where the references point', () => {
    for (const doc of ['docs/decisions.md', 'docs/product.md', 'packages/nl/RULES.md']) expect(existsSync(repoPath(doc))).toBe(true);
    const development = readFileSync(repoPath('docs/development.md'), 'utf8');
    expect(development).toContain('docs/decisions.md');
    expect(development).toContain('docs/product.md');
    expect(development).toContain('packages/nl/RULES.md');
  });
});
