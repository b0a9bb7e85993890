import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseCases, requestFromCase } from './cli/cases';
import { structureWithRules } from './rules';

/**
 * Our own realistic cases (test-data/own-*.jsonl, written for this project, one file per rule family),
 * scored by the corpus' scorer: every case must pass. Several-task cases (`expect.tasks`) live in
 * own-multi*.jsonl and are scored by multi.test.ts.
 */
const dataDir = path.resolve(__dirname, '../test-data');
const files = fs.readdirSync(dataDir).filter((name) => /^own-(?!multi).*\.jsonl$/u.test(name));

describe('own cases (rules)', () => {
  it.each(files)('%s passes whole-case', (name) => {
    const casesFile = path.join(dataDir, name);
    const cases = parseCases(fs.readFileSync(casesFile, 'utf8'), name);
    expect(cases.length).toBeGreaterThan(0);
    const lines = cases.map((c) => JSON.stringify({ id: c.id, output: structureWithRules(requestFromCase(c)) }));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daybook-own-'));
    const resultsFile = path.join(dir, 'results.jsonl');
    fs.writeFileSync(resultsFile, `${lines.join('\n')}\n`);
    try {
      const report = execFileSync(process.execPath, [path.join(dataDir, 'score.mjs'), casesFile, resultsFile, '--max-failures=40'], { encoding: 'utf8' });
      const accuracy = Number(/^ACCURACY ([\d.]+)$/mu.exec(report)?.[1]);
      if (accuracy < 100) throw new Error(`${name}: whole-case accuracy ${accuracy}%\n${report}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
