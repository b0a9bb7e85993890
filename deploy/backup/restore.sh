#!/bin/sh
# Daybook restore: replaces the whole database with a backup made by backup.sh.
#
#   docker compose stop api ai-worker
#   docker compose exec backup sh /daybook/backup/restore.sh daybook-2026-01-31_030000.dump
#   docker compose start api ai-worker
#
# BACKUP_FILE: a path, or a bare file name in BACKUP_DIR (default /backups: in the compose service, the
# server's backups folder), so the name that `ls backups/` shows on the server is what to give.
# Connection: DATABASE_URL when set, else PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE (as backup.sh).
# What it does, in this order:
#   1. checks that the file is a readable backup (nothing is touched when it is not);
#   2. refuses while other sessions use the database (the api is still running), unless --force;
#   3. creates the database when it does not exist (for a new server); otherwise saves what it holds
#      now as BACKUP_DIR/pre-restore-<time>.dump (skip with --no-safety-copy);
#   4. in ONE transaction: drops the schema "public" with everything in it, then loads the backup.
#      If anything fails, the transaction is rolled back and the database is exactly as before.
# The api applies any newer migrations when it starts again, so an older backup works with a newer Daybook.
set -eu
umask 077

usage() {
  echo "usage: restore.sh [--force] [--no-safety-copy] BACKUP_FILE" >&2
  exit 2
}

force=0
safety=1
file=''
while [ $# -gt 0 ]; do
  case "$1" in
    --force) force=1 ;;
    --no-safety-copy) safety=0 ;;
    -h | --help) usage ;;
    -*) echo "restore: unknown option $1" >&2; usage ;;
    *) [ -z "$file" ] || usage; file="$1" ;;
  esac
  shift
done
[ -n "$file" ] || usage
case "$file" in
  */*) ;;
  *) [ -r "$file" ] || file="${BACKUP_DIR:-/backups}/$file" ;;
esac
if [ ! -r "$file" ]; then
  echo "restore: cannot read $file" >&2
  exit 1
fi

# 1. Is it a backup at all? (pg_restore reads its table of contents.)
if ! pg_restore --list "$file" >/dev/null 2>&1; then
  echo "restore: $file is not a backup made by backup.sh (pg_restore cannot read it); nothing was changed" >&2
  exit 1
fi

# Connection arguments for the target database, and for the server's maintenance database "postgres".
if [ -n "${DATABASE_URL:-}" ]; then
  target_db="$(printf '%s' "$DATABASE_URL" | sed -E 's#^[a-z]+://[^/]*/?##; s#\?.*$##')"
  maintenance_url="$(printf '%s' "$DATABASE_URL" | sed -E 's#^([a-z]+://[^/?]*)/?[^?]*#\1/postgres#')"
  psql_target() { psql -X -q -v ON_ERROR_STOP=1 --dbname="$DATABASE_URL" "$@"; }
  psql_maintenance() { psql -X -q -v ON_ERROR_STOP=1 --dbname="$maintenance_url" "$@"; }
  dump_target() { pg_dump --dbname="$DATABASE_URL" "$@"; }
else
  target_db="${PGDATABASE:-${PGUSER:-$(id -un)}}"
  psql_target() { psql -X -q -v ON_ERROR_STOP=1 --dbname="$target_db" "$@"; }
  psql_maintenance() { psql -X -q -v ON_ERROR_STOP=1 --dbname=postgres "$@"; }
  dump_target() { pg_dump --dbname="$target_db" "$@"; }
fi
if [ -z "$target_db" ]; then
  echo "restore: no database name in DATABASE_URL" >&2
  exit 2
fi

exists="$(psql_maintenance -At -c "select 1 from pg_database where datname = '$(printf '%s' "$target_db" | sed "s/'/''/g")'")"

if [ "$exists" = 1 ]; then
  # 2. Nobody else may be working in it.
  others="$(psql_target -At -c "select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'")"
  if [ "$others" != 0 ] && [ "$force" = 0 ]; then
    echo "restore: $others other connection(s) use database \"$target_db\"." >&2
    echo "restore: stop Daybook first (docker compose stop api ai-worker), or pass --force." >&2
    exit 1
  fi
  # 3. A copy of what is about to be replaced.
  if [ "$safety" = 1 ]; then
    dir="${BACKUP_DIR:-/backups}"
    mkdir -p "$dir"
    copy="$dir/pre-restore-$(date +%Y-%m-%d_%H%M%S).dump"
    dump_target --format=custom --no-owner --no-privileges --file="$copy"
    echo "restore: saved the current database as $copy"
  fi
else
  echo "restore: database \"$target_db\" does not exist; creating it"
  psql_maintenance -c "create database \"$(printf '%s' "$target_db" | sed 's/"/""/g')\""
fi

# 4. The backup as SQL first (so a damaged file fails here, before anything changes), then one transaction.
work="$(mktemp -d "${TMPDIR:-/tmp}/daybook-restore.XXXXXX")"
trap 'rm -rf "$work"' EXIT
pg_restore --no-owner --no-privileges --file="$work/restore.sql" "$file"
{
  echo 'set client_min_messages to warning;'
  echo 'drop schema if exists public cascade;'
  echo 'create schema public;'
  cat "$work/restore.sql"
} | psql_target --single-transaction -o /dev/null

tables="$(psql_target -At -c "select count(*) from information_schema.tables where table_schema = 'public'")"
echo "restore: restored $file into \"$target_db\" ($tables tables). Start Daybook again: docker compose start api ai-worker"
