// Wakes idle PostgreSQL workers at once when a job is submitted: the submit
// transaction sends NOTIFY (delivered on commit), workers LISTEN. Polling
// stays the fallback, so a lost notification only costs WORKER_POLL_MS.
import pg from "pg";
import { log } from "../log";

export const JOBS_CHANNEL = "planner_jobs";

export interface Listener {
  close(): Promise<void>;
}

/** Calls `onJob` on every notification, and after each (re)connect to catch up. */
export function listenForJobs(url: string, onJob: () => void): Listener {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delayMs = 500;

  const reconnectSoon = () => {
    if (closed || retry) return;
    client?.removeAllListeners();
    void client?.end().catch(() => undefined);
    client = undefined;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delayMs);
    delayMs = Math.min(delayMs * 2, 10_000);
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: url, application_name: "planner-wakeup" });
    client = c;
    c.on("notification", () => onJob());
    c.on("error", (e) => {
      log.warn({ err: e.message }, "job notifications: connection lost, reconnecting");
      reconnectSoon();
    });
    c.on("end", reconnectSoon);
    try {
      await c.connect();
      await c.query(`LISTEN ${JOBS_CHANNEL}`);
      delayMs = 500;
      onJob();
    } catch (e) {
      log.warn({ err: e instanceof Error ? e.message : String(e) }, "job notifications: cannot listen, retrying");
      reconnectSoon();
    }
  };

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      c?.removeAllListeners();
      c?.on("error", () => undefined);
      await c?.end().catch(() => undefined);
    },
  };
}
