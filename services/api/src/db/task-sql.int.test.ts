import type { MikroORM } from '@mikro-orm/postgresql';
import {
  PRIORITIES,
  TASK_STATUSES,
  addDays,
  isActiveForPriorities,
  isOverdue,
  openTaskSql,
  overdueTaskSql,
  sortTasksDefault,
  taskDefaultOrderSql,
  zonedParts,
} from '@daybook/shared';
import { createTestOrm } from '../test/test-db';
import { jsonParam } from './sql';

/**
 * Each SQL piece of @daybook/shared's task-sql.ts selects (or orders) exactly what the TypeScript rule it
 * mirrors does, on a few hundred generated tasks: every mix of flags, priorities, due dates around the
 * day, due times around the minute, and "now" in several zones on both sides of their midnight.
 */
const TASKS = 400;
const DAY = '2026-03-08';
const ZONES = ['UTC', 'Europe/Berlin', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Auckland', 'Pacific/Honolulu'];

/** A deterministic stream of integers below n (mulberry32: the same tasks on every run). */
function seeded(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), state | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4_294_967_296) * n);
  };
}
const random = seeded(38);
const pick = <T>(values: readonly T[]): T => values[random(values.length)]!;
const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

interface GeneratedTask {
  id: string;
  priority: string;
  status: string;
  isCompleted: boolean;
  isArchived: boolean;
  isBacklog: boolean;
  dueDate: string | null;
  dueTime: string | null;
  createdAt: string;
}

/** Times of day bunched around noon and midnight, so many fall on the minute of a "now" below. */
const TIMES = [0, 1, 719, 720, 721, 1438, 1439].map(clock);

const tasks: GeneratedTask[] = Array.from({ length: TASKS }, (_, n) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  priority: pick(PRIORITIES),
  status: pick(TASK_STATUSES),
  isCompleted: random(3) === 0,
  isArchived: random(4) === 0,
  isBacklog: random(4) === 0,
  dueDate: random(6) === 0 ? null : addDays(DAY, random(5) - 2),
  dueTime: random(3) === 0 ? null : random(2) === 0 ? pick(TIMES) : clock(random(1440)),
  // Distinct instants (the shared order has no id to break a tie), in a random order.
  createdAt: new Date(Date.parse('2026-03-01T00:00:00Z') + ((n * 7919) % TASKS) * 60_000 + random(60) * 1000).toISOString(),
}));

/** Instants around the day's noon and midnight, in UTC and in each zone's own clock. */
const NOWS = ZONES.flatMap((timeZone) =>
  ['T00:00:30Z', 'T12:00:30Z', 'T11:59:59Z', 'T23:59:30Z', 'T10:21:00Z'].map((at) => ({ now: new Date(`${DAY}${at}`), timeZone })),
);

let orm: MikroORM;
let userId: string;
const sql = <T extends object[]>(query: string, params: unknown[]) => orm.em.getConnection().execute<T>(query, params);

beforeAll(async () => {
  orm = await createTestOrm();
  const [user] = await sql<{ id: string }[]>(
    `insert into users (id, username, password_hash, timezone) values (gen_random_uuid(), 'pieces', 'x', 'UTC') returning id`,
    [],
  );
  userId = user!.id;
  await sql(
    `insert into tasks (id, user_id, title, priority, status, is_completed, is_archived, is_backlog, due_date, due_time, created_at)
     select g.id, ?, 'task', g.priority, g.status, g."isCompleted", g."isArchived", g."isBacklog", g."dueDate", g."dueTime", g."createdAt"
       from jsonb_to_recordset(?::jsonb) as g(id uuid, priority text, status text, "isCompleted" boolean, "isArchived" boolean,
            "isBacklog" boolean, "dueDate" date, "dueTime" text, "createdAt" timestamptz)`,
    [userId, jsonParam(tasks)],
  );
});
afterAll(() => orm.close(true));

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);
const sorted = (values: readonly string[]) => [...values].sort();

it('openTaskSql selects the tasks isActiveForPriorities keeps', async () => {
  const rows = await sql<{ id: string }[]>(`select t.id from tasks t where t.user_id = ? and ${openTaskSql('t')}`, [userId]);
  const expected = tasks.filter(isActiveForPriorities).map((task) => task.id);
  expect(expected.length).toBeGreaterThan(50);
  expect(sorted(ids(rows))).toEqual(sorted(expected));
});

it('overdueTaskSql selects the tasks isOverdue marks, at every instant and zone', async () => {
  for (const { now, timeZone } of NOWS) {
    const { date: today, time } = zonedParts(now, timeZone);
    const rows = await sql<{ id: string }[]>(`select t.id from tasks t where t.user_id = ? and ${overdueTaskSql('t', '?::date', '?')}`, [userId, today, time]);
    const expected = tasks.filter((task) => isOverdue(task, now, timeZone)).map((task) => task.id);
    expect({ now, timeZone, ids: sorted(ids(rows)) }).toEqual({ now, timeZone, ids: sorted(expected) });
  }
});

it('overdue at the minute: a task due at 12:00 is overdue from 12:01, not at 12:00', async () => {
  const onTime = tasks.filter((task) => task.dueDate === DAY && task.dueTime === '12:00' && !task.isCompleted).map((task) => task.id);
  expect(onTime.length).toBeGreaterThan(0);
  const overdueAt = async (time: string) =>
    ids(await sql<{ id: string }[]>(`select t.id from tasks t where t.user_id = ? and ${overdueTaskSql('t', '?::date', '?')}`, [userId, DAY, time]));
  expect((await overdueAt('12:00')).filter((id) => onTime.includes(id))).toEqual([]);
  expect(await overdueAt('12:01')).toEqual(expect.arrayContaining(onTime));
});

it('taskDefaultOrderSql orders the tasks as compareTasksDefault does', async () => {
  const rows = await sql<{ id: string }[]>(`select t.id from tasks t where t.user_id = ? order by ${taskDefaultOrderSql('t')}`, [userId]);
  expect(ids(rows)).toEqual(sortTasksDefault(tasks).map((task) => task.id));
});
