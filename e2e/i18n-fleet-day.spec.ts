// The fleet day pages in German for a browser that asks for it (locale de-DE): the form, its CSV line
// errors and how each line was read (German dates), a small day planned (two Hamburg -> München tours
// meeting at a one-point site) and opened at its address: the day's line, both charts' headings, rows
// and legends, the cost table, and History's card, in German with German plurals and times; axe on each; 1440 and 390 px.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { onePointSite, tenantKey } from "./fleet-day-setup";
import { blockOutside, shot } from "./support";

test.use({ locale: "de-DE" });
test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));
// The later tests open the day the second one plans.
test.describe.configure({ mode: "serial" });

const TENANT = "e2e-fleet-day-de";
const DAY_URL = /\/fleet\/day\/[0-9a-f-]{36}$/;
const CSV = [
  "name,vehicle_id,from,to,start_time_tour,battery_level_start,payload_kg,priority",
  "HH-MUC früh,mb-eactros-600,Hamburg,München,2026-12-01T07:00,0.8,20000,1",
  "HH-MUC,mb-eactros-600,Hamburg,München,2026-12-01T07:00,0.8,20000,0",
].join("\n");
let key = "";
let dayPath = "";

test.beforeAll(() => {
  key = tenantKey(TENANT);
});

/** Signs in on `path` with the German sign-in form. */
async function enterGerman(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.getByRole("textbox", { name: "API-Schlüssel", exact: true }).fill(key);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByTestId("tenant-name")).toHaveText(TENANT);
}

