import { DriverException } from '@mikro-orm/core';
import { PostgreSqlExceptionConverter } from '@mikro-orm/postgresql';
import { createLogger, describeError } from './logger';

/** A pg error as knex hands it to MikroORM: `<the SQL with its values inlined> - <the Postgres message>`. */
function pgError(sql: string, message: string, fields: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(`${sql} - ${message}`), { severity: 'ERROR', ...fields });
}

/** The driver exception MikroORM makes of it (it appends the detail and the hint to the message). */
const converted = (error: Error) => new PostgreSqlExceptionConverter().convertException(error as Error & { code?: string });

describe('describeError', () => {
  it('keeps the Postgres message, SQLSTATE and names of a driver error, and drops the SQL, its values and the detail', () => {
    const error = converted(
      pgError(
        `insert into "tasks" ("title") values ('Secret title') returning "id"`,
        'new row for relation "tasks" violates check constraint "tasks_title_check"',
        { code: '23514', table: 'tasks', constraint: 'tasks_title_check', detail: 'Failing row contains (Secret title).', where: 'x', hint: 'Secret hint' },
      ),
    );
    const described = describeError(error);
    expect(described).toMatchObject({
      name: 'CheckConstraintViolationException',
      code: '23514',
      sqlState: '23514',
      table: 'tasks',
      constraint: 'tasks_title_check',
      message: 'new row for relation "tasks" violates check constraint "tasks_title_check"',
    });
    expect(JSON.stringify(described)).not.toMatch(/Secret|insert into|Failing row/);
    expect(described).not.toHaveProperty('detail');
    expect(String(described.stack)).toMatch(/^\s+at /);
  });

  it('redacts a value quoted in the Postgres message, even one containing " - "', () => {
    const error = new DriverException(
      pgError(`select * from "sessions" where "sid" = 'abc - def'`, 'invalid input syntax for type uuid: "abc - def"', { code: '22P02', routine: 'string_to_uuid' }),
    );
    const described = describeError(error);
    expect(described.message).toBe('invalid input syntax for type uuid: "…"');
    expect(described.routine).toBe('string_to_uuid');
    expect(JSON.stringify(described)).not.toMatch(/abc|def|sessions/);
  });

  it('withholds a message it cannot take apart safely', () => {
    const withheld = '(message withheld: it may quote SQL values)';
    expect(describeError(pgError(`update t set a = 'x" - y'`, 'value "x" - y" is odd', { code: '22000' })).message).toBe(withheld);
    // A value that looks like MikroORM's detail addendum.
    expect(describeError(pgError(`update t set a = 'x\n - detail: y'`, 'failed', { code: '22000' })).message).toBe(withheld);
  });

  it('leaves an error of the code as it is', () => {
    const error = new TypeError('x is undefined');
    expect(describeError(error)).toMatchObject({ name: 'TypeError', message: 'x is undefined' });
  });

  it('is how every logged error is written', () => {
    const lines: string[] = [];
    const logger = createLogger('info', 'api', (line) => lines.push(line));
    logger.debug('not written');
    logger.error('unhandled error', {
      path: '/api/tasks',
      error: pgError(`delete from "sessions" where "sid" = 'sid-1234'`, 'canceling statement due to statement timeout', { code: '57014' }),
    });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: 'error', message: 'unhandled error', path: '/api/tasks' });
    expect(entry.error).toMatchObject({ sqlState: '57014', message: 'canceling statement due to statement timeout' });
    expect(lines[0]).not.toContain('sid-1234');
  });
});
