// Structured JSON lines on stdout (pino): {"level":"info","time":"<ISO>","pid",
// "hostname","msg", ...fields}. Inside a request the line also carries its
// `requestId` and, once known, `tenantId` (server/observability/context.ts).
// Callers keep the old shape: log.info(fields, msg), log.warn, log.error
// (and pino's debug, child, ...). LOG_LEVEL: fatal|error|warn|info|debug|trace|silent (default info).
import pino, { type Logger } from "pino";
import { currentRequest } from "./observability/context";

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

function level(): string {
  const wanted = process.env.LOG_LEVEL?.trim().toLowerCase();
  return wanted && LEVELS.includes(wanted) ? wanted : "info";
}

function createLogger(): Logger {
  return pino({
    level: level(),
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Fields given to a call win over these.
    mixin() {
      const request = currentRequest();
      return request ? { requestId: request.requestId, ...(request.tenantId !== undefined ? { tenantId: request.tenantId } : {}) } : {};
    },
    // Never let a credential reach a log line by accident.
    redact: { paths: ["authorization", "cookie", "apiKey", "headers.authorization", "headers.cookie"], censor: "[redacted]" },
  });
}

const holder = globalThis as unknown as { __plannerLog?: Logger };

/** The process-wide logger (one per process, whichever bundle asks first). */
export const log: Logger = (holder.__plannerLog ??= createLogger());
