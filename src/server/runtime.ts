// Process start-up for the web server: schema, first tenant, job queue, embedded worker.
import { config } from "./config";
import { db } from "./db/client";
import { migrate } from "./db/migrate";
import { databaseUrl } from "./db/url";
import { bootstrapDefaultTenant } from "./bootstrap";
import { prepareQueue, queueKind } from "./jobs/enqueue";
import { closeQueue, startQueueWorker } from "./jobs/queue";
import { requeueAbandoned } from "./jobs/table-queue";
import type { RunningWorker } from "./jobs/worker-loop";
import { log } from "./log";
import { packs } from "./packs";
import { closePlanners, jobPlanner, lookupProcess } from "./planning/planners";
import { startPullLoop } from "./ocpi/pull/schedule";
import { startTelematicsLoop } from "./telematics/poll";
import { startDeliveryLoop } from "./webhooks/delivery";
import { startWatchLoop, watchOptions } from "./watch/check";

const holder = globalThis as unknown as {
  __plannerWorker?: RunningWorker; __plannerWebhooks?: RunningWorker; __plannerTelematics?: RunningWorker; __plannerOcpiPull?: RunningWorker; __plannerWatch?: RunningWorker; __plannerStarted?: Promise<void>;
};

export function startServices(): Promise<void> {
  holder.__plannerStarted ??= (async () => {
    const cfg = config();
    await migrate(databaseUrl());
    await bootstrapDefaultTenant(db());
    await prepareQueue();
    void packs.plan; // load once now, not on the first request
    // The tenants' station lists are built there (GET /poi/cpos, a submit's filter warnings): start it now.
    lookupProcess().warm("stations");
    if (cfg.IN_PROCESS_WORKER === "on") {
      if (queueKind() === "table") {
        // The embedded worker is the only one: anything still running belongs to a previous process.
        const requeued = await requeueAbandoned(db(), { all: true });
        if (requeued) log.info({ requeued }, "requeued jobs left running by a previous process");
      }
      // Plans are made in planning processes, one per job slot, never on this process's thread: start them now.
      for (let slot = 0; slot < cfg.WORKER_CONCURRENCY; slot++) jobPlanner(slot).warm();
      holder.__plannerWorker = await startQueueWorker(db());
      // Completion webhooks are sent wherever jobs are worked (src/server/webhooks/delivery.ts).
      holder.__plannerWebhooks = startDeliveryLoop(db());
      // So are the tenants' telematics sources polled (src/server/telematics/poll.ts).
      holder.__plannerTelematics = startTelematicsLoop(db());
      // OCPI pull sources too (src/server/ocpi/pull/schedule.ts).
      holder.__plannerOcpiPull = startPullLoop(db());
      // And committed plans are watched (src/server/watch): a re-plan wakes this process's worker.
      holder.__plannerWatch = startWatchLoop(watchOptions(() => holder.__plannerWorker?.wake()));
    }
    log.info({ worker: cfg.IN_PROCESS_WORKER, queue: queueKind(), database: databaseUrl().replace(/\/\/[^@]*@/, "//***@") }, "planner ready");
  })();
  return holder.__plannerStarted;
}

/** Tells the in-process worker that a job is waiting (no-op without one). */
export function wakeWorker(): void {
  holder.__plannerWorker?.wake();
}

/** Tells the in-process OCPI pull loop that a source is due (a new registration; no-op without one). */
export function wakeOcpiPull(): void {
  holder.__plannerOcpiPull?.wake();
}

export async function stopWorker(): Promise<void> {
  await Promise.all([holder.__plannerWorker?.stop(), holder.__plannerWebhooks?.stop(), holder.__plannerTelematics?.stop(), holder.__plannerOcpiPull?.stop(), holder.__plannerWatch?.stop()]);
  holder.__plannerWorker = undefined;
  holder.__plannerWebhooks = undefined;
  holder.__plannerTelematics = undefined;
  holder.__plannerOcpiPull = undefined;
  holder.__plannerWatch = undefined;
  closePlanners();
  await closeQueue();
}
