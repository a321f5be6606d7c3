// A completion webhook survives the death of the process sending it: the built
// app (one web process with its embedded worker, PostgreSQL) plans a job and
// starts the webhook; the receiver holds that first request open; the web
// process is SIGKILLed and started again; after the dead sender's lease the
// new process sends the same delivery (same webhook-id), signed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { leaseMs } from "@/server/webhooks/delivery";
import { killHard, startCluster, type Cluster, type Proc } from "../support/cluster";
import { hamburgMunich } from "../support/env";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

const PORT = Number(process.env.WEBHOOK_FAULT_PORT ?? 3380);
const TIMEOUT_MS = 4_000;
const ENV = {
  IN_PROCESS_WORKER: "on",
  WEBHOOK_ALLOW_HTTP: "true",
  WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
  WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  WEBHOOK_POLL_MS: "200",
};

let cluster: Cluster;
let receiver: Receiver;
let restarted: Proc | undefined;

beforeAll(async () => {
  receiver = await startReceiver();
  cluster = await startCluster({ name: "planner_webhooks", webs: 1, workers: 0, basePort: PORT, env: ENV });
});

afterAll(async () => {
  restarted?.child.kill("SIGKILL");
  await receiver?.close();
  await cluster?.stop();
});

/** The web process again, on the same port and database (what a supervisor would do). */
async function startWebAgain(): Promise<Proc> {
  const logFile = path.join(cluster.logDir, "web-0-again.log");
  const out = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: { ...process.env, DATABASE_URL: cluster.databaseUrl, RATE_LIMIT_PER_MIN: "0", NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", PORT: String(PORT), ...ENV },
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
  return { name: "web-0-again", child, logFile };
}

describe("completion webhook across a crash", () => {
  it("the web process is killed while its webhook is in flight; the restarted one delivers it with the same webhook-id", async () => {
    const base = cluster.baseUrls[0];
    const auth = { authorization: `Bearer ${cluster.key}`, "content-type": "application/json" };
    const secret = (await (await fetch(`${base}/webhooks/secret`, { method: "POST", headers: auth })).json()).secret as string;
    expect(secret).toMatch(/^whsec_/);
    receiver.plan.push("hold");
    const submit = await fetch(`${base}/planner/v2`, { method: "POST", headers: auth, body: JSON.stringify(hamburgMunich({ callback_url: receiver.url })) });
    expect(submit.status).toBe(200);
    const ids = await submit.json();

    const [held] = await receiver.waitFor(1, 120_000);
    const claimed = await db().webhookDelivery.findUniqueOrThrow({ where: { jobId_event: { jobId: ids.job_id, event: "job.completed" } } });
    expect(claimed).toMatchObject({ status: "pending", attempts: 1 });
    await killHard(cluster.webs[0]);
    const killedAt = Date.now();
    restarted = await startWebAgain();

    const [, second] = await receiver.waitFor(2, 120_000);
    // Not before the dead sender's lease ran out: no two attempts at once.
    expect(second.at).toBeGreaterThanOrEqual(claimed.lastAttemptAt!.getTime() + leaseMs(TIMEOUT_MS) - 1_000);
    expect(second.headers["webhook-id"]).toBe(held.headers["webhook-id"]);
    expect(second.body).toBe(held.body);
    const payload = new Webhook(secret).verify(second.body, second.headers as Record<string, string>) as Record<string, unknown>;
    expect(payload).toMatchObject({ job_id: ids.job_id, optimization_id: ids.optimization_id, tour_id: ids.tour_id });
    expect(["succeeded", "not_drivable"]).toContain(payload.status);

    const job = await (await fetch(`${base}/planner/jobs/${ids.job_id}`, { headers: auth })).json();
    expect(job.callback).toMatchObject({ status: "delivered", attempts: 2, last_status_code: 200, webhook_id: held.headers["webhook-id"] });
    const sentAfterS = (held.at - Date.parse(job.finished_at)) / 1000;
    // The first attempt leaves within the poll interval (200 ms here) of the job's end, plus a query.
    expect(sentAfterS).toBeLessThan(2);
    console.info(`first attempt ${sentAfterS.toFixed(2)} s after the job finished; delivered ${((second.at - killedAt) / 1000).toFixed(1)} s after the sender was killed (lease ${leaseMs(TIMEOUT_MS) / 1000} s)`);
    // Delivered once more only: nothing further arrives.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(receiver.received).toHaveLength(2);
  });
});
