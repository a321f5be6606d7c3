// This process's pg-boss (the job queue on PostgreSQL): started once, with the
// schema installed and the plan queue configured. Shared by the submit (which
// sends) and the workers (which fetch).
import PgBoss from "pg-boss";
import { config } from "../config";
import { databaseUrl } from "../db/url";
import { log } from "../log";

export const PLAN_QUEUE = "plan";
export const SCHEMA = "pgboss";

export interface JobMessage {
  jobId: string;
}

const holder = globalThis as unknown as { __plannerBoss?: Promise<PgBoss> };

/** A planning process is ended 30 s past the time limit (planning/planner-process.ts); then the result is written. */
const PLANNING_GRACE_S = 30 + 60;

function queueSettings() {
  const cfg = config();
  // Dead workers are found by their lease (lease.ts); a delivery's expiry is a backstop past the longest a live worker takes.
  return { retryLimit: cfg.JOB_MAX_ATTEMPTS + 2, retryDelay: 1, retryBackoff: true, expireInSeconds: cfg.JOB_TIME_LIMIT_S + PLANNING_GRACE_S + cfg.JOB_LEASE_S };
}

async function startBoss(url: string): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: url,
    schema: SCHEMA,
    application_name: "planner-queue",
    // Fetch, complete and maintenance only: sends run on the submit's own connection.
    max: 2,
    schedule: false,
    // Expiry is a backstop (lease.ts finds dead workers): maintenance once a minute is enough.
    maintenanceIntervalSeconds: 60,
  });
  boss.on("error", (e) => log.error({ err: e.message }, "job queue error"));
  await boss.start();
  const settings = queueSettings();
  if (!(await boss.getQueue(PLAN_QUEUE))) {
    // Several processes may start at once: only one create wins, the others update.
    await boss.createQueue(PLAN_QUEUE, { name: PLAN_QUEUE, ...settings }).catch(() => undefined);
  }
  await boss.updateQueue(PLAN_QUEUE, { name: PLAN_QUEUE, ...settings });
  return boss;
}

/** This process's started pg-boss (schema installed, queue configured). */
export function queueBoss(url: string = databaseUrl()): Promise<PgBoss> {
  holder.__plannerBoss ??= startBoss(url).catch((e) => {
    holder.__plannerBoss = undefined;
    throw e;
  });
  return holder.__plannerBoss;
}

export async function stopBoss(): Promise<void> {
  const started = holder.__plannerBoss;
  holder.__plannerBoss = undefined;
  await (await started?.catch(() => undefined))?.stop({ graceful: true, close: true, wait: true });
}
