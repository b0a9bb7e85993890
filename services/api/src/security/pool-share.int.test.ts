import pg from 'pg';
import { USER_REQUESTS_AT_ONCE } from '../http/per-user-concurrency';
import { truncateAll } from '../test/test-db';
import { testDatabaseUrl } from '../test/test-services';
import { startTestApp, type ApiClient, type TestContext } from '../test/test-app';

/**
 * Red team, DECISIONS 22 (no user can slow down another): requests of one user that wait for one another
 * in the database never take the pool from everybody else. One user's reorders take that user's reorder
 * lock in turn; here the lock is held from another connection while the user sends twenty of them, so
 * each one that reaches the database waits there, holding a pooled connection (10 in the pool). Before
 * the per-user gate (`userRequests`), all ten connections waited and another user's day list waited for
 * the statement time limit (5 s); now at most USER_REQUESTS_AT_ONCE (6) of the user's requests are in the
 * database at once.
 */
let t: TestContext;
let locker: pg.Client;
let anna: ApiClient;
let bob: ApiClient;
let annaId: string;
let taskIds: string[];

beforeAll(async () => {
  t = await startTestApp();
  await truncateAll(t.orm);
  locker = new pg.Client({ connectionString: testDatabaseUrl() });
  await locker.connect();
  anna = t.client();
  annaId = (await anna.signUpAndIn('anna')).id;
  bob = t.client();
  await bob.signUpAndIn('bob');
  taskIds = [];
  for (const title of ['One', 'Two', 'Three']) taskIds.push((await anna.post('/api/tasks', { title })).body.id);
});
afterAll(async () => {
  await locker.end();
  await t.close();
});

/** Requests waiting for an advisory lock in this database right now (each holds a connection of the api's pool). */
const waitingForLock = async () =>
  Number(
    (await locker.query(`select count(*) from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`))
      .rows[0].count,
  );

it("lets another user's requests through while one user's requests wait for their own lock", async () => {
  await locker.query('begin');
  await locker.query('select pg_advisory_xact_lock(hashtext($1))', [`daybook:reorder:${annaId}`]);
  let reorders: Promise<{ status: number }>[] = [];
  try {
    reorders = Array.from({ length: 20 }, (_, n) => anna.patch('/api/tasks/reorder', { taskIds: n % 2 ? taskIds : [...taskIds].reverse(), type: 'active' }).then((res) => res));
    for (let i = 0; i < 100 && (await waitingForLock()) < USER_REQUESTS_AT_ONCE; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 300)); // time for any more of them to reach the database
    expect(await waitingForLock()).toBe(USER_REQUESTS_AT_ONCE);

    const started = Date.now();
    const today = await bob.get('/api/tasks/today');
    expect(today.status).toBe(200);
    // Well under the 5 s statement time limit that ended the wait before (a few ms when idle).
    expect(Date.now() - started).toBeLessThan(2_000);
  } finally {
    await locker.query('commit');
  }
  // Released, the user's reorders all run, one after another.
  expect((await Promise.all(reorders)).map((res) => res.status)).toEqual(Array(20).fill(200));
});
