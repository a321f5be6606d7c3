// How fast a plan's page becomes interactive: from navigation to the stops listed,
// the route drawn on the map, and a click on a stop answered. Baseline in the same
// run: the sign-in page until its key field takes input. Prints medians; asserts nothing.
import os from "node:os";
import { expect, test, type Page } from "@playwright/test";
import { apiKey, signIn } from "../../e2e/support";

const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)];
const f = (x: number) => x.toFixed(0).padStart(6);

/** Milliseconds from navigation start until `ready` resolves, and the browser's own marks. */
async function timed(page: Page, url: string, ready: () => Promise<void>) {
  const t0 = Date.now();
  await page.goto(url, { waitUntil: "commit" });
  await ready();
  const total = Date.now() - t0;
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
    return { domInteractive: n.domInteractive, load: n.loadEventEnd, fcp };
  });
  return { total, ...nav };
}

test("plan page: navigation to interactive", async ({ page, browser }) => {
  test.setTimeout(300_000);
  // Nothing outside this machine is reachable (no tile server): fail such requests at once.
  await page.context().route((url) => /^https?:$/.test(url.protocol) && url.hostname !== "127.0.0.1", (r) => r.abort());
  const body = {
    vehicle_id: "mb-eactros-600", battery_level_start: 0.8, poi_info: {},
    section_list: [{ start_pos: [53.55, 9.99], stop_pos: [48.14, 11.58], payload_kg: 20000 }],
  };
  const planned = await page.request.post("/planner", { headers: { authorization: `Bearer ${apiKey()}` }, data: body });
  expect(planned.status()).toBe(200);
  const id = (await planned.json()).optimization_id as number;
  await signIn(page);

  const signInTimes: number[] = [], plan: { total: number; domInteractive: number; fcp: number }[] = [];
  const fresh = await browser.newContext();
  const anon = await fresh.newPage();
  for (let i = 0; i < RUNS + 2; i++) {
    const s = await timed(anon, "/", async () => {
      await anon.getByLabel("API key").fill("x");
    });
    const p = await timed(page, `/plans/${id}`, async () => {
      const result = page.getByRole("region", { name: "Plan result" });
      const first = result.locator('li[data-stop-kind="charge"]').first();
      await expect(first).toBeVisible({ timeout: 30_000 });
      await expect(page.locator("path.route-soc-high").first()).toBeVisible();
      // Interactive: a click on the first stop is handled (the map opens its popup).
      await first.getByRole("button").first().click();
      await expect(page.locator(".leaflet-popup")).toBeVisible();
    });
    if (i >= 2) {
      signInTimes.push(s.total);
      plan.push(p);
    }
  }
  await fresh.close();
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const lines = [
    `machine: ${cpu}, ${os.cpus().length} cores, node ${process.version}; Chromium headless; ${RUNS} runs after 2 warm-ups, ms`,
    "page                       p50     p95   domInteractive p50   first paint p50",
    `sign-in (baseline)      ${f(pct(signInTimes, 0.5))}  ${f(pct(signInTimes, 0.95))}`,
    `plan #${id} interactive ${f(pct(plan.map((x) => x.total), 0.5))}  ${f(pct(plan.map((x) => x.total), 0.95))}            ${f(pct(plan.map((x) => x.domInteractive), 0.5))}          ${f(pct(plan.map((x) => x.fcp), 0.5))}`,
    `ratio plan / sign-in at p50: ${(pct(plan.map((x) => x.total), 0.5) / pct(signInTimes, 0.5)).toFixed(1)}x`,
  ];
  console.log(lines.join("\n"));
});
