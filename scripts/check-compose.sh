#!/usr/bin/env bash
# Validates docker-compose.yml as Docker Compose reads it: the default services and the
# mail-preview profile. Needs Debian's docker-compose (1.29; .ci/run installs it) or Docker's plugin.
set -euo pipefail
cd "$(dirname "$0")/.."

if command -v docker-compose >/dev/null 2>&1; then
  compose=(docker-compose)
elif docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
else
  echo "docker compose file check: SKIPPED (docker-compose is not installed)"
  exit 0
fi

# The file refuses to render without AUTH_SECRET; a dummy one is enough to check the rest.
export AUTH_SECRET=compose-config-check-dummy-secret-0123456789
"${compose[@]}" -f docker-compose.yml config -q
"${compose[@]}" -f docker-compose.yml --profile mail-preview config -q
echo "docker-compose.yml is valid (default and --profile mail-preview)."
