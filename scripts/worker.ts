// npm run worker: a job worker without the web server.
//   WORKER_CONCURRENCY=N  plans N jobs at once, in N worker processes under this
//                         one (planning is CPU-bound); one that dies is restarted.
//                         Each plans in a planning process of its own (src/server/planning)
//   WORKER_METRICS_PORT=P GET /metrics and /healthz on P (worker process i on P + i)
//   --recover-all         (SQLite only) requeue every 'running' job at start:
//                         only when this is the only worker
// Each worker process also sends the completion webhooks of final jobs (src/server/webhooks), polls
// the tenants' telematics sources that are due (src/server/telematics/poll.ts) and pulls the OCPI sources due
// (src/server/ocpi/pull) and checks the committed plans under watch (src/server/watch).
// SIGTERM/SIGINT: the job in hand is finished, then the process exits.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { config } from "../src/server/config";
import { closeDb, db } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { databaseUrl } from "../src/server/db/url";
import { queueKind } from "../src/server/jobs/enqueue";
import { closeQueue, startQueueWorker } from "../src/server/jobs/queue";
import { requeueAbandoned } from "../src/server/jobs/table-queue";
import { log } from "../src/server/log";
import { serveWorkerMetrics } from "../src/server/observability/worker-http";
import { closePlanners, jobPlanner } from "../src/server/planning/planners";
import { startTelematicsLoop } from "../src/server/telematics/poll";
import { startPullLoop } from "../src/server/ocpi/pull/schedule";
import { startDeliveryLoop } from "../src/server/webhooks/delivery";
import { startWatchLoop, watchOptions } from "../src/server/watch/check";

// One job at a time needs few query connections (DB_POOL_MAX overrides).
process.env.DB_POOL_MAX ??= "3";
const cfg = config();
const isChild = process.env.PLANNER_WORKER_CHILD === "1";

async function runWorker(): Promise<void> {
  // Plans are made in this process's planning process: start it (and load the packs) now.
  jobPlanner().warm();
  const worker = await startQueueWorker(db());
  const webhooks = startDeliveryLoop(db());
  const telematics = startTelematicsLoop(db());
  const ocpiPull = startPullLoop(db());
  const watch = startWatchLoop(watchOptions(() => worker.wake()));
  const metricsServer = cfg.WORKER_METRICS_PORT ? serveWorkerMetrics(cfg.WORKER_METRICS_PORT) : undefined;
  log.info({ pid: process.pid, queue: queueKind() }, "worker started");
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    metricsServer?.close();
    await Promise.all([worker.stop(), webhooks.stop(), telematics.stop(), ocpiPull.stop(), watch.stop()]);
    closePlanners();
    await closeQueue();
    await closeDb();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  // A planning process whose supervisor is gone stops too.
  if (isChild) process.on("disconnect", shutdown);
}

function superviseChildren(n: number): void {
  const script = fileURLToPath(import.meta.url);
  const children = new Set<ChildProcess>();
  let stopping = false;
  const startChild = (slot: number, restarts = 0) => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, [...process.execArgv, script, ...process.argv.slice(2)], {
      env: {
        ...process.env, PLANNER_WORKER_CHILD: "1", WORKER_CONCURRENCY: "1",
        ...(cfg.WORKER_METRICS_PORT ? { WORKER_METRICS_PORT: String(cfg.WORKER_METRICS_PORT + slot) } : {}),
      },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    children.add(child);
    child.on("exit", (code, signal) => {
      children.delete(child);
      if (stopping) {
        if (children.size === 0) process.exit(0);
        return;
      }
      // Quick deaths in a row back off up to 30 s; a long-lived process restarts at once.
      const again = Date.now() - startedAt < 10_000 ? restarts + 1 : 0;
      const delayMs = again === 0 ? 0 : Math.min(30_000, 500 * 2 ** again);
      log.error({ slot, pid: child.pid, code, signal, restartInMs: delayMs }, "planning process stopped; restarting");
      setTimeout(() => startChild(slot, again), delayMs);
    });
  };
  for (let slot = 0; slot < n; slot++) startChild(slot);
  log.info({ pid: process.pid, processes: n, queue: queueKind() }, "worker supervisor started");
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      stopping = true;
      if (children.size === 0) process.exit(0);
      for (const child of children) child.kill("SIGTERM");
    });
  }
}

if (isChild) {
  await runWorker();
} else {
  await migrate(databaseUrl());
  // Once, here: a planning process must not requeue its siblings' jobs (pg-boss recovers by itself).
  if (queueKind() === "table") {
    const requeued = await requeueAbandoned(db(), { all: process.argv.includes("--recover-all") });
    if (requeued) log.info({ requeued }, "requeued abandoned jobs");
  }
  if (cfg.WORKER_CONCURRENCY > 1) {
    await closeDb();
    superviseChildren(cfg.WORKER_CONCURRENCY);
  } else {
    await runWorker();
  }
}
