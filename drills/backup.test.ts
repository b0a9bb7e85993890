// The backup drill (issue 37): Daybook without Docker (`npm start`, the embedded PostgreSQL), a task,
// `npm run backup` while it runs, the task deleted and another made, Daybook stopped, `npm run restore`
// of that backup (refused while Daybook runs), started again: the task is back and the later one gone.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { taskPageSchema, taskSchema } from '@daybook/shared';
import { scratchDaybook, untilRunning } from '../scripts/test/one-address';

let daybook: Awaited<ReturnType<typeof scratchDaybook>>;

beforeAll(async () => {
  daybook = await scratchDaybook('daybook-c-backup-');
});

afterAll(() => daybook.cleanUp());

it('npm run backup while Daybook runs, npm run restore with it stopped: the data is as it was', async () => {
  const me = daybook.browser();
  const backups = path.join(daybook.work, 'backups');
  let run = daybook.start('start.mjs');
  await untilRunning(run);
  const account = { username: 'drill', password: 'backup drill' };
  expect((await me.call('POST', '/api/register', { ...account, timezone: 'UTC' })).status).toBe(201);
  expect((await me.call('POST', '/api/login', account)).status).toBe(200);
  const kept = taskSchema.parse((await me.call('POST', '/api/tasks', { title: 'Kept by the backup' })).json());

  const made = await daybook.runToEnd('backup.mjs', [backups]);
  expect(made.output).toMatch(/backup written to .* \(while Daybook ran/);
  expect(made.status).toBe(0);
  const [backup] = readdirSync(backups);
  expect(backup).toMatch(/^daybook-\d{4}-\d\d-\d\d_\d{6}$/);

  expect((await me.call('DELETE', `/api/tasks/${kept.id}`)).status).toBe(204);
  expect((await me.call('POST', '/api/tasks', { title: 'Made after the backup' })).status).toBe(201);
  const refused = await daybook.runToEnd('restore.mjs', [path.join(backups, backup!)]);
  expect(refused.status).toBe(1);
  expect(refused.output).toMatch(/Daybook is running .* stop it first/);
  expect((await daybook.pressCtrlC(run)).exit).toEqual({ code: 0, signal: null });

  const restored = await daybook.runToEnd('restore.mjs', [path.join(backups, backup!)]);
  expect(restored.output).toMatch(/restored /);
  expect(restored.status).toBe(0);
  expect(readdirSync(path.join(daybook.work, 'data')).some((name) => name.startsWith('before-restore-'))).toBe(true);

  run = daybook.start('start.mjs');
  await untilRunning(run);
  const titles = taskPageSchema.parse((await me.call('GET', '/api/tasks')).json()).items.map((task) => task.title);
  expect(titles).toEqual(['Kept by the backup']);
  expect((await daybook.pressCtrlC(run)).exit).toEqual({ code: 0, signal: null });
  expect(existsSync(path.join(daybook.work, 'data', 'postgres', 'backup_label'))).toBe(false);
}, 240_000);
