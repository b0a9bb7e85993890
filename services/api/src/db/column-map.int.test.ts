import type { MikroORM } from '@mikro-orm/postgresql';
import { createTestOrm } from '../test/test-db';
import { columnMap } from './column-map';

interface Thing {
  id: string;
  displayName: string;
  dueOn: string | null;
  tags: string[];
  createdAt: string;
  archivedAt: string | null;
}

const THING = columnMap<Thing>()('t', {
  id: { column: 'id' },
  displayName: { column: 'display_name', writable: true },
  dueOn: { column: 'due_on', kind: 'date', writable: true },
  tags: { column: 'tags', kind: 'list', writable: true },
  createdAt: { column: 'created_at', kind: 'instant' },
  archivedAt: { column: 'archived_at', kind: 'instant' },
});

let orm: MikroORM;
beforeAll(async () => {
  orm = await createTestOrm();
  await orm.em.execute('drop table if exists things');
  await orm.em.execute('create table things (id text, display_name text, due_on date, tags text[], created_at timestamptz, archived_at timestamptz)');
});
afterAll(async () => {
  await orm.em.execute('drop table things');
  await orm.close(true);
});

it('selects rows that are the answers themselves: fields in the map order, dates as text, instants as ISO (milliseconds)', async () => {
  await orm.em.execute(
    `insert into things values ('a', 'Anna', '2026-03-09', '{x,"y z"}', '2026-11-21 23:47:33.707999-05', null),
                               ('b', 'Bob', null, '{}', '0999-01-02 03:04:05+00', '2026-01-01 00:00:00+00')`,
  );
  const rows = await orm.em.execute<Thing[]>(`select ${THING.select} from things t order by t.id`);
  expect(JSON.stringify(rows)).toBe(
    JSON.stringify([
      { id: 'a', displayName: 'Anna', dueOn: '2026-03-09', tags: ['x', 'y z'], createdAt: '2026-11-22T04:47:33.707Z', archivedAt: null },
      { id: 'b', displayName: 'Bob', dueOn: null, tags: [], createdAt: '0999-01-02T03:04:05.000Z', archivedAt: '2026-01-01T00:00:00.000Z' },
    ]),
  );
});

it('writes what it selects back unchanged', async () => {
  const { columns, placeholders, params } = THING.writes({ displayName: "O'Hara ?", dueOn: '2026-02-28', tags: ['a', '[b]', '"c"'] });
  const [inserted] = await orm.em.execute<Thing[]>(
    `insert into things as t (id, created_at, ${columns}) values ('c', now(), ${placeholders}) returning ${THING.select}`,
    params,
  );
  expect(inserted).toMatchObject({ displayName: "O'Hara ?", dueOn: '2026-02-28', tags: ['a', '[b]', '"c"'] });
  const { set, params: setParams } = THING.assignments({ dueOn: null, tags: [] });
  const [updated] = await orm.em.execute<Thing[]>(`update things t set ${set} where t.id = 'c' returning ${THING.select}`, setParams);
  expect(updated).toMatchObject({ displayName: "O'Hara ?", dueOn: null, tags: [] });
});
