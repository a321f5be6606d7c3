// A webhook receiver on 127.0.0.1 for the tests: records every request and
// answers each with the next planned status (200 once the plan is used up), or
// holds it open.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Statuses for the next requests, in order; "hold" keeps the request open until close(). */
  plan: (number | "hold")[];
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(path = "/hook"): Promise<Receiver> {
  const received: Received[] = [];
  const held: http.ServerResponse[] = [];
  const plan: (number | "hold")[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      received.push({ headers: req.headers, body, at: Date.now() });
      const next = plan.shift() ?? 200;
      if (next === "hold") held.push(res);
      else res.writeHead(next, { "content-type": "text/plain" }).end(String(next));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    received,
    plan,
    async waitFor(n, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`the receiver got ${received.length} of ${n} requests`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return received;
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
