// The result screens end to end: the route coloured by state of charge with
// its key, stop popups, the station layers, the SoC/elevation chart, the
// timeline, totals with tolls and cost, a tour that is not drivable explained
// on the map, the laptop and tablet layouts, and axe on the result and map;
// energy at a depot charger priced at the tenant's depot price, or said to have none.
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ARTIFACTS, blockOutside, choosePlace, createKey, nextWednesday, shot, signIn } from "./support";

test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));

const LAYOUTS = [
  { name: "laptop", width: 1366, height: 768 },
  { name: "tablet-landscape", width: 1024, height: 768 },
  { name: "tablet-portrait", width: 768, height: 1024 },
];

test.use({ viewport: { width: 1366, height: 768 } });

async function fillTour(page: Page) {
  // By role and name: the form marks required fields with a "*" inside their labels.
  await page.getByRole("combobox", { name: "Vehicle", exact: true }).selectOption("mb-eactros-600");
  await choosePlace(page, "Start", "Hamburg");
  await choosePlace(page, "Destination", "München");
  await page.getByRole("spinbutton", { name: "Payload (kg)" }).fill("20000");
  await page.getByLabel("Date and time").fill(nextWednesday());
  await page.getByRole("spinbutton", { name: "Battery at start (%)" }).fill("80");
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
}

