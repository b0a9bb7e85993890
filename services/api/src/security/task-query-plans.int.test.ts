import { RequestContext } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { DAY_LIST_MAX, TASK_PAGE_DEFAULT, type TaskPage } from '@daybook/shared';
import type { Actor } from '../core/actor';
import { secretHash } from '../core/secret-hash';
import { createCalendarFeedService } from '../modules/calendar-feed/calendar-feed.service';
import { createDailyPlanService } from '../modules/daily-plan/daily-plan.service';
import { createTasksService } from '../modules/tasks/tasks.service';
import { planOf, scansOf, statementsOf } from '../test/query-plans';
import { createTestOrm } from '../test/test-db';

/**
 * Red team, DECISIONS 22 (issue 11 §2, §3): every task read stays an index read with bounded work for a
 * user with 20,000 live tasks, also while the planner's statistics are stale (many rows just arrived and
 * autovacuum has not analysed them yet: it is off on the table here and nothing runs ANALYZE).
 */

const now = new Date('2026-03-09T15:00:00Z');
const LIVE_TASKS = 20_000;
let orm: MikroORM;
let heavy: Actor;

beforeAll(async () => {
  orm = await createTestOrm();
  const db = orm.em.getConnection();
  await db.execute('alter table tasks set (autovacuum_enabled = false)');
  await db.execute(`insert into users (id, username, password_hash, timezone) values
    (gen_random_uuid(), 'heavy', 'x', 'America/New_York'), (gen_random_uuid(), 'neighbour', 'x', 'America/New_York')`);
  const users = await db.execute<{ id: string; username: string }[]>('select id, username from users');
  const userId = (name: string) => users.find((u) => u.username === name)!.id;
  // Every state of a real list: priorities, due dates around today (overdue, today, later, none), times,
  // backlog, delegated, completed, Kanban statuses, a few manual orders, and some archived history.
  const insert = (owner: string, count: number) =>
    db.execute(
      `insert into tasks (id, user_id, title, priority, status, due_date, due_time, is_completed, is_backlog, is_delegated,
         is_archived, archived_at, sort_order, created_at)
       select gen_random_uuid(), ?, 'task ' || n,
         (array['low','medium','high','urgent'])[1 + n % 4]::text,
         case when n % 10 = 0 then 'completed' when n % 10 = 1 then 'backlog' when n % 10 = 2 then 'in_progress'
              when n % 10 = 3 then 'review' else 'todo' end,
         case when n % 7 = 0 then null else date '2026-03-09' + (n % 90 - 30) end,
         case when n % 3 = 0 then lpad((n % 24)::text, 2, '0') || ':30' end,
         n % 10 = 0, n % 10 = 1, n % 13 = 0, n % 50 = 0, case when n % 50 = 0 then now() - n * interval '1 minute' end,
         case when n % 100 = 0 then n % 5 else 0 end, now() - n * interval '1 second'
       from generate_series(1, ?) n`,
      [owner, count],
    );
  await insert(userId('heavy'), Math.round(LIVE_TASKS / 0.98));
  await insert(userId('neighbour'), 2_000);
  heavy = { id: userId('heavy'), username: 'heavy', role: 'user', timezone: 'America/New_York', enableDelegation: true };
  await db.execute(`insert into calendar_feeds (user_id, secret_hash) values (?, ?)`, [heavy.id, secretHash(FEED_SECRET)]);
}, 120_000);
afterAll(async () => {
  await orm.em.getConnection().execute('alter table tasks reset (autovacuum_enabled)');
  await orm.close(true);
});

const FEED_SECRET = 'heavyHeavyHeavyHeavyHeavyHeavy12';
const tasks = () => createTasksService(orm.em, () => now);
const page = { limit: TASK_PAGE_DEFAULT };

const inRequest = <T>(read: () => Promise<T>) => RequestContext.create(orm.em, read);

/** The cursor of the first page of a list, to read its second page. */
async function secondPage(list: 'active' | 'backlog' | 'list' | 'archived') {
  const first = (await inRequest(() => tasks()[list](heavy, page))) as TaskPage;
  return { limit: TASK_PAGE_DEFAULT, cursor: first.nextCursor! };
}

