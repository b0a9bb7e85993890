import { RequestContext } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';

/** A node of `explain (format json)`. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Total Time'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

export interface CapturedStatement {
  /** As Postgres received it: values inlined (`em.execute`) or as `$1`, `$2`, … (a prepared statement). */
  sql: string;
  params: unknown[];
  /**
   * For a prepared statement (db/prepared.ts), each is captured twice: as planned for its values, and
   * with the generic plan Postgres may keep for it after a few runs (`generic: true`).
   */
  generic?: boolean;
}

/** A statement as the driver sends it to Postgres. */
export interface DriverQuery {
  text: string;
  values?: unknown[];
  /** Set for a prepared statement (db/prepared.ts). */
  name?: string;
}

/**
 * Shows `handle` every statement the driver sends until the returned spy is restored. `send` passes the
 * statement on, at once or later (the driver answers through its callback, so a statement can be held).
 */
export function interceptStatements(handle: (query: DriverQuery, send: () => void) => void) {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  return jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as DriverQuery | string;
    let result: unknown;
    handle(typeof config === 'string' ? { text: config } : config, () => {
      result = original.apply(this, args);
    });
    return result;
  } as typeof pg.Client.prototype.query);
}

/**
 * Runs `read` in a request context and answers every SQL statement the driver sent meanwhile (through
 * `em.execute` or as prepared statements).
 */
export async function statementsOf(orm: MikroORM, read: () => Promise<unknown>): Promise<CapturedStatement[]> {
  const captured: CapturedStatement[] = [];
  const spy = interceptStatements((query, send) => {
    const statement = { sql: query.text, params: query.values ?? [] };
    captured.push(statement);
    if (query.name) captured.push({ ...statement, generic: true });
    send();
  });
  try {
    await RequestContext.create(orm.em, read);
  } finally {
    spy.mockRestore();
  }
  return captured;
}

/** A value as the driver sends it. */
const asText = (value: unknown) => (value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** Postgres' plan of a statement; `analyze` runs it and adds actual times. */
export async function planOf(orm: MikroORM, statement: CapturedStatement, analyze = false): Promise<{ plan: PlanNode; executionMs?: number }> {
  const options = `format json${analyze ? ', analyze' : ''}`;
  const knex = orm.em.getConnection().getKnex();
  const client = (await knex.client.acquireConnection()) as pg.Client;
  try {
    let rows: { 'QUERY PLAN': { Plan: PlanNode; 'Execution Time'?: number }[] }[];
    if (statement.generic) {
      // The plan a prepared statement runs once Postgres settles on its generic plan.
      const values = statement.params.map((value) => (value === null || value === undefined ? 'null' : client.escapeLiteral(asText(value))));
      let prepared = false;
      await client.query('begin');
      try {
        await client.query('set local plan_cache_mode = force_generic_plan');
        await client.query(`prepare daybook_plan_check as ${statement.sql}`);
        prepared = true;
        rows = (await client.query(`explain (${options}) execute daybook_plan_check${values.length ? `(${values.join(', ')})` : ''}`)).rows;
      } finally {
        await client.query('rollback');
        if (prepared) await client.query('deallocate daybook_plan_check');
      }
    } else {
      rows = (await client.query(`explain (${options}) ${statement.sql}`, statement.params)).rows;
    }
    const [result] = rows[0]!['QUERY PLAN'];
    return { plan: result!.Plan, executionMs: result!['Execution Time'] };
  } finally {
    await knex.client.releaseConnection(client);
  }
}

/** Every table scan of a plan as 'Index Scan on tasks'. */
export const scansOf = (node: PlanNode): string[] => [
  ...(node['Relation Name'] ? [`${node['Node Type']} on ${node['Relation Name']}`] : []),
  ...(node.Plans ?? []).flatMap(scansOf),
];

/** How a read scans tables: the scans of the plans of its select statements. */
export async function scansOfRead(orm: MikroORM, read: () => Promise<unknown>): Promise<string[]> {
  const scans: string[] = [];
  for (const statement of (await statementsOf(orm, read)).filter((s) => /^\s*select/i.test(s.sql))) {
    scans.push(...scansOf((await planOf(orm, statement)).plan));
  }
  return scans;
}
