#!/usr/bin/env bash
# Installs what `pnpm bench` needs and a fresh machine may lack: the sqlite3 shell and
# psql (the native CSV exports the API's export is compared with) and Debian's
# Chromium (the page scenario). It also starts the local PostgreSQL if it is stopped.
set -euo pipefail

missing=()
command -v sqlite3 >/dev/null 2>&1 || missing+=(sqlite3)
command -v psql >/dev/null 2>&1 || missing+=(postgresql-client)
command -v "${CHROMIUM_PATH:-chromium}" >/dev/null 2>&1 || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing ${missing[*]} (apt-get)..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "The benchmarks need: ${missing[*]}. Install them (e.g. sudo apt-get install ${missing[*]})." >&2
    exit 1
  fi
fi

if [ -z "${TEST_POSTGRES_URL:-}" ] && command -v pg_ctlcluster >/dev/null 2>&1 \
  && ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  echo "Starting the local PostgreSQL..."
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start
fi
