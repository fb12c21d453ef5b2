#!/usr/bin/env bash
# `npm test`: every check, in the order CI runs them. Stops at the first failure (non-zero exit).
#   lint, the import rules (.dependency-cruiser*.cjs), typecheck, format → unit → docker-compose.yml → integration on SQLite and on PostgreSQL (the latter when
#   TEST_DATABASE_URL is set) → production build → Playwright e2e → standalone server on PostgreSQL
#   (when TEST_DATABASE_URL is set) → two instances behind a proxy on PostgreSQL (idem).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

started=$SECONDS
# Each step's wall-clock seconds, printed at the end (also when a step fails): CI logs show where the
# time goes. A step lasts until the next one starts; the checks run side by side count as one.
timings=()
timed_name=''
timed_start=$SECONDS
end_timing() {
  if [ -n "$timed_name" ]; then
    timings+=("$(printf '%5ss  %s' "$((SECONDS - timed_start))" "$timed_name")")
  fi
  timed_name=''
}
timing() {
  end_timing
  timed_name="$*"
  timed_start=$SECONDS
}
print_timings() {
  end_timing
  printf '\nTime per step:\n'
  printf '  %s\n' "${timings[@]}"
  printf '%7ss  total\n' "$((SECONDS - started))"
}
trap print_timings EXIT
header() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
step() {
  header "$*"
  timing "$*"
}

# Lint, typecheck, format and the unit tests are single-threaded and independent: they run side by
# side, each into its own log, printed in this order once all have ended. Any failure fails the step.
parallel_checks() {
  local dir names=() pids=() failed=0 i
  dir=$(mktemp -d)
  while [ "$#" -gt 0 ]; do
    names+=("$1")
    (
      begun=$SECONDS
      status=0
      bash -c "$2" || status=$?
      echo "($1: $((SECONDS - begun)) s)"
      exit "$status"
    ) >"$dir/${#names[@]}.log" 2>&1 &
    pids+=("$!")
    shift 2
  done
  for i in "${!names[@]}"; do
    header "${names[$i]}"
    local status=0
    wait "${pids[$i]}" || status=$?
    cat "$dir/$((i + 1)).log"
    if [ "$status" -ne 0 ]; then
      echo "FAILED: ${names[$i]} (exit $status)"
      failed=1
    fi
  done
  rm -rf "$dir"
  return "$failed"
}

timing "lint, typecheck, format, unit tests (side by side)"
parallel_checks \
  "lint" "npx eslint . --max-warnings=0" \
  "imports (dependency rules)" "npm run --silent lint:deps" \
  "typecheck" "npx next typegen >/dev/null && npx tsc --noEmit" \
  "format" "npx prettier --check . --log-level warn" \
  "unit tests" "npx vitest run --project unit"
step "docker-compose.yml"
scripts/check-compose.sh
# Both dialects in one run, three files at a time: the PostgreSQL files mostly wait on the database,
# so they overlap with the SQLite ones (about 60 s instead of 105 s one after the other, 2 cores).
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "integration tests on SQLite and PostgreSQL"
else
  step "integration tests on SQLite (PostgreSQL SKIPPED: TEST_DATABASE_URL is not set)"
fi
npx vitest run --project 'integration-*' --maxWorkers 3

step "production build"
# Type-checked already (next typegen, then tsc, above): the build does not check the same files again.
TYPECHECKED_BEFORE_BUILD=1 npm run build --silent
step "end-to-end tests (Playwright)"
npx playwright test

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "standalone server on PostgreSQL"
  npx tsx scripts/check-standalone.ts
  step "two instances on PostgreSQL behind a proxy"
  npx tsx scripts/check-two-instances.ts
else
  step "standalone server on PostgreSQL: SKIPPED (TEST_DATABASE_URL is not set)"
  step "two instances on PostgreSQL behind a proxy: SKIPPED (TEST_DATABASE_URL is not set)"
fi

printf '\nAll checks passed in %ss.\n' "$((SECONDS - started))"
