// Environment, validated once at start-up (every setting has an embedded default).
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { geocoderKindOf } from "../engine/geocode/external";

const Env = z.object({
  DATA_DIR: z.string().default("../shared/data").describe("Raw open data the packs are built from"),
  PACK_DIR: z.string().default(".data/packs").describe("Built data packs"),
  DATABASE_URL: z.string().optional().describe("file:... (SQLite, default file:./.data/planner.db) or postgresql://..."),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).optional()
    .describe("PostgreSQL connections per process for queries (default 10 in a web process, 3 in a planning process)"),
  DEFAULT_NETWORK: z.string().default("europe").describe("Network pack id used when no more detailed pack covers a request"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  WEBHOOK_ALLOW_HTTP: z.enum(["true", "false"]).default("false")
    .describe("Accept http:// callback_url (completion webhooks); https only by default"),
  WEBHOOK_ALLOWED_HOSTS: z.string().default("")
    .describe("Comma-separated host names and IP addresses or CIDR ranges a callback_url may reach although private, loopback, link-local or otherwise special (e.g. hooks.internal,10.1.0.0/16)"),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000)
    .describe("Time limit of one webhook delivery attempt; a claimed attempt's lease is twice this plus 5 s"),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000)
    .describe("Delay before a webhook's first retry; each further retry waits twice as long (jittered, at most 1 h)"),
  WEBHOOK_GIVE_UP_S: z.coerce.number().int().min(1).max(7 * 86_400).default(86_400)
    .describe("A webhook not delivered this long after its first attempt is given up and marked failed"),
  WEBHOOK_SECRET_GRACE_S: z.coerce.number().int().min(0).max(30 * 86_400).default(86_400)
    .describe("After a rotation the previous webhook secret keeps signing alongside the new one this long"),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000)
    .describe("How often each worker process looks for webhooks due"),
  WATCH_INTERVAL_S: z.coerce.number().int().min(5).max(3_600).default(30)
    .describe("A committed plan under watch is checked this often (stop unusable, truck behind plan: docs/API.md, Plan watch)"),
  TELEMATICS_ALLOW_HTTP: z.enum(["true", "false"]).default("false")
    .describe("Accept http:// base_url and token_url of telematics sources (rFMS); https only by default"),
  TELEMATICS_ALLOWED_HOSTS: z.string().default("")
    .describe("Comma-separated host names and IP addresses or CIDR ranges a telematics source may reach although private, loopback, link-local or otherwise special"),
  TELEMATICS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000)
    .describe("Time limit of one request to a telematics source (a token or a page, answer included)"),
  TELEMATICS_PAGE_MAX_BYTES: z.coerce.number().int().min(1024).max(64 * 1_048_576).default(4 * 1_048_576)
    .describe("A telematics answer (one page) over this many bytes is read no further and fails the poll"),
  TELEMATICS_CHECK_MS: z.coerce.number().int().min(50).max(600_000).default(5_000)
    .describe("How often each worker process looks for telematics sources due to be polled"),
  TELEMATICS_CREDENTIALS_KEY: z.string().trim().optional()
    .refine((k) => !k || /^[0-9a-fA-F]{64}$/.test(k) || (/^[A-Za-z0-9+/_-]+={0,2}$/.test(k) && Buffer.from(k, "base64").length === 32), {
      message: "must be 32 bytes: 64 hex digits or base64 of 32 bytes (e.g. openssl rand -hex 32)",
    })
    .describe("32 bytes (64 hex digits or base64) that seal telematics credentials in the database (AES-256-GCM); unset: they are stored as given"),
  IN_PROCESS_WORKER: z.enum(["on", "off"]).default("on").describe("Run the job worker inside the web process"),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(os.availableParallelism())
    .describe("Jobs planned at once by the embedded worker or by `npm run worker`, one planning process each (planning is CPU-bound): default the cores"),
  TENANT_MAX_QUEUED_JOBS: z.coerce.number().int().min(0).max(1_000_000).default(200)
    .describe("Unfinished jobs (queued and running) a tenant may have; a submit that would pass it is answered 429 with Retry-After; 0 turns it off"),
  TENANT_MAX_SYNC_PLANS: z.coerce.number().int().min(1).max(1000).default(2)
    .describe("POST /planner plans of one tenant in hand at once (planning or waiting for the planning process); more are answered 429 with Retry-After"),
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional()
    .describe("`npm run worker` serves GET /metrics and /healthz on this port (planning process i of WORKER_CONCURRENCY on port + i)"),
  WORKER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  JOB_LEASE_S: z.coerce.number().int().min(2).max(3600).default(15)
    .describe("A running job whose worker has not renewed its lease for this long is taken back by another worker"),
  JOB_HEARTBEAT_S: z.coerce.number().int().min(1).max(600).default(5)
    .describe("How often a worker renews the lease of the job it plans (at most half of JOB_LEASE_S)"),
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  RATE_LIMIT_PER_MIN: z.coerce.number().int().min(0).max(1_000_000).default(120)
    .describe("Requests per minute per API key (token bucket refill; shared by all web processes on PostgreSQL); 0 turns the limit off"),
  RATE_LIMIT_BURST: z.coerce.number().int().min(0).max(1_000_000).default(120)
    .describe("Requests per API key allowed at once after a pause (token bucket size); 0 turns the limit off"),
  OCPI_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(0).max(1_000_000).default(6000)
    .describe("OCPI requests per minute per registered party (its pushes of Locations and statuses; a token bucket as RATE_LIMIT_PER_MIN's); 0 turns the limit off"),
  OCPI_RATE_LIMIT_BURST: z.coerce.number().int().min(0).max(1_000_000).default(1000)
    .describe("OCPI requests per party allowed at once after a pause (token bucket size); 0 turns the limit off"),
  UI_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(0).max(1_000_000).default(600)
    .describe("Web app requests (tRPC, plan export) per minute per signed-in key, a budget apart from the API's; 0 turns it off"),
  UI_RATE_LIMIT_BURST: z.coerce.number().int().min(0).max(1_000_000).default(300)
    .describe("Web app requests per signed-in key allowed at once (token bucket size); 0 turns it off"),
  JOB_TIME_LIMIT_S: z.coerce.number().int().min(1).max(3600).default(120).describe("Planning that runs longer is stopped and the job ends failed"),
  SESSION_IDLE_MIN: z.coerce.number().int().min(1).max(7 * 24 * 60).default(240)
    .describe("A web app session unused this long ends (minutes)"),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(30 * 24).default(12)
    .describe("A web app session ends this long after sign-in however it is used (hours)"),
  PLAN_MEMORY_MB: z.coerce.number().int().min(64).max(65_536).default(2048)
    .describe("Memory of a planning process (resident size and V8 heap), MB: a plan that needs more fails, alone"),
  GEOCODER_URL: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]).optional()
    .describe("Street-level geocoder with a Photon or Nominatim API, asked first by GET /routing/geocode; the embedded gazetteer answers when it has no answer, fails or times out"),
  GEOCODER_KIND: z.enum(["photon", "nominatim"]).optional()
    .describe("The API of GEOCODER_URL when neither its host nor its path (…/api, …/search) tells"),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2_000)
    .describe("Time limit of one request to GEOCODER_URL (answer included); then the embedded gazetteer answers"),
  GEOCODER_USER_AGENT: z.string().trim().min(1).default("etruck-planner/0.1")
    .describe("User-Agent sent to GEOCODER_URL; Nominatim's usage policy wants it to identify the application and its operator"),
  BAN_OVERRIDES_FILE: z.string().trim().optional()
    .describe("JSON file of truck driving bans lifted or added at short notice (docs/driving-bans.md, Overrides); read again when it changes; unreadable: the computed calendar alone, said in every plan"),
  WEATHER_URL: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]).optional()
    .describe("Weather forecasts with Open-Meteo's API (GET /v1/forecast; the service's root or that path, e.g. https://api.open-meteo.com); unset: off, climate normals are used"),
  WEATHER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2_000)
    .describe("Time limit of one weather forecast look-up at WEATHER_URL (all its requests and answers); then climate normals are used"),
  OCPI_PUBLIC_URL: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]).optional()
    .describe("The service's public address (e.g. https://planner.example.com) in the URLs GET /ocpi/versions and /ocpi/2.2.1 hand out; unset: the request's own origin (behind a proxy that rewrites it, set this)"),
  OCPI_COUNTRY_CODE: z.string().regex(/^[A-Za-z]{2}$/).default("ZZ").transform((s) => s.toUpperCase())
    .describe("The service's own OCPI country_code (its EMSP role in the credentials handshake of an OCPI pull source); ZZ (ISO 3166 user-assigned): not set"),
  OCPI_PARTY_ID: z.string().regex(/^[A-Za-z0-9]{3}$/).default("ETP").transform((s) => s.toUpperCase())
    .describe("The service's own OCPI party_id (ISO 15118) in the credentials handshake of an OCPI pull source"),
  OCPI_BUSINESS_NAME: z.string().trim().min(1).max(100).default("etruck-planner")
    .describe("The business_details.name of the service's EMSP role in the credentials handshake"),
  OCPI_PULL_INTERVAL_S: z.coerce.number().int().min(10).max(7 * 86_400).default(600)
    .describe("Time between two incremental pulls of an OCPI source (Locations updated since the last pull), give or take 10 %"),
  OCPI_PULL_FULL_EVERY_H: z.coerce.number().min(0.01).max(24 * 30).default(24)
    .describe("A full pull of an OCPI source (every Location; those it no longer lists leave) at least this often"),
  OCPI_PULL_RETRY_BASE_S: z.coerce.number().int().min(1).max(86_400).default(60)
    .describe("Delay after a failed OCPI pull or handshake; each further failure waits twice as long (jittered, at most 6 h)"),
  OCPI_PULL_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000)
    .describe("Time limit of one request to an OCPI source (its answer read in full)"),
  OCPI_PULL_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000)
    .describe("How often each worker process looks for OCPI sources due for a pull"),
  OCPI_PULL_ALLOW_HTTP: z.enum(["true", "false"]).default("false")
    .describe("Accept http:// versions URLs (and endpoints) of OCPI pull sources; https only by default"),
  OCPI_PULL_ALLOWED_HOSTS: z.string().default("")
    .describe("Comma-separated host names and IP addresses or CIDR ranges an OCPI pull source may be reached at although private, loopback, link-local or otherwise special"),
}).refine((env) => env.JOB_HEARTBEAT_S * 2 <= env.JOB_LEASE_S, {
  message: "JOB_HEARTBEAT_S must be at most half of JOB_LEASE_S, or one late renewal would hand a live worker's job to another",
  path: ["JOB_HEARTBEAT_S"],
}).refine((env) => !env.GEOCODER_URL || env.GEOCODER_KIND || geocoderKindOf(env.GEOCODER_URL), {
  message: "GEOCODER_URL does not tell whether it is Photon or Nominatim: set GEOCODER_KIND=photon or GEOCODER_KIND=nominatim",
  path: ["GEOCODER_KIND"],
});

export type Config = z.infer<typeof Env> & { dataDir: string; packDir: string };

let cached: Config | undefined;

export function config(): Config {
  if (cached) return cached;
  const env = Env.parse(process.env);
  cached = { ...env, dataDir: path.resolve(/* turbopackIgnore: true */ process.cwd(), env.DATA_DIR), packDir: path.resolve(/* turbopackIgnore: true */ process.cwd(), env.PACK_DIR) };
  return cached;
}

export const PACK_FILES = {
  network: "network-europe.bin",
  stations: "stations.json",
  gazetteer: "gazetteer.json",
} as const;
