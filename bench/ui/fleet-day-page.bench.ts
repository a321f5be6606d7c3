// How fast a fleet day's page becomes readable: from navigation to both charts drawn, a tour
// row for every tour and the shared sites' point rows. Baseline in the same run: the sign-in
// page until its key field takes input. A day of TOURS tours (Hamburg, Dortmund and Cologne to
// Munich and Berlin on one morning, so that they share sites) is planned over the API first.
// Prints medians; asserts nothing.
import os from "node:os";
import { expect, test, type Page } from "@playwright/test";
import { apiKey, signIn } from "../../e2e/support";

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const TOURS = Number(process.env.BENCH_FLEET_TOURS ?? 12);

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)];
const f = (x: number) => x.toFixed(0).padStart(6);

async function timed(page: Page, url: string, ready: () => Promise<void>) {
  const t0 = Date.now();
  await page.goto(url, { waitUntil: "commit" });
  await ready();
  return Date.now() - t0;
}

const FROM = [[53.55, 9.99], [51.51, 7.47], [50.94, 6.96]];
const TO = [[48.14, 11.58], [52.52, 13.4]];

test("fleet day page: navigation to both charts drawn", async ({ page, browser }) => {
  test.setTimeout(900_000);
  await page.context().route((url) => /^https?:$/.test(url.protocol) && url.hostname !== "127.0.0.1", (r) => r.abort());
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const tours = Array.from({ length: TOURS }, (_, i) => ({
    vehicle_id: "mb-eactros-600", battery_level_start: 0.6, poi_info: {}, priority: i % 3,
    start_time_tour: `${day}T06:${String((i * 5) % 60).padStart(2, "0")}:00Z`,
    section_list: [{ start_pos: FROM[i % FROM.length], stop_pos: TO[i % TO.length], payload_kg: 18000 }],
  }));
  const auth = { authorization: `Bearer ${apiKey()}` };
  const submitted = await page.request.post("/planner/fleet", { headers: auth, data: { tours } });
  expect(submitted.status()).toBe(200);
  const fleetId = (await submitted.json()).fleet_id as string;
  await expect.poll(async () => (await (await page.request.get(`/planner/fleet/${fleetId}?include_results=false`, { headers: auth })).json()).status, { timeout: 600_000, intervals: [2000] }).toMatch(/succeeded|failed/);
  await signIn(page);

  const signInTimes: number[] = [], dayTimes: number[] = [];
  const fresh = await browser.newContext();
  const anon = await fresh.newPage();
  for (let i = 0; i < RUNS + 2; i++) {
    const s = await timed(anon, "/", async () => {
      await anon.getByLabel("API key").fill("x");
    });
    const d = await timed(page, `/fleet/day/${fleetId}`, async () => {
      const toursChart = page.getByRole("region", { name: "Tours timeline" });
      await expect(toursChart.getByRole("listitem").nth(TOURS - 1)).toBeAttached({ timeout: 60_000 });
      await expect(page.getByRole("region", { name: "Charging sites timeline" }).getByRole("listitem", { name: /^Point 1/ }).first()).toBeVisible();
    });
    if (i >= 2) {
      signInTimes.push(s);
      dayTimes.push(d);
    }
  }
  await fresh.close();
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  console.log([
    `machine: ${cpu}, ${os.cpus().length} cores, node ${process.version}; Chromium headless; ${RUNS} runs after 2 warm-ups, ms`,
    "page                              p50     p95",
    `sign-in (baseline)             ${f(pct(signInTimes, 0.5))}  ${f(pct(signInTimes, 0.95))}`,
    `fleet day of ${String(TOURS).padStart(2)} tours, drawn  ${f(pct(dayTimes, 0.5))}  ${f(pct(dayTimes, 0.95))}`,
    `ratio fleet day / sign-in at p50: ${(pct(dayTimes, 0.5) / pct(signInTimes, 0.5)).toFixed(1)}x`,
  ].join("\n"));
});
