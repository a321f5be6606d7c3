// pgRouting as an outside check of the route costs: the pack's directed graph in a throw-away
// database, costs from pgr_dijkstraCost. Connection from PGHOST/PGPORT/PGUSER (default
// 127.0.0.1:5432, postgres); the COPY goes through psql since node-postgres cannot stream it.
import { spawnSync } from "node:child_process";
import pg from "pg";
import type { RoadNetwork } from "../src/engine/network/types";

export const INSTALL_HINT = "apt-get install -y postgresql-15-pgrouting (Debian; pulls in PostGIS, which the extension requires)";
const CONN = { host: process.env.PGHOST ?? "127.0.0.1", port: Number(process.env.PGPORT ?? 5432), user: process.env.PGUSER ?? "postgres" };
/** Pairs per pgr_dijkstraCost call; every call reads the whole edge table again. */
export const BATCH = 100;
const MIN_PAIRS = 200, BUDGET_MS = 60_000;

export interface PgRouting {
  version: string;
  /** Replaces the graph and the pairs; returns the COPY time in ms. */
  load(net: RoadNetwork, pairs: [number, number][]): number;
  /** Costs of the first 200 pairs, or of all if the projection stays within ~60 s; Infinity if unreachable. */
  costs(pairs: [number, number][]): Promise<{ costs: number[]; ms: number }>;
  close(): Promise<void>;
}

/** Null (after saying why) when there is no server or no pgRouting. */
export async function openPgRouting(): Promise<PgRouting | null> {
  const db = `bench_pgr_${process.pid}`;
  const admin = new pg.Client({ ...CONN, database: "postgres" });
  try {
    await admin.connect();
    const { rowCount } = await admin.query("SELECT 1 FROM pg_available_extensions WHERE name = 'pgrouting'");
    if (!rowCount) {
      console.log(`pgRouting is not installed on ${CONN.host}:${CONN.port}; to compare with it: ${INSTALL_HINT}`);
      await admin.end();
      return null;
    }
    await admin.query(`CREATE DATABASE ${db}`);
  } catch (e) {
    console.log(`no PostgreSQL at ${CONN.host}:${CONN.port} (${(e as Error).message}); skipping pgRouting`);
    await admin.end().catch(() => {});
    return null;
  }
  const client = new pg.Client({ ...CONN, database: db });
  const close = async () => {
    await client.end().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch((e) => console.log(`could not drop ${db}: ${e.message}`));
    await admin.end().catch(() => {});
  };
  try {
    await client.connect();
    await client.query("CREATE EXTENSION pgrouting CASCADE");
    const { rows } = await client.query("SELECT pgr_version() AS v");
    const tables = "DROP TABLE IF EXISTS edges, pairs;"
      // real, as in the pack; pgRouting sums in double precision either way.
      + " CREATE TABLE edges (id bigint, source bigint, target bigint, cost real, reverse_cost real);"
      + " CREATE TABLE pairs (k int, source bigint, target bigint)";
    return {
      version: rows[0].v,
      load(net, pairs) {
        const t0 = performance.now();
        psql(db, tables);
        const { firstEdge, edgeTarget, edgeTimeS } = net;
        const lines: string[] = [];
        // String(float32 value) is its exact double, so the database gets the stored weight, not
        // the 0.01 s rounding of the CSV export.
        for (let u = 0; u < net.nodeCount; u++) {
          for (let e = firstEdge[u]; e < firstEdge[u + 1]; e++) lines.push(`${e}\t${u}\t${edgeTarget[e]}\t${edgeTimeS[e]}\t-1\n`);
        }
        psql(db, "COPY edges FROM STDIN", lines.join(""));
        psql(db, "COPY pairs FROM STDIN", pairs.map(([s, t], k) => `${k}\t${s}\t${t}\n`).join(""));
        return performance.now() - t0;
      },
      async costs(pairs) {
        const costs: number[] = [];
        let ms = 0;
        while (costs.length < pairs.length && (costs.length < MIN_PAIRS || (ms / costs.length) * pairs.length <= BUDGET_MS)) {
          const from = costs.length, to = Math.min(pairs.length, from + BATCH);
          const t0 = performance.now();
          const { rows } = await client.query<{ s: string; t: string; c: number }>(
            `SELECT start_vid AS s, end_vid AS t, agg_cost AS c FROM pgr_dijkstraCost(
               'SELECT id, source, target, cost, reverse_cost FROM edges',
               'SELECT source, target FROM pairs WHERE k >= ${from} AND k < ${to}', true)`,
          );
          ms += performance.now() - t0;
          // No row for s = t (cost 0) nor for unreachable targets.
          const got = new Map(rows.map((r) => [`${r.s},${r.t}`, r.c]));
          for (const [s, t] of pairs.slice(from, to)) costs.push(s === t ? 0 : got.get(`${s},${t}`) ?? Infinity);
        }
        return { costs, ms };
      },
      close,
    };
  } catch (e) {
    console.log(`pgRouting unusable (${(e as Error).message}); skipping it. To install: ${INSTALL_HINT}`);
    await close();
    return null;
  }
}

function psql(db: string, sql: string, input?: string): void {
  const r = spawnSync("psql", ["-h", CONN.host, "-p", String(CONN.port), "-U", CONN.user, "-d", db, "-qX", "-v", "ON_ERROR_STOP=1", "-c", sql], {
    input, encoding: "utf8", maxBuffer: 1 << 26,
  });
  if (r.status !== 0) throw new Error(`psql ${sql.slice(0, 40)}: ${r.error?.message ?? r.stderr.trim()}`);
}
