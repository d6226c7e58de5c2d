#!/usr/bin/env bash
# Runs the API and row-level-security tests against a real PostgreSQL server (the same suite that runs
# on PGlite by default; ARCHITECTURE.md "same test suite on both").
#
# Creates a throw-away database edufam_test_<random> on the local server, runs
#   TEST_DATABASE_URL=postgres://<user>@<host>:<port>/<db> EDUFAM_TEST_SET=api npx vitest run
# (every test file that opens a database, vitest.config.ts; or only the files given as arguments), and drops that database and every copy of it on exit,
# whatever happened. Vitest's global setup migrates and seeds it once; each test app then works on its
# own copy (CREATE DATABASE ... TEMPLATE), so test files run in parallel (tests/postgres-copies.ts).
#
# Settings (environment):
#   PGHOST (default 127.0.0.1), PGPORT (default 5432)
#   TEST_PG_USER   role to connect as; default: the first of the current user, root, postgres that
#                  can connect to the maintenance database
#   TEST_PG_MAINT_DB  maintenance database to connect to for CREATE/DROP DATABASE (default: test,
#                  then postgres)
# Arguments are passed to vitest: file filters replace the default set of API test files, e.g.
#   scripts/test-postgres.sh src/server/modules/fees/fees.test.ts
# and options (starting with -, values joined with =, e.g. --reporter=verbose) are passed as they are.
set -euo pipefail

cd "$(dirname "$0")/.."

host="${PGHOST:-127.0.0.1}"
port="${PGPORT:-5432}"

if ! command -v psql >/dev/null 2>&1; then
  echo "test-postgres: psql not found; install the PostgreSQL client (apt-get install -y postgresql-client)." >&2
  exit 1
fi

# Find a role and maintenance database that work: the current user first, then root, then postgres.
candidates_user=()
if [ -n "${TEST_PG_USER:-}" ]; then candidates_user+=("$TEST_PG_USER"); fi
candidates_user+=("" root postgres) # "" = psql's default (the current OS user)
candidates_db=()
if [ -n "${TEST_PG_MAINT_DB:-}" ]; then candidates_db+=("$TEST_PG_MAINT_DB"); fi
candidates_db+=(test postgres template1)

pg_user=""
maint_db=""
found=""
for u in "${candidates_user[@]}"; do
  for d in "${candidates_db[@]}"; do
    if psql -h "$host" -p "$port" ${u:+-U "$u"} -d "$d" -X -q -t -A -c 'select 1' </dev/null >/dev/null 2>&1; then
      pg_user="$u"
      maint_db="$d"
      found=1
      break 2
    fi
  done
done
if [ -z "$found" ]; then
  echo "test-postgres: cannot connect to PostgreSQL on $host:$port as the current user, root or postgres." >&2
  exit 1
fi
if [ -z "$pg_user" ]; then
  pg_user="$(psql -h "$host" -p "$port" -d "$maint_db" -X -q -t -A -c 'select current_user' </dev/null)"
fi

psql_maint() {
  psql -h "$host" -p "$port" -U "$pg_user" -d "$maint_db" -X -q -v ON_ERROR_STOP=1 "$@" </dev/null
}

db="edufam_test_$(date +%s)_${RANDOM}${RANDOM}"
cleanup() {
  local rc=$?
  # The run's database and the copies of it that test files made (named "${db}_<hex>").
  local name
  for name in $(psql_maint -t -A -c "SELECT datname FROM pg_database WHERE datname = '$db' OR datname LIKE '${db}\_%'" 2>/dev/null); do
    psql_maint -c "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE)" >/dev/null 2>&1 ||
      echo "test-postgres: could not drop database $name" >&2
  done
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

psql_maint -c "CREATE DATABASE \"$db\"" >/dev/null
echo "test-postgres: database $db on $host:$port as $pg_user"

export TEST_DATABASE_URL="postgres://${pg_user}@${host}:${port}/${db}"
export TEST_PG_MAINT_DB="$maint_db"
filters=()
options=()
for arg in "$@"; do
  if [[ "$arg" == -* ]]; then
    options+=("$arg")
  else
    filters+=("$arg")
  fi
done
if [ ${#filters[@]} -eq 0 ]; then export EDUFAM_TEST_SET=api; fi
started=$(date +%s)
npx vitest run "${filters[@]}" "${options[@]}"
echo "test-postgres: API and RLS tests passed on PostgreSQL in $(($(date +%s) - started)) s"