const READS: [string, () => Promise<unknown>][] = [
  ['today', () => tasks().today(heavy)],
  ['monday', () => tasks().monday(heavy)],
  ['all', () => tasks().list(heavy, page)],
  ['active', () => tasks().active(heavy, page)],
  ['backlog', () => tasks().backlog(heavy, page)],
  ['delegated', () => tasks().delegated(heavy, page)],
  ['kanban', () => tasks().kanban(heavy, page)],
  ['archived', () => tasks().archived(heavy, { limit: 50 })],
  ['calendar week', () => tasks().calendar(heavy, { start: '2026-03-08T05:00:00.000Z', end: '2026-03-15T04:00:00.000Z' })],
  ['daily plan', () => createDailyPlanService(orm.em, () => now, tasks()).get(heavy)],
  ['calendar feed', async () => (await createCalendarFeedService(orm.em).open(FEED_SECRET)).render()],
  ['one task', async () => tasks().get(heavy, (await tasks().active(heavy, { limit: 1 })).items[0]!.id)],
];

describe(`task reads of a user with ${LIVE_TASKS.toLocaleString('en-US')} live tasks, statistics stale`, () => {
  it.each(READS)('%s reads tasks through an index only, in well under a second', async (_name, read) => {
    const statements = (await statementsOf(orm, read)).filter((s) => /^\s*select/i.test(s.sql));
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      const { plan, executionMs } = await planOf(orm, statement, true);
      const taskScans = scansOf(plan).filter((scan) => scan.endsWith(' on tasks'));
      expect(taskScans.filter((scan) => !/^(Index Scan|Index Only Scan|Bitmap Heap Scan) on tasks$/.test(scan))).toEqual([]);
      expect(executionMs).toBeLessThan(1_000);
    }
  });

  it.each(['active', 'backlog', 'list', 'archived'] as const)('the second page of %s is as cheap as the first', async (list) => {
    const next = await secondPage(list);
    const [statement] = (await statementsOf(orm, () => tasks()[list](heavy, next))).filter((s) => /^\s*select/i.test(s.sql));
    const { plan, executionMs } = await planOf(orm, statement!, true);
    expect(scansOf(plan).filter((scan) => scan.startsWith('Seq Scan'))).toEqual([]);
    expect(executionMs).toBeLessThan(1_000);
  });

  it("bounds the day's list too: every task due today, then the first of thousands of overdue ones", async () => {
    const day = await inRequest(() => tasks().today(heavy));
    expect(day).toHaveLength(DAY_LIST_MAX);
    const [dueToday] = await orm.em
      .getConnection()
      .execute<{ n: number }[]>(`select count(*)::int as n from tasks where user_id = ? and due_date = '2026-03-09' and not is_archived and not is_backlog`, [heavy.id]);
    expect(day.filter((task) => task.dueDate === '2026-03-09')).toHaveLength(dueToday!.n);
    expect(dueToday!.n).toBeGreaterThan(0);
  });

  it('answers a bounded page, not the whole list', async () => {
    const active = await inRequest(() => tasks().active(heavy, page));
    expect(active.items).toHaveLength(TASK_PAGE_DEFAULT);
    expect(active.nextCursor).not.toBeNull();
    expect(JSON.stringify(active).length).toBeLessThan(250_000);
  });
});

// Last in the file: its second case analyses the table, which the reads above must not have.
describe("reordering a list among many users' tasks", () => {
  it.each(['stale', 'fresh'])("rewrites the user's own tasks through an index, statistics %s", async (statistics) => {
    if (statistics === 'fresh') await orm.em.getConnection().execute('analyze tasks');
    const [neighbour] = await orm.em.getConnection().execute<{ id: string }[]>(`select id from users where username = 'neighbour'`);
    const actor: Actor = { ...heavy, id: neighbour!.id, username: 'neighbour' };
    const first = (await inRequest(() => tasks().active(actor, { limit: 20 }))).items.map((task) => task.id);
    const updates = async (type: 'active' | 'within') =>
      (await statementsOf(orm, () => tasks().reorder(actor, [...first].reverse(), type))).filter((s) => /^\s*(with .*\s+)?update/is.test(s.sql));
    const writes = [...(await updates('active')), ...(await updates('within'))];
    // The named tasks first and the rest of the list after them; the named tasks trading their places.
    expect(writes).toHaveLength(3);
    for (const statement of writes) expect(scansOf((await planOf(orm, statement)).plan).filter((scan) => scan.startsWith('Seq Scan'))).toEqual([]);
  });
});
