import Koa from 'koa';
import request from 'supertest';
import { ConnectionException, ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { createLogger } from '../logger';
import { errorHandler, isDatabaseUnavailable } from './error-handler';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset socket', withCode('ECONNRESET')],
    ['an admin shutdown (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server still starting (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection failure (08006)', withCode('08006')],
    ['the server gone mid-query', new Error('Connection terminated unexpectedly')],
    ['a pooled client broken by the restart', new Error('Client has encountered a connection error and is not queryable')],
    ['a transaction whose connection died under it', new Error('Transaction query already complete, run with DEBUG=knex:tx for more info')],
    ['no pooled connection in time', new Error('Knex: Timeout acquiring a connection. The pool is probably full.')],
    ["the ORM's connection exception", new ConnectionException(withCode('ECONNREFUSED'))],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', new UniqueConstraintViolationException(withCode('23505', 'duplicate key'))],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['a non-error', 'oops'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('errorHandler answers for database refusals', () => {
  const answerFor = (error: unknown) => {
    const app = new Koa();
    app.use(errorHandler(createLogger('silent')));
    app.use(() => {
      throw error;
    });
    return request(app.callback()).get('/api/x');
  };

  it('a statement past its time limit is a 503 to retry, not a 500', async () => {
    const res = await answerFor(withCode('57014', 'canceling statement due to statement timeout'));
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body.error.code).toBe('service_unavailable');
  });

  it('a reference that vanished meanwhile is a 409, not a 500', async () => {
    const res = await answerFor(new ForeignKeyConstraintViolationException(withCode('23503', 'violates foreign key constraint')));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
  });
});

describe('errorHandler logs', () => {
  const TOKEN = 'Abc_def-0123456789Abc_def-0123456789Abc_wxyz';
  const FEED_SECRET = 'Zyx_wvu-9876543210Zyx_wvu-987654';
  const logged = async (path: string, error: unknown) => {
    const lines: string[] = [];
    const app = new Koa();
    app.use(errorHandler(createLogger('debug', 'api', (line) => lines.push(line))));
    app.use(() => {
      throw error;
    });
    await request(app.callback()).post(path).send({});
    return lines.join('\n');
  };

  it.each([
    [`/api/shares/${TOKEN}/done`, '/api/shares/[secret]/done'],
    [`/api/shares/${TOKEN}`, '/api/shares/[secret]'],
    [`/api/calendar/${FEED_SECRET}.ics`, '/api/calendar/[secret].ics'],
  ])('write %s with its secret masked', async (path, masked) => {
    for (const error of [new TypeError('x is undefined'), withCode('57014', 'canceling statement'), withCode('ECONNREFUSED')]) {
      const log = await logged(path, error);
      expect(log).toContain(`"path":"${masked}"`);
      expect(log).not.toContain(TOKEN.slice(0, 12));
      expect(log).not.toContain(FEED_SECRET.slice(0, 12));
    }
  });

  it('write other paths as they are', async () => {
    expect(await logged('/api/calendar/feed', new TypeError('x'))).toContain('"path":"/api/calendar/feed"');
    expect(await logged('/api/tasks/123', new TypeError('x'))).toContain('"path":"/api/tasks/123"');
  });
});
