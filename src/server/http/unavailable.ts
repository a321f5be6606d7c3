// Errors that mean "the database is unreachable right now" (restart, failover,
// connections cut, pool exhausted): the client gets 503 + Retry-After, not a
// 500, and nothing was stored (every write is one transaction).
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);
// PostgreSQL: connection exceptions (08...), operator intervention (57P01-57P03).
const PG_CODE = /^(08|57P0[123])/;
const NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT"]);
const MESSAGES = /Connection terminated|connection error|terminating connection|server closed the connection|Unable to start a transaction|Transaction already closed|Timed out fetching a new connection/i;

export function isDatabaseUnavailable(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== "object" || depth > 5) return false;
  const err = e as { code?: unknown; message?: unknown; cause?: unknown; originalCode?: unknown };
  const code = typeof err.code === "string" ? err.code : typeof err.originalCode === "string" ? err.originalCode : "";
  if (PRISMA_CODES.has(code) || PG_CODE.test(code) || NODE_CODES.has(code)) return true;
  if (typeof err.message === "string" && MESSAGES.test(err.message)) return true;
  return isDatabaseUnavailable(err.cause, depth + 1);
}

export const UNAVAILABLE_DETAIL = "The database is unavailable for a moment; nothing was stored. Retry after the Retry-After seconds (POST /planner/v2 with the same Idempotency-Key).";
