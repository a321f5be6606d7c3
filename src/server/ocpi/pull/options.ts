// The settings of OCPI pulls: the operator's (config.ts: OCPI_PULL_*, OCPI_COUNTRY_CODE, ...) and the
// bounds of one run, which tests make small.
import { config } from "../../config";
import { parsePolicy, type AddressPolicy } from "../../webhooks/address-policy";
import type { Resolver } from "../../webhooks/send";

export interface PullOptions {
  policy: AddressPolicy;
  resolve?: Resolver;
  /** One request, its answer read in full. */
  timeoutMs: number;
  /** Between two complete pulls (give or take 10 %). */
  intervalMs: number;
  /** A full pull at least this often; incremental ones (date_from) in between. */
  fullEveryMs: number;
  /** Delay after the first failure; doubling with each further one, at most MAX_RETRY_DELAY_MS. */
  retryBaseMs: number;
  /** Bounds of one run: pages, Locations, bytes of one answer and of all, and time. */
  maxPages: number;
  maxObjects: number;
  maxPageBytes: number;
  maxRunBytes: number;
  runLimitMs: number;
  /** The `limit` asked for per page (the party may answer fewer: its X-Limit). */
  pageLimit: number;
  /** Parties (feeds) one source may write Locations of: a hub's many CPOs. */
  maxFeeds: number;
  /** The service's own role in the credentials handshake. */
  us: { countryCode: string; partyId: string; businessName: string };
  /** Sources pulled at once by one process. */
  batch: number;
  /** The process is stopping: a run gives its source back at the next page. */
  signal?: AbortSignal;
}

export const MAX_RETRY_DELAY_MS = 6 * 3_600_000;

export function pullOptions(): PullOptions {
  const cfg = config();
  return {
    policy: parsePolicy(cfg.OCPI_PULL_ALLOW_HTTP === "true", cfg.OCPI_PULL_ALLOWED_HOSTS, "OCPI_PULL_ALLOWED_HOSTS"),
    timeoutMs: cfg.OCPI_PULL_TIMEOUT_MS,
    intervalMs: cfg.OCPI_PULL_INTERVAL_S * 1000,
    fullEveryMs: cfg.OCPI_PULL_FULL_EVERY_H * 3_600_000,
    retryBaseMs: cfg.OCPI_PULL_RETRY_BASE_S * 1000,
    maxPages: 2_000,
    maxObjects: 100_000,
    maxPageBytes: 16 * 1024 * 1024,
    maxRunBytes: 1024 * 1024 * 1024,
    runLimitMs: 15 * 60_000,
    pageLimit: 500,
    maxFeeds: 2_000,
    us: { countryCode: cfg.OCPI_COUNTRY_CODE, partyId: cfg.OCPI_PARTY_ID, businessName: cfg.OCPI_BUSINESS_NAME },
    batch: 4,
  };
}

/** A claimed run's lease: longer than the run may last, so a live puller keeps its source. */
export const leaseMs = (opts: PullOptions) => opts.runLimitMs + 60_000;
