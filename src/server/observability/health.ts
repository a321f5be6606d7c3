// Liveness and readiness for GET /healthz and GET /readyz (no auth; no secrets,
// paths or connection strings in the answers: the reasons go to the log).
import fs from "node:fs";
import path from "node:path";
import { PACK_FILES, config } from "../config";
import { db } from "../db/client";
import { log } from "../log";

/** The database must answer a trivial query within this time. */
export const READY_DB_TIMEOUT_MS = 2000;

export interface DatabaseCheck {
  ok: boolean;
  ms: number;
  /** "unreachable" or "timeout" when not ok (details are logged). */
  error?: string;
}

export interface PacksCheck {
  ok: boolean;
  /** Network pack ids found in PACK_DIR. */
  networks: string[];
  /** Files the service needs that are absent or empty. */
  missing: string[];
  /** Which packs this process holds in memory (they load once, at start-up or on first use). */
  loaded: { networks: boolean; stations: boolean; gazetteer: boolean };
}

export interface Readiness {
  status: "ok" | "not_ready";
  /** The checks that failed: "database", "packs". */
  not_ready: string[];
  checks: { database: DatabaseCheck; packs: PacksCheck };
}

async function checkDatabase(): Promise<DatabaseCheck> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), READY_DB_TIMEOUT_MS);
    });
    const answer = await Promise.race([db().$queryRawUnsafe("SELECT 1"), timeout]);
    const ms = Math.round(performance.now() - t0);
    if (answer === "timeout") {
      log.warn({ ms }, "readyz: database did not answer in time");
      return { ok: false, ms, error: "timeout" };
    }
    return { ok: true, ms };
  } catch (e) {
    log.warn({ err: e instanceof Error ? e.message : String(e) }, "readyz: database unreachable");
    return { ok: false, ms: Math.round(performance.now() - t0), error: "unreachable" };
  } finally {
    clearTimeout(timer);
  }
}

/** The pack cache of server/packs.ts (read only: whether each part is in memory). */
type PackCache = { networks?: unknown; stations?: unknown; gazetteer?: unknown };

function usable(file: string): boolean {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() && stat.size > 0;
  } catch {
    return false;
  }
}

/** Files exist and are not empty; loading them (seconds) is left to server/packs.ts. */
function checkPacks(): PacksCheck {
  const dir = config().packDir;
  let files: string[] = [];
  try {
    files = fs.readdirSync(dir);
  } catch {
    /* no directory: everything is missing */
  }
  const networkFiles = files.filter((f) => /^network-.+\.bin$/.test(f) && usable(path.join(dir, f))).sort();
  const missing: string[] = [];
  if (networkFiles.length === 0) missing.push("network-*.bin");
  for (const name of [PACK_FILES.stations, PACK_FILES.gazetteer]) if (!usable(path.join(dir, name))) missing.push(name);
  const cache = ((globalThis as unknown as { __plannerPacks?: PackCache }).__plannerPacks ?? {}) as PackCache;
  return {
    ok: missing.length === 0,
    networks: networkFiles.map((f) => f.slice("network-".length, -".bin".length)),
    missing,
    loaded: { networks: cache.networks !== undefined, stations: cache.stations !== undefined, gazetteer: cache.gazetteer !== undefined },
  };
}

export async function readiness(): Promise<Readiness> {
  const [database, packs] = await Promise.all([checkDatabase(), Promise.resolve().then(checkPacks)]);
  const notReady = [...(database.ok ? [] : ["database"]), ...(packs.ok ? [] : ["packs"])];
  return { status: notReady.length ? "not_ready" : "ok", not_ready: notReady, checks: { database, packs } };
}
