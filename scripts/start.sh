#!/usr/bin/env bash
# `npm start`: the production server Next.js builds (the same one the Docker image runs).
# Needs AUTH_SECRET (32+ characters); applies pending migrations itself at start-up.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f .next/standalone/server.js ]; then
  echo "No production build found: run 'npm run build' first." >&2
  exit 1
fi
# The standalone server changes into its own folder; keep data/ and migrations at the project root.
export DATA_DIR="${DATA_DIR:-$PWD/data}"
export MIGRATIONS_DIR="${MIGRATIONS_DIR:-$PWD/drizzle}"
export PORT="${PORT:-3000}"
# HOSTNAME is what server.js binds to; the shell's own HOSTNAME is the machine name, so use HOST.
export HOSTNAME="${HOST:-0.0.0.0}"
export NEXT_TELEMETRY_DISABLED=1
exec node .next/standalone/server.js
