#!/usr/bin/env bash
# npm run check: install what the tests need and run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
if [ ! -x /usr/bin/chromium ]; then
  echo "installing Chromium from Debian for the browser tests"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
bash scripts/setup.sh
echo "== typecheck"; npx next typegen >/dev/null 2>&1 || true; npx tsc --noEmit
echo "== unit";      npx vitest run --project unit
echo "== api";       npx vitest run --project api
echo "== postgres";  npx vitest run --project pg
echo "== api (postgresql)"; npx vitest run --project api-pg
echo "== build";     npx next build
echo "== faults";    npx vitest run --project faults
echo "== e2e";       npx playwright test
