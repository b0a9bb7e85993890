import { truncateAll } from '../../test/test-db';
import { startTestApp, type TestContext } from '../../test/test-app';
import { planNoteSearch, searchCriteria } from './notes-search';

/**
 * The search statements are answered from the GIN indexes for a user with many notes, among other
 * users with many notes: shown with EXPLAIN on realistic data, planner settings untouched.
 */
let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
  await truncateAll(t.orm);
  await seed();
}, 120_000);
afterAll(() => t.close());

const sql = () => t.orm.em.getConnection();
const BIG_USER = '10000000-0000-4000-8000-000000000000';
const OTHERS = Array.from({ length: 20 }, (_, n) => `200000${String(n).padStart(2, '0')}-0000-4000-8000-000000000000`);

/** Every user gets pages of long markdown notes built from a common vocabulary; a few rare words are sprinkled in. */
async function seed() {
  const users = [BIG_USER, ...OTHERS];
  await sql().execute(
    `insert into users (id, username, password_hash) select u, 'user_' || left(u::text, 8), 'x' from unnest(?::uuid[]) as u`,
    [`{${users.join(',')}}`],
  );
  await sql().execute('select setseed(0.42)');
  const vocabulary = `array['meeting','invoice','client','project','budget','review','draft','call','email','report','plan',
    'deadline','design','launch','notes','follow','agenda','contract','proposal','status','weekly','quarter','team','idea',
    'café','réunion','müller','schedule','update','summary','action','items','risk','scope','timeline','feedback']`;
  for (const [userId, pages, itemsPerPage] of [[BIG_USER, 400, 25], ...OTHERS.map((u) => [u, 50, 10] as const)] as const) {
    await sql().execute(
      `insert into note_lists (id, user_id, title, sort_order)
       select gen_random_uuid(), ?, initcap((${vocabulary})[1 + floor(random() * 36)::int]) || ' ' || n, n from generate_series(1, ?) n`,
      [userId, pages],
    );
    await sql().execute(
      `insert into note_items (id, user_id, note_list_id, content, sort_order, created_at)
       select gen_random_uuid(), l.user_id, l.id,
              '# ' || l.title || E'\\n\\n' || (select string_agg((${vocabulary})[1 + floor(random() * 36)::int] || case when random() < 0.1 then E'\\n- ' else ' ' end, '')
                                       from generate_series(1, 80 + (k * 0)) w),
              k, now() - (random() * interval '400 days')
         from note_lists l cross join generate_series(1, ?) k where l.user_id = ?`,
      [itemsPerPage, userId],
    );
  }
  // Rare words: a few of the big user's notes and page titles, and many of the other users' notes.
  await sql().execute(`update note_items set content = content || ' Zanzibar trip' where id in (select id from note_items where user_id = ? order by id limit 12)`, [BIG_USER]);
  await sql().execute(`update note_items set content = content || ' zanzibar' where id in (select id from note_items where user_id <> ? order by id limit 300)`, [BIG_USER]);
  await sql().execute(`update note_lists set title = 'Kilimanjaro ' || title where id in (select id from note_lists where user_id = ? order by id limit 3)`, [BIG_USER]);
  await sql().execute('analyze note_items');
  await sql().execute('analyze note_lists');
}

async function explain(statement: { sql: string; params: unknown[] }): Promise<string> {
  const rows = await sql().execute<{ 'QUERY PLAN': string }[]>(`explain ${statement.sql}`, statement.params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

const planFor = (query: Record<string, string>) => planNoteSearch(searchCriteria(BIG_USER, 'America/New_York', query)!);

it('seeded a user with 10,000 notes among 20,000', async () => {
  const [row] = await sql().execute<{ mine: string; all: string }[]>('select count(*) filter (where user_id = ?) as mine, count(*) as all from note_items', [BIG_USER]);
  expect(Number(row!.mine)).toBe(10_000);
  expect(Number(row!.all)).toBe(20_000);
});

it('a word search reads the content and title GIN indexes, never a sequential scan', async () => {
  const plan = planFor({ query: 'zanzi' });
  const items = await explain(plan.items);
  expect(items).toMatch(/Bitmap Index Scan on note_items_search_idx/);
  expect(items).toMatch(/Bitmap Index Scan on note_lists_search_idx/);
  expect(items).not.toMatch(/Seq Scan/);
  const lists = await explain(plan.lists!);
  expect(lists).toMatch(/note_lists_search_idx/);
  expect(lists).not.toMatch(/Seq Scan/);
  // And it finds the right notes.
  const found = await sql().execute<{ id: string }[]>(plan.items.sql, plan.items.params);
  expect(found).toHaveLength(12);
});

it('a search by title word and date reads the indexes too', async () => {
  const plan = planFor({ query: 'kilimanjaro', startDate: '2025-01-01', endDate: '2030-12-31' });
  const items = await explain(plan.items);
  expect(items).toMatch(/note_items_search_idx|note_lists_search_idx/);
  expect(items).not.toMatch(/Seq Scan on note_items/);
  const found = await sql().execute<{ id: string }[]>(plan.items.sql, plan.items.params);
  expect(found).toHaveLength(75);
});

it('a word found in almost every note still reads the indexes, never a sequential scan', async () => {
  const plan = planFor({ query: 'meeting' });
  const items = await explain(plan.items);
  expect(items).toMatch(/Bitmap Index Scan on note_items_search_idx/);
  expect(items).not.toMatch(/Seq Scan/);
});

it('a search by date alone reads the owner and date index', async () => {
  const items = await explain(planFor({ startDate: '2026-01-01' }).items);
  expect(items).toMatch(/note_items_user_created_idx/);
  expect(items).not.toMatch(/Seq Scan on note_items/);
});
