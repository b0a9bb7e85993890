import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseCases, requestFromCase } from './cli/cases';
import { structureWithRules } from './rules';

/**
 * Regression test on the development corpus (copied from the shared corpus into test-data/, never read
 * from outside the repository): every case through the rules, scored by the corpus' own scorer. Fails below the
 * whole-case accuracy reached when the rules were written.
 */
const MIN_WHOLE_CASE_ACCURACY = 100;

const dataDir = path.resolve(__dirname, '../test-data');

describe('development corpus (rules)', () => {
  it(`scores at least ${MIN_WHOLE_CASE_ACCURACY}% whole-case with score.mjs`, () => {
    const casesFile = path.join(dataDir, 'dev.jsonl');
    const cases = parseCases(fs.readFileSync(casesFile, 'utf8'));
    expect(cases.length).toBe(245);
    const lines = cases.map((c) => JSON.stringify({ id: c.id, output: structureWithRules(requestFromCase(c)) }));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daybook-dev-'));
    const resultsFile = path.join(dir, 'results.jsonl');
    fs.writeFileSync(resultsFile, `${lines.join('\n')}\n`);
    try {
      const report = execFileSync(process.execPath, [path.join(dataDir, 'score.mjs'), casesFile, resultsFile, '--max-failures=40'], { encoding: 'utf8' });
      const accuracy = Number(/^ACCURACY ([\d.]+)$/mu.exec(report)?.[1]);
      if (accuracy < MIN_WHOLE_CASE_ACCURACY) throw new Error(`whole-case accuracy ${accuracy}% < ${MIN_WHOLE_CASE_ACCURACY}%\n${report}`);
      expect(accuracy).toBeGreaterThanOrEqual(MIN_WHOLE_CASE_ACCURACY);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
