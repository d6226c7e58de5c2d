#!/usr/bin/env bash
# Fleet test (issue 37 §2): three EduFam instances behind nginx on one PostgreSQL, under load, with one
# instance killed (SIGKILL) and restarted mid-load. Checks, through nginx and on each instance directly:
#   a. no acknowledged write lost (every 2xx fee payment is in the database);
#   b. idempotent retries answered once (same Idempotency-Key twice -> one row, the same answer);
#   c. background jobs each run once (ID-card tasks queued across instances: each succeeded, one run);
#   d. live events reach users on every instance (an SSE stream on each instance gets the event);
#   e. uploads readable from every instance (a learner photo uploaded via one, read from all three).
# Prints a summary (requests, 2xx, errors by kind, p95, each check ok/FAIL); exits non-zero on a FAIL.
#
# Settings (environment):
#   FLEET_SIZE        small (default: ~20 s of load, one kill, for CI) | full (2 min, 100 connections,
#                     two kills and restarts)
#   FLEET_PORT        nginx's port (default 3590); the instances take the next three (3591-3593)
#   FLEET_SERVER_CMD  command that starts one instance (default: node dist/server/main.js when built,
#                     else node --import tsx src/server/main.ts)
#   PGHOST / PGPORT   PostgreSQL (default 127.0.0.1:5432); role: the current user, root or postgres
#   FLEET_KEEP=1      keep the temporary directory (logs of nginx and the instances) for a look after
#
# Needs nginx (Debian package nginx-light or nginx): installed here when missing and we can (root, or
# sudo without a password, with apt-get), like scripts/ensure-chromium.sh. nginx runs in the
# foreground as an unprivileged process with its own prefix in a temporary directory, using
# docs/deploy/nginx.conf. Every process it started and its database are removed on exit, whatever
# happened.
set -euo pipefail
cd "$(dirname "$0")/.."

host="${PGHOST:-127.0.0.1}"
port="${PGPORT:-5432}"
fleet_port="${FLEET_PORT:-3590}"

# -- nginx ---------------------------------------------------------------------------------------
nginx_bin="$(command -v nginx || true)"
[ -z "$nginx_bin" ] && [ -x /usr/sbin/nginx ] && nginx_bin=/usr/sbin/nginx
if [ -z "$nginx_bin" ]; then
  sudo=""
  if [ "$(id -u)" != "0" ]; then sudo="sudo -n"; fi
  if command -v apt-get >/dev/null 2>&1 && { [ -z "$sudo" ] || sudo -n true 2>/dev/null; }; then
    # nginx-light is the smaller build; where the archive has no candidate for it, nginx.
    pkg=nginx
    if apt-cache policy nginx-light 2>/dev/null | grep -q 'Candidate: [0-9]'; then pkg=nginx-light; fi
    echo "fleet: installing Debian $pkg..."
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$pkg" >/dev/null
    nginx_bin=/usr/sbin/nginx
  else
    echo "fleet: nginx not found. Install it (sudo apt-get install -y nginx-light) and run again." >&2
    exit 1
  fi
fi

# -- PostgreSQL: a role and maintenance database that work (as scripts/test-postgres.sh) -----------
if ! command -v psql >/dev/null 2>&1; then
  echo "fleet: psql not found; install the PostgreSQL client (apt-get install -y postgresql-client)." >&2
  exit 1
fi
pg_user=""
maint_db=""
for u in "${TEST_PG_USER:-}" "" root postgres; do
  for d in "${TEST_PG_MAINT_DB:-postgres}" test postgres template1; do
    if psql -h "$host" -p "$port" ${u:+-U "$u"} -d "$d" -X -q -t -A -c 'select 1' </dev/null >/dev/null 2>&1; then
      pg_user="${u:-$(psql -h "$host" -p "$port" -d "$d" -X -q -t -A -c 'select current_user' </dev/null)}"
      maint_db="$d"
      break 2
    fi
  done
done
if [ -z "$pg_user" ]; then
  echo "fleet: cannot connect to PostgreSQL on $host:$port as the current user, root or postgres." >&2
  exit 1
fi
psql_maint() {
  psql -h "$host" -p "$port" -U "$pg_user" -d "$maint_db" -X -q -v ON_ERROR_STOP=1 "$@" </dev/null
}

db="edufam_fleet_$(date +%s)_${RANDOM}"
dir="$(mktemp -d /tmp/edufam-fleet.XXXXXX)"

cleanup() {
  local rc=$?
  # Every process the driver started wrote its pid here (instances, nginx); the driver stops them
  # itself, this is for a driver that died or was interrupted.
  local f pid
  for f in "$dir"/pids/*.pid; do
    [ -e "$f" ] || continue
    pid="$(cat "$f" 2>/dev/null || true)"
    [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null || true
  done
  if [ -f "$dir/nginx/nginx.pid" ]; then kill -KILL "$(cat "$dir/nginx/nginx.pid")" 2>/dev/null || true; fi
  psql_maint -c "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null 2>&1 || echo "fleet: could not drop database $db" >&2
  if [ "${FLEET_KEEP:-}" = "1" ]; then echo "fleet: logs kept in $dir"; else rm -rf "$dir"; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

psql_maint -c "CREATE DATABASE \"$db\"" >/dev/null
echo "fleet: database $db on $host:$port as $pg_user; work directory $dir"

# nginx's prefix: the configuration (ports changed when FLEET_PORT is not the default), logs, temp.
mkdir -p "$dir/nginx/logs" "$dir/nginx/tmp" "$dir/pids" "$dir/files" "$dir/logs"
sed -e "s/listen 3590;/listen $fleet_port;/" \
  -e "s/127\.0\.0\.1:3591 /127.0.0.1:$((fleet_port + 1)) /" \
  -e "s/127\.0\.0\.1:3592 /127.0.0.1:$((fleet_port + 2)) /" \
  -e "s/127\.0\.0\.1:3593 /127.0.0.1:$((fleet_port + 3)) /" \
  docs/deploy/nginx.conf >"$dir/nginx/nginx.conf"
if ! out="$("$nginx_bin" -t -q -p "$dir/nginx" -c "$dir/nginx/nginx.conf" -e logs/error.log -g 'daemon off;' 2>&1)"; then
  echo "fleet: nginx refuses docs/deploy/nginx.conf:" >&2
  echo "$out" >&2
  exit 1
fi

# When we are root, nginx (master and workers) runs as nobody: it needs no privilege (a port above
# 1024, files under its prefix). Otherwise it runs as the current user.
nginx_cmd=("$nginx_bin" -p "$dir/nginx" -c "$dir/nginx/nginx.conf" -e logs/error.log -g 'daemon off;')
if [ "$(id -u)" = "0" ] && command -v setpriv >/dev/null 2>&1; then
  chmod 755 "$dir"
  chown -R nobody "$dir/nginx"
  nginx_cmd=(setpriv --reuid=nobody --regid=nogroup --clear-groups "${nginx_cmd[@]}")
fi

export FLEET_DIR="$dir"
export FLEET_PORT="$fleet_port"
export FLEET_DATABASE_URL="postgres://${pg_user}@${host}:${port}/${db}"
export FLEET_NGINX_CMD_JSON
FLEET_NGINX_CMD_JSON="$(node -e 'console.log(JSON.stringify(process.argv.slice(1)))' "${nginx_cmd[@]}")"
node --import tsx scripts/fleet/main.ts
