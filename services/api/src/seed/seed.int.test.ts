import type { MikroORM } from '@mikro-orm/postgresql';
import type { Actor } from '../core/actor';
import { createDailyPlanService } from '../modules/daily-plan/daily-plan.service';
import { createTasksService } from '../modules/tasks/tasks.service';
import { scansOfRead } from '../test/query-plans';
import { createTestOrm, rowCounts } from '../test/test-db';
import { seed } from './seed';

const now = new Date('2026-03-09T15:00:00Z');
let orm: MikroORM;
let bigUser: Actor;

beforeAll(async () => {
  orm = await createTestOrm();
  const summary = await seed(orm.em.fork(), { users: 20, tasks: 500, bigUserTasks: 3000, notePages: 2, now });
  expect(summary).toMatchObject({ users: 20, tasks: 19 * 500 + 3000 });
  const [row] = await orm.em.getConnection().execute<Actor[]>(
    `select id, username, role, timezone, enable_delegation as "enableDelegation" from users where username = 'seed-user-1'`,
  );
  bigUser = row!;
}, 60_000);
afterAll(() => orm.close(true));

describe('seed', () => {
  it('fills every table with tasks in every state', async () => {
    const counts = await rowCounts(orm);
    expect(counts).toMatchObject({ users: 20, tasks: 12_500 });
    for (const table of ['clients', 'time_increments', 'delegation_contacts', 'note_lists', 'note_items']) expect(counts[table]).toBeGreaterThan(0);
    const [states] = await orm.em.getConnection().execute<Record<string, string>[]>(
      `select count(*) filter (where is_archived) as archived, count(*) filter (where is_backlog) as backlog,
              count(*) filter (where is_completed and not is_archived) as completed, count(*) filter (where is_recurring) as recurring,
              count(*) filter (where is_delegated) as delegated, count(*) filter (where due_date is null) as undated
         from tasks`,
    );
    for (const count of Object.values(states!)) expect(Number(count)).toBeGreaterThan(50);
    const [pages] = await orm.em.getConnection().execute<{ subpages: string; longest: number }[]>(
      `select (select count(*) from note_lists where parent_page_id is not null) as subpages, (select max(length(content)) from note_items) as longest`,
    );
    expect(Number(pages!.subpages)).toBeGreaterThan(0);
    expect(pages!.longest).toBeGreaterThan(1000);
  });

  it("bounds each user's live (not archived) tasks by about 250 plus 1.5% of their history, whatever its size", async () => {
    const rows = await orm.em.getConnection().execute<{ username: string; total: string; live: string }[]>(
      `select u.username, count(*) as total, count(*) filter (where not t.is_archived) as live
         from tasks t join users u on u.id = t.user_id group by u.username`,
    );
    for (const row of rows) {
      const expected = 250 + Number(row.total) * 0.015; // 257 of 500, 295 of 3,000
      expect(Number(row.live)).toBeGreaterThan(expected * 0.8);
      expect(Number(row.live)).toBeLessThan(expected * 1.2);
    }
  });
});

describe('dashboard reads of a user with thousands of tasks', () => {
  const tasks = () => createTasksService(orm.em, () => now);
  /** The client with most of the big user's tasks (looked up before the reads, whose every statement is checked). */
  let busiestClient: string;
  beforeAll(async () => {
    const [row] = await orm.em.getConnection().execute<{ id: string }[]>(
      'select client_id as id from tasks where user_id = ? and client_id is not null group by client_id order by count(*) desc limit 1',
      [bigUser.id],
    );
    busiestClient = row!.id;
  });
  it.each([
    ['today', () => tasks().today(bigUser)],
    ['monday', () => tasks().monday(bigUser)],
    ['all', () => tasks().list(bigUser, { limit: 200 })],
    ['active', () => tasks().active(bigUser, { limit: 200 })],
    ["one client's active tasks", () => tasks().active(bigUser, { limit: 200, clientId: busiestClient })],
    ['backlog', () => tasks().backlog(bigUser, { limit: 200 })],
    ['delegated', () => tasks().delegated(bigUser, { limit: 200 })],
    ['kanban', () => tasks().kanban(bigUser, { limit: 200 })],
    ['archived page', () => tasks().archived(bigUser, { limit: 50 })],
    ['calendar week', () => tasks().calendar(bigUser, { start: '2026-03-08T05:00:00.000Z', end: '2026-03-15T04:00:00.000Z' })],
    ['daily plan', () => createDailyPlanService(orm.em, () => now, tasks()).get(bigUser)],
  ])('%s reads tasks through an index, never a sequential scan', async (_name, read) => {
    const scans = await scansOfRead(orm, read);
    const taskScans = scans.filter((scan) => scan.endsWith(' on tasks'));
    expect(taskScans.length).toBeGreaterThan(0);
    expect(taskScans.filter((scan) => !/^(Index Scan|Index Only Scan|Bitmap Heap Scan) on tasks$/.test(scan))).toEqual([]);
  });
});
