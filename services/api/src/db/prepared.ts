import { createHash } from 'node:crypto';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';

/**
 * Runs a read as a named prepared statement: Postgres parses it once per pooled connection and, from
 * the sixth run on, plans it once too when its generic plan costs no more than the plans made for
 * given values. `em.execute` cannot do this: MikroORM writes the values into the SQL text, so Postgres
 * parses and plans that text on every call, which was more than half of its time for a day's list
 * (and for the session each request reads).
 *
 * The statement is named by its text, so each shape of it (say, with or without a client filter) is a
 * prepared statement of its own: keep values out of the text, or each value prepares another one. Only
 * for statements whose plan is right whatever the values, as a generic plan does not know them: the
 * query-plan tests check the generic plan of every statement prepared here (test/query-plans.ts).
 * Inside a transaction (`em.transactional`) the statement runs in it. Errors are MikroORM's, as from
 * `em.execute`.
 */
export async function preparedRows<Row>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<Row[]> {
  const query = em
    .getConnection()
    .getKnex()
    .raw(sql, params as Knex.RawBinding[])
    .options({ name: preparedStatementName(sql) });
  const transaction = em.getTransactionContext<Knex.Transaction>();
  if (transaction) query.transacting(transaction);
  try {
    const result: { rows: Row[] } = await query;
    return result.rows;
  } catch (error) {
    throw em.getDriver().convertException(error as Error);
  }
}

/** A name Postgres accepts (under 64 characters) that only this text has. */
export const preparedStatementName = (sql: string) => `daybook_${createHash('sha256').update(sql).digest('base64url').slice(0, 32)}`;
