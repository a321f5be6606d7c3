// Security headers on the page and the API, the page working under its
// Content-Security-Policy (sign in and plan, no violation), and tRPC refusing
// cross-site POSTs; the operations endpoints on the real server.
import { expect, test } from "@playwright/test";
import { apiKey, blockOutside, fillHamburgMunich, signIn } from "./support";

function expectFixedHeaders(headers: Record<string, string>, what: string) {
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], what).toContain("geolocation=()");
  expect(headers["x-frame-options"], what).toBe("DENY");
  const csp = headers["content-security-policy"];
  expect(csp, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).not.toContain("unsafe-eval");
  // Served over plain http here: no HSTS, no upgrade.
  expect(headers["strict-transport-security"], what).toBeUndefined();
  expect(csp, what).not.toContain("upgrade-insecure-requests");
}

test("the page and the API carry the security headers; the page's scripts carry the CSP nonce", async ({ request }) => {
  const page = await request.get("/");
  expect(page.status()).toBe(200);
  const headers = page.headers();
  expectFixedHeaders(headers, "/");
  const csp = headers["content-security-policy"];
  // Leaflet: data: images and inline styles; the default tile server.
  expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org");
  expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  const html = await page.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  // A new nonce every time.
  const again = (await request.get("/")).headers()["content-security-policy"];
  expect(again).not.toBe(csp);

  const api = await request.get("/vehicles", { headers: { authorization: `Bearer ${apiKey()}` } });
  expect(api.status()).toBe(200);
  expectFixedHeaders(api.headers(), "/vehicles");
  expect(api.headers()["x-request-id"]).toBeTruthy();

  const tls = await request.get("/healthz", { headers: { "x-forwarded-proto": "https" } });
  expect(tls.headers()["strict-transport-security"]).toMatch(/^max-age=\d+/);
  expect(tls.headers()["content-security-policy"]).toContain("upgrade-insecure-requests");
});

test("healthz, readyz and metrics on the running server", async ({ request }) => {
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect((await ready.json()).checks.packs.loaded.networks).toBe(true);
  await request.get("/planner/jobs/00000000-0000-4000-8000-000000000000", { headers: { authorization: `Bearer ${apiKey()}` } });
  expect((await request.get("/metrics")).status()).toBe(401);
  const metrics = await request.get("/metrics", { headers: { authorization: "Bearer e2e-metrics-token" } });
  expect(metrics.status()).toBe(200);
  const text = await metrics.text();
  expect(text).toMatch(/^http_requests_total\{method="GET",route="\/planner\/jobs\/\{job_id\}",status="404"\} \d+/m);
  expect(text).not.toContain("00000000-0000-4000-8000-000000000000");
  expect(text).toMatch(/^planner_queue_depth \d+/m);
});

