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
LOGS=artifacts/check; mkdir -p "$LOGS"
APT_READY="$LOGS/apt.ready" APT_FAILED="$LOGS/apt.failed" PACKS_READY="$LOGS/packs.ready" PACKS_FAILED="$LOGS/packs.failed"
rm -f "$APT_READY" "$APT_FAILED" "$PACKS_READY" "$PACKS_FAILED"
# Debian's packages install beside npm ci, the type check and the build (none of which needs them);
# the unit stage (CBC) and e2e (Chromium) wait for them.
if [ ${#APT[@]} -gt 0 ]; then
  echo "installing ${APT[*]} from Debian (log: $LOGS/apt.log)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  ( { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${APT[@]}"; } > "$LOGS/apt.log" 2>&1 \
    && touch "$APT_READY" || { touch "$APT_FAILED"; cat "$LOGS/apt.log"; } ) &
else
  touch "$APT_READY"
fi
bash scripts/setup.sh --no-data

# Two lanes share the two cores, then the timed tests run alone. Lanes share no database or
# port: the browser lane serves on E2E_PORT (3100) from .data/e2e.db; the API files each make
# their own SQLite file or PostgreSQL database (api-pg and the PostgreSQL stage run after e2e: measured
# 21 min beside the unit and API stages, which took 35 min, on this machine). The data packs are built first in the test lane, while the
# browser lane type-checks and builds (neither reads them); e2e waits for them. The web-thread budget
# probes and the fault tests (deadlines in seconds) would measure the other lane, so they wait for both.
stage() { local name=$1 t0=$SECONDS; shift; echo "== $name"; "$@"; echo "== $name: passed in $((SECONDS - t0)) s"; }
vitest_project() { npx vitest run -c tests/vitest.config.ts --project "$1"; }
# Waits for a file that another lane or the background install touches when done (or failed).
wait_for() {
  until [ -e "$1" ]; do
    [ -e "$2" ] && { echo "$3 failed"; return 1; }
    sleep 2
  done
}
browser_lane() {
  set -e
  stage typecheck bash -c 'npx next typegen >/dev/null 2>&1 || true; npx tsc --noEmit'
  stage "import cycles" npm run -s check:cycles
  stage build npx next build
  stage "data packs (tests lane)" wait_for "$PACKS_READY" "$PACKS_FAILED" "the data packs' build (tests lane)"
  stage "Debian packages" wait_for "$APT_READY" "$APT_FAILED" "the install of Debian's packages"
  stage e2e npx playwright test -c e2e/playwright.config.ts
  stage "api (postgresql)" vitest_project api-pg
  stage postgres vitest_project pg
}
test_lane() {
  set -e
  stage "data packs" bash -c "npx tsx scripts/build-data.ts && touch '$PACKS_READY' || { touch '$PACKS_FAILED'; exit 1; }"
  stage "Debian packages" wait_for "$APT_READY" "$APT_FAILED" "the install of Debian's packages"
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
