import { EventEmitter } from 'node:events';
import { createLogger } from '../logger';
import { displayAddress, explainPostgresError, logConnectionState } from './connection-errors';

describe('displayAddress', () => {
  it('shows user, host, port and database, never the password or the query', () => {
    expect(displayAddress('postgres://daybook:s3cret@db.example:6543/daybook?sslmode=require')).toBe('postgres://daybook@db.example:6543/daybook');
    expect(displayAddress('redis://:s3cret@cache:6380/2')).toBe('redis://cache:6380/2');
  });

  it('spells out the default port', () => {
    expect(displayAddress('postgresql://127.0.0.1/daybook')).toBe('postgresql://127.0.0.1:5432/daybook');
    expect(displayAddress('redis://localhost')).toBe('redis://localhost:6379');
  });
});

describe('explainPostgresError', () => {
  it('leaves errors that are not about connecting to the caller (a failing migration keeps its stack)', () => {
    const error = Object.assign(new Error('column "x" does not exist'), { code: '42703' });
    expect(explainPostgresError(error, 'postgres://u@h/d')).toBeNull();
  });
});

describe('logConnectionState', () => {
  function capture() {
    const lines: Array<{ level: string; message: string }> = [];
    const logger = createLogger('debug', 'api', (line) => lines.push(JSON.parse(line) as { level: string; message: string }));
    return { lines, logger };
  }

  it('logs one line when the service is lost and one when it is back, however often the client retries', () => {
    const { lines, logger } = capture();
    const client = new EventEmitter();
    logConnectionState(client, 'Redis', 'redis://:pw@127.0.0.1:6379', logger);
    client.emit('ready');
    for (let retry = 0; retry < 90; retry++) client.emit('error', new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    client.emit('ready');
    client.emit('error', new Error('read ECONNRESET'));
    client.emit('error', new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    client.emit('ready');
    expect(lines.map((l) => [l.level, l.message])).toEqual([
      ['warn', 'Redis connection lost; retrying in the background'],
      ['info', 'Redis connection restored'],
      ['warn', 'Redis connection lost; retrying in the background'],
      ['info', 'Redis connection restored'],
    ]);
    expect(JSON.stringify(lines)).not.toContain(':pw@');
  });

  it('counts several clients of one service as one: restored once all of them are back', () => {
    const { lines, logger } = capture();
    const [a, b] = [new EventEmitter(), new EventEmitter()];
    logConnectionState([a, b], 'Redis', 'redis://127.0.0.1:6379', logger);
    a.emit('error', new Error('connect ECONNREFUSED'));
    b.emit('error', new Error('connect ECONNREFUSED'));
    a.emit('ready');
    expect(lines.map((l) => l.message)).toEqual(['Redis connection lost; retrying in the background']);
    b.emit('ready');
    expect(lines.map((l) => l.message)).toEqual(['Redis connection lost; retrying in the background', 'Redis connection restored']);
  });
});
