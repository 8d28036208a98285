#!/usr/bin/env bash
# Installs what the test suite needs and a fresh machine may lack: Debian's Chromium
# for the browser tests, docker-compose (v1) to validate the compose file offline, and the
# compose file's two proxies, caddy and haproxy, whose configurations the tests validate, and
# PgBouncer, which the API is tested behind in transaction mode.
# It also starts the local PostgreSQL if it is installed but stopped. More tools can be
# asked for as COMMAND=PACKAGE arguments (the benchmarks ask for sqlite3 and psql).
set -euo pipefail

missing=()
for tool in chromium=chromium docker-compose=docker-compose caddy=caddy haproxy=haproxy pgbouncer=pgbouncer "$@"; do
  command -v "${tool%%=*}" >/dev/null 2>&1 || missing+=("${tool#*=}")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing ${missing[*]} (apt-get)..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Missing: ${missing[*]}. Install them (e.g. sudo apt-get install ${missing[*]})." >&2
    exit 1
  fi
fi

if [ -z "${TEST_POSTGRES_URL:-}" ] && command -v pg_ctlcluster >/dev/null 2>&1 \
  && ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  echo "Starting the local PostgreSQL..."
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start
fi
