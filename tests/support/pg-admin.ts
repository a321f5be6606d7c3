// The local PostgreSQL server's admin database, for tests and benches that
// create and drop databases of their own. Only pg: safe in vitest's main process.
import pg from "pg";

export const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

/** Runs one statement on the admin database. */
export async function pgAdmin(sql: string, values?: unknown[]): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the same server. */
export function databaseUrlFor(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
