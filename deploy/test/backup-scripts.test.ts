// The backup scripts without a database: the health check of the backup service, refused settings,
// and shell portability (Debian's dash, and busybox as in the alpine image the service runs in).
// The full backup/restore drill against PostgreSQL is services/api/src/backup-restore.int.test.ts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hasCommand, repoPath, scriptShells, skipNote } from './helpers';

const script = (name: string) => repoPath('deploy', 'backup', name);
const shells = scriptShells();
if (shells.length === 1) skipNote('backup scripts under busybox', 'busybox is not installed; ran them with dash only');
afterAll(() => shells.forEach((s) => s.cleanup()));

describe.each(shells.map((s) => [s.name, s] as const))('backup scripts under %s', (_name, shell) => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'daybook-backups-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const run = (file: string, args: string[] = [], env: Record<string, string> = {}) =>
    spawnSync(shell.shell, [script(file), ...args], {
      encoding: 'utf8',
      // No database settings: these cases must stop before connecting anywhere.
      env: { PATH: process.env.PATH ?? '', ...shell.env, BACKUP_DIR: dir, PGHOST: '/nonexistent', ...env },
    });

  it('the health check fails with no backup, passes with a fresh one, fails when the newest is over two days old', () => {
    expect(run('schedule.sh', ['--check']).status).toBe(1);
    const file = path.join(dir, 'daybook-2026-01-30_030000.dump');
    writeFileSync(file, 'x');
    expect(run('schedule.sh', ['--check']).status).toBe(0);
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    utimesSync(file, threeDaysAgo, threeDaysAgo);
    const stale = run('schedule.sh', ['--check']);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain('no backup newer than two days');
    // A restore's safety copy does not count as a backup.
    writeFileSync(path.join(dir, 'pre-restore-2026-01-31_120000.dump'), 'x');
    expect(run('schedule.sh', ['--check']).status).toBe(1);
  });

  it.each([['0'], ['-1'], ['two weeks']])('backup.sh refuses BACKUP_KEEP=%s before touching anything', (keep) => {
    const result = run('backup.sh', [], { BACKUP_KEEP: keep });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/BACKUP_KEEP/);
  });

  it.each([['24'], ['3am']])('schedule.sh refuses BACKUP_HOUR=%s', (hour) => {
    const result = run('schedule.sh', [], { BACKUP_HOUR: hour });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/BACKUP_HOUR/);
  });

  it('restore.sh refuses a missing file, a file that is no backup, and unknown options, changing nothing', () => {
    expect(run('restore.sh').status).toBe(2);
    expect(run('restore.sh', ['--yes', 'x.dump']).status).toBe(2);
    expect(run('restore.sh', [path.join(dir, 'missing.dump')]).stderr).toMatch(/cannot read/);
    const junk = path.join(dir, 'daybook-junk.dump');
    writeFileSync(junk, 'this is not a pg_dump archive');
    const result = run('restore.sh', [junk]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/not a backup/);
  });

  it('restore.sh reads a bare file name in BACKUP_DIR (what `ls backups/` shows on the server)', () => {
    writeFileSync(path.join(dir, 'daybook-junk.dump'), 'this is not a pg_dump archive');
    expect(run('restore.sh', ['daybook-junk.dump']).stderr).toContain(`${path.join(dir, 'daybook-junk.dump')} is not a backup`);
    expect(run('restore.sh', ['missing.dump']).stderr).toContain(`cannot read ${path.join(dir, 'missing.dump')}`);
  });
});

const shellcheck = hasCommand('shellcheck');
if (!shellcheck) skipNote('shellcheck of deploy/backup/*.sh', 'shellcheck is not installed');
(shellcheck ? it : it.skip)('the scripts pass shellcheck as POSIX sh', () => {
  const result = spawnSync('shellcheck', ['-s', 'sh', script('backup.sh'), script('restore.sh'), script('schedule.sh')], { encoding: 'utf8' });
  expect(result.stdout).toBe('');
  expect(result.status).toBe(0);
});
