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
bash scripts/setup.sh --no-data

# Two lanes share the two cores, then the timed tests run alone. Lanes share no database or
# port: the browser lane serves on E2E_PORT (3100) from .data/e2e.db; the API files each make
# their own SQLite file or PostgreSQL database (api-pg and the PostgreSQL stage run after e2e: measured
# 21 min beside the unit and API stages, which took 35 min, on this machine). The data packs are built first in the test lane, while the
# browser lane type-checks and builds (neither reads them); e2e waits for them. The web-thread budget
# probes and the fault tests (deadlines in seconds) would measure the other lane, so they wait for both.
LOGS=artifacts/check; mkdir -p "$LOGS"
PACKS_READY="$LOGS/packs.ready" PACKS_FAILED="$LOGS/packs.failed"
rm -f "$PACKS_READY" "$PACKS_FAILED"
stage() { local name=$1 t0=$SECONDS; shift; echo "== $name"; "$@"; echo "== $name: passed in $((SECONDS - t0)) s"; }
vitest_project() { npx vitest run -c tests/vitest.config.ts --project "$1"; }
wait_for_packs() {
  until [ -e "$PACKS_READY" ]; do
    [ -e "$PACKS_FAILED" ] && { echo "the data packs were not built (tests lane)"; return 1; }
    sleep 2
  done
}
browser_lane() {
  set -e
  stage typecheck bash -c 'npx next typegen >/dev/null 2>&1 || true; npx tsc --noEmit'
  stage "import cycles" npm run -s check:cycles
  stage build npx next build
  stage "data packs (tests lane)" wait_for_packs
  stage e2e npx playwright test -c e2e/playwright.config.ts
  stage "api (postgresql)" vitest_project api-pg
  stage postgres vitest_project pg
}
test_lane() {
  set -e
  stage "data packs" bash -c "npx tsx scripts/build-data.ts && touch '$PACKS_READY' || { touch '$PACKS_FAILED'; exit 1; }"
  stage unit vitest_project unit
  stage api vitest_project api
}
# Each lane's lines are prefixed with its name as they come, and kept whole in artifacts/check.
( browser_lane ) 2>&1 | tee "$LOGS/browser.log" | sed -u 's/^/[browser] /' & BROWSER=$!
( test_lane ) 2>&1 | tee "$LOGS/tests.log" | sed -u 's/^/[tests] /' & TESTS=$!
FAILED=()
wait $BROWSER || FAILED+=(browser)
wait $TESTS || FAILED+=(tests)
if [ ${#FAILED[@]} -gt 0 ]; then echo "failed: ${FAILED[*]} lane (logs in $LOGS)"; exit 1; fi
stage "web-thread budget" vitest_project api-budget
stage "web-thread budget (postgresql)" vitest_project api-pg-budget
stage faults vitest_project faults
echo "== every stage passed in $SECONDS s"
