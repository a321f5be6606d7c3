// The plan history in German for a browser that asks for it (locale de-DE): two tours planned over the
// API for a tenant of its own (one with a stop on the way), then History (heading, table header, German
// planning dates), a plan's page, Compare of the two (German labels, "abweichend", a German departure
// date) and the print page (a plural of charging stops, German column headers); axe on each; 1440 and 390 px.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { tenantKey } from "./fleet-day-setup";
import { blockOutside, shot } from "./support";

test.use({ locale: "de-DE" });
test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));
test.describe.configure({ mode: "serial" });

const TENANT = "e2e-history-de";
const HAMBURG = [53.55, 9.99], HANNOVER = [52.37, 9.73], MUENCHEN = [48.14, 11.58];
// Leaving 1 Dec 2026 07:00 CET: the German clock reads "Di., 1. Dez., 07:00 MEZ".
const START = "2026-12-01T07:00:00+01:00";
let key = "";
let a = 0;
let b = 0;

test.beforeAll(() => {
  key = tenantKey(TENANT);
});

async function plan(page: Page, sections: object[]): Promise<number> {
  const body = { vehicle_id: "mb-eactros-600", battery_level_start: 0.8, start_time_tour: START, poi_info: {}, section_list: sections };
  const r = await page.request.post("/planner", { headers: { authorization: `Bearer ${key}` }, data: body, timeout: 120_000 });
  expect(r.status()).toBe(200);
  return (await r.json()).optimization_id as number;
}

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

