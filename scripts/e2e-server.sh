#!/usr/bin/env bash
# The server Playwright tests run against: the production build (npm run build first) on a fresh
# SQLite database under data/e2e, bound to 127.0.0.1 only.
set -euo pipefail
port="${1:-3210}"
cd "$(dirname "$0")/.."
if [ ! -f .next/standalone/server.js ]; then
  echo "No production build found: run 'npm run build' first." >&2
  exit 1
fi
data_dir="$PWD/${E2E_DATA_DIR:-data/e2e}"
rm -rf "$data_dir"
mkdir -p "$data_dir"
export NEXT_TELEMETRY_DISABLED=1
export DATA_DIR="$data_dir"
export DATABASE_URL="file:$data_dir/tasklane.db"
export AUTH_SECRET="${E2E_AUTH_SECRET:-e2e-only-secret-not-for-production-0123456789}"
export APP_URL="http://127.0.0.1:$port"
export BCRYPT_COST=4
# Many sign-ups and logins come from one address in a test run.
export RATE_LIMIT_LOGIN_MAX_FAILURES=1000 RATE_LIMIT_LOGIN_IP_MAX_FAILURES=10000 RATE_LIMIT_LOGIN_EMAIL_MAX_FAILURES=10000
export RATE_LIMIT_REGISTER_MAX=10000 RATE_LIMIT_FORGOT_MAX=1000 RATE_LIMIT_RESET_MAX=1000
export RATE_LIMIT_CONTACT_MAX=10000 RATE_LIMIT_CHANGE_PASSWORD_MAX=1000
export PORT="$port" HOST=127.0.0.1
exec bash scripts/start.sh