/** axe on what this spec owns: the result panel and the map with its key. */
async function audit(page: Page, name: string) {
  const results = await new AxeBuilder({ page })
    .include('section[aria-label="Plan result"]')
    .include(".plan-map-wrap")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  fs.writeFileSync(path.join(ARTIFACTS, `${name}-axe.json`), JSON.stringify(results.violations, null, 2));
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join("; ")}`)).toEqual([]);
}

test("a planned tour: SoC route and key, chart, timeline, totals, popups and station layers", async ({ page }) => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await signIn(page);
  await fillTour(page);
  await page.getByRole("button", { name: "Plan route" }).click();
  const result = page.getByRole("region", { name: "Plan result" });
  await expect(result.getByRole("list", { name: "Stops" })).toBeVisible({ timeout: 60_000 });
  const chargeStops = await result.locator('li[data-stop-kind="charge"]').count();
  expect(chargeStops).toBeGreaterThan(0);

  // The route is drawn in SoC classes, and the key names every class it uses.
  const key = page.getByTestId("map-key");
  await expect(key.getByRole("heading", { name: "Map key" })).toBeVisible();
  const socKey = key.getByRole("list", { name: "Route: state of charge" });
  for (const label of ["70–100 %", "50–70 %", "30–50 %", "10–30 %"]) await expect(socKey.getByText(label, { exact: true })).toBeVisible();
  await expect(page.locator("path.route-soc-high").first()).toBeVisible();
  await expect(page.locator("path.route-soc-low").first()).toBeVisible();
  await expect(key.getByRole("list", { name: "Markers" })).toContainText("Charging stop");

  // Totals, tolls and cost.
  const totals = result.getByRole("definition");
  await expect(result.getByLabel("Totals")).toContainText("Breaks");
  await expect(result.getByLabel("Totals")).toContainText("Waiting");
  await expect(totals.filter({ hasText: "km" }).first()).toBeVisible();
  await expect(result.getByRole("table", { name: "Tolls per toll system" })).toContainText("LKW-Maut");
  await expect(result.getByTestId("tour-cost")).toContainText(/Cost: .*in tolls/);
  await expect(result.getByTestId("plan-cost")).toContainText(/Energy: .*Total: /);

  // The chart: SVG with a title, a summary in words and its data as a table.
  const chart = result.getByRole("img", { name: "State of charge and elevation along the route" });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(/state of charge 80 % at the start, lowest \d+ %/);
  await expect(chart.locator("text").filter({ hasText: "100 %" })).toHaveCount(1);
  await result.getByText("Chart data as a table").click();
  const data = result.getByRole("table", { name: "State of charge and elevation by distance from the start" });
  await expect(data.getByRole("columnheader", { name: "State of charge" })).toBeVisible();
  await expect(data).toContainText("Charging stop 1");
  await result.getByText("Chart data as a table").click();

  // The timeline: one lane per activity, labelled; a bar tells its details on focus.
  const timeline = result.getByRole("group", { name: /^Tour timeline/ });
  await timeline.scrollIntoViewIfNeeded();
  for (const lane of ["Driving", "Charging", "Break", "Daily rest"]) await expect(timeline.getByText(lane, { exact: true })).toBeVisible();
  await expect(timeline.getByRole("button", { name: /^Charging / })).toHaveCount(chargeStops);
  const firstBar = timeline.getByRole("button").first();
  await firstBar.focus();
  await expect(firstBar).toHaveAccessibleName(/^Driving (\w{3} \d+ \w{3}, )?\d\d:\d\d–/);
  await page.keyboard.press("ArrowRight");
  await expect(result.getByTestId("timeline-detail")).toHaveText(/^(Charging|Break|Daily rest) .*\(\d/);
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, "result.png") });
  await result.getByRole("heading", { name: "Timeline" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTIFACTS, "result-chart-timeline.png") });
  await audit(page, "result");

  // A charging stop's popup: operator, power, connector, energy, SoC, the break taken, alternatives.
  await page.locator(".leaflet-marker-icon.plan-icon-charge").first().click();
  const popup = page.locator(".leaflet-popup");
  for (const t of ["Operator", "Power", "Connector", "Energy", "Charge time", "SoC in → out", "Break taken"]) await expect(popup).toContainText(t);
  await expect(popup).toContainText(/\d+ % → \d+ %/);
  await expect(popup).toContainText(/kWh/);
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(ARTIFACTS, "result-popup.png") });
  await page.keyboard.press("Escape");
  await expect(popup).toHaveCount(0);

  // From the keyboard: a marker opens its popup with Enter, which takes the focus.
  const marker = page.locator(".leaflet-marker-pane").getByRole("button", { name: /^Charging stop 1:/ });
  await marker.focus();
  await page.keyboard.press("Enter");
  await expect(popup).toContainText("Operator");
  await expect(page.locator(".leaflet-popup-content")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(popup).toHaveCount(0);
  await expect(marker).toBeFocused();

  // Station layers: both off at first (the route's colours stay clear), each toggles.
  const usable = key.getByRole("checkbox", { name: /^Usable stations \(\d+\)/ });
  const corridor = key.getByRole("checkbox", { name: /^All stations in the corridor/ });
  await expect(usable).not.toBeChecked();
  await expect(corridor).not.toBeChecked();
  await expect(page.locator("path.station-candidate")).toHaveCount(0);
  await usable.check();
  await expect(page.locator("path.station-candidate").first()).toBeAttached();
  await page.screenshot({ path: path.join(ARTIFACTS, "result-stations-usable.png") });
  // A station's popup tells what it offers.
  await page.locator("path.station-candidate").first().dispatchEvent("click");
  await expect(popup).toContainText("Usable power");
  await page.locator(".leaflet-popup-close-button").click();
  await expect(popup).toHaveCount(0);
  await usable.uncheck();
  await expect(page.locator("path.station-candidate")).toHaveCount(0);
  await expect(page.locator("path.station-corridor")).toHaveCount(0);
  await corridor.check();
  await expect(page.locator("path.station-corridor").first()).toBeAttached();
  expect(await page.locator("path.station-corridor").count()).toBeGreaterThan(10);
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, "result-stations.png") });
  await corridor.uncheck();
  await expect(page.locator("path.station-corridor")).toHaveCount(0);

  // Laptop and tablet layouts: the key, the route and the panel's chart and timeline all there.
  for (const l of LAYOUTS) {
    await page.setViewportSize({ width: l.width, height: l.height });
    await page.waitForTimeout(300);
    // At 900 px and less the page shows the panel or the map, switched (components/shell/ViewSwitch.tsx).
    const narrow = l.width <= 900;
    if (narrow) {
      await page.getByRole("group", { name: "Show" }).getByRole("button", { name: "Map" }).click();
      await key.locator("summary").click(); // folded at first on narrow screens
    }
    await expect(key).toBeVisible();
    await expect(page.locator("path.route-line").first()).toBeVisible();
    if (narrow) await page.getByRole("group", { name: "Show" }).getByRole("button", { name: "Plan and result" }).click();
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toBeInViewport();
    const box = (await chart.boundingBox())!;
    expect(box.width).toBeGreaterThan(300);
    await expect(timeline).toBeVisible();
    // Neither the panel nor the map runs off to the side.
    for (const box of [await result.boundingBox(), narrow ? null : await page.locator(".plan-map-wrap").boundingBox()]) if (box || !narrow) expect(box!.x + box!.width).toBeLessThanOrEqual(l.width + 1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await result.evaluate((el) => el.closest('[role="tabpanel"]')?.scrollTo(0, 0));
    await settle(page);
    await page.screenshot({ path: path.join(ARTIFACTS, `result-${l.name}.png`) });
    if (l.name !== "laptop") await audit(page, `result-${l.name}`);
  }
});

test("a tour that is not drivable says on the map where the battery runs out and which filter left no charger", async ({ page }) => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await signIn(page);
  await fillTour(page);
  // No station states truck access yet, so this filter leaves no charger at all.
  const options = page.locator("details").filter({ has: page.getByRole("heading", { name: "Charging options" }) });
  if (!(await options.evaluate((d) => (d as HTMLDetailsElement).open))) await options.locator("summary").click();
  await page.getByRole("combobox", { name: "Truck approved" }).selectOption("T");
  await page.getByRole("button", { name: "Plan route" }).click();

  const notice = page.getByTestId("map-not-drivable");
  await expect(notice).toBeVisible({ timeout: 60_000 });
  await expect(notice.getByRole("heading", { name: "Not drivable" })).toBeVisible();
  await expect(notice).toContainText(/reaches the 10 % reserve here, \d+ km from the start/);
  await expect(notice).toContainText("No charger was left by this filter");
  await expect(notice).toContainText("Truck approved");
  // The point itself, with the same words beside it.
  await expect(page.locator(".leaflet-marker-icon.plan-icon-stuck")).toHaveCount(1);
  await expect(page.locator(".leaflet-tooltip.stuck-tooltip")).toContainText("Not drivable beyond this point");
  // Beyond it the route is drawn as not reachable, and the key says so.
  await expect(page.locator("path.route-soc-beyond").first()).toBeVisible();
  await expect(page.getByTestId("map-key").getByText("not reachable")).toBeVisible();
  await expect(page.getByRole("region", { name: "Plan result" }).getByRole("alert")).toContainText("cannot be driven");
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, "result-not-drivable.png") });
  await audit(page, "result-not-drivable");
});

/** Hamburg -> Hannover, 90 min of service at a 150 kW charger there (a depot's), -> München: the truck charges at Hannover. */
const DEPOT_TOUR = {
  vehicle_id: "mb-eactros-600", battery_level_start: 0.5, poi_info: {},
  section_list: [
    { start_pos: [53.55, 9.99], stop_pos: [52.37, 9.73], payload_kg: 20000, service_time_min: 90, power_available_kW: 150 },
    { start_pos: [52.37, 9.73], stop_pos: [48.14, 11.58], payload_kg: 20000 },
  ],
};

test("energy at a depot charger: the tenant's depot price and cost, or 'depot price not set' with a link to the prices", async ({ page }) => {
  test.setTimeout(240_000);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  // A tenant of its own, whose depot price this test sets.
  const tenant = `e2e-depot-${Date.now().toString(36)}`;
  const key = createKey(tenant, "admin");
  const headers = { authorization: `Bearer ${key}` };
  const plan = async () => {
    const r = await page.request.post("/planner", { headers, data: DEPOT_TOUR });
    expect(r.status()).toBe(200);
    return (await r.json()).optimization_id as number;
  };
  const setDepotPrice = async (price: number) =>
    expect((await page.request.put("/poi/prices", { headers, data: { contracts: [], depot_energy_price_per_kWh: price } })).status()).toBe(200);
  const depotStop = async (id: number) => {
    const r = await (await page.request.get(`/planner/optimizations/${id}/result`, { headers })).json();
    return r.sections.map((s: { poi_summary: { charger_source?: string; energy_kWh: number; energy_cost: { amount: number } } }) => s.poi_summary).find((p: { charger_source?: string }) => p?.charger_source);
  };
  const unset = await plan();
  await setDepotPrice(0);
  const zero = await plan();
  await setDepotPrice(0.17);
  const priced = await plan();
  expect((await depotStop(priced)).energy_kWh).toBeGreaterThan(0);

  const result = page.getByRole("region", { name: "Plan result" });
  // No depot price: the assumed one, said to be that, and where to set one.
  await signIn(page, { path: `/plans/${unset}`, key, tenant });
  const depot = result.getByTestId("depot-energy");
  await expect(depot).toHaveText(/^Depot charging: [\d,]+ kWh, depot price not set: 0\.2001 EUR\/kWh assumed, €[\d,.]+\. Set your depot price\.$/);
  await expect(depot.getByRole("link", { name: "Set your depot price" })).toHaveAttribute("href", "/prices");
  await expect(result).not.toContainText("% of the energy at published list prices");
  await expect(result.getByTestId("public-energy")).toHaveText(/^(All public charging|Public charging:) /);
  await depot.scrollIntoViewIfNeeded();
  await shot(page, "result-depot-unset.png");
  await audit(page, "result-depot");

  // A depot price of 0: not "0.00 EUR" for the depot's energy, but that no price is set.
  await page.goto(`/plans/${zero}`);
  await expect(depot).toHaveText(/^Depot charging: [\d,]+ kWh, depot price not set \(0 EUR\/kWh\): not counted\. Set your depot price\.$/);
  await expect(result.getByTestId("plan-cost")).toContainText(/Energy: (€[\d,.]+ \+ depot energy, price not set|depot price not set) · /);

  // The tenant's price: that price and what the depot's energy cost.
  await page.goto(`/plans/${priced}`);
  const amount = new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR" }).format((await depotStop(priced)).energy_cost.amount);
  await expect(depot).toHaveText(new RegExp(`^Depot charging: [\\d,]+ kWh at 0\\.17 EUR/kWh, your depot price: ${amount.replace(".", "\\.")}\\.$`));
  await expect(depot.getByRole("link")).toHaveCount(0);
  await depot.scrollIntoViewIfNeeded();
  await shot(page, "result-depot-priced.png");
});
