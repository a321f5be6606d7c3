// Global setup of the api-pg project: each test file creates its own
// PostgreSQL database (freshDatabase in tests/support/env.ts); when the run
// ends, every one of them is dropped, also those of a file that failed or
// was interrupted before its afterAll. Only pg: the app's modules stay out of
// the main vitest process.
import { pgAdmin } from "./pg-admin";

/** Name prefix of the databases freshDatabase creates for the api-pg project. */
export const API_PG_PREFIX = "planner_apipg_";

async function dropTestDatabases(): Promise<void> {
  const { rows } = await pgAdmin(`SELECT datname FROM pg_database`);
  for (const { datname } of rows as { datname: string }[]) {
    // Filtered here: LIKE would read the prefix's "_" as a wildcard.
    if (datname.startsWith(API_PG_PREFIX)) await pgAdmin(`DROP DATABASE IF EXISTS "${datname.replace(/"/g, '""')}" WITH (FORCE)`);
  }
}

export default function setup(): () => Promise<void> {
  return dropTestDatabases;
}
