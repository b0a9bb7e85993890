import { RequestContext } from '@mikro-orm/core';
import { SqlEntityManager, type MikroORM } from '@mikro-orm/postgresql';

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
  sql: string;
  params: unknown[];
}

/** Runs a read through the services and answers every SQL statement it sent. */
export async function statementsOf(orm: MikroORM, read: () => Promise<unknown>): Promise<CapturedStatement[]> {
  const captured: CapturedStatement[] = [];
  const original = SqlEntityManager.prototype.execute;
  const spy = jest.spyOn(SqlEntityManager.prototype, 'execute').mockImplementation(function (this: SqlEntityManager, sql, params, method) {
    if (typeof sql === 'string') captured.push({ sql, params: params ?? [] });
    return original.call(this, sql, params, method);
  });
  try {
    await RequestContext.create(orm.em, read);
  } finally {
    spy.mockRestore();
  }
  return captured;
}

/** Postgres' plan of a statement; `analyze` runs it and adds actual times. */
export async function planOf(orm: MikroORM, statement: CapturedStatement, analyze = false): Promise<{ plan: PlanNode; executionMs?: number }> {
  const rows = await orm.em
    .getConnection()
    .execute<{ 'QUERY PLAN': { Plan: PlanNode; 'Execution Time'?: number }[] }[]>(`explain (format json${analyze ? ', analyze' : ''}) ${statement.sql}`, statement.params);
  const [result] = rows[0]!['QUERY PLAN'];
  return { plan: result!.Plan, executionMs: result!['Execution Time'] };
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
