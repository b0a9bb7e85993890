#!/usr/bin/env node
// `npm run restore -- BACKUP`: puts a backup made by `npm run backup` (a daybook-<time> folder, or its
// name in DATA_DIR/backups) back as the embedded database, with Daybook stopped (it refuses otherwise: a
// running server cannot have its files replaced). What DATA_DIR held is kept, moved to
// DATA_DIR/before-restore-<time>/ (delete it once the restored Daybook is fine). The next start replays
// the backup's WAL and applies any newer migrations, so an older backup works with a newer Daybook.
import { chownSync, cpSync, existsSync, lstatSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { DATA_FILES, dataDir, runningServer, stamp } from './embedded-data.mjs';
import { log } from './output.mjs';

/** The owner the database's files must have: the old folder's, or (as root, on a new machine) the "postgres" user's. */
function owner(pgData) {
  if (existsSync(pgData)) {
    const { uid, gid } = lstatSync(pgData);
    return { uid, gid };
  }
  if (process.getuid?.() !== 0) return null;
  const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  return Number.isInteger(uid) && uid > 0 ? { uid, gid: id('-g') } : null;
}

function chownTree(target, { uid, gid }) {
  chownSync(target, uid, gid);
  if (!lstatSync(target).isDirectory()) return;
  for (const name of readdirSync(target)) chownTree(path.join(target, name), { uid, gid });
}

function restore(argument) {
  if (!argument) throw new Error('usage: npm run restore -- BACKUP (a folder made by npm run backup, e.g. data/backups/daybook-2026-01-31_030000)');
  const data = dataDir();
  const backup = existsSync(argument) ? path.resolve(argument) : path.join(data, 'backups', argument);
  if (!existsSync(path.join(backup, 'postgres', 'PG_VERSION')) || !existsSync(path.join(backup, 'postgres-password'))) {
    throw new Error(`${argument} is not a backup made by npm run backup (no postgres/PG_VERSION or postgres-password in it); nothing was changed`);
  }
  const pgData = path.join(data, 'postgres');
  const server = runningServer(pgData);
  if (server) throw new Error(`Daybook is running (its PostgreSQL has PID ${server.pid}): stop it first (Ctrl-C, or systemctl stop daybook); nothing was changed`);

  const filesOwner = owner(pgData);
  const aside = path.join(data, `before-restore-${stamp()}`);
  mkdirSync(aside, { recursive: true, mode: 0o700 });
  for (const name of ['postgres', ...DATA_FILES]) {
    if (existsSync(path.join(data, name))) renameSync(path.join(data, name), path.join(aside, name));
  }
  cpSync(path.join(backup, 'postgres'), pgData, { recursive: true });
  if (filesOwner) chownTree(pgData, filesOwner);
  for (const file of DATA_FILES) {
    if (!existsSync(path.join(backup, file))) continue;
    cpSync(path.join(backup, file), path.join(data, file));
  }
  log(`restored ${backup}; what was there before is in ${aside}. Start Daybook again (npm start, or systemctl start daybook).`);
}

try {
  restore(process.argv[2]);
} catch (error) {
  console.error(`[daybook] restore failed: ${error.message}`);
  process.exit(1);
}
