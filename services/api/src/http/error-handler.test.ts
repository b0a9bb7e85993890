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
