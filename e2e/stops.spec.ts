// Named stops and markers that never hide each other (issue #32), end to end: a tour Bochum ->
// Essen -> Duisburg -> Bochum planned in the form lists its stops by the names picked, numbers the
// customer stops on the map and in the list, shows the start and destination as one marker "A/B"
// whose popup lists both, a stop without service time at one time; the print view and the GPX name
// every stop. Berlin's centre is named Berlin. The own basemap names places with no tiles (the
// tests reach no tile server). axe on the result and map; screenshots at 1440, 820 and 390 px.
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { apiKey, blockOutside, choosePlace, nextWednesday, shot, signIn } from "./support";

test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));

async function audit(page: Page) {
  const results = await new AxeBuilder({ page })
    .include(".plan-map-wrap")
    .include('section[aria-label="Plan result"]')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join("; ")}`)).toEqual([]);
}

/** The boxes of the plan's stop markers on screen. */
async function markerBoxes(page: Page) {
  const boxes = [];
  for (const m of await page.locator(".leaflet-marker-pane .plan-icon").all()) boxes.push({ title: await m.getAttribute("title"), box: (await m.boundingBox())! });
  return boxes;
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe.configure({ mode: "serial" });

let planId = 0;

test("Bochum -> Essen -> Duisburg -> Bochum: the stops by name, numbered pins, start and destination one marker, one time without service", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.getByRole("combobox", { name: "Vehicle", exact: true }).selectOption("mb-eactros-600");
  await choosePlace(page, "Start", "Bochum", /^Bochum, DE/);
  await choosePlace(page, "Destination", "Bochum", /^Bochum, DE/);
  await page.getByRole("button", { name: "+ Add intermediate stop" }).click();
  await choosePlace(page, "Stop 1", "Essen", /^Essen, DE/);
  await page.getByRole("button", { name: "+ Add intermediate stop" }).click();
  await choosePlace(page, "Stop 2", "Duisburg", /^Duisburg, DE/);
  await page.getByLabel("Payload (kg)").fill("12000");
  await page.getByLabel("Date and time").fill(nextWednesday());
  // Essen: 20 min unloading; Duisburg: none.
  const essen = page.getByRole("group", { name: "Stop 1", exact: true });
  await essen.getByRole("button", { name: "Load and times at stop 1" }).click();
  await essen.getByLabel("Service time here (min)").fill("20");

  const submitted = page.waitForResponse((r) => r.url().includes("/api/trpc/planner.submit") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Plan route" }).click();
  const sent = JSON.parse((await submitted).request().postData()!)["0"].body.section_list;
  const json = await (await submitted).json();
  planId = (Array.isArray(json) ? json[0] : json).result.data.optimization_id;
  // The names picked in the form go with the request.
  expect(sent.map((s: { stop_label?: string }) => s.stop_label)).toEqual(["Essen, DE", "Duisburg, DE", "Bochum, DE"]);
  expect(sent[0].start_label).toBe("Bochum, DE");

  const stops = page.getByRole("list", { name: "Stops" });
  await expect(stops).toBeVisible({ timeout: 60_000 });
  // The list: every stop by its name, the customer stops numbered 1, 2 in tour order.
  const item = (kind: string) => stops.locator(`li[data-stop-kind="${kind}"]`);
  await expect(item("start").getByRole("button")).toHaveText("Start: Bochum");
  await expect(item("waypoint").getByRole("button")).toHaveText(["Stop 1: Essen", "Stop 2: Duisburg"]);
  await expect(item("destination").getByRole("button")).toHaveText("Destination: Bochum");
  await expect(stops).not.toContainText("Stop 1: Stop");
  // Essen's 20 min of service: a span; Duisburg, no service time: one time, no span.
  const times = (n: number) => item("waypoint").nth(n).locator("[class*=stopTimes]");
  await expect(times(0)).toHaveText(/^\d\d:\d\d–\d\d:\d\d \S+$/);
  await expect(times(1)).toHaveText(/^\d\d:\d\d \S+$/);
  // The timeline names the legs by their stops.
  await expect(page.getByRole("group", { name: /^Tour timeline/ }).getByRole("button", { name: /: Bochum → Essen$/ })).toHaveCount(1);

  // The map: one marker for start and destination ("A/B"), the customer stops numbered, no pins over them.
  const pane = page.locator(".leaflet-marker-pane");
  const ab = pane.getByRole("button", { name: "Start: Bochum; Destination: Bochum" });
  await expect(ab).toHaveCount(1);
  await expect(ab).toHaveText("AB");
  await expect(pane.locator(".plan-icon-waypoint")).toHaveText(["1", "2"]);
  await expect(pane.getByRole("button", { name: "Stop 1: Essen" })).toBeVisible();
  await expect(pane.locator(".plan-pin")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  // No marker covers another: each is visible and can be clicked.
  const boxes = await markerBoxes(page);
  expect(boxes.length).toBeGreaterThanOrEqual(3);
  for (const a of boxes) for (const b of boxes) if (a !== b) expect(overlap(a.box, b.box), `${a.title} / ${b.title}`).toBe(false);
  await shot(page, "stops-1440.png");

  // The combined marker's popup lists both visits; from the keyboard too.
  await ab.click();
  const popup = page.locator(".leaflet-popup");
  await expect(popup.getByTestId("stop-visits")).toContainText("2 stops at this place");
  await expect(popup.locator(".plan-popup-title")).toHaveText(["Start: Bochum", "Destination: Bochum"]);
  await page.waitForTimeout(400);
  await shot(page, "stops-popup-1440.png");
  await page.keyboard.press("Escape");
  await expect(popup).toHaveCount(0);
  await pane.getByRole("button", { name: "Stop 2: Duisburg" }).focus();
  await page.keyboard.press("Enter");
  await expect(popup.locator(".plan-popup-title")).toHaveText("Stop 2: Duisburg");
  await expect(popup).toContainText("Arrival");
  await expect(popup).not.toContainText("Departure");
  await page.keyboard.press("Escape");
  // A stop in the list opens its place's popup.
  await item("destination").getByRole("button").click();
  await expect(popup.locator(".plan-popup-title")).toHaveText(["Start: Bochum", "Destination: Bochum"]);
  await page.keyboard.press("Escape");
  await audit(page);
  await page.getByRole("heading", { name: "Stops", exact: true }).scrollIntoViewIfNeeded();
  await shot(page, "stops-list-1440.png");
});

test("the plan's page, print view and GPX name every stop; the layout at 820 and 390 px", async ({ page }) => {
  expect(planId).toBeGreaterThan(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, { path: `/plans/${planId}` });
  const stops = page.getByRole("list", { name: "Stops" });
  await expect(stops.getByRole("button")).toHaveText(["Start: Bochum", "Stop 1: Essen", "Stop 2: Duisburg", "Destination: Bochum"], { timeout: 30_000 });

  const gpxDownload = page.waitForEvent("download");
  await page.locator("summary", { hasText: "Export" }).click();
  await page.getByRole("link", { name: /^Export GPX/ }).click();
  const gpx = fs.readFileSync((await (await gpxDownload).path())!, "utf8");
  expect(gpx).toContain("<metadata><name>Bochum → Essen → Duisburg → Bochum</name>");
  expect([...gpx.matchAll(/<type>(start|stop|destination)<\/type>/g)]).toHaveLength(4);
  expect(gpx).toContain("<name>Essen</name>");

  await page.goto(`/plans/${planId}/print`);
  const table = page.getByTestId("print-stops");
  await expect(table.locator("tbody strong")).toHaveText(["Start: Bochum", "Stop 1: Essen", "Stop 2: Duisburg", "Destination: Bochum"]);

  for (const width of [820, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 1180 : 844 });
    await page.goto(`/plans/${planId}`);
    await expect(page.getByRole("list", { name: "Stops" }).getByRole("button").first()).toHaveText("Start: Bochum", { timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    await page.getByRole("list", { name: "Stops" }).scrollIntoViewIfNeeded();
    await shot(page, `stops-${width}.png`);
    if (width === 390) {
      // The narrow layout shows the map on its own.
      await page.getByRole("button", { name: "Map", exact: true }).click();
      await expect(page.locator(".leaflet-marker-pane").getByRole("button", { name: "Start: Bochum; Destination: Bochum" })).toBeVisible();
      await page.waitForTimeout(600);
      await shot(page, "stops-390-map.png");
    }
  }
});

test("Berlin's centre is named Berlin; the own basemap names places with no tiles", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const body = {
    vehicle_id: "mb-eactros-600", battery_level_start: 0.8, poi_info: {}, start_time_tour: `${nextWednesday()}:00Z`,
    section_list: [{ start_pos: [52.39, 13.065], stop_pos: [52.52, 13.405], payload_kg: 10000 }],
  };
  const r = await page.request.post("/planner", { headers: { authorization: `Bearer ${apiKey()}` }, data: body });
  expect(r.status()).toBe(200);
  const id = (await r.json()).optimization_id as number;

  // Before any plan: the planner's map of Germany names its cities.
  await signIn(page);
  const labels = page.locator(".leaflet-basemap-labels-pane .basemap-label");
  await expect(labels.filter({ hasText: /^Berlin$/ })).toHaveCount(1);
  await expect(labels.filter({ hasText: /^Hamburg$/ })).toHaveCount(1);
  await expect(labels.filter({ hasText: /^München$/ })).toHaveCount(1);
  expect(await labels.count()).toBeGreaterThan(10);
  await page.waitForTimeout(300);
  await shot(page, "basemap-names-1440.png");
  // Zoomed in, smaller towns are named too.
  const before = await labels.count();
  await page.locator(".leaflet-control-zoom-in").click();
  await page.locator(".leaflet-control-zoom-in").click();
  await expect.poll(async () => labels.count()).toBeGreaterThan(before / 2);

  await page.goto(`/plans/${id}`);
  const stops = page.getByRole("list", { name: "Stops" });
  await expect(stops.locator('li[data-stop-kind="destination"]').getByRole("button")).toHaveText("Destination: Berlin", { timeout: 30_000 });
  await expect(stops.locator('li[data-stop-kind="start"]').getByRole("button")).toHaveText("Start: Potsdam");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Potsdam, DE → Berlin, DE");
  await expect(page.locator(".leaflet-basemap-labels-pane .basemap-label").filter({ hasText: /^Berlin$/ })).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  await shot(page, "stops-berlin-1440.png");
  await audit(page);
});
