// The start-up's one-line explanations, from the errors the real clients raise: pg through MikroORM
// (initOrm, as main.ts opens the database) and ioredis (checkRedis, as main.ts checks REDIS_URL).
// A wrong or missing PostgreSQL password needs a server that asks for one: main.int.test.ts provokes
// those against an embedded PostgreSQL.
import { createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { initOrm } from '../db/orm';
import { testRedisUrl } from '../test/test-services';
import { checkRedis, explainPostgresError } from './connection-errors';

// pg has no type declarations in this repo (no @types/pg); the little used here is typed by hand.
interface PgClient {
  connect(): Promise<void>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Client } = require('pg') as { Client: new (config: { connectionString: string; connectionTimeoutMillis?: number }) => PgClient };

const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const suffix = `${process.env.DAYBOOK_TEST_RUN_ID ?? process.pid}_${process.env.JEST_WORKER_ID ?? '1'}`;
/** The test server's address as another role, on another database. */
function urlAs(user: string, password: string, database: string): string {
  const url = new URL(serverUrl.toString());
  url.username = user;
  url.password = password;
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `sql` as the test server's role on its maintenance database (DATABASE_URL's own may not exist yet). */
async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: urlAs(decodeURIComponent(serverUrl.username), decodeURIComponent(serverUrl.password), 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** What the start-up would print when opening the database at `url` fails. */
async function postgresProblem(url: string): Promise<string> {
  let orm;
  try {
    orm = await initOrm(url);
  } catch (error) {
    const problem = explainPostgresError(error, url);
    if (!problem) throw error;
    return problem.message;
  }
  await orm.close();
  throw new Error(`connected to ${url}`);
}

async function redisProblem(url: string, timeoutMs?: number): Promise<string> {
  try {
    await checkRedis(url, timeoutMs);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`connected to ${url}`);
}

/** A TCP port of 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = await listen(() => undefined);
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function listen(onConnection: (socket: Socket) => void): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer(onConnection);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

const servers: Server[] = [];
const sockets: Socket[] = [];
/** A server that accepts connections and never says a word. */
async function silentServer(): Promise<number> {
  const server = await listen((socket) => sockets.push(socket));
  servers.push(server);
  return (server.address() as { port: number }).port;
}
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** One line, and the password it was given is not in it. */
const oneLine = (message: string, password: string) => {
  expect(message).not.toContain('\n');
  expect(message).not.toContain(password);
};

describe('PostgreSQL problems at start', () => {
  it('a closed port: refused, where, and what to do', async () => {
    const port = await closedPort();
    const message = await postgresProblem(`postgres://daybook:s3cret@127.0.0.1:${port}/daybook`);
    expect(message).toBe(
      `PostgreSQL at postgres://daybook@127.0.0.1:${port}/daybook refused the connection (nothing listens on 127.0.0.1:${port}): ` +
        'start PostgreSQL there, correct DATABASE_URL, or leave DATABASE_URL unset to use the embedded database.',
    );
  });

  it('a host that does not exist', async () => {
    const message = await postgresProblem('postgres://daybook@a-no-such-host.invalid:5432/daybook');
    expect(message).toMatch(/^PostgreSQL at postgres:\/\/daybook@a-no-such-host\.invalid:5432\/daybook cannot be reached \(no host named "a-no-such-host\.invalid"\): check the host and port in DATABASE_URL/);
  });

  it('a server that never answers: a timeout, not a hang', async () => {
    const port = await silentServer();
    const url = `postgres://daybook@127.0.0.1:${port}/daybook`;
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 300 });
    const error = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(explainPostgresError(error, url)?.message).toMatch(/^PostgreSQL at postgres:\/\/daybook@127\.0\.0\.1:\d+\/daybook did not answer in time \(127\.0\.0\.1:\d+ is unreachable or firewalled\)/);
  });

  it('a role that does not exist (a server that asks for passwords says only that the password is wrong)', async () => {
    const role = `a_norole_${suffix}`;
    const message = await postgresProblem(urlAs(role, 'whatever', 'daybook'));
    oneLine(message, 'whatever');
    if (serverUrl.password) expect(message).toContain(`refused the password of role "${role}": correct the password in DATABASE_URL.`);
    else expect(message).toContain(`has no role "${role}": create it (createuser --pwprompt ${role}) or put an existing role in DATABASE_URL.`);
  });

  it('a database that does not exist, for a role that may not create it', async () => {
    const role = `a_nocreate_${suffix}`;
    await admin(`create role ${role} login nocreatedb password 'a-test-password'`);
    try {
      const message = await postgresProblem(urlAs(role, 'a-test-password', `a_missing_${suffix}`));
      oneLine(message, 'a-test-password');
      expect(message).toContain(`has no database "a_missing_${suffix}" and role "${role}" may not create it: create it (createdb -O ${role} a_missing_${suffix})`);
    } finally {
      await admin(`drop role if exists ${role}`);
    }
  });
});

describe('Redis problems at start', () => {
  it('a closed port: refused, where, and what to do', async () => {
    const port = await closedPort();
    expect(await redisProblem(`redis://:s3cret@127.0.0.1:${port}`)).toBe(
      `Redis at redis://127.0.0.1:${port} refused the connection (nothing listens on 127.0.0.1:${port}): ` +
        'start Redis there, correct REDIS_URL, or leave REDIS_URL unset to run the jobs inside the api.',
    );
  });

  it('a server that never answers: within the time given', async () => {
    const port = await silentServer();
    const started = Date.now();
    expect(await redisProblem(`redis://127.0.0.1:${port}`, 300)).toMatch(/^Redis at redis:\/\/127\.0\.0\.1:\d+ did not answer in time/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a password that is missing (the server answers NOAUTH, as a Redis with requirepass does)', async () => {
    // One NOAUTH per command (each is a RESP array: "*<count>" at the start of a line).
    const server = await listen((socket) => {
      sockets.push(socket);
      socket.on('data', (chunk) => socket.write('-NOAUTH Authentication required.\r\n'.repeat(chunk.toString().match(/^\*\d+\r$/gm)?.length ?? 0)));
    });
    servers.push(server);
    const { port } = server.address() as { port: number };
    expect(await redisProblem(`redis://127.0.0.1:${port}`)).toBe(
      `Redis at redis://127.0.0.1:${port} asks for a password and REDIS_URL has none: put it in the address (redis://:PASSWORD@127.0.0.1:${port}).`,
    );
  });

  it('a wrong password', async () => {
    const admin = new Redis(testRedisUrl());
    const user = `a_user_${suffix}`;
    await admin.call('ACL', 'SETUSER', user, 'on', '>right-password', '+ping');
    try {
      const url = new URL(testRedisUrl());
      url.username = user;
      url.password = 'wrong-password';
      const message = await redisProblem(url.toString());
      oneLine(message, 'wrong-password');
      expect(message).toMatch(new RegExp(`^Redis at redis://${user}@[^ ]+ refused the user name or password: correct them in REDIS_URL`));
    } finally {
      await admin.call('ACL', 'DELUSER', user);
      admin.disconnect();
    }
  });
});
