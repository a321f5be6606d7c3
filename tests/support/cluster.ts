// A deployment at scale on this machine, for the fault test and the load
// bench: a fresh PostgreSQL database, N web processes (scripts/start.ts on the
// built app, no in-process worker) and M `npm run worker` processes.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApiKey } from "@/server/auth/keys";
import { closeDb, db } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { prepareQueue } from "@/server/jobs/enqueue";
import { closeQueue } from "@/server/jobs/queue";
import { ensureTenant } from "@/server/tenants";
import { databaseUrlFor, pgAdmin } from "./pg-admin";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface Proc {
  name: string;
  child: ChildProcess;
  logFile: string;
}

export interface ClusterOptions {
  /** Database name prefix (the process id and time are appended). */
  name: string;
  webs: number;
  workers: number;
  /** First web port; web i listens on basePort + i. */
  basePort: number;
  /** Environment for every process (lease, time limit, poll interval...). */
  env?: Record<string, string>;
}

export interface Cluster {
  databaseUrl: string;
  databaseName: string;
  baseUrls: string[];
  key: string;
  tenantId: number;
  webs: Proc[];
  workers: Proc[];
  logDir: string;
  startWorker(): Promise<Proc>;
  /** Terminates every connection to the database once (as a failover or network cut would). */
  cutConnections(): Promise<number>;
  stop(): Promise<void>;
}

function spawnLogged(name: string, args: string[], env: Record<string, string>, logDir: string): Proc {
  const logFile = path.join(logDir, `${name}.log`);
  const out = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", out, out] });
  fs.closeSync(out);
  return { name, child, logFile };
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await Promise.resolve().then(check).catch(() => false))) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  if (!fs.existsSync(path.join(ROOT, ".next/BUILD_ID"))) throw new Error("the cluster runs the built app: run `npx next build` first");
  const databaseName = `${opts.name}_${process.pid}_${Date.now()}`;
  await pgAdmin(`CREATE DATABASE "${databaseName}"`);
  const databaseUrl = databaseUrlFor(databaseName);
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), `${opts.name}-`));

  // Schema, queue and a tenant once, here: processes starting together then find them ready.
  process.env.DATABASE_URL = databaseUrl;
  await migrate(databaseUrl);
  await prepareQueue();
  const tenant = await ensureTenant(db(), "scale-test");
  const { key } = await createApiKey(db(), tenant.id, "scale test");

  // Each worker is one process of one slot (the default is a slot per core): killing one kills the job it holds.
  const env = { DATABASE_URL: databaseUrl, IN_PROCESS_WORKER: "off", WORKER_CONCURRENCY: "1", RATE_LIMIT_PER_MIN: "0", NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...opts.env };
  const webs: Proc[] = [];
  const baseUrls: string[] = [];
  for (let i = 0; i < opts.webs; i++) {
    const port = opts.basePort + i;
    webs.push(spawnLogged(`web-${i}`, ["--import", "tsx", path.join(ROOT, "scripts/start.ts")], { ...env, PORT: String(port) }, logDir));
    baseUrls.push(`http://127.0.0.1:${port}`);
  }
  const workers: Proc[] = [];
  let workerCount = 0;
  const startWorker = async () => {
    const proc = spawnLogged(`worker-${workerCount++}`, ["--import", "tsx", "scripts/worker.ts"], env, logDir);
    workers.push(proc);
    await waitFor(`${proc.name} to start`, () => fs.readFileSync(proc.logFile, "utf8").includes('"msg":"worker started"'), 60_000);
    return proc;
  };
  const stop = async () => {
    for (const p of [...webs, ...workers]) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
    await closeQueue();
    await closeDb();
    await pgAdmin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  };
  try {
    await Promise.all(Array.from({ length: opts.workers }, startWorker));
    await Promise.all(baseUrls.map((u) => waitFor(`${u}/readyz`, async () => (await fetch(`${u}/readyz`)).ok, 90_000)));
  } catch (e) {
    await stop();
    throw new Error(`${e instanceof Error ? e.message : String(e)} (logs in ${logDir})`);
  }
  return {
    databaseUrl, databaseName, baseUrls, key, tenantId: tenant.id, webs, workers, logDir, startWorker, stop,
    cutConnections: async () => {
      const { rows } = await pgAdmin(
        "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [databaseName],
      );
      return rows[0].n as number;
    },
  };
}

/** Sends SIGKILL and waits for the process to be gone. */
export async function killHard(proc: Proc): Promise<void> {
  const gone = new Promise<void>((resolve) => proc.child.once("exit", () => resolve()));
  proc.child.kill("SIGKILL");
  await gone;
}
