// The planner's result in German for a browser that asks for it (locale de-DE): a Hamburg ->
// München tour planned from the German form, then its result panel (totals with German times
// and zones), the stop list, a charging stop's popup on the map, the map key and the plan's
// toolbar in German; axe on the result and the map; how it looks at 1440 and 390 px.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { apiKey, blockOutside, nextWednesday, shot } from "./support";

test.use({ locale: "de-DE", viewport: { width: 1440, height: 900 } });
test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));

async function choosePlace(page: Page, field: string, text: string) {
  const input = page.getByRole("combobox", { name: field, exact: true });
  await input.fill(text);
  await page.getByRole("listbox", { name: `Vorschläge für ${field}` }).getByRole("option").filter({ hasText: text }).first().click();
  await expect(input).toHaveAttribute("aria-expanded", "false");
}

async function planInGerman(page: Page) {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.getByRole("textbox", { name: "API-Schlüssel", exact: true }).fill(apiKey());
  await page.getByRole("button", { name: "Anmelden" }).click();
  const form = page.getByRole("form", { name: "Tour planen" });
  await expect(form.getByRole("combobox", { name: "Fahrzeug", exact: true })).toBeEnabled();
  await form.getByRole("combobox", { name: "Fahrzeug", exact: true }).selectOption("mb-eactros-600");
  await choosePlace(page, "Start", "Hamburg");
  await choosePlace(page, "Ziel", "München");
  await form.getByRole("spinbutton", { name: "Nutzlast (kg)" }).fill("20000");
  await form.getByLabel("Datum und Uhrzeit").fill(nextWednesday());
  await form.getByRole("spinbutton", { name: "Ladestand Start (%)" }).fill("80");
  await form.getByRole("button", { name: "Route planen" }).click();
  await expect(page.locator('li[data-stop-kind="destination"]')).toBeVisible({ timeout: 60_000 });
  await page.waitForLoadState("networkidle");
}

test("the result, the stop list, a map popup and the toolbar in German, axe clean", async ({ page }) => {
  await planInGerman(page);
  const result = page.getByRole("region", { name: "Planergebnis" });
  await expect(page.getByRole("tab", { name: "Ergebnis" })).toHaveAttribute("aria-selected", "true");

  // Totals: German labels, a local time on the place's clock with the German zone name, a German day.
  const totals = result.getByLabel("Summen", { exact: true });
  for (const label of ["Strecke", "Lenkzeit", "Laden", "Pausen", "Verbrauch", "Ladestand Ziel", "Abfahrt", "Ankunft", "Maut"]) await expect(totals).toContainText(label);
  await expect(totals).toContainText(/Ankunft\s*\d{2}:\d{2} MES?Z/);
  await expect(totals).toContainText(/(Mo|Di|Mi|Do|Fr|Sa|So)\.?,? \d{1,2}\. [A-ZÄÖÜ][a-zä]+\.?/);
  await expect(result.getByRole("heading", { name: "Maut und Kosten" })).toBeVisible();
  await expect(result.getByTestId("tour-cost")).toContainText("Kosten:");
  await expect(result.getByRole("heading", { name: "Ladestand und Höhe" })).toBeVisible();
  await expect(result.getByRole("img", { name: "Ladestand und Höhe entlang der Route" })).toHaveAccessibleDescription(/Ladestand 80 % beim Start, am niedrigsten \d+ %/);
  await expect(result.getByRole("group", { name: /^Zeitverlauf der Tour/ }).getByRole("button", { name: /^Laden / }).first()).toBeVisible();

  // The stop list: start and destination, a charging stop with its facts, German decimals.
  const stops = result.getByRole("list", { name: "Stopps" });
  await expect(stops.locator('li[data-stop-kind="start"]')).toContainText(/ab \d{2}:\d{2} MES?Z/);
  await expect(stops.locator('li[data-stop-kind="destination"]')).toContainText(/an .*\d{2}:\d{2} MES?Z/);
  const charge = stops.locator('li[data-stop-kind="charge"]').first();
  for (const label of ["Laden", "Energie", "Leistung", "Ladestand an → ab"]) await expect(charge).toContainText(label);
  await expect(charge.getByRole("button", { name: /^Ladestopp 1: / })).toHaveAttribute("title", "Auf der Karte zeigen");
  await expect(charge.locator(".leg, [class*=leg]").first()).toContainText(/^Fahrt \d+(,\d)? km/);
  // Why each stop is there, in the server's German words (the result's reason messages), none in English.
  const reasons = stops.getByTestId("stop-reason");
  await expect(reasons.first()).toBeVisible();
  for (const text of await reasons.allInnerTexts()) {
    expect(text).toMatch(/Nötig|Nicht nötig|Tägliche Ruhezeit|Pause \(EU|Wartet|Das Ziel der Tour|Ein Stopp der Anfrage|Gemacht, um/);
    expect(text).not.toMatch(/Needed|Not needed|Daily rest|Break \(EU|destination|charges/);
  }

  // The map key and a charging stop's popup on the map.
  const key = page.getByTestId("map-key");
  await expect(key.getByRole("heading", { name: "Legende" })).toBeVisible();
  await expect(key.getByRole("list", { name: "Route: Ladestand" })).toBeVisible();
  await expect(key).toContainText("Ladestopp");
  await page.locator(".leaflet-marker-pane").getByRole("button", { name: /^Ladestopp 1: / }).click();
  const popup = page.locator(".leaflet-popup");
  for (const label of ["Betreiber", "Leistung", "Stecker", "Energie", "Ladezeit", "Ladestand an → ab", "Ankunft", "Abfahrt", "Pause eingelegt"]) await expect(popup).toContainText(label);
  await expect(popup).toContainText(/Ankunft\s*(Mo|Di|Mi|Do|Fr|Sa|So)\.?,? \d{1,2}\. [A-ZÄÖÜ][a-zä]+\.?,? \d{2}:\d{2} MES?Z/);
  await shot(page, "i18n-de-result-popup-1440.png");
  await page.keyboard.press("Escape");
  await expect(popup).toHaveCount(0);

  // The plan's toolbar.
  const toolbar = page.getByTestId("plan-toolbar");
  await expect(toolbar).toHaveAttribute("aria-label", /^Plan #\d+: teilen, drucken und exportieren$/);
  await expect(toolbar.getByRole("link", { name: "Planseite öffnen" })).toBeVisible();
  await expect(toolbar.getByRole("button", { name: "Link kopieren" })).toBeVisible();
  await expect(toolbar.getByRole("link", { name: "Drucken" })).toBeVisible();
  await toolbar.getByText("Exportieren", { exact: true }).click();
  await expect(toolbar.getByRole("link", { name: /GPX für Navigationsgeräte und Apps/ })).toBeVisible();
  await expect(toolbar).toContainText("Alle, die bei e2e angemeldet sind, können den Link öffnen.");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Plan ändern" })).toBeVisible();

  const results = await new AxeBuilder({ page })
    .include('section[aria-label="Planergebnis"]')
    .include(".plan-map-wrap")
    .include('[data-testid="plan-toolbar"]')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join("; ")}`)).toEqual([]);

  await shot(page, "i18n-de-result-1440.png");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(result.getByRole("heading", { name: "Stopps" })).toBeVisible();
  await shot(page, "i18n-de-result-390.png");
  // The narrow screen's switch names the panel in German.
  await expect(page.getByRole("button", { name: "Plan und Ergebnis" })).toHaveAttribute("aria-pressed", "true");
});
