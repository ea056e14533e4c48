#!/bin/sh
# Nightly backup (samaj-backup.service): one archive a night in BACKUP_DIR, named by its UTC time,
# and archives older than BACKUP_KEEP_DAYS days removed. Install as /opt/samaj/deploy/systemd/samaj-backup.sh.
# With DATABASE_URL the archive holds pg_dump's dump too (Debian: apt-get install postgresql-client).
set -eu
BACKUP_DIR="${BACKUP_DIR:-/var/backups/samaj}"
BACKUP_KEEP_DAYS="${BACKUP_KEEP_DAYS:-14}"
case "$BACKUP_KEEP_DAYS" in '' | *[!0-9]*) echo "BACKUP_KEEP_DAYS must be a number of days" >&2; exit 1 ;; esac

mkdir -p "$BACKUP_DIR"
file="$BACKUP_DIR/samaj-$(date -u +%Y%m%dT%H%M%SZ).tar.gz"
cd "$(dirname "$0")/../.."
node --import tsx apps/server/src/cli.ts backup "$file"
# Only once tonight's archive exists are old ones removed: a failing backup never empties the folder.
find "$BACKUP_DIR" -maxdepth 1 -type f -name 'samaj-*.tar.gz' -mtime +"$BACKUP_KEEP_DAYS" -print -delete
