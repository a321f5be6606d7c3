#!/usr/bin/env bash
# npm run check: install what the tests need and run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
# From Debian when missing: Chromium for the browser tests; FastAPI and uvicorn (under Debian's
# /usr/bin/python3) for the reference app the validation errors are compared with (tests/reference);
# COIN-OR CBC, the MILP solver of the fleet planner's reference (tests/unit/fleet).
APT=()
[ -x /usr/bin/chromium ] || APT+=(chromium)
/usr/bin/python3 -c "import fastapi, uvicorn" 2>/dev/null || APT+=(python3-fastapi python3-uvicorn)
command -v cbc >/dev/null || APT+=(coinor-cbc)
if [ ${#APT[@]} -gt 0 ]; then
  echo "installing ${APT[*]} from Debian"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${APT[@]}" >/dev/null
fi
bash scripts/setup.sh
echo "== typecheck"; npx next typegen >/dev/null 2>&1 || true; npx tsc --noEmit
echo "== import cycles"; npm run -s check:cycles
echo "== unit";      npx vitest run -c tests/vitest.config.ts --project unit
echo "== api";       npx vitest run -c tests/vitest.config.ts --project api
echo "== postgres";  npx vitest run -c tests/vitest.config.ts --project pg
echo "== api (postgresql)"; npx vitest run -c tests/vitest.config.ts --project api-pg
echo "== build";     npx next build
echo "== faults";    npx vitest run -c tests/vitest.config.ts --project faults
echo "== e2e";       npx playwright test -c e2e/playwright.config.ts
