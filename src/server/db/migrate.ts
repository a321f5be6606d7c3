// Applies the SQL migrations in prisma/<provider>/migrations in name order,
// recording each in "_planner_migrations". Prisma's own migrate command needs
// a native engine that cannot be installed offline; these files are the same
// DDL Prisma would write for prisma/sqlite/schema.prisma.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { isPostgresUrl, sqliteFilePath } from "./url";

const LEDGER = `CREATE TABLE IF NOT EXISTS "_planner_migrations" ("name" TEXT PRIMARY KEY, "applied_at" TEXT NOT NULL)`;

function migrationsDir(provider: "sqlite" | "postgres"): string {
  return path.join(process.cwd(), "prisma", provider, "migrations");
}

function pending(provider: "sqlite" | "postgres", applied: Set<string>): { name: string; sql: string }[] {
  const dir = migrationsDir(provider);
  return fs
    .readdirSync(dir)
    .filter((name) => fs.existsSync(path.join(dir, name, "migration.sql")) && !applied.has(name))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8") }));
}

/** Returns the names of the migrations it applied. */
export async function migrate(url: string): Promise<string[]> {
  return isPostgresUrl(url) ? migratePostgres(url) : migrateSqlite(url);
}

function migrateSqlite(url: string): string[] {
  const file = sqliteFilePath(url);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  try {
    sqlite.pragma("journal_mode = WAL");
    sqlite.exec(LEDGER);
    const applied = new Set(sqlite.prepare(`SELECT name FROM "_planner_migrations"`).all().map((r) => (r as { name: string }).name));
    const todo = pending("sqlite", applied);
    for (const m of todo) {
      sqlite.transaction(() => {
        sqlite.exec(m.sql);
        sqlite.prepare(`INSERT INTO "_planner_migrations" (name, applied_at) VALUES (?, ?)`).run(m.name, new Date().toISOString());
      })();
    }
    return todo.map((m) => m.name);
  } finally {
    sqlite.close();
  }
}

async function migratePostgres(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // One migrator at a time across processes.
    await client.query("SELECT pg_advisory_lock(72616001)");
    await client.query(LEDGER);
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM "_planner_migrations"`);
    const todo = pending("postgres", new Set(rows.map((r) => r.name)));
    for (const m of todo) {
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(`INSERT INTO "_planner_migrations" (name, applied_at) VALUES ($1, $2)`, [m.name, new Date().toISOString()]);
        await client.query("COMMIT");
      } catch (e) {
        await client.query("ROLLBACK");
        throw e;
      }
    }
    return todo.map((m) => m.name);
  } finally {
    await client.end();
  }
}
