import { RequestContext } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Actor } from '../../core/actor';
import { planOf, scansOf, statementsOf } from '../../test/query-plans';
import { createTestOrm } from '../../test/test-db';
import { createBillingService } from './billing.service';

/**
 * DECISIONS 22 for billing: with two years of a busy user's time (60,000 entries over 40 clients and 400
 * tasks) and a neighbour's, every billing read is an index read of the user's rows with bounded work, also
 * while the planner's statistics are stale (autovacuum off, nothing analysed).
 */

const now = new Date('2026-03-11T15:00:00Z');
const ENTRIES = 60_000;
let orm: MikroORM;
let heavy: Actor;
let clientId: string;

beforeAll(async () => {
  orm = await createTestOrm();
  const db = orm.em.getConnection();
  await db.execute('alter table time_entries set (autovacuum_enabled = false)');
  await db.execute(`insert into users (id, username, password_hash, timezone) values
    (gen_random_uuid(), 'heavy', 'x', 'America/New_York'), (gen_random_uuid(), 'neighbour', 'x', 'America/New_York')`);
  const users = await db.execute<{ id: string; username: string }[]>('select id, username from users');
  for (const user of users) {
    await db.execute(
      `insert into clients (id, user_id, name, hourly_rate_minor) select gen_random_uuid(), ?, 'client ' || n, case when n % 3 = 0 then null else 5000 + n end from generate_series(1, 40) n`,
      [user.id],
    );
    await db.execute(
      `insert into tasks (id, user_id, title, client_id)
       select gen_random_uuid(), ?, 'task ' || n, (select id from clients where user_id = ? order by name offset n % 40 limit 1) from generate_series(1, 400) n`,
      [user.id, user.id],
    );
    // Entries every 17 minutes back from now, 5 to 90 minutes long; a tenth not billable, the older half billed.
    await db.execute(
      `with t as (select id, client_id, row_number() over (order by id) - 1 as k from tasks where user_id = ?)
       insert into time_entries (user_id, task_id, client_id, started_at, ended_at, note, billable)
       select ?, t.id, t.client_id, ?::timestamptz - n * interval '17 minutes', ?::timestamptz - n * interval '17 minutes' + (5 + n % 85) * interval '1 minute',
              'entry ' || n, n % 10 <> 0
         from generate_series(1, ?) n join t on t.k = n % 400`,
      [user.id, user.id, now, now, user.username === 'heavy' ? ENTRIES : 10_000],
    );
  }
  heavy = { id: users.find((u) => u.username === 'heavy')!.id, username: 'heavy', role: 'user', timezone: 'America/New_York', enableDelegation: false };
  [{ id: clientId }] = (await db.execute<{ id: string }[]>('select id from clients where user_id = ? order by name limit 1', [heavy.id])) as [{ id: string }];
  const [{ id: periodId }] = (await db.execute<{ id: string }[]>(
    `insert into billing_periods (id, user_id, client_id, from_date, to_date, entry_count, seconds, hours_hundredths, rate_minor, amount_minor, currency)
     values (gen_random_uuid(), ?, ?, '2024-01-01', '2025-06-30', 0, 0, 0, 0, 0, 'USD') returning id`,
    [heavy.id, clientId],
  )) as [{ id: string }];
  await db.execute(`update time_entries set billing_period_id = ? where user_id = ? and started_at < '2025-06-30'`, [periodId, heavy.id]);
}, 180_000);
afterAll(async () => {
  await orm.em.getConnection().execute('alter table time_entries reset (autovacuum_enabled)');
  await orm.close(true);
});

const billing = () => createBillingService(orm.em, () => now);

const READS: [string, () => Promise<unknown>][] = [
  ['report, all clients, this month', () => billing().report(heavy, { period: 'this-month' })],
  ['report, one client, a year', () => billing().report(heavy, { clientId, from: '2025-03-01', to: '2026-02-28' })],
  ['CSV, all clients, last month', () => billing().csv(heavy, { period: 'last-month', entries: 'billable' })],
  ['summary of every client', () => billing().summary(heavy)],
  ['one client’s summary', () => billing().clientSummary(heavy, clientId)],
  ['billed periods', () => billing().periods(heavy, { limit: 20 })],
];

describe.each(READS)('%s', (_name, read) => {
  it('reads time entries through an index only, in bounded time', async () => {
    const statements = (await statementsOf(orm, read)).filter((statement) => /time_entries/.test(statement.sql) && /^\s*(select|with)/i.test(statement.sql));
    for (const statement of statements) {
      const { plan, executionMs } = await planOf(orm, statement, true);
      const scans = scansOf(plan);
      expect(scans.filter((scan) => scan.startsWith('Seq Scan on time_entries'))).toEqual([]);
      // Generous for a loaded 2-core CI machine; a scan of every entry takes several times longer.
      expect(executionMs).toBeLessThan(1500);
    }
  });
});

it('marks a month billed in one short transaction', async () => {
  const started = Date.now();
  const period = await RequestContext.create(orm.em, () => billing().markBilled(heavy, { clientId, from: '2026-02-01', to: '2026-02-28' }));
  expect(period.entryCount).toBeGreaterThan(0);
  expect(Date.now() - started).toBeLessThan(3000);
});
