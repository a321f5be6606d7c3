// A token bucket per key in this process's memory: the rate limit of a single
// web process (SQLite), and the settings and decision every limiter shares.

export interface RateLimitSettings {
  /** Sustained rate: tokens added per minute. 0 turns the limit off. */
  perMin: number;
  /** Bucket size: requests allowed at once after a pause. 0 turns the limit off. */
  burst: number;
}

export type RateDecision = { ok: true; remaining: number } | { ok: false; retryAfterS: number };

/** Buckets kept before idle (full) ones are dropped; only verified key ids ever get one. */
const PRUNE_ABOVE = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

export class TokenBuckets {
  private readonly buckets = new Map<string | number, Bucket>();
  private readonly perMs: number;

  constructor(
    readonly settings: RateLimitSettings,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.perMs = settings.perMin / 60_000;
  }

  get enabled(): boolean {
    return this.settings.perMin > 0 && this.settings.burst > 0;
  }

  /** Takes one token from the key's bucket, or says how long until one is there. */
  take(id: string | number): RateDecision {
    if (!this.enabled) return { ok: true, remaining: Infinity };
    const now = this.now();
    const bucket = this.refilled(this.buckets.get(id), now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.store(id, bucket, now);
      return { ok: true, remaining: Math.floor(bucket.tokens) };
    }
    this.store(id, bucket, now);
    const waitMs = (1 - bucket.tokens) / this.perMs;
    return { ok: false, retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  private refilled(bucket: Bucket | undefined, now: number): Bucket {
    if (!bucket) return { tokens: this.settings.burst, at: now };
    // A clock that steps back refills nothing (and never drains the bucket).
    const elapsed = Math.max(0, now - bucket.at);
    return { tokens: Math.min(this.settings.burst, bucket.tokens + elapsed * this.perMs), at: Math.max(now, bucket.at) };
  }

  private store(id: string | number, bucket: Bucket, now: number): void {
    this.buckets.set(id, bucket);
    if (this.buckets.size > PRUNE_ABOVE) {
      for (const [k, b] of this.buckets) if (this.refilled(b, now).tokens >= this.settings.burst) this.buckets.delete(k);
    }
  }
}
