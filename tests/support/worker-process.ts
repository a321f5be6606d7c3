// `npm run worker` as a real process against a test database, and waiting for a job's state.
import { spawn, type ChildProcess } from "node:child_process";
import { db } from "@/server/db/client";

export interface WorkerProcess {
  child: ChildProcess;
  output: () => string;
  /** Ends the process and everything it started (its group). */
  kill: () => void;
}

export function startWorkerProcess(databaseUrl: string, env: Record<string, string> = {}, args: string[] = []): WorkerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts", ...args], {
    // One worker process of one slot unless a test asks for more (the default is one slot per core).
    env: { ...process.env, DATABASE_URL: databaseUrl, WORKER_POLL_MS: "100", WORKER_CONCURRENCY: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  return {
    child,
    output: () => out,
    kill: () => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        /* already gone */
      }
    },
  };
}

export async function waitForStatus(jobId: string, wanted: string[], timeoutMs = 90_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await db().job.findUniqueOrThrow({ where: { id: jobId } });
    if (wanted.includes(job.status)) return job.status;
    if (Date.now() > until) throw new Error(`job ${jobId} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const FINAL = ["succeeded", "not_drivable", "failed"];
