// The systemd unit of the setup without Docker (deploy/systemd/daybook.service): systemd itself finds no
// fault in it (`systemd-analyze verify`), and it runs what the docs say, restarting on failure.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { hasCommand, repoPath, skipNote } from '../test/helpers';

const unitFile = repoPath('deploy', 'systemd', 'daybook.service');
const unit = readFileSync(unitFile, 'utf8');
const setting = (name: string) => [...unit.matchAll(new RegExp(`^${name}=(.*)$`, 'gm'))].map((m) => m[1]);

describe('deploy/systemd/daybook.service', () => {
  it('starts Daybook with npm start from its folder, restarts it on failure and starts on boot', () => {
    expect(setting('ExecStart')).toEqual(['/usr/bin/env node scripts/start.mjs']);
    expect(JSON.parse(readFileSync(repoPath('package.json'), 'utf8')).scripts.start).toBe('node scripts/start.mjs');
    expect(setting('WorkingDirectory')).toEqual(['/opt/daybook']);
    expect(setting('User')).toEqual(['daybook']);
    expect(setting('Restart')).toEqual(['on-failure']);
    expect(setting('KillMode')).toEqual(['mixed']);
    expect(setting('WantedBy')).toEqual(['multi-user.target']);
  });

  const verify = hasCommand('systemd-analyze') ? it : it.skip;
  if (!hasCommand('systemd-analyze')) skipNote('systemd-analyze verify of daybook.service', 'systemd-analyze is not installed (apt-get install systemd)');
  verify('passes systemd-analyze verify without a complaint', () => {
    const result = spawnSync('systemd-analyze', ['verify', '--man=no', unitFile], { encoding: 'utf8' });
    // Unknown keys and bad values are only warned about: any line about this unit fails the test. (Lines
    // about the host's own units, on a machine that does not boot with systemd, are not this unit's.)
    const complaints = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.includes('daybook.service'));
    expect(complaints).toEqual([]);
    expect(result.status).toBe(0);
  });
});
