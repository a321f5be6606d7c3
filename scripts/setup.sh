#!/usr/bin/env bash
# Installs dependencies and prepares generated code and data packs, offline but
# for the npm registry. Shared by `npm run up` and `npm run check` (which passes
# --no-data and builds the packs in its test lane, beside the type check and the build).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
export npm_config_nodedir="${npm_config_nodedir:-/usr}"   # better-sqlite3 builds from source against Node's headers
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npx tsx scripts/db-generate.ts
[ "${1:-}" = "--no-data" ] || npx tsx scripts/build-data.ts