/** A screenshot at 1440 px and one at 390 px. */
async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, `${name}-1440.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-390.png`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("History in German: the heading, the table's header, each plan's route, German date and status", async ({ page }) => {
  test.setTimeout(300_000);
  a = await plan(page, [{ start_pos: HAMBURG, stop_pos: MUENCHEN, payload_kg: 20000 }]);
  b = await plan(page, [
    { start_pos: HAMBURG, stop_pos: HANNOVER, payload_kg: 20000 },
    { start_pos: HANNOVER, stop_pos: MUENCHEN, payload_kg: 12000 },
  ]);
  expect(b).toBeGreaterThan(a);

  await enterGerman(page, "/history");
  await expect(page).toHaveTitle("Planungsverlauf · E-Lkw-Planer");
  await expect(page.getByRole("heading", { level: 1, name: "Planungsverlauf" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Neue Tour planen" })).toBeVisible();
  const table = page.getByRole("table", { name: "Pläne, neueste zuerst; Seite 1 von 1" });
  await expect(table.getByRole("columnheader")).toHaveText(["Vergleichen", "Geplant am", "Route", "Fahrzeug", "Status", "Strecke", "Dauer", "Energie", "Ladestopps", "Aktionen"]);
  const rowB = table.locator(`tr[data-plan-id="${b}"]`);
  // A plural: the stop between start and destination; German date ("28. Nov. 2026, 14:02 MEZ").
  await expect(rowB.getByRole("link", { name: "Hamburg, DE → 1 Zwischenstopp → München, DE" })).toBeVisible();
  await expect(rowB).toContainText("über Hannover, DE");
  await expect(rowB).toContainText("Geplant");
  await expect(rowB.getByRole("cell").nth(1)).toHaveText(new RegExp(`^\\d{1,2}\\. (Jan|Feb|März|Apr|Mai|Juni|Juli|Aug|Sept|Okt|Nov|Dez)\\.? \\d{4}, \\d\\d:\\d\\d \\S+ ?#${b}$`));
  await expect(rowB.getByRole("link", { name: `Plan #${b} öffnen` })).toHaveText("Öffnen");
  await expect(page.getByRole("status").filter({ hasText: "Wählen Sie zwei Pläne zum Vergleich aus (0 von 2)." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Auswahl vergleichen" })).toBeDisabled();
  await noViolations(page);
  await shots(page, "i18n-history");
});

test("a plan's page in German: its title, line and the re-plan link", async ({ page }) => {
  await enterGerman(page, `/plans/${b}`);
  await expect(page).toHaveTitle(`Plan #${b} · E-Lkw-Planer`);
  await expect(page.getByRole("heading", { level: 1, name: "Hamburg, DE → 1 Zwischenstopp → München, DE" })).toBeVisible();
  await expect(page.getByText(new RegExp(`^.+ · Plan #${b} · geplant \\d{1,2}\\. .* · Geplant$`))).toBeVisible();
  await expect(page.getByRole("link", { name: "Mit Änderungen neu planen" })).toHaveAttribute("href", `/?from=${b}`);
  await expect(page.getByRole("complementary", { name: "Plan" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await noViolations(page);
  await shots(page, "i18n-plan");
});

test("Compare in German: two plans picked in History, German labels, a German departure and what differs", async ({ page }) => {
  await enterGerman(page, "/history");
  await page.getByRole("checkbox", { name: `Plan #${b} zum Vergleich auswählen` }).check();
  await page.getByRole("checkbox", { name: `Plan #${a} zum Vergleich auswählen` }).check();
  await expect(page.getByRole("status").filter({ hasText: `Pläne #${b} und #${a} ausgewählt.` })).toBeVisible();
  await page.getByRole("button", { name: "Auswahl vergleichen" }).click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?a=${a}&b=${b}$`));
  await expect(page).toHaveTitle("Pläne vergleichen · E-Lkw-Planer");
  await expect(page.getByRole("heading", { level: 1, name: "Pläne vergleichen" })).toBeVisible();
  const totals = page.getByTestId("compare-totals");
  await expect(totals.getByRole("columnheader").first()).toHaveText("Kennzahl");
  await expect(totals.getByRole("columnheader").last()).toHaveText("Differenz (B − A)");
  const departure = totals.locator("tr", { has: page.getByRole("rowheader", { name: "Abfahrt", exact: true }) });
  await expect(departure.getByRole("cell")).toHaveText(["Di., 1. Dez., 07:00 MEZ", "Di., 1. Dez., 07:00 MEZ", "gleich"]);
  for (const label of ["Gesamtdauer", "Lenkzeit", "Strecke", "Energieverbrauch", "Ladestopps", "Pausen und Ruhezeiten", "Maut"]) {
    await expect(totals.getByRole("rowheader", { name: label, exact: true })).toBeVisible();
  }
  const inputs = page.getByTestId("compare-inputs");
  await expect(inputs.locator("tr", { has: page.getByRole("rowheader", { name: "Optimierungsziel", exact: true }) }).getByRole("cell").first()).toHaveText("Ausgewogen (Zeit und Geld)");
  // B stops in Hannover, A does not: a row differs, and says so in words.
  const stops = page.getByTestId("compare-stops");
  await expect(stops.getByRole("columnheader")).toHaveText(["#", "Plan A", "Plan B", "Gleich oder verschieden"]);
  await expect(stops.locator('tr[data-differs="true"]').first()).toContainText("abweichend");
  await expect(stops.locator("tbody tr").first()).toContainText("Abf. Di., 1. Dez., 07:00 MEZ");
  await noViolations(page);
  await shots(page, "i18n-compare");
});

test("the print page in German: its button, totals with a plural, the stops table's header", async ({ page }) => {
  await enterGerman(page, `/plans/${a}/print`);
  await expect(page).toHaveTitle(`Plan #${a} (Druck) · E-Lkw-Planer`);
  await expect(page.getByRole("button", { name: "Drucken" })).toBeEnabled();
  await expect(page.getByRole("link", { name: "Zurück zum Plan" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Summen" })).toBeVisible();
  const facts = page.getByRole("definition");
  await expect(page.getByRole("term").first()).toHaveText("Abfahrt");
  await expect(facts.first()).toHaveText("Di., 1. Dez., 07:00 MEZ");
  const table = page.getByTestId("print-stops");
  // The charging fact counts the table's charging stops, with the German plural.
  const charges = await table.locator('tr[data-stop-kind="charge"]').count();
  const charging = page.getByRole("term").filter({ hasText: /^Laden$/ }).locator("xpath=following-sibling::dd[1]");
  await expect(charging).toHaveText(new RegExp(`^${charges} ${charges === 1 ? "Ladestopp" : "Ladestopps"} · \\d+ (h|min)`));
  await expect(table.getByRole("columnheader")).toHaveText(["#", "Stopp", "Fahrt bis hier", "Ankunft", "Abfahrt", "Laden", "Ladestand"]);
  await expect(table.locator('tr[data-stop-kind="charge"]').first()).toContainText(/Ladestopp 1: /);
  await expect(table.locator('tr[data-stop-kind="destination"]')).toContainText("Ziel: München");
  await expect(page.getByText(/^Berechnet auf .*\. Gedruckt \d{1,2}\. /)).toBeVisible();
  await noViolations(page);
  await shots(page, "i18n-print");
});

test("a plan of another organisation, in German", async ({ page }) => {
  await enterGerman(page, "/plans/2147483647");
  await expect(page.getByRole("heading", { level: 1, name: "Plan nicht gefunden" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Zurück zum Planungsverlauf" })).toHaveAttribute("href", "/history");
});
