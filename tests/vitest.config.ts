import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

// Paths are from the repository root (the config lives in tests/ to keep the top level to the design card).
const root = fileURLToPath(new URL("..", import.meta.url));

// The API tests that time the web thread (a 100 ms budget while they run): scripts/check.sh runs
// them alone, after the stages that share the machine's two cores, so that only the server's own
// work is measured. Every other API file runs beside the browser tests.
const BUDGET_PROBES = ["tests/api/web-thread-budget.test.ts", "tests/api/fleet-day.test.ts", "tests/api/planning-process.test.ts", "tests/api/prices-budget.test.ts", "tests/api/prices-check.test.ts", "tests/api/basemap-places.test.ts"];
const BOTH_DATABASES = ["tests/api/fuzz.test.ts", "tests/api/sessions.test.ts", "tests/api/isolation.test.ts", "tests/api/idempotency.test.ts", "tests/api/webhooks.test.ts", "tests/api/webhook-addresses.test.ts", "tests/api/fleet-day.test.ts", "tests/api/fleet-day-app.test.ts", "tests/api/fairness.test.ts", "tests/api/prices.test.ts", "tests/api/prices-budget.test.ts", "tests/api/web-thread-budget.test.ts", "tests/api/station-truck-access.test.ts", "tests/api/telematics-sources.test.ts", "tests/api/telematics-poll.test.ts", "tests/api/ocpi-receiver.test.ts", "tests/api/ocpi-pull-postgres.test.ts", "tests/api/replan.test.ts", "tests/api/plan-watch.test.ts"];
const API = { testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false };
// The API tests that must hold on both databases, on PostgreSQL (a database per file, all dropped at the end).
// The fuzz sends 3,000 requests on each database in the check, a fresh random draw each run (FUZZ_RUNS=12000 for the
// file's full count); the FastAPI comparison of validation errors runs on SQLite only (a 422's shape does not depend on the database).
const ON_POSTGRES = { env: { TEST_DATABASE: "postgresql", FUZZ_RUNS: "3000" }, globalSetup: ["tests/support/pg-global-setup.ts"], ...API };

export default defineConfig({
  root,
  resolve: { alias: { "@": `${root}src` } },
  test: {
    setupFiles: ["tests/support/close-planners.ts"],
    projects: [
      // Both cores (vitest's default is one fewer than the cores: one on this 2-core machine); the engine's tests share nothing.
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 60_000, maxWorkers: 2 } },
      { extends: true, test: { name: "api", include: ["tests/api/**/*.test.ts"], exclude: BUDGET_PROBES, ...API, env: { FUZZ_RUNS: "3000" } } },
      { extends: true, test: { name: "api-budget", include: BUDGET_PROBES, ...API } },
      { extends: true, test: { name: "api-pg", include: BOTH_DATABASES.filter((f) => !BUDGET_PROBES.includes(f)), ...ON_POSTGRES } },
      { extends: true, test: { name: "api-pg-budget", include: BOTH_DATABASES.filter((f) => BUDGET_PROBES.includes(f)), ...ON_POSTGRES } },
      {
        extends: true,
        test: {
          name: "pg", include: ["tests/pg/**/*.test.ts"], testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false,
          // Short leases so that expiry can be waited for.
          env: { JOB_LEASE_S: "5", JOB_HEARTBEAT_S: "1", JOB_TIME_LIMIT_S: "4", JOB_MAX_ATTEMPTS: "2" },
        },
      },
      // Needs the built app (next build): web and worker processes on a fresh PostgreSQL database.
      { extends: true, test: { name: "faults", include: ["tests/faults/**/*.test.ts"], testTimeout: 900_000, hookTimeout: 180_000, fileParallelism: false } },
    ],
  },
});
