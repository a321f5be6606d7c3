// The production server's wrapper (scripts/start.ts): Next's own HTML 404 and
// empty 405 become JSON errors for API clients; answers are compressed when
// accepted. A stand-in handler answers the way Next does.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import compression from "compression";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerErrorsInJson } from "@/server/http/json-not-found";

const big = JSON.stringify({ stations: Array.from({ length: 400 }, (_, i) => ({ id: `s-${i}`, name: "Autohof", power_kw: 350 })) });

function nextLike(req: IncomingMessage, res: ServerResponse) {
  const path = req.url ?? "/";
  if (path === "/page-404") {
    res.statusCode = 404;
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end("<!DOCTYPE html><html><body>This page could not be found.</body></html>");
  } else if (path === "/streamed-404") {
    res.writeHead(404, { "content-type": "text/html" });
    res.write("<!DOCTYPE html><html>");
    res.write("<body>not here</body>", () => undefined);
    res.end("</html>");
  } else if (path === "/route-405") {
    res.writeHead(405);
    res.end();
  } else if (path === "/api-404") {
    res.writeHead(404, { "content-type": "application/json", "x-request-id": "r-1" });
    res.end(JSON.stringify({ detail: "job not found", request_id: "r-1" }));
  } else {
    res.setHeader("content-type", "application/json");
    res.end(big);
  }
}

let server: Server;
let port: number;
beforeAll(async () => {
  const compress = compression();
  server = createServer((req, res) => compress(req as never, res as never, () => {
    answerErrorsInJson(req, res, async (path) => (path === "/route-405" ? "OPTIONS, GET, HEAD, POST" : undefined));
    nextLike(req, res);
  }));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function send(method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingMessage["headers"]; body: Buffer }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d) => chunks.push(d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("errors Next answers itself", () => {
  it("an unknown path is a JSON 404 for an API client, with a request id", async () => {
    for (const path of ["/page-404", "/streamed-404"]) {
      const res = await send("GET", path, { accept: "application/json" });
      expect(res.status).toBe(404);
      expect(res.headers["content-type"]).toBe("application/json");
      const body = JSON.parse(res.body.toString());
      expect(body.detail).toBe(`Not found: GET ${path}`);
      expect(body.request_id).toBe(res.headers["x-request-id"]);
    }
  });
  it("a browser asking for HTML keeps the page", async () => {
    const res = await send("GET", "/page-404", { accept: "text/html,application/xhtml+xml,*/*;q=0.8" });
    expect(res.status).toBe(404);
    expect(res.body.toString()).toContain("could not be found");
  });
  it("a method the route does not serve is a JSON 405 with the route's Allow", async () => {
    const res = await send("DELETE", "/route-405", { accept: "text/html" });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("OPTIONS, GET, HEAD, POST");
    expect(JSON.parse(res.body.toString()).detail).toBe("Method DELETE is not allowed");
  });
  it("a HEAD gets the JSON head and no body", async () => {
    const res = await send("HEAD", "/page-404");
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toBe("application/json");
    expect(res.body.length).toBe(0);
  });
  it("the API's own JSON errors and every success pass unchanged", async () => {
    const res = await send("GET", "/api-404");
    expect(JSON.parse(res.body.toString())).toEqual({ detail: "job not found", request_id: "r-1" });
    const ok = await send("GET", "/result");
    expect(ok.status).toBe(200);
    expect(ok.body.toString()).toBe(big);
  });
});

describe("compression", () => {
  it("br when accepted, else gzip, else none; the content is the same", async () => {
    const br = await send("GET", "/result", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(big);
    const gz = await send("GET", "/result", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(big);
    expect(gz.body.length).toBeLessThan(big.length / 5);
    const plain = await send("GET", "/result", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });
});
