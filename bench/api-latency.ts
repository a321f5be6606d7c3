// npm run bench:api: submit -> result through the API of one plan at a time on an idle service (one web
// process, one planning process, this machine's PostgreSQL): POST /planner/v2, GET /planner/jobs/{id}
// every 20 ms until it is final, then GET /planner/optimizations/{id}/result. The length classes' trips
// (bench/trips.ts) with the eActros 600 and the FH Electric, the API's defaults (balanced, route choice),
// leaving Wednesday 2026-11-25 06:00 UTC; 1 warm-up + API_RUNS (3) per case. Prints p50 / p95 per class
// beside the plan's own time in the planning process (the job's started -> finished, as stored).
// Needs the built app (npx next build). Options: API_CLASSES ("800,1500"), API_RUNS.
import os from "node:os";
import { db } from "../src/server/db/client";
import { startCluster } from "../tests/support/cluster";
import { LENGTH_CLASSES, PLACES } from "./trips";

const RUNS = Number(process.env.API_RUNS ?? 3);
const CLASSES = (process.env.API_CLASSES ?? "800,1500").split(",").map(Number);
const VEHICLES = ["mb-eactros-600", "volvo-fh-electric"];
const POLL_MS = 20;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(p * xs.length) - 1)];

function body(trip: string, vehicle: string) {
  const pts = trip.split("-").map((n) => PLACES[n]);
  return {
    vehicle_id: vehicle, battery_level_start: 0.8, battery_level_end: 0.2, start_time_tour: "2026-11-25T06:00:00Z", poi_info: {},
    section_list: pts.slice(1).map((stop, i) => ({ start_pos: pts[i], stop_pos: stop, payload_kg: 20_000 })),
  };
}

const cluster = await startCluster({ name: "planner_bench_api", webs: 1, workers: 1, basePort: Number(process.env.BENCH_PORT ?? 3450) });
try {
  const base = cluster.baseUrls[0];
  const headers = { authorization: `Bearer ${cluster.key}`, "content-type": "application/json" };
  /** Submit -> result in ms, and the job id. */
  const once = async (b: unknown): Promise<{ ms: number; jobId: string; status: string }> => {
    const t0 = performance.now();
    const sub = await fetch(`${base}/planner/v2`, { method: "POST", headers, body: JSON.stringify(b) });
    if (sub.status !== 200) throw new Error(`submit: ${sub.status} ${await sub.text()}`);
    const { job_id: jobId, optimization_id: optimizationId } = (await sub.json()) as { job_id: string; optimization_id: number };
    for (;;) {
      const job = (await (await fetch(`${base}/planner/jobs/${jobId}`, { headers })).json()) as { status: string };
      if (job.status !== "queued" && job.status !== "running") {
        const res = await fetch(`${base}/planner/optimizations/${optimizationId}/result`, { headers });
        await res.arrayBuffer();
        return { ms: performance.now() - t0, jobId, status: job.status };
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  };
  console.log(`api: ${os.cpus()[0].model}, ${os.cpus().length} cores, node ${process.version}; 1 web, 1 planning process; ${RUNS} runs after a warm-up per case`);
  console.log("class     submit -> result p50 / p95 ms   plan in the planning process p50 / p95 ms   statuses");
  for (const { km, trips } of LENGTH_CLASSES.filter((c) => CLASSES.includes(c.km))) {
    const total: number[] = [], planned: number[] = [];
    const statuses = new Map<string, number>();
    for (const trip of trips) {
      for (const vehicle of VEHICLES) {
        await once(body(trip, vehicle));
        for (let i = 0; i < RUNS; i++) {
          const r = await once(body(trip, vehicle));
          total.push(r.ms);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          const job = await db().job.findUnique({ where: { id: r.jobId }, select: { startedAt: true, finishedAt: true } });
          if (job?.startedAt && job.finishedAt) planned.push(job.finishedAt.getTime() - job.startedAt.getTime());
        }
      }
    }
    const f = (xs: number[]) => `${pct(xs, 0.5).toFixed(0)} / ${pct(xs, 0.95).toFixed(0)}`;
    console.log(`~${String(km).padEnd(8)} ${f(total).padEnd(32)} ${f(planned).padEnd(43)} ${[...statuses].map(([s, n]) => `${s} ${n}`).join(", ")}`);
  }
} finally {
  await cluster.stop();
}