async function noViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join("; ")}`)).toEqual([]);
}

test("the form in German: its labels, a CSV line's error with German quotes, each line read with a German date", async ({ page }) => {
  await enterGerman(page, "/fleet/day");
  await expect(page).toHaveTitle("Tagesplanung · E-Lkw-Planer");
  await expect(page.getByRole("heading", { level: 1, name: "Tagesplanung" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Alle Tagesplanungen" })).toHaveAttribute("href", "/history#fleet-days");
  const csv = page.getByRole("textbox", { name: "Touren (CSV, eine Tour pro Zeile)" });
  await expect(csv).toHaveAccessibleDescription(/^Eine Tour pro Zeile\. Spalten: vehicle_id; from und to/);
  await expect(page.getByLabel("Oder eine CSV-Datei laden")).toBeAttached();
  await noViolations(page);

  await csv.fill(CSV.replace("Hamburg,München,2026-12-01T07:00,0.8,20000,0", "Hamburg,Xqzvy Plonkton,2026-12-01T07:00,0.8,20000,0"));
  await page.getByRole("button", { name: "Tag planen" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "Zeile 3: Kein Ort gefunden für to „Xqzvy Plonkton“. Versuchen Sie einen Ort, eine Postleitzahl oder eine Straße mit Ort, oder geben Sie to_lat und to_lon an.",
  );
  const read = page.getByRole("table", { name: "So wurde jede Zeile gelesen" });
  await expect(read.getByRole("columnheader")).toHaveText(["Zeile", "Tour", "Von", "Nach", "Abfahrt"]);
  const line = read.getByRole("row", { name: /^2 HH-MUC früh Hamburg, DE/ });
  await expect(line.getByRole("cell").last()).toHaveText("Di., 1. Dez., 07:00 MEZ");
  await expect(page).toHaveURL(/\/fleet\/day$/);
  await noViolations(page);
});

test("a day planned in German: the day's line, both charts and the cost table, at 1440 and 390 px", async ({ page }) => {
  test.setTimeout(240_000);
  await enterGerman(page, "/fleet/day");
  const site = await onePointSite(page, key);
  await page.getByRole("textbox", { name: "Touren (CSV, eine Tour pro Zeile)" }).fill(CSV);
  await page.getByRole("button", { name: "Tag planen" }).click();
  await expect(page).toHaveURL(DAY_URL, { timeout: 20_000 });
  dayPath = new URL(page.url()).pathname;
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Tagesplanung abgeschlossen", { timeout: 180_000 });
  // The day's own address, reloaded: its date and first departure on the German clock instead of the form.
  await page.reload();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Tagesplanung abgeschlossen");
  await expect(page.getByRole("main").getByText(/^Di\., 1\. Dez\. · erste Abfahrt 07:00 MEZ ·/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Weiteren Tag planen" })).toBeVisible();

  // The tours' chart: the heading with the German zone name, each row's words, a plural by its count.
  await expect(page.getByRole("heading", { level: 2, name: "Touren (MEZ, Europe/Berlin)" })).toBeVisible();
  const tours = page.getByRole("region", { name: "Zeitleiste der Touren" });
  const first = tours.getByRole("listitem", { name: /^Tour 1 HH-MUC früh \(Hamburg, DE → München, DE; mb-eactros-600, Priorität 1\): Abfahrt \d\d:\d\d MEZ/ });
  await expect(first).toBeVisible();
  const words = (await first.getAttribute("aria-label")) ?? "";
  const stops = /, Ende \d\d:\d\d MEZ, (\d+) (Ladestopps?)$/.exec(words);
  expect(stops, words).not.toBeNull();
  expect(stops![2]).toBe(stops![1] === "1" ? "Ladestopp" : "Ladestopps");
  await expect(page.getByText("Verzögerung, bis ein Ladepunkt frei ist")).toBeVisible();

  // The sites' chart: the one-point site, its conflict when planned alone in German plurals.
  await expect(page.getByRole("heading", { level: 2, name: "Gemeinsam genutzte und überbelegte Ladestandorte (MEZ, Europe/Berlin)" })).toBeVisible();
  const sites = page.getByRole("region", { name: "Zeitleiste der Ladestandorte" });
  const head = sites.getByRole("listitem", { name: new RegExp(`^${site.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
  await expect(head).toContainText(/1 Ladepunkt · (1 Tour lädt|2 Touren laden) hier/);
  await expect(head.getByRole("list", { name: `${site}: Ladepunkte` })).toBeAttached();
  await expect(head.getByRole("listitem", { name: /^Einzeln geplant, durch die Flottenplanung aufgelöst: \d\d:\d\d–\d\d:\d\d MEZ: 2 Lkw auf 1 Ladepunkt \(Touren (1, 2|2, 1)\)/ })).toBeAttached();
  await expect(head.getByRole("listitem", { name: /^Ladepunkt 1: Tour \d/ })).toBeAttached();

  // The figures and what each tour paid for the others.
  const figure = (name: string) => page.locator("dl > div").filter({ has: page.getByText(name, { exact: true }) }).locator("dd");
  await expect(figure("Konflikte bei Einzelplanung")).not.toHaveText("0");
  await expect(figure("Verbleibende Konflikte")).toHaveText("0");
  await expect(figure("Zusätzliche Verzögerung")).toHaveText(/^\d+ min$/);
  await expect(page.getByRole("heading", { level: 2, name: "Was jede Tour für die anderen in Kauf nimmt" })).toBeVisible();
  const cost = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Gemiedene Ladestandorte" }) });
  await expect(cost.getByRole("columnheader")).toHaveText(["Tour", "Status", "Abfahrt", "Ende", "Verzögerung", "Einzeln", "In der Flotte", "Gemiedene Ladestandorte"]);
  await expect(cost.getByRole("row", { name: /^HH-MUC früh / }).getByRole("cell").first()).toHaveText("geplant");
  await expect(cost.getByRole("row", { name: /^HH-MUC früh / }).getByRole("cell").nth(1)).toHaveText(/^Di\., 1\. Dez\., \d\d:\d\d MEZ$/);
  await noViolations(page);

  await page.waitForLoadState("networkidle");
  await page.getByRole("heading", { level: 1 }).scrollIntoViewIfNeeded();
  await shot(page, "i18n-de-fleet-day-1440.png");
  await sites.scrollIntoViewIfNeeded();
  await shot(page, "i18n-de-fleet-day-1440-sites.png");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("heading", { level: 1 }).scrollIntoViewIfNeeded();
  await shot(page, "i18n-de-fleet-day-390.png");
  await sites.scrollIntoViewIfNeeded();
  await shot(page, "i18n-de-fleet-day-390-sites.png");
  await noViolations(page);
});

test("History's card in German: the day with its German date, status and conflicts, linking to the day", async ({ page }) => {
  expect(dayPath, "the day planned by the test before").toMatch(DAY_URL);
  await enterGerman(page, "/history");
  const card = page.getByRole("region", { name: "Tagesplanungen" });
  await expect(card.getByRole("link", { name: "Tag planen" })).toHaveAttribute("href", "/fleet/day");
  const days = page.getByTestId("fleet-days-table");
  await expect(days.getByRole("columnheader")).toHaveText(["Tag", "Übermittelt", "Touren", "Status", "Konflikte"]);
  const row = days.locator(`tr[data-fleet-id="${dayPath.split("/").pop()}"]`);
  await expect(row.getByRole("link", { name: "Di., 1. Dez. 2026" })).toBeVisible();
  await expect(row).toContainText("erste Abfahrt 07:00 MEZ");
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");
  await expect(row.getByRole("cell").nth(3)).toHaveText("Geplant");
  await expect(row.getByRole("cell").nth(4)).toHaveText(/^\d+ bei Einzelplanung, alle aufgelöst$/);
  await card.scrollIntoViewIfNeeded();
  await shot(page, "i18n-de-fleet-day-history.png");
  await noViolations(page);
  await row.getByRole("link", { name: "Di., 1. Dez. 2026" }).click();
  await expect(page).toHaveURL(dayPath);
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Tagesplanung abgeschlossen");
});
