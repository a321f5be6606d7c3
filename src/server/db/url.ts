// Which database: SQLite file by default, PostgreSQL when DATABASE_URL says so.
import path from "node:path";

export const DEFAULT_DATABASE_URL = "file:./.data/planner.db";

export function databaseUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** File path of a `file:` SQLite URL, resolved against the working directory. */
export function sqliteFilePath(url: string): string {
  const raw = url.replace(/^file:/, "");
  return raw === ":memory:" ? raw : path.resolve(/* turbopackIgnore: true */ process.cwd(), raw);
}
