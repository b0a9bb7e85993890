import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { incrementFromLabel, parseCases, requestFromCase } from './cases';

const run = promisify(execFile);

describe('cases files', () => {
  it('turns Settings labels into increments', () => {
    expect(incrementFromLabel('15 minutes')).toEqual({ label: '15 minutes', value: '15min' });
    expect(incrementFromLabel('1 hour')).toEqual({ label: '1 hour', value: '1h' });
    expect(incrementFromLabel('2 days')).toEqual({ label: '2 days', value: '2d' });
  });

  it("reads a case's local now in its own zone", () => {
    const [c] = parseCases(JSON.stringify({ id: 'x', input: 'in 1 hour', context: { now: '2025-03-09T01:30:00', timezone: 'America/New_York' } }));
    expect(requestFromCase(c!)).toMatchObject({ now: new Date('2025-03-09T06:30:00.000Z'), clients: [], timeIncrements: [] });
  });

  it('names the bad line', () => {
    expect(() => parseCases('{"id":"a","input":"x","context":{"now":"2025-01-01T00:00:00","timezone":"UTC"}}\n{oops', 'f.jsonl')).toThrow(/f\.jsonl:2/);
  });
});

describe('the batch command', () => {
  it('prints one {"id","output"} line per case and nothing else on stdout', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daybook-cli-'));
    const casesFile = path.join(dir, 'cases.jsonl');
    const context = { now: '2025-03-11T10:15:00', timezone: 'America/Chicago', availableClients: ['Globex'], availableTimeIncrements: ['30 minutes', '1 hour'] };
    fs.writeFileSync(casesFile, [{ id: 'a', input: 'Call Globex tomorrow at 3pm', context }, { id: 'b', input: '"literal tomorrow"', context }].map((c) => JSON.stringify(c)).join('\n'));
    try {
      const { stdout } = await run(process.execPath, ['-r', path.join(__dirname, '../../../../scripts/test/register-ts.cjs'), path.join(__dirname, 'structure.ts'), '--cases', casesFile]);
      const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: string; output: Record<string, unknown> });
      expect(lines.map((l) => l.id)).toEqual(['a', 'b']);
      expect(lines[0]!.output).toMatchObject({ title: 'Call Globex', clientName: 'Globex', dueDate: '2025-03-12', dueTime: '15:00' });
      expect(lines[1]!.output).toMatchObject({ title: 'Literal tomorrow', dueDate: null });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints one {"id","outputs":[…]} line per case with --multi, tasks in order of mention', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daybook-cli-'));
    const casesFile = path.join(dir, 'cases.jsonl');
    const context = { now: '2025-03-11T10:15:00', timezone: 'America/Chicago', availableClients: ['Globex'], availableTimeIncrements: ['30 minutes', '1 hour'] };
    const cases = [
      { id: 'two', input: 'Tomorrow: call Globex at 3pm, then book the courier', context },
      { id: 'one', input: 'buy stamps, envelopes and tape', context },
      { id: 'bad', input: 'x', context: { now: '2025-03-11T10:15:00', timezone: 'Mars/Olympus' } },
    ];
    fs.writeFileSync(casesFile, cases.map((c) => JSON.stringify(c)).join('\n'));
    try {
      const { stdout } = await run(process.execPath, ['-r', path.join(__dirname, '../../../../scripts/test/register-ts.cjs'), path.join(__dirname, 'structure.ts'), '--cases', casesFile, '--multi']);
      const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: string; outputs: Array<Record<string, unknown>> });
      expect(lines.map((l) => [l.id, l.outputs.length])).toEqual([
        ['two', 2],
        ['one', 1],
        ['bad', 0],
      ]);
      expect(lines[0]!.outputs).toEqual([
        expect.objectContaining({ title: 'Call Globex', clientName: 'Globex', dueDate: '2025-03-12', dueTime: '15:00' }),
        expect.objectContaining({ title: 'Book the courier', clientName: null, dueDate: '2025-03-12', dueTime: null }),
      ]);
      expect(lines[1]!.outputs[0]).toMatchObject({ title: 'Buy stamps, envelopes and tape' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
