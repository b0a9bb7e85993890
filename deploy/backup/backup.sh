#!/bin/sh
# Daybook backup: one compressed pg_dump of the database, then only the newest BACKUP_KEEP are kept.
#
#   docker compose exec backup sh /daybook/backup/backup.sh        (a backup now, under docker compose)
#   PGHOST=127.0.0.1 PGUSER=postgres PGDATABASE=daybook BACKUP_DIR=/var/backups/daybook sh deploy/backup/backup.sh
#
# Connection: DATABASE_URL when set, else the usual PostgreSQL variables (PGHOST, PGPORT, PGUSER,
# PGPASSWORD, PGDATABASE). Needs pg_dump and pg_restore of the server's major version or newer.
#   BACKUP_DIR   where the files go (default /backups); created when missing
#   BACKUP_KEEP  how many daybook-*.dump files to keep (default 14); older ones are deleted
#
# Each file is daybook-YYYY-MM-DD_HHMMSS.dump in pg_dump's compressed "custom" format, without owners
# or privileges, so it restores into any database and user (deploy/backup/restore.sh). It is written
# under a temporary name and only renamed once pg_restore can read it back.
set -eu
umask 077

dir="${BACKUP_DIR:-/backups}"
keep="${BACKUP_KEEP:-14}"
case "$keep" in
  '' | *[!0-9]*) echo "backup: BACKUP_KEEP must be a whole number, got '$keep'" >&2; exit 2 ;;
esac
if [ "$keep" -lt 1 ]; then
  echo "backup: BACKUP_KEEP must be at least 1" >&2
  exit 2
fi

mkdir -p "$dir"
stamp="$(date +%Y-%m-%d_%H%M%S)"
final="$dir/daybook-$stamp.dump"
partial="$dir/.daybook-$stamp.dump.partial"
trap 'rm -f "$partial"' EXIT

if [ -n "${DATABASE_URL:-}" ]; then
  set -- --dbname="$DATABASE_URL"
else
  set --
fi

started="$(date +%s)"
pg_dump --format=custom --compress=6 --no-owner --no-privileges --file="$partial" "$@"
# A dump that pg_restore cannot list is no backup.
pg_restore --list "$partial" >/dev/null
mv "$partial" "$final"
trap - EXIT
size="$(wc -c <"$final" | tr -d ' ')"
echo "backup: wrote $final ($size bytes in $(($(date +%s) - started)) s)"

# Keep the newest $keep scheduled/manual backups (names sort by time); files from restore.sh
# (pre-restore-*.dump) and anything else in the folder are left alone.
count=0
for file in "$dir"/daybook-*.dump; do
  [ -e "$file" ] && count=$((count + 1))
done
excess=$((count - keep))
if [ "$excess" -gt 0 ]; then
  for file in "$dir"/daybook-*.dump; do
    [ "$excess" -gt 0 ] || break
    rm -f -- "$file"
    echo "backup: removed old backup $file"
    excess=$((excess - 1))
  done
fi
