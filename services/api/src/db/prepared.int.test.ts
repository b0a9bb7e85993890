import { DriverException } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createTestOrm } from '../test/test-db';
import { preparedRows, preparedStatementName } from './prepared';

let orm: MikroORM;
beforeAll(async () => {
  orm = await createTestOrm();
});
afterAll(() => orm.close(true));

const SQL = 'select ?::int + 1 as n, pg_backend_pid() as pid, now() as started';

describe('preparedRows', () => {
  it('answers the rows of a statement with its values bound', async () => {
    expect(await preparedRows<{ n: number }>(orm.em, 'select ?::int + 1 as n', [41])).toEqual([{ n: 42 }]);
  });

  it('prepares the statement on its connection under the name of its text', async () => {
    await orm.em.transactional(async (em) => {
      await preparedRows(em, SQL, [1]);
      const prepared = await em.execute<{ name: string; statement: string }[]>('select name, statement from pg_prepared_statements');
      expect(prepared).toContainEqual({ name: preparedStatementName(SQL), statement: 'select $1::int + 1 as n, pg_backend_pid() as pid, now() as started' });
    });
  });

  it('runs inside the transaction of the moment: same connection, same transaction', async () => {
    await orm.em.transactional(async (em) => {
      const [inside] = await em.execute<{ pid: number; started: Date }[]>('select pg_backend_pid() as pid, now() as started');
      const [prepared] = await preparedRows<{ pid: number; started: Date }>(em, SQL, [1]);
      expect(prepared!.pid).toBe(inside!.pid);
      expect(prepared!.started).toEqual(inside!.started); // now() is the transaction's start
    });
  });

  it('fails as em.execute does, with MikroORM’s exception keeping the SQLSTATE (a timeout stays a 503)', async () => {
    const failure = await orm.em
      .transactional(async (em) => {
        await em.execute('set local statement_timeout = 50');
        await preparedRows(em, 'select pg_sleep(?)', [2]);
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DriverException);
    expect(failure).toMatchObject({ code: '57014' });
  });

  it('gives each text its own name, within what Postgres accepts', () => {
    expect(preparedStatementName('select 1')).not.toBe(preparedStatementName('select 2'));
    expect(preparedStatementName('select 1')).toBe(preparedStatementName('select 1'));
    expect(preparedStatementName('x'.repeat(5000)).length).toBeLessThan(64);
  });
});
