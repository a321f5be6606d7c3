// Requests per API key: a token bucket per key id. On PostgreSQL the buckets
// live in the database, shared by every web process (shared-rate-limit.ts);
// on SQLite (one process) in this process's memory (token-buckets.ts).
// Documented in docs/API.md (Limits).
import { config } from "../config";
import { db } from "../db/client";
import { databaseUrl, isPostgresUrl } from "../db/url";
import { HttpError } from "./errors";
import { SharedTokenBuckets } from "./shared-rate-limit";
import { TokenBuckets, type RateLimitSettings } from "./token-buckets";

export type RateLimiter = TokenBuckets | SharedTokenBuckets;

const holder = globalThis as unknown as { __plannerRateLimit?: RateLimiter; __plannerUiRateLimit?: RateLimiter; __plannerOcpiRateLimit?: RateLimiter };

function limiterFor(settings: RateLimitSettings): RateLimiter {
  return isPostgresUrl(databaseUrl()) ? new SharedTokenBuckets(settings, db) : new TokenBuckets(settings);
}

/** The process's API limiter, built from the environment (server/config.ts) on first use. */
export function rateLimiter(): RateLimiter {
  const cfg = config();
  holder.__plannerRateLimit ??= limiterFor({ perMin: cfg.RATE_LIMIT_PER_MIN, burst: cfg.RATE_LIMIT_BURST });
  return holder.__plannerRateLimit;
}

/** The web app's limiter (tRPC, plan export): its own budget per signed-in key. */
export function uiRateLimiter(): RateLimiter {
  const cfg = config();
  holder.__plannerUiRateLimit ??= limiterFor({ perMin: cfg.UI_RATE_LIMIT_PER_MIN, burst: cfg.UI_RATE_LIMIT_BURST });
  return holder.__plannerUiRateLimit;
}

/** The OCPI Receiver's limiter: a budget per registered party (its token's scope), apart from API keys'. */
export function ocpiRateLimiter(): RateLimiter {
  const cfg = config();
  holder.__plannerOcpiRateLimit ??= limiterFor({ perMin: cfg.OCPI_RATE_LIMIT_PER_MIN, burst: cfg.OCPI_RATE_LIMIT_BURST });
  return holder.__plannerOcpiRateLimit;
}

/** Replaces the OCPI limiter (tests): explicit settings and clock, or, without arguments, the environment's again. */
export function configureOcpiRateLimit(settings?: RateLimitSettings, now?: () => number): void {
  holder.__plannerOcpiRateLimit = settings ? new TokenBuckets(settings, now) : undefined;
}

/**
 * Replaces the process's limiter (tests; an operator's tooling): explicit
 * settings and clock, or, without arguments, the environment's again.
 */
export function configureRateLimit(settings?: RateLimitSettings, now?: () => number, ui: RateLimitSettings | undefined = settings): RateLimiter | undefined {
  holder.__plannerRateLimit = settings ? new TokenBuckets(settings, now) : undefined;
  holder.__plannerUiRateLimit = ui ? new TokenBuckets(ui, now) : undefined;
  return holder.__plannerRateLimit;
}

/** 429 with Retry-After (seconds) once the key's bucket is empty. */
export async function enforceRateLimit(keyId: number): Promise<void> {
  await enforce(rateLimiter(), keyId, "per API key");
}

/** The same for the web app, on the signed-in key's separate web-app bucket. */
export async function enforceUiRateLimit(keyId: number): Promise<void> {
  await enforce(uiRateLimiter(), `ui:${keyId}`, "per signed-in key in the web app");
}

/** The same for an OCPI party (by its registration's id); the caller answers in OCPI's envelope. */
export async function enforceOcpiRateLimit(partyRowId: number): Promise<void> {
  await enforce(ocpiRateLimiter(), `ocpi:${partyRowId}`, "per OCPI party");
}

async function enforce(limiter: RateLimiter, bucket: string | number, per: string): Promise<void> {
  const decision = await limiter.take(bucket);
  if (decision.ok) return;
  const { perMin, burst } = limiter.settings;
  throw new HttpError(
    429,
    { detail: `Rate limit exceeded: ${perMin} requests per minute ${per} (bursts of up to ${burst}); retry after ${decision.retryAfterS} s` },
    { "retry-after": String(decision.retryAfterS) },
  );
}
