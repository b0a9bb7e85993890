#!/bin/sh
# The docker compose "backup" service: a daily backup.sh run, and its health check.
#
#   schedule.sh           runs forever: a backup at start-up when the folder has none yet, then one a
#                         day at BACKUP_HOUR (0-23, in the container's TZ; default 3). A day that was
#                         missed (server off at that hour) is made up as soon as it is back.
#   schedule.sh --check   exit 0 when the newest backup is less than two days old (the health check)
#
# Same variables as backup.sh (BACKUP_DIR, BACKUP_KEEP, connection), plus BACKUP_HOUR.
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
dir="${BACKUP_DIR:-/backups}"
hour="${BACKUP_HOUR:-3}"
state="$dir/.last-daily-backup"

case "$hour" in
  '' | *[!0-9]*) echo "backup: BACKUP_HOUR must be an hour from 0 to 23, got '$hour'" >&2; exit 2 ;;
esac
if [ "$hour" -gt 23 ]; then
  echo "backup: BACKUP_HOUR must be an hour from 0 to 23, got '$hour'" >&2
  exit 2
fi

if [ "${1:-}" = "--check" ]; then
  # 2880 minutes: two days without a successful backup is a problem worth a red light.
  if [ -n "$(find "$dir" -maxdepth 1 -name 'daybook-*.dump' -mmin -2880 2>/dev/null | head -n 1)" ]; then
    exit 0
  fi
  echo "no backup newer than two days in $dir" >&2
  exit 1
fi

has_backups() {
  for file in "$dir"/daybook-*.dump; do
    [ -e "$file" ] && return 0
  done
  return 1
}

run_backup() {
  if sh "$here/backup.sh"; then
    date +%Y-%m-%d >"$state"
  else
    echo "backup: FAILED; trying again in 10 minutes" >&2
  fi
}

stop() {
  echo "backup: stopping"
  exit 0
}
trap stop TERM INT

mkdir -p "$dir"
echo "backup: daily at ${hour}:00 ($(date +%Z)), keeping the newest ${BACKUP_KEEP:-14} in $dir"
has_backups || run_backup

while :; do
  today="$(date +%Y-%m-%d)"
  now_hour="$(date +%H)"
  now_hour="${now_hour#0}"
  last="$(cat "$state" 2>/dev/null || true)"
  if [ "$last" != "$today" ] && [ "$now_hour" -ge "$hour" ]; then
    run_backup
  fi
  # sleep in the background so a stop signal is handled at once
  sleep 600 &
  wait $! || true
done
