// SQLite in WAL mode refuses a transaction that read first and then writes when another process (a
// worker, a CLI) wrote in between (SQLITE_BUSY_SNAPSHOT, "database is locked"), at once and without
// waiting: doing the transaction again from its start succeeds. PostgreSQL never answers so.
export function isSqliteBusy(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== "object" || depth > 5) return false;
  const err = e as { originalCode?: unknown; code?: unknown; cause?: unknown; meta?: unknown };
  for (const code of [err.originalCode, err.code]) if (typeof code === "string" && code.startsWith("SQLITE_BUSY")) return true;
  return isSqliteBusy(err.cause, depth + 1) || isSqliteBusy(err.meta, depth + 1) || isSqliteBusy((err.meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError, depth + 1);
}
