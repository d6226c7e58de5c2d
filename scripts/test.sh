#!/usr/bin/env bash
# `npm test`: every test, in the order that fails fastest, with each step's time and test count.
#   1. typecheck (TypeScript 7), with lint (ESLint, import boundaries) running alongside steps 1-3
#   2. build the web app once (the browser tests serve it)
#   3. unit tests + the PGlite API set on the embedded database   (vitest, EDUFAM_TEST_SET=pglite)
#   4. every API and row-level-security test on PostgreSQL          (scripts/test-postgres.sh)
#   5. the fleet test, small form: three compiled instances behind nginx on one PostgreSQL, one killed
#      and restarted under load                                     (scripts/fleet-test.sh, issue 37 §2)
#   6. browser journeys in Debian Chromium, two workers              (Playwright)
# What runs where and why: docs/decisions/0019-fast-ci.md. CI (.ci/run) runs this same script.
#
# Settings (environment): TEST_STEPS, a space-separated subset of "static build pglite postgres fleet browser"
# (default: all), e.g. TEST_STEPS="pglite postgres" npm test. Any failing step stops the run.
set -euo pipefail

cd "$(dirname "$0")/.."

steps="${TEST_STEPS:-static build pglite postgres fleet browser}"
summary=()
log_dir="$(mktemp -d "${TMPDIR:-/tmp}/edufam-test.XXXXXX")"
started=$(date +%s)

report() {
  local rc=$?
  if [ -n "${lint_pid:-}" ]; then kill "$lint_pid" 2>/dev/null || true; fi
  echo
  echo "Test steps:"
  for line in "${summary[@]}"; do echo "  $line"; done
  if [ "$rc" -eq 0 ]; then
    echo "All tests passed in $(($(date +%s) - started))s."
  else
    echo "Tests FAILED (exit $rc) after $(($(date +%s) - started))s; step logs in $log_dir."
  fi
  [ "$rc" -ne 0 ] || rm -rf "$log_dir"
  exit "$rc"
}
trap report EXIT

wants() { [[ " $steps " == *" $1 "* ]]; }

# run NAME LOG COMMAND...: runs COMMAND, showing its output and keeping a copy in LOG; records the time.
run() {
  local name="$1" log="$2"
  shift 2
  echo
  echo "==> $name"
  local t0
  t0=$(date +%s)
  local rc=0
  "$@" 2>&1 | tee "$log" || rc=$?
  local took=$(($(date +%s) - t0))
  if [ "$rc" -ne 0 ]; then
    summary+=("FAIL $name (${took}s)")
    return "$rc"
  fi
  summary+=("ok   $name (${took}s)$(counts "$log")")
}

# The runner's own count of tests in a log: vitest's "Tests  N passed", Playwright's "N passed".
counts() {
  local plain
  plain="$(sed -E 's/\x1b\[[0-9;]*m//g' "$1")"
  local vitest files playwright
  vitest="$(grep -E '^\s+Tests\s+[0-9]+ passed' <<<"$plain" | tail -1 | sed -E 's/^\s+Tests\s+//; s/\s+\(.*//' || true)"
  files="$(grep -E '^\s+Test Files\s+[0-9]+ passed' <<<"$plain" | tail -1 | sed -E 's/^\s+Test Files\s+//; s/\s+\(.*//' || true)"
  playwright="$(grep -E '^\s+[0-9]+ passed \(' <<<"$plain" | tail -1 | sed -E 's/^\s+//; s/ \(.*//' || true)"
  # "1266 passed" → "1266 tests passed"; "68 passed" → "68 files".
  if [ -n "$vitest" ]; then
    echo ": ${vitest/ passed/ tests passed} in ${files/ passed/} files"
  elif [ -n "$playwright" ]; then
    echo ": ${playwright/ passed/ tests passed}"
  fi
}

# Lint (ESLint is single-threaded; its --concurrency gained 5 s of 67 here) runs alongside typecheck, build
# and the PGlite tests, which leave a core idle part of the time; its log is shown when it is done.
lint_pid=""
lint_started=0
if wants static; then
  lint_started=$(date +%s)
  (
    rc=0
    npm run --silent lint >"$log_dir/lint.log" 2>&1 || rc=$?
    date +%s >"$log_dir/lint.end"
    exit "$rc"
  ) &
  lint_pid=$!
fi
finish_lint() {
  [ -n "$lint_pid" ] || return 0
  local rc=0
  wait "$lint_pid" || rc=$?
  lint_pid=""
  echo
  echo "==> lint (alongside the steps above)"
  cat "$log_dir/lint.log"
  local took=$(($(cat "$log_dir/lint.end" 2>/dev/null || date +%s) - lint_started))
  if [ "$rc" -ne 0 ]; then
    summary+=("FAIL lint (${took}s, alongside)")
    return "$rc"
  fi
  summary+=("ok   lint (${took}s, alongside)")
}

if wants static; then run "typecheck" "$log_dir/typecheck.log" npm run --silent typecheck; fi
if wants build; then run "build" "$log_dir/build.log" npm run --silent build; fi
if wants pglite; then run "unit + API tests on PGlite" "$log_dir/pglite.log" env EDUFAM_TEST_SET=pglite npx vitest run; fi
finish_lint
if wants postgres; then run "API/RLS tests on PostgreSQL" "$log_dir/postgres.log" bash scripts/test-postgres.sh; fi
# The fleet runs the server compiled by the build step (dist/server/main.js), as production does.
if wants fleet; then run "fleet behind nginx (small form)" "$log_dir/fleet.log" env FLEET_SERVER_CMD="node --enable-source-maps dist/server/main.js" bash scripts/fleet-test.sh; fi
if wants browser; then run "browser journeys" "$log_dir/browser.log" npx playwright test; fi
