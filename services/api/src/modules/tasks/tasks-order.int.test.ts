import { RequestContext } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PRIORITIES, sortTasksForList, type Task } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { createTestOrm } from '../../test/test-db';
import { createTasksService } from './tasks.service';

/**
 * The list order in SQL (tasks.repository.ts: TASK_LIST_KEYS) is the shared rule `compareTasksForList`:
 * tasks with every mix of sortOrder, priority, due date, due time and creation instant come back from
 * the api, page after page, in the order the shared rule gives them.
 */
let orm: MikroORM;
let actor: Actor;

beforeAll(async () => {
  orm = await createTestOrm();
  const db = orm.em.getConnection();
  const [user] = await db.execute<{ id: string }[]>(
    `insert into users (id, username, password_hash, timezone) values (gen_random_uuid(), 'order', 'x', 'Europe/Berlin') returning id`,
  );
  actor = { id: user!.id, username: 'order', role: 'user', timezone: 'Europe/Berlin', enableDelegation: false };
  // 240 tasks: the combinations repeat with different creation instants (a millisecond apart at least).
  await db.execute(
    `insert into tasks (id, user_id, title, priority, due_date, due_time, sort_order, created_at)
     select gen_random_uuid(), ?, 'task ' || n, (array[${PRIORITIES.map((p) => `'${p}'`).join(', ')}])[1 + n % 4],
            case when n % 5 = 0 then null else date '2026-03-01' + n % 7 end,
            case when n % 3 = 0 then null else lpad((n % 24)::text, 2, '0') || ':' || lpad((n % 4 * 15)::text, 2, '0') end,
            n % 3, timestamptz '2026-03-01 00:00:00+00' + n * interval '7 milliseconds' * (1 + n % 11)
     from generate_series(1, 240) n`,
    [actor.id],
  );
});
afterAll(() => orm.close(true));

it('pages the active list in the order of the shared rule, with no task skipped or repeated', async () => {
  const tasks = createTasksService(orm.em, () => new Date('2026-03-05T12:00:00Z'));
  const listed: Task[] = [];
  let cursor: string | undefined;
  do {
    const page = await RequestContext.create(orm.em, () => tasks.active(actor, { limit: 37, ...(cursor ? { cursor } : {}) }));
    listed.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  expect(listed).toHaveLength(240);
  expect(new Set(listed.map((task) => task.id)).size).toBe(240);
  expect(listed.map((task) => task.id)).toEqual(sortTasksForList(listed).map((task) => task.id));
});
