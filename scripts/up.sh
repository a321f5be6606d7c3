#!/usr/bin/env bash
# npm run up: install, build the data packs, migrate, build and start on PORT (default 3000).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/setup.sh
npx tsx scripts/migrate.ts
npx next build
exec npx tsx scripts/start.ts
