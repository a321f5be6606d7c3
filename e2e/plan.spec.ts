// The fleet manager's page end to end: sign in, plan Hamburg -> München, read
// the plan on the map and in the stops table; sign out.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ARTIFACTS, apiKey, blockOutside, choosePlace, fillHamburgMunich, signIn } from "./support";

test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));


test("plans Hamburg to München with charging stops on the map", async ({ page }) => {
  await signIn(page);
  await fillHamburgMunich(page, "80");
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, "form.png") });
  await page.getByRole("button", { name: "Plan route" }).click();

  const stops = page.getByRole("list", { name: "Stops" });
  await expect(stops).toBeVisible({ timeout: 60_000 });
  const charging = stops.locator('li[data-stop-kind="charge"]');
  expect(await charging.count()).toBeGreaterThan(0);
  await expect(stops.locator('li[data-stop-kind="destination"]')).toHaveCount(1);
  await expect(page.getByRole("definition").filter({ hasText: "km" }).first()).toBeVisible();
  // Every charging stop says why it is there; the totals say which weather the plan assumed.
  for (const stop of await charging.all()) await expect(stop.getByTestId("stop-reason")).toContainText("Why:");
  await expect(page.getByRole("term").filter({ hasText: /^Weather$/ })).toBeVisible();
  await expect(stops.getByTestId("leg-weather").first()).toContainText("°C");

  // The route: SVG paths in Leaflet's overlay pane, one polyline per section.
  const route = page.locator(".leaflet-overlay-pane svg path.route-line");
  await expect(route.first()).toBeVisible();
  // One line per section: every stop after the start ends one (charging stops, roadside breaks, the destination).
  expect(await route.count()).toBe((await stops.locator("li[data-stop-kind]").count()) - 1);
  // The own basemap (countries and roads on canvas) is there with no tiles.
  await expect(page.locator(".leaflet-basemap-land-pane canvas")).toHaveCount(1);
  await expect(page.locator(".leaflet-basemap-roads-pane canvas")).toHaveCount(1);
  await expect(page.locator(".leaflet-control-attribution")).toContainText("OpenStreetMap");
  await expect(page.locator(".leaflet-control-attribution")).toContainText("Ladesäulenregister");

  // Let the map settle (fit to the route, basemap drawn) before the picture.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(ARTIFACTS, "plan.png") });

  // A charging stop's marker opens a popup that tells where and how long.
  await page.locator(".leaflet-marker-icon.plan-icon-charge").first().click();
  const popup = page.locator(".leaflet-popup");
  await expect(popup).toContainText("Charge time");
  await expect(popup).toContainText("Operator");
  await expect(popup).toContainText("SoC in");
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(ARTIFACTS, "plan-popup.png") });

  // A stop in the list shows itself on the map.
  await page.locator(".leaflet-popup-close-button").click();
  await expect(popup).toHaveCount(0);
  await charging.last().getByRole("button").click();
  await expect(popup).toContainText(await charging.last().getByRole("button").innerText().then((t) => t.replace(/^Charging stop \d+:\s*/, "").trim()));
});

test("shows the server's validation message next to its field; start can be set on the map", async ({ page }) => {
  await signIn(page);
  await page.getByRole("button", { name: "Set start on map" }).click();
  await expect(page.getByRole("button", { name: "Cancel picking on the map" })).toHaveAttribute("aria-pressed", "true");
  const map = page.locator(".leaflet-container");
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width * 0.45, y: box.height * 0.35 } });
  await expect(page.getByRole("combobox", { name: "Start", exact: true })).toHaveValue(/^Map point /);
  await choosePlace(page, "Destination", "München");
  await page.getByLabel("Payload (kg)").fill("20000");
  await page.getByLabel("Battery at start").fill("150");
  await page.getByRole("button", { name: "Plan route" }).click();
  const battery = page.getByLabel("Battery at start");
  await expect(battery).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#battery-start-error")).toHaveText(/Battery at start should be 10–100 %/);
  await expect(page.getByRole("list", { name: "Stops" })).toHaveCount(0);
});

test("signing out returns to the sign-in form", async ({ page }) => {
  await signIn(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByLabel("API key")).toBeVisible();
  await expect(page.getByTestId("tenant-name")).toHaveCount(0);
  // The session cookie is gone: a reload stays signed out.
  await page.reload();
  await expect(page.getByLabel("API key")).toBeVisible();
  // The key was never put into browser storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain(apiKey());
});

test("marks a charging stop whose power the data only assumes", async ({ page }) => {
  // France's charger file states no power: its sites plan at an assumed 50 kW, and the page says so.
  await signIn(page);
  await page.getByLabel("Vehicle", { exact: true }).selectOption("daf-xf-electric");
  await choosePlace(page, "Start", "Paris");
  await choosePlace(page, "Destination", "Lyon");
  await page.getByLabel("Payload (kg)").fill("20000");
  await page.getByText("Charging options").click();
  await page.getByLabel("Value of time (EUR/h)").fill("80");
  await page.getByLabel("Optimize for").selectOption("cheapest");
  await page.getByRole("button", { name: "Plan route" }).click();

  const stops = page.getByRole("list", { name: "Stops" });
  await expect(stops).toBeVisible({ timeout: 60_000 });
  const charging = stops.locator('li[data-stop-kind="charge"]');
  expect(await charging.count()).toBeGreaterThan(0);
  await expect(charging.first()).toContainText("(estimated)");
  await page.locator(".leaflet-marker-icon.plan-icon-charge").first().click();
  await expect(page.locator(".leaflet-popup")).toContainText("estimated: the source states none");
  await expect(page.getByText(/charge at an estimated power \(FR\)/)).toBeVisible();
  // The plan's cost: the energy at the country's fallback price (its operators have no list price), the time at the 80 EUR/h asked for.
  await expect(page.getByTestId("plan-cost")).toContainText("€80.00/h");
  await expect(page.getByTestId("plan-objective")).toContainText("Planned for the least money");
  await expect(stops.locator('li[data-stop-kind="charge"]').first()).toContainText("(estimated)");
});
