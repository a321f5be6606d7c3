// A planning process's last resort: planning is synchronous, so a plan that
// never returns (a bug, not a big request: those stop at JOB_TIME_LIMIT_S) would
// hold its process forever. A watchdog thread, which runs while the main thread
// is busy, kills the process once a plan has run past its deadline plus a
// grace period; the supervisor (or the service manager) starts a new one, and
// the job goes to another worker after its lease, its attempts bounded as usual.
// Only for `npm run worker` processes: never arm it in a web process.
import { Worker } from "node:worker_threads";
import { log } from "../log";

// Evaluated as CommonJS or as a module depending on how the process was started: no require, no import.
const WATCH = `
const { workerData } = process.getBuiltinModule("node:worker_threads");
const { writeSync } = process.getBuiltinModule("node:fs");
const deadline = new BigInt64Array(workerData.shared);
setInterval(() => {
  const at = Number(Atomics.load(deadline, 0));
  if (at > 0 && Date.now() > at) {
    // Straight to fd 2: a thread's process.stderr goes through the (stuck) main thread.
    writeSync(2, JSON.stringify({ level: "fatal", time: new Date().toISOString(), pid: process.pid,
      msg: "planning ran past its time limit and did not stop: ending this planning process" }) + "\\n");
    process.kill(process.pid, "SIGKILL");
  }
}, workerData.checkEveryMs);
`;

export interface Watchdog {
  /** Planning starts: the process is killed if it is still planning at `untilMs`. */
  arm(untilMs: number): void;
  /** Planning ended. */
  disarm(): void;
  stop(): Promise<void>;
}

export function startWatchdog(checkEveryMs = 1000): Watchdog {
  const shared = new SharedArrayBuffer(8);
  const deadline = new BigInt64Array(shared);
  const thread = new Worker(WATCH, { eval: true, workerData: { shared, checkEveryMs } });
  thread.unref();
  thread.on("error", (e) => log.error({ err: e.message }, "watchdog thread failed: planning processes are not watched"));
  return {
    arm: (untilMs) => void Atomics.store(deadline, 0, BigInt(Math.round(untilMs))),
    disarm: () => void Atomics.store(deadline, 0, 0n),
    stop: async () => {
      await thread.terminate();
    },
  };
}
