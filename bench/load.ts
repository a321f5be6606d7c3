// npm run bench:load: the service at scale on this machine's PostgreSQL.
// For 1, 2 and 4 worker processes (each on a fresh database): BENCH_WEBS web
// processes take sustained submits from autocannon at BENCH_RATE per second for
// BENCH_DURATION_S; then the queue is drained. Prints submit latency p50/p99,
// jobs completed per second during the run and while the backlog drains after
// it (the workers' capacity, the web idle), submit -> result p50/p95, and the
// throughput of 2 and 4 workers relative to 1.
// Needs the built app (npx next build). Settings: BENCH_WEBS (2), BENCH_RATE (30),
// BENCH_DURATION_S (60), BENCH_WORKERS ("1,2,4"), BENCH_CONNECTIONS (16), BENCH_DRAIN_S (300).
import os from "node:os";
import autocannon from "autocannon";
import { db } from "../src/server/db/client";
import { startCluster } from "../tests/support/cluster";
import { tripBody } from "../tests/support/trips";

const WEBS = Number(process.env.BENCH_WEBS ?? 2);
const RATE = Number(process.env.BENCH_RATE ?? 30);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 60);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? "1,2,4").split(",").map(Number);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DRAIN_S = Number(process.env.BENCH_DRAIN_S ?? 300);

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Row {
  workers: number;
  submits: number;
  non200: number;
  submitP50: number;
  submitP99: number;
  jobsPerS: number;
  drainedS: number;
  drainJobsPerS: number;
  resultP50: number;
  resultP95: number;
  unfinished: number;
}

async function runOnce(workers: number): Promise<Row> {
  // One tenant sends the whole load: its backlog limit (TENANT_MAX_QUEUED_JOBS) is off, as it is not what this measures.
  const cluster = await startCluster({ name: "planner_bench", webs: WEBS, workers, basePort: Number(process.env.BENCH_PORT ?? 3400), env: { TENANT_MAX_QUEUED_JOBS: "0" } });
  try {
    const latencies: number[] = [];
    let non200 = 0;
    let n = 0;
    const startedAt = new Date();
    const runs = cluster.baseUrls.map((base) => {
      const instance = autocannon({
        url: `${base}/planner/v2`,
        method: "POST",
        connections: Math.max(1, Math.round(CONNECTIONS / WEBS)),
        overallRate: RATE / WEBS,
        duration: DURATION_S,
        headers: { authorization: `Bearer ${cluster.key}`, "content-type": "application/json" },
        requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(tripBody(n++)) }) }],
      }) as unknown as autocannon.Instance & Promise<autocannon.Result>; // without a callback it is both
      // The instance (unlike a client) passes the client first.
      (instance as unknown as NodeJS.EventEmitter).on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
        latencies.push(ms);
        if (status !== 200) non200++;
      });
      return instance;
    });
    await Promise.all(runs);
    const endedAt = new Date();
    const jobs = () => db().job.findMany({ where: { tenantId: cluster.tenantId }, select: { status: true, createdAt: true, finishedAt: true } });
    const inWindow = (await jobs()).filter((j) => j.finishedAt && j.finishedAt <= endedAt).length;
    // Drain: every submitted job gets its result (or the drain limit is reached).
    const drainUntil = Date.now() + DRAIN_S * 1000;
    let all = await jobs();
    while (all.some((j) => !j.finishedAt) && Date.now() < drainUntil) {
      await new Promise((r) => setTimeout(r, 1000));
      all = await jobs();
    }
    const finished = all.filter((j) => j.finishedAt);
    const lastFinish = Math.max(...finished.map((j) => j.finishedAt!.getTime()));
    const drained = finished.filter((j) => j.finishedAt! > endedAt).length;
    const drainedS = (lastFinish - endedAt.getTime()) / 1000;
    const toResult = finished.map((j) => j.finishedAt!.getTime() - j.createdAt.getTime()).sort((a, b) => a - b);
    latencies.sort((a, b) => a - b);
    return {
      workers,
      submits: latencies.length,
      non200,
      submitP50: percentile(latencies, 50),
      submitP99: percentile(latencies, 99),
      jobsPerS: inWindow / ((endedAt.getTime() - startedAt.getTime()) / 1000),
      drainedS,
      // Workers alone, the web idle: their capacity (only when there was a backlog worth timing).
      drainJobsPerS: drained >= 50 ? drained / drainedS : NaN,
      resultP50: percentile(toResult, 50) / 1000,
      resultP95: percentile(toResult, 95) / 1000,
      unfinished: all.length - finished.length,
    };
  } finally {
    await cluster.stop();
  }
}

console.log(`bench:load on ${os.cpus().length} x ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
console.log(`${WEBS} web processes, ${RATE} submits/s offered for ${DURATION_S} s over ${CONNECTIONS} connections; workers: ${WORKER_COUNTS.join(", ")}`);
const rows: Row[] = [];
for (const workers of WORKER_COUNTS) {
  const row = await runOnce(workers);
  rows.push(row);
  console.log(JSON.stringify(row));
}
const base = rows[0];
const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : "-");
console.log("\n| workers | submits | non-200 | submit p50 ms | submit p99 ms | jobs/s during run | x vs first | backlog drained in s | jobs/s draining | x vs first | submit->result p50 s | p95 s | unfinished |");
console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const r of rows) {
  console.log(`| ${r.workers} | ${r.submits} | ${r.non200} | ${f(r.submitP50, 0)} | ${f(r.submitP99, 0)} | ${f(r.jobsPerS)} | ${f(r.jobsPerS / base.jobsPerS, 2)} | ${f(r.drainedS)} | ${f(r.drainJobsPerS)} | ${f(r.drainJobsPerS / base.drainJobsPerS, 2)} | ${f(r.resultP50, 2)} | ${f(r.resultP95, 2)} | ${r.unfinished} |`);
}
process.exit(0);