test("signing in and planning work under the CSP, without a single violation", async ({ page, baseURL }) => {
  await blockOutside(page, baseURL);
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  page.on("pageerror", (e) => violations.push(`pageerror: ${e.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
  });

  await signIn(page);
  await fillHamburgMunich(page, "80");
  await page.getByRole("button", { name: "Plan route" }).click();
  const stops = page.getByRole("list", { name: "Stops" });
  await expect(stops).toBeVisible({ timeout: 60_000 });
  expect(await stops.locator('li[data-stop-kind="charge"]').count()).toBeGreaterThan(0);
  // Leaflet drew the route (inline styles) and its markers.
  await expect(page.locator(".leaflet-overlay-pane svg path.route-line").first()).toBeVisible();
  await expect(page.locator(".leaflet-marker-icon").first()).toBeVisible();
  await expect(page.locator(".leaflet-basemap-land-pane canvas")).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  // zod 4 probes once whether `new Function` is allowed and, refused, validates
  // without it; the refusal is reported as a violation although nothing breaks
  // (z.config({ jitless: true }) in the client would skip the probe). Nothing else may be refused.
  expect(violations.filter((v) => !/violation: script-src eval$/.test(v))).toEqual([]);
});

test("a cross-site POST to tRPC is refused; the same page's own mutations are not", async ({ page, request, baseURL }) => {
  await signIn(page);
  // A classic CSRF: another site's page (here an opaque origin in the same
  // browser, holding the session cookie) posts a form at the sign-out mutation.
  const attacker = await page.context().newPage();
  await attacker.setContent(
    `<form id="f" method="post" enctype="text/plain" action="${baseURL}/api/trpc/session.signOut?batch=1"><input name='{"0":{}}' value=""></form>`,
  );
  const [refused] = await Promise.all([
    attacker.waitForResponse((r) => r.url().includes("/api/trpc/session.signOut")),
    attacker.evaluate(() => (document.getElementById("f") as HTMLFormElement).submit()),
  ]);
  expect(refused.status()).toBe(403);
  expect((await refused.request().allHeaders())["sec-fetch-site"]).toBe("cross-site");
  await attacker.close();
  // Still signed in.
  await page.goto("/");
  await expect(page.getByTestId("tenant-name")).toHaveText("e2e");

  // A sibling subdomain is the same site, so the SameSite=Strict cookie would go along: still refused.
  const cookie = (await page.context().cookies()).find((c) => c.name === "etp_session");
  expect(cookie?.sameSite).toBe("Strict");
  const forged = await request.post("/api/trpc/session.signOut?batch=1", {
    headers: { cookie: `etp_session=${cookie!.value}`, "sec-fetch-site": "same-site", origin: "https://evil.example" },
    data: { 0: {} },
  });
  expect(forged.status()).toBe(403);
  expect((await forged.json()).request_id).toBe(forged.headers()["x-request-id"]);
  const noFetchMetadata = await request.post("/api/trpc/session.signOut?batch=1", { headers: { cookie: `etp_session=${cookie!.value}`, origin: "https://evil.example" }, data: { 0: {} } });
  expect(noFetchMetadata.status()).toBe(403);

  // The page's own sign-out (same origin) goes through.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByLabel("API key")).toBeVisible();
});

test("the app ships its icons, web manifest and robots.txt from public/, and the page names them", async ({ page, request }) => {
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  const ico = await favicon.body();
  expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]); // an ICO directory
  expect(ico.readUInt16LE(4)).toBeGreaterThanOrEqual(1);
  expect(favicon.headers()["x-content-type-options"]).toBe("nosniff");

  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  const m = (await manifest.json()) as { name: string; start_url: string; icons: { src: string }[] };
  expect(m.start_url).toBe("/");
  for (const icon of m.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  expect(await (await request.get("/robots.txt")).text()).toContain("Disallow: /");

  await page.goto("/");
  const icons = await page.locator("link[rel~='icon']").evaluateAll((ls) => ls.map((l) => (l as HTMLLinkElement).getAttribute("href")));
  expect(icons).toContain("/favicon.ico");
  expect(icons).toContain("/icon.svg");
  expect(await page.locator("link[rel='manifest']").getAttribute("href")).toBe("/manifest.webmanifest");
  // The browser loads the favicon the page names (no CSP or 404 in the way).
  const loaded = await page.evaluate(async () => (await fetch("/icon.svg")).headers.get("content-type"));
  expect(loaded).toContain("image/svg+xml");
});

test("methods no route serves are 405 with Allow, on pages, the API and static files alike; never 500", async ({ baseURL }) => {
  const http = await import("node:http");
  const net = await import("node:net");
  const url = new URL(baseURL!);
  const send = (method: string, path: string) =>
    new Promise<{ status: number; allow?: string; body: string }>((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, method, path }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode!, allow: res.headers.allow, body }));
      });
      req.on("error", reject);
      req.end();
    });
  for (const path of ["/", "/planner/v2", "/favicon.ico", "/openapi.json"]) {
    for (const method of ["TRACE", "PROPFIND"]) {
      const res = await send(method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.allow).toContain("GET");
      expect(JSON.parse(res.body).detail).toBe(`Method ${method} is not allowed`);
    }
  }
  const connect = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(`CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n`));
    let data = "";
    socket.on("data", (d) => (data += d));
    socket.on("end", () => resolve(data));
    socket.on("error", reject);
  });
  expect(connect).toMatch(/^HTTP\/1\.1 405 /);
});

test("unknown paths and wrong methods answer JSON errors (a 405 with the route's Allow); big answers are compressed", async ({ baseURL }) => {
  const http = await import("node:http");
  const zlib = await import("node:zlib");
  const url = new URL(baseURL!);
  const send = (method: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (d) => chunks.push(d));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });
  const unknown = await send("GET", "/planner/v3", { accept: "application/json" });
  expect(unknown.status).toBe(404);
  expect(unknown.headers["content-type"]).toBe("application/json");
  const body = JSON.parse(unknown.body.toString());
  expect(body).toEqual({ detail: "Not found: GET /planner/v3", request_id: unknown.headers["x-request-id"] });
  // A browser gets the page.
  const page = await send("GET", "/no-such-page", { accept: "text/html,*/*;q=0.8" });
  expect(page.status).toBe(404);
  expect(page.headers["content-type"]).toContain("text/html");
  for (const [method, path, allow] of [["DELETE", "/planner/v2", "POST"], ["POST", "/planner/jobs/x", "GET"], ["PUT", "/openapi.json", "GET"]]) {
    const res = await send(method, path);
    expect(res.status, `${method} ${path}`).toBe(405);
    expect(String(res.headers.allow).split(", "), `${method} ${path}`).toContain(allow);
    expect(JSON.parse(res.body.toString()).detail).toBe(`Method ${method} is not allowed`);
  }
  // The OpenAPI document (tens of kB): br and gzip when accepted, the same content.
  const plain = await send("GET", "/openapi.json", { "accept-encoding": "identity" });
  expect(plain.headers["content-encoding"]).toBeUndefined();
  const gz = await send("GET", "/openapi.json", { "accept-encoding": "gzip" });
  expect(gz.headers["content-encoding"]).toBe("gzip");
  expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
  const br = await send("GET", "/openapi.json", { "accept-encoding": "br, gzip" });
  expect(br.headers["content-encoding"]).toBe("br");
  expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  expect(br.body.length).toBeLessThan(plain.body.length / 3);
});
