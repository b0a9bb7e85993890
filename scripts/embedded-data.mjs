// The embedded PostgreSQL's files in DATA_DIR (services/api/src/db/embedded-postgres.ts), as the backup
// and restore commands (scripts/backup.mjs, scripts/restore.mjs) see them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadDotEnv, root } from './output.mjs';

/** What a backup holds besides the database: its password, and the key of the channels' secrets. */
export const DATA_FILES = ['postgres-password', 'secrets.key'];

export function dataDir() {
  loadDotEnv();
  if (process.env.DATABASE_URL) {
    throw new Error('DATABASE_URL is set: Daybook uses that PostgreSQL, not the embedded one. Back it up with deploy/backup/backup.sh (docs/administration.md, "Backups without Docker").');
  }
  return path.resolve(root, process.env.DATA_DIR || 'data');
}

/** The embedded server running on the database in `pgData`, or null: its postmaster.pid names its pid and port. */
export function runningServer(pgData) {
  const pidFile = path.join(pgData, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch (error) {
    // EPERM: it runs, as another user (the "postgres" system user when Daybook runs as root).
    if (error.code !== 'EPERM') return null;
  }
  return { pid: Number(pid), port: Number(port) };
}

/** A time stamp for file names: 2026-01-31_030000, local time. */
export function stamp(date = new Date()) {
  const two = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}_${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`;
}
