#!/usr/bin/env bash
# What `pnpm bench` needs and a fresh machine may lack: the tests' tools (Debian's
# Chromium for the page scenario, a running local PostgreSQL) and the sqlite3 shell and
# psql, the databases' own CSV exports that the API's export is compared with.
set -euo pipefail
bash "$(dirname "$0")/../scripts/ensure-test-tools.sh" sqlite3=sqlite3 psql=postgresql-client
