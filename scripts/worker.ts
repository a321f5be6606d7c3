// npm run worker: a job worker process without the web server.
//   --recover-all   requeue every 'running' job at start (only when this is the only worker)
import { config } from "../server/config";
import { closeDb, db } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { databaseUrl } from "../server/db/url";
import { requeueAbandoned, startWorker } from "../server/jobs/worker";
import { log } from "../server/log";
import { packs } from "../server/packs";

const cfg = config();
await migrate(databaseUrl());
void packs.plan;
const requeued = await requeueAbandoned(db(), { all: process.argv.includes("--recover-all") });
if (requeued) log.info({ requeued }, "requeued abandoned jobs");
const worker = startWorker(db(), { pollMs: cfg.WORKER_POLL_MS, leaseS: cfg.JOB_LEASE_S, maxAttempts: cfg.JOB_MAX_ATTEMPTS });
log.info({ pid: process.pid }, "worker started");
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await worker.stop();
    await closeDb();
    process.exit(0);
  });
}
