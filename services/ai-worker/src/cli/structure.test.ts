import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

describe('the worker batch command (configured provider)', () => {
  it('prints one {"id","output"} line per case and nothing else on stdout', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daybook-cli-'));
    const casesFile = path.join(dir, 'cases.jsonl');
    const context = { now: '2025-03-11T10:15:00', timezone: 'America/Chicago', availableClients: ['Globex'], availableTimeIncrements: ['30 minutes', '1 hour'] };
    fs.writeFileSync(casesFile, [{ id: 'a', input: 'Call Globex tomorrow at 3pm', context }, { id: 'b', input: '"literal tomorrow"', context }].map((c) => JSON.stringify(c)).join('\n'));
    try {
      const { stdout } = await run(process.execPath, ['-r', path.join(__dirname, '../../../../scripts/test/register-ts.cjs'), path.join(__dirname, 'structure.ts'), '--cases', casesFile], {
        env: { ...process.env, AI_PROVIDER: 'rules', LOG_LEVEL: 'info' },
      });
      const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: string; output: Record<string, unknown> });
      expect(lines.map((l) => l.id)).toEqual(['a', 'b']);
      expect(lines[0]!.output).toMatchObject({ title: 'Call Globex', clientName: 'Globex', dueDate: '2025-03-12', dueTime: '15:00' });
      expect(lines[1]!.output).toMatchObject({ title: 'Literal tomorrow', dueDate: null });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
