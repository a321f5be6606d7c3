// One Prisma client per process. Both generated clients come from the same
// model (prisma/sqlite/schema.prisma), so the SQLite client's type serves both.
import fs from "node:fs";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import { PrismaClient as PostgresClient } from "./generated/postgres/client";
import { databaseUrl, isPostgresUrl, sqliteFilePath } from "./url";

export type Db = InstanceType<typeof SqliteClient>;

export function createDb(url: string = databaseUrl()): Db {
  if (isPostgresUrl(url)) {
    // A planning process works on one job at a time and needs few connections (scripts/worker.ts sets 3).
    const max = Number(process.env.DB_POOL_MAX) || 10;
    return new PostgresClient({ adapter: new PrismaPg({ connectionString: url, max }) }) as unknown as Db;
  }
  const file = sqliteFilePath(url);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  return new SqliteClient({ adapter: new PrismaBetterSqlite3({ url: file, timeout: 10_000 }) });
}

const holder = globalThis as unknown as { __plannerDb?: Db };

/** The process-wide client, created on first use from DATABASE_URL. */
export function db(): Db {
  holder.__plannerDb ??= createDb();
  return holder.__plannerDb;
}

export async function closeDb(): Promise<void> {
  await holder.__plannerDb?.$disconnect();
  holder.__plannerDb = undefined;
}
