// Starts the built service on PORT: migrations first, then Next's request handler
// behind a plain Node HTTP server. The server answers methods no route serves
// (TRACE, CONNECT, anything unknown) with 405 itself: Next cannot even build a
// request for TRACE and would answer 500. Answers are compressed (br, gzip)
// when the client accepts it (`compression`: Next compresses only under its
// own `next start`), and the 404s and 405s Next answers itself get the JSON
// error body every other error has (src/server/http/json-not-found.ts).
import { randomUUID } from "node:crypto";
import { createServer, request } from "node:http";
import compression from "compression";
import next from "next";
import { config } from "../src/server/config";
import { migrate } from "../src/server/db/migrate";
import { databaseUrl } from "../src/server/db/url";
import { answerErrorsInJson } from "../src/server/http/json-not-found";
import { STATIC_SECURITY_HEADERS } from "../src/server/observability/static-headers.mjs";

/** Every method some route of the service answers (route handlers answer 405 themselves for the others of these). */
const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

const applied = await migrate(databaseUrl());
if (applied.length) console.log(`migrations applied: ${applied.join(", ")}`);
const port = config().PORT;
const app = next({ dev: false, dir: process.cwd(), port });
const handle = app.getRequestHandler();
await app.prepare();

/** The 405 answer, with the headers every answer carries. */
function notAllowed(method: string | undefined): { head: Record<string, string>; body: string } {
  const requestId = randomUUID();
  const head = {
    ...Object.fromEntries(STATIC_SECURITY_HEADERS.map((h) => [h.key, h.value])),
    "content-type": "application/json", allow: SERVED_METHODS.join(", "), "x-request-id": requestId,
  };
  return { head, body: JSON.stringify({ detail: `Method ${method} is not allowed`, request_id: requestId }) };
}

// Next's route handlers set Content-Type as a one-element array, which compression's own filter does not read.
const compress = compression({
  filter: (req, res) => {
    const type = res.getHeader("content-type");
    const first = Array.isArray(type) ? type[0] : type;
    return compression.filter(req, { getHeader: () => first } as unknown as typeof res);
  },
});

/** The methods the route at `path` serves, from Next's own answer to OPTIONS (for the Allow of a 405). */
function allowFor(path: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port, method: "OPTIONS", path, timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 204 || res.statusCode === 200 ? (res.headers.allow ?? undefined) : undefined);
    });
    req.on("error", () => resolve(undefined));
    req.on("timeout", () => req.destroy());
    req.end();
  });
}
const server = createServer((req, res) => {
  if (!SERVED_METHODS.includes(req.method ?? "")) {
    const { head, body } = notAllowed(req.method);
    res.writeHead(405, head);
    res.end(body);
    return;
  }
  compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {
    answerErrorsInJson(req, res, allowFor);
    void handle(req, res);
  });
});
// CONNECT never reaches the request handler: answer it on the socket.
server.on("connect", (req, socket) => {
  const { head, body } = notAllowed(req.method);
  const lines = Object.entries({ ...head, "content-length": String(Buffer.byteLength(body)), connection: "close" }).map(([k, v]) => `${k}: ${v}`);
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\n${lines.join("\r\n")}\r\n\r\n${body}`);
});
server.listen(port, () => console.log(`ready on http://localhost:${port}`));
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    // Keep-alive connections would hold the close: give them a moment, then go.
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
