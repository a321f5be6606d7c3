// The plan history end to end: plan two tours, find them in the history,
// reopen one, compare both, export GPX and GeoJSON and read them back, print
// it, share its link within the tenant (another tenant gets "not found") and
// plan it again with changes. One screenshot per screen in artifacts/e2e/.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ARTIFACTS, apiKey, blockOutside, choosePlace, createKey, nextWednesday, signIn } from "./support";
import { SaxesParser } from "saxes";
import { decodePolyline } from "../src/engine/network/polyline";

test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));

const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: path.join(ARTIFACTS, name), fullPage });

/** Submits the planner form and waits for the result; returns the new optimization id. */
async function submitPlan(page: Page): Promise<number> {
  const submitted = page.waitForResponse((r) => r.url().includes("/api/trpc/planner.submit") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Plan route" }).click();
  const json = await (await submitted).json();
  const id = (Array.isArray(json) ? json[0] : json).result.data.optimization_id as number;
  await expect(page.getByRole("list", { name: "Stops" })).toBeVisible({ timeout: 60_000 });
  // The finished plan is at its own address.
  await expect(page).toHaveURL(new RegExp(`/plans/${id}$`));
  return id;
}

async function planTour(page: Page, from: string, to: string, payload: string): Promise<number> {
  await page.goto("/");
  await page.getByRole("combobox", { name: "Vehicle", exact: true }).selectOption("mb-eactros-600");
  await choosePlace(page, "Start", from);
  await choosePlace(page, "Destination", to);
  await page.getByRole("spinbutton", { name: "Payload (kg)" }).fill(payload);
  await page.getByLabel("Date and time").fill(nextWednesday());
  return submitPlan(page);
}

const row = (page: Page, id: number) => page.getByTestId("history-table").locator(`tr[data-plan-id="${id}"]`);

/** What a GPS app reads from a GPX file: the root, track segments and waypoints. */
function readGpx(xml: string) {
  const parser = new SaxesParser({ xmlns: true });
  const segs: [number, number][][] = [];
  const wpts: { lat: number; lon: number; name: string; type: string; desc: string }[] = [];
  const open: string[] = [];
  let text = "";
  let root = "";
  parser.on("error", (e) => {
    throw e;
  });
  parser.on("opentag", (t) => {
    text = "";
    if (!root) root = `${t.uri} ${t.local} ${t.attributes.version?.value}`;
    open.push(t.local);
    if (t.local === "trkseg") segs.push([]);
    if (t.local === "trkpt") segs[segs.length - 1].push([Number(t.attributes.lat.value), Number(t.attributes.lon.value)]);
    if (t.local === "wpt") wpts.push({ lat: Number(t.attributes.lat.value), lon: Number(t.attributes.lon.value), name: "", type: "", desc: "" });
  });
  parser.on("text", (t) => (text += t));
  parser.on("closetag", (t) => {
    open.pop();
    const field = t.local as "name" | "type" | "desc";
    if (open[open.length - 1] === "wpt" && (field === "name" || field === "type" || field === "desc")) wpts[wpts.length - 1][field] = text;
  });
  parser.write(xml).close();
  return { root, segs, wpts };
}

test.describe.serial("plan history", () => {
  let first = 0;
  let second = 0;
  let memberKey = "";
  let otherKey = "";

  test.beforeAll(() => {
    memberKey = createKey("e2e", "member");
    otherKey = createKey("e2e-other", "admin");
  });

  test("plans two tours and lists them newest first", async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto("/");
    await signIn(page, { path: null });
    first = await planTour(page, "Hamburg", "München", "20000");
    second = await planTour(page, "Hamburg", "Köln", "10000");
    expect(second).toBeGreaterThan(first);

    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "History" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Plan history" })).toBeVisible();
    const rows = page.getByTestId("history-table").locator("tbody tr");
    await expect(rows.first()).toHaveAttribute("data-plan-id", String(second));
    await expect(rows.nth(1)).toHaveAttribute("data-plan-id", String(first));
    await expect(row(page, first)).toContainText("Hamburg, DE → München, DE");
    await expect(row(page, first)).toContainText("Planned");
    await expect(row(page, first)).toContainText("km");
    await expect(row(page, first)).toContainText("kWh");
    await expect(row(page, second)).toContainText("Köln");
    await shot(page, "history.png");
  });

  test("reopens a plan with the result panel and the map", async ({ page }) => {
    await page.goto("/history");
    await signIn(page, { path: null });
    await row(page, first).getByRole("link", { name: `Open plan #${first}` }).click();
    await expect(page).toHaveURL(new RegExp(`/plans/${first}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Hamburg, DE → München, DE");
    const stops = page.getByRole("list", { name: "Stops" });
    await expect(stops).toBeVisible();
    const charging = await stops.locator('li[data-stop-kind="charge"]').count();
    expect(charging).toBeGreaterThan(0);
    await expect(page.locator(".leaflet-overlay-pane svg path.route-line").first()).toBeVisible();
    const toolbar = page.getByRole("group", { name: `Plan #${first}: share, print and export` });
    for (const name of ["Print", "Re-plan with changes"]) await expect(toolbar.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(toolbar.getByRole("button", { name: "Copy link" })).toBeVisible();
    // The plan page is where the toolbar is: no link to itself.
    await expect(toolbar.getByRole("link", { name: "Open plan page" })).toHaveCount(0);
    await toolbar.locator("summary", { hasText: "Export" }).click();
    for (const name of [/^Export GPX/, /^Export GeoJSON/]) await expect(toolbar.getByRole("link", { name })).toBeVisible();
    await toolbar.locator("summary", { hasText: "Export" }).click();
    await expect(page.getByLabel("Share link")).toHaveValue(new RegExp(`/plans/${first}$`));
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    await shot(page, "history-plan.png");
  });

  test("compares two plans side by side and marks what differs", async ({ page }) => {
    await page.goto("/history");
    await signIn(page, { path: null });
    const compare = page.getByRole("button", { name: "Compare selected" });
    await expect(compare).toBeDisabled();
    await page.getByLabel(`Select plan #${second} for comparison`).check();
    await page.getByLabel(`Select plan #${first} for comparison`).check();
    await expect(compare).toBeEnabled();
    await compare.click();
    await expect(page).toHaveURL(new RegExp(`/compare\\?a=${first}&b=${second}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Compare plans" })).toBeVisible();
    const totals = page.getByTestId("compare-totals");
    for (const label of ["Total time", "Energy used", "Charging stops", "Distance", "Charging time", "Breaks and rests", "Tolls"]) {
      await expect(totals.getByRole("rowheader", { name: label, exact: true })).toBeVisible();
    }
    // München and Köln are not the same distance away: that row is marked, in text too.
    const distance = totals.locator("tr", { has: page.getByRole("rowheader", { name: "Distance", exact: true }) });
    await expect(distance).toHaveAttribute("data-differs", "true");
    await expect(distance).toContainText("km");
    // The inputs say why figures differ: the same vehicle, objective and value of time here.
    const inputs = page.getByTestId("compare-inputs");
    for (const label of ["Vehicle", "Objective", "Value of time"]) {
      await expect(inputs.locator("tr", { has: page.getByRole("rowheader", { name: label, exact: true }) })).toHaveAttribute("data-differs", "false");
    }
    await expect(inputs.locator("tr", { has: page.getByRole("rowheader", { name: "Objective", exact: true }) })).toContainText("Balanced (time and money)");
    await expect(page.getByTestId("compare-stops").locator("tbody tr").first()).toBeVisible();
    await shot(page, "compare.png", true);
  });

  test("exports GPX and GeoJSON that hold the track and the stops", async ({ page, request }) => {
    await page.goto(`/plans/${first}`);
    await signIn(page, { path: null });
    const result = await (await request.get(`/planner/optimizations/${first}/result`, { headers: { authorization: `Bearer ${apiKey()}` } })).json();

    const exportMenu = page.getByTestId("plan-toolbar").locator("summary", { hasText: "Export" });
    await exportMenu.click();
    const gpxDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: /^Export GPX/ }).click();
    const gpxFile = await gpxDownload;
    expect(gpxFile.suggestedFilename()).toBe(`etruck-plan-${first}.gpx`);
    const gpx = readGpx(fs.readFileSync((await gpxFile.path())!, "utf8"));
    expect(gpx.root).toBe("http://www.topografix.com/GPX/1/1 gpx 1.1");
    expect(gpx.segs).toHaveLength(result.sections.length);
    gpx.segs.forEach((seg, i) => expect(seg).toEqual(decodePolyline(result.sections[i].polyline)));
    // Start, then one waypoint where each section ends.
    expect(gpx.wpts).toHaveLength(result.sections.length + 1);
    expect(gpx.wpts[0].type).toBe("start");
    expect(gpx.wpts.at(-1)!.type).toBe("destination");
    const charges = gpx.wpts.filter((w) => w.type === "charge");
    expect(charges).toHaveLength(result.totals.charging_stops);
    expect(charges[0].name).toMatch(/^Charging stop 1: /);
    expect(charges[0].desc).toMatch(/Power: .* kW/);
    expect(charges[0].desc).toMatch(/Energy: .* kWh/);
    expect(charges[0].desc).toMatch(/Arrival: /);
    // The first charging stop (a roadside pause may come before it).
    const stop0 = result.sections.find((s: any) => s.poi_summary.id != null && s.poi_summary.charger_source == null).poi_summary; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(charges[0]).toMatchObject({ lat: stop0.coordinate_lat, lon: stop0.coordinate_lon });

    await exportMenu.click();
    const geoDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: /^Export GeoJSON/ }).click();
    const geo = JSON.parse(fs.readFileSync((await (await geoDownload).path())!, "utf8"));
    expect(geo.type).toBe("FeatureCollection");
    const lines = geo.features.filter((f: { geometry: { type: string } }) => f.geometry.type === "LineString");
    expect(lines).toHaveLength(result.sections.length);
    expect(lines[0].properties.length_m).toBe(result.sections[0].length_m);
    expect(geo.features.filter((f: { geometry: { type: string } }) => f.geometry.type === "Point")).toHaveLength(result.sections.length + 1);

    // The route handler answers like the API: JSON errors, 401 without a session, 404 for another tenant.
    const anon = await request.get(`/plans/${first}/export?format=gpx`, { headers: { cookie: "" } });
    expect(anon.status()).toBe(401);
    expect((await anon.json()).detail).toMatch(/sign in/i);
    const bad = await page.request.get(`/plans/${first}/export?format=kml`);
    expect(bad.status()).toBe(422);
    expect((await bad.json()).detail[0].loc).toEqual(["query", "format"]);
  });

  test("prints a clean stops table", async ({ page }) => {
    await page.goto(`/plans/${first}`);
    await signIn(page, { path: null });
    await page.getByTestId("plan-toolbar").getByRole("link", { name: "Print", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/plans/${first}/print$`));
    const table = page.getByTestId("print-stops");
    await expect(table.locator('tr[data-stop-kind="destination"]')).toHaveCount(1);
    expect(await table.locator('tr[data-stop-kind="charge"]').count()).toBeGreaterThan(0);
    await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
    await page.emulateMedia({ media: "print" });
    // On paper: no top bar, no buttons.
    await expect(page.getByTestId("tenant-name")).toBeHidden();
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(table).toBeVisible();
    await shot(page, "print.png", true);
  });

  test("the share link opens for another user of the tenant and is 'not found' for another tenant", async ({ page }) => {
    await page.goto(`/plans/${first}`);
    await expect(page.getByLabel("API key")).toBeVisible();
    await signIn(page, { path: null, key: memberKey });
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Hamburg, DE → München, DE");
    await expect(page.getByRole("list", { name: "Stops" })).toBeVisible();
    await shot(page, "share.png");

    await page.getByRole("button", { name: "Sign out" }).click();
    await signIn(page, { path: null, key: otherKey, tenant: "e2e-other" });
    await expect(page.getByRole("heading", { level: 1, name: "Plan not found" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Stops" })).toHaveCount(0);
    const other = await page.request.get(`/plans/${first}/export?format=gpx`);
    expect(other.status()).toBe(404);
    expect(await other.json()).toMatchObject({ detail: "Optimization not found" });
    await shot(page, "plan-not-found.png");
  });

  test("re-plans a stored tour with changes", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto("/history");
    await signIn(page, { path: null });
    await row(page, first).getByRole("link", { name: `Re-plan #${first} with changes` }).click();
    await expect(page).toHaveURL(new RegExp(`/\\?from=${first}$`));
    await expect(page.getByTestId("replan-notice")).toContainText(`plan #${first}`);
    await expect(page.getByRole("combobox", { name: "Start", exact: true })).toHaveValue(/Hamburg/);
    await expect(page.getByRole("combobox", { name: "Destination", exact: true })).toHaveValue(/München/);
    await expect(page.getByRole("combobox", { name: "Vehicle", exact: true })).toHaveValue("mb-eactros-600");
    await expect(page.getByRole("spinbutton", { name: "Payload (kg)" })).toHaveValue("20000");
    await shot(page, "replan.png");
    await page.getByRole("spinbutton", { name: "Payload (kg)" }).fill("12000");
    const again = await submitPlan(page);
    expect(again).toBeGreaterThan(second);
    const res = await page.request.get(`/plans/${again}/export?format=geojson`);
    expect(res.status()).toBe(200);
    const lines = (await res.json()).features.filter((f: { geometry: { type: string } }) => f.geometry.type === "LineString");
    expect(lines.every((f: { properties: { payload_kg: number } }) => f.properties.payload_kg === 12000)).toBe(true);
  });
  test("re-plans the rest of the tour from a charging stop, en route, and opens the new plan", async ({ page }) => {
    test.setTimeout(150_000);
    await page.goto(`/plans/${first}`);
    await signIn(page, { path: null });
    await expect(page.getByRole("list", { name: "Stops" })).toBeVisible();
    await page.getByRole("button", { name: "Re-plan from here" }).click();
    const dialog = page.getByRole("dialog", { name: "Re-plan the rest of the tour" });
    await expect(dialog).toBeVisible();
    // The e2e vehicle has no telematics source: the stops of the plan are offered, each named.
    await expect(dialog).toContainText("has reported no position");
    const where = dialog.getByRole("combobox", { name: "The truck is" });
    const charger = where.locator("option", { hasText: /^leaving charging stop 1: / });
    await where.selectOption({ label: (await charger.textContent())! });
    await dialog.getByRole("spinbutton", { name: "Battery now (%)" }).fill("5");
    await dialog.getByRole("button", { name: "Re-plan", exact: true }).click();
    await expect(dialog.getByText("Enter a battery level from 10 to 100 %.")).toBeVisible();
    await dialog.getByRole("spinbutton", { name: "Battery now (%)" }).fill("35");
    await shot(page, "replan-en-route.png");
    const queued = page.waitForResponse((r) => r.url().includes("/api/trpc/replan.queue") && r.request().method() === "POST");
    await dialog.getByRole("button", { name: "Re-plan", exact: true }).click();
    const json = await (await queued).json();
    const answer = (Array.isArray(json) ? json[0] : json).result.data;
    // A charger inside the first section: nothing of the tour is served yet; the new plan names the one it re-plans.
    expect(answer).toMatchObject({ replanned_from: first, sections_done: 0 });
    await expect(page).toHaveURL(new RegExp(`/plans/${answer.optimization_id}$`));
    await expect(page.getByRole("list", { name: "Stops" })).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText(`Re-planned en route from plan #${first}.`)).toBeVisible();
    await expect(page.getByRole("link", { name: `plan #${first}` })).toHaveAttribute("href", `/plans/${first}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("München");
  });
});
