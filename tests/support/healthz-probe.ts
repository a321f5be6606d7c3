// How long the web thread is blocked while a request is served. The route modules
// run on this test's thread as they run on the server's, so GET /healthz asked every
// few milliseconds beside the work answers late by as long as anything held the
// thread: the slowest answer, measured from the moment the probe was due.
import * as healthz from "@/app/healthz/route";

export interface Probed<T> {
  value: T;
  /** The latest /healthz answered after it was due, ms. */
  slowestMs: number;
  probes: number;
}

const EVERY_MS = 5;

async function askHealthz(): Promise<void> {
  const res = await (healthz.GET as (req: Request, ctx: unknown) => Promise<Response>)(new Request("http://planner.test/healthz"), { params: Promise.resolve({}) });
  if (res.status !== 200) throw new Error(`/healthz answered ${res.status}`);
  await res.text();
}

/** Runs `work` while probing /healthz; the probes go on until it settles. */
export async function whileProbingHealthz<T>(work: () => Promise<T>): Promise<Probed<T>> {
  let done = false;
  let slowestMs = 0;
  let probes = 0;
  const probing = (async () => {
    while (!done) {
      const due = performance.now() + EVERY_MS;
      await new Promise((r) => setTimeout(r, EVERY_MS));
      await askHealthz();
      probes++;
      slowestMs = Math.max(slowestMs, performance.now() - due);
    }
  })();
  let value: T;
  try {
    value = await work();
  } finally {
    done = true;
    await probing;
  }
  // Read only after the last probe answered: work that held the thread in one piece ends
  // before the probe that was due during it can answer, and that probe is the measurement.
  return { value, slowestMs: Math.round(slowestMs * 10) / 10, probes };
}
