// The per-key token bucket in PostgreSQL, so that every web process of one
// deployment draws on the same budget. One statement per request: refill by
// the time since the last request, take a token if there is one, and say so.
// In an UPDATE, every SET expression sees the row as it was.
import type { Db } from "../db/client";
import type { RateDecision, RateLimitSettings } from "./token-buckets";

const REFILLED = `LEAST($2::float8, b."tokens" + GREATEST(0, EXTRACT(EPOCH FROM (clock_timestamp() AT TIME ZONE 'UTC') - b."at")) * $3::float8)`;

const TAKE = `
  INSERT INTO "RateLimitBucket" AS b ("key", "tokens", "allowed", "at")
  VALUES ($1, $2::float8 - 1, true, clock_timestamp() AT TIME ZONE 'UTC')
  ON CONFLICT ("key") DO UPDATE SET
    "allowed" = ${REFILLED} >= 1,
    "tokens" = ${REFILLED} - CASE WHEN ${REFILLED} >= 1 THEN 1 ELSE 0 END,
    "at" = GREATEST(clock_timestamp() AT TIME ZONE 'UTC', b."at")
  RETURNING "allowed", "tokens"`;

export class SharedTokenBuckets {
  private readonly perS: number;

  constructor(
    readonly settings: RateLimitSettings,
    private readonly db: () => Db,
  ) {
    this.perS = settings.perMin / 60;
  }

  get enabled(): boolean {
    return this.settings.perMin > 0 && this.settings.burst > 0;
  }

  async take(id: string | number): Promise<RateDecision> {
    if (!this.enabled) return { ok: true, remaining: Infinity };
    const [row] = await this.db().$queryRawUnsafe<{ allowed: boolean; tokens: number }[]>(TAKE, String(id), this.settings.burst, this.perS);
    const tokens = Number(row.tokens);
    if (row.allowed) return { ok: true, remaining: Math.floor(tokens) };
    return { ok: false, retryAfterS: Math.max(1, Math.ceil((1 - tokens) / this.perS)) };
  }
}
