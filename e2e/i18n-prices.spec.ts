// The prices page for a browser that asks for German (locale de-DE, an admin key):
// heading, table headers, buttons, plurals and money in German ("0,39 €"); a contract
// added through the German dialog with a decimal comma after a 422 shown at its field,
// then edited (its price in the form with a comma) and deleted; axe finds no violation;
// screenshots at 1440 and 390 px.
import { expectAxeClean, signInGerman } from "./german";
import { expect, test, type Page } from "@playwright/test";
import { apiKey, blockOutside, shot } from "./support";

test.use({ locale: "de-DE" });
test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));

const SAMPLE = [
  { operator: "IONITY", country: "DE", connector: "CCS", min_power_kW: 150, energy_price_per_kWh: 0.39, note: "Rahmenvertrag 2026" },
  { operator: "IONITY", country: "AT", energy_price_per_kWh: 0.45 },
  { operator: "Milence", connector: "MCS", min_power_kW: 350, max_power_kW: 1000, energy_price_per_kWh: 0.42, session_fee: 1.5, price_per_min: 0.1, per_min_after_min: 45, note: "Hub-Tarif" },
  { operator: "ČEZ", country: "CZ", currency: "CZK", energy_price_per_kWh: 9.5 },
  { operator: "Aral pulse", country: "DE", energy_price_per_kWh: 0.55, session_fee: 0.35 },
  { operator: "Shell Recharge", country: "DE", max_power_kW: 150, energy_price_per_kWh: 0.52 },
  { operator: "Fastned", country: "NL", energy_price_per_kWh: 0.49, note: "Tankkarte" },
];

async function putPrices(page: Page, list: { contracts: object[]; depot_energy_price_per_kWh: number | null; value_of_time_eur_per_h: number | null }) {
  const r = await page.request.put("/poi/prices", { headers: { authorization: `Bearer ${apiKey()}` }, data: list });
  expect(r.status(), await r.text()).toBe(200);
}

async function getPrices(page: Page) {
  return (await page.request.get("/poi/prices", { headers: { authorization: `Bearer ${apiKey()}` } })).json();
}

async function shotsAtBothWidths(page: Page, name: string) {
  await shot(page, `i18n-de-${name}-1440.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(100); // the table's rows become cards
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, `i18n-de-${name}-390.png`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

const rowOf = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

test("the prices page in German: money with a decimal comma, plurals, a contract added through the German dialog", async ({ page }) => {
  await putPrices(page, { contracts: SAMPLE, depot_energy_price_per_kWh: 0.17, value_of_time_eur_per_h: null });
  await signInGerman(page, "/prices");
  await expect(page).toHaveTitle("Preise · E-Lkw-Planer");
  await expect(page.getByRole("heading", { level: 1, name: "Ladepreise" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Preise" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText(/^Die Preise, die e2e zahlt\./)).toBeVisible();
  await expect(page.getByText(/^Zuletzt geändert am \d{1,2}\. [A-ZÄÖÜ][a-zä]{2,4}\.? \d{4}, ([01]\d|2[0-3]):[0-5]\d (MEZ|MESZ)\.$/)).toBeVisible();

  // The table's headers and cells in German; money as a German reads it.
  const table = page.getByRole("table", { name: "Ladeverträge von e2e" });
  for (const name of ["Betreiber", "Land", "Anschluss", "Leistung", "Währung", "Sitzungsgebühr", "Je Minute", "Notiz"]) {
    await expect(table.getByRole("columnheader", { name, exact: true })).toBeVisible();
  }
  await expect(table.getByRole("columnheader", { name: /^Energie\s*je kWh$/ })).toBeVisible();
  // The German labels are longer: every row's buttons still in the table's box, not in a hidden scroll.
  const box = (await table.locator("..").boundingBox())!;
  for (const button of await table.getByRole("button", { name: /^Löschen/ }).all()) {
    const b = (await button.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
  }
  await expect(rowOf(page, "Rahmenvertrag 2026")).toContainText("ab 150 kW");
  await expect(rowOf(page, "Rahmenvertrag 2026")).toContainText("0,39\u00a0€");
  const milence = rowOf(page, "Hub-Tarif");
  await expect(milence).toContainText("350–1.000 kW");
  await expect(milence).toContainText("jedes Land");
  await expect(milence).toContainText("1,50\u00a0€");
  await expect(milence).toContainText("0,10\u00a0€/min nach 45 min");
  await expect(rowOf(page, "ČEZ")).toContainText("9,50\u00a0CZK");

  // The depot price and value of time: the stored figure with a comma, the assumption in German money.
  const figures = page.getByRole("form", { name: "Depot-Strompreis und Zeitkosten" });
  await expect(figures.getByLabel("Depot-Strompreis (EUR/kWh)")).toHaveValue("0,17");
  await expect(figures.locator("#figure-value_of_time_eur_per_h-hint")).toHaveText(/^Was eine Stunde von Lkw und Fahrer im ausgewogenen Ziel kostet\. Leer: \d+,\d\d\u00a0€\/h\.$/);

  // Plurals: all shown, then some of all (dative after „von“).
  const count = page.getByRole("heading", { level: 2, name: /^Verträge/ }).locator("span");
  await expect(count).toHaveText("7 Verträge");
  await page.getByRole("searchbox", { name: "Vertrag suchen" }).fill("ionity");
  await expect(count).toHaveText("2 von 7 Verträgen");
  await expect(page.getByRole("row")).toHaveCount(3);
  await page.getByRole("searchbox", { name: "Vertrag suchen" }).fill("");
  await expectAxeClean(page);
  await shotsAtBothWidths(page, "prices");

  // Add a contract through the German dialog: the server's 422 at its field, then a decimal comma.
  const note = `e2e de ${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "Vertrag hinzufügen" }).click();
  const dialog = page.getByRole("dialog", { name: "Vertrag hinzufügen" });
  await expect(dialog.getByLabel("Betreiber")).toBeFocused();
  await dialog.getByLabel("Betreiber").fill("EnBW");
  await dialog.getByLabel("Land").fill("de");
  await dialog.getByLabel("Anschluss").selectOption("CCS");
  await dialog.getByLabel("Leistung ab (kW)").fill("300");
  await dialog.getByLabel("Sitzungsgebühr (EUR)").fill("0,5");
  const energy = dialog.getByLabel("Energiepreis (EUR/kWh)");
  await energy.fill("12");
  await dialog.getByLabel("Notiz").fill(note);
  await dialog.getByRole("button", { name: "Vertrag hinzufügen" }).click();
  await expect(energy).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.locator("#contract-energy_price_per_kWh-error")).toHaveText("Fehler: Input should be less than or equal to 10");
  await expect(energy).toBeFocused();
  await expect(dialog.getByRole("alert")).toContainText("Bitte prüfen Sie die markierten Felder.");
  await expectAxeClean(page);
  await shotsAtBothWidths(page, "prices-add-422");
  await energy.fill("0,445");
  await dialog.getByRole("button", { name: "Vertrag hinzufügen" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "hinzugefügt" })).toHaveText("Vertrag mit EnBW hinzugefügt.");
  const enbw = rowOf(page, note);
  await expect(enbw).toContainText("ab 300 kW");
  await expect(enbw).toContainText("0,445\u00a0€");
  await expect(enbw).toContainText("0,50\u00a0€");
  await expect(count).toHaveText("8 Verträge");
  expect((await getPrices(page)).contracts.at(-1)).toEqual({ operator: "EnBW", country: "DE", connector: "CCS", min_power_kW: 300, currency: "EUR", energy_price_per_kWh: 0.445, session_fee: 0.5, note });

  // Edited, the form shows its numbers with a comma; deleted after a German confirmation.
  await enbw.getByRole("button", { name: /^Bearbeiten/ }).click();
  const edit = page.getByRole("dialog", { name: "Vertrag bearbeiten: EnBW" });
  await expect(edit.getByLabel("Energiepreis (EUR/kWh)")).toHaveValue("0,445");
  await edit.getByRole("button", { name: "Abbrechen" }).click();
  await enbw.getByRole("button", { name: /^Löschen/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Vertrag mit EnBW löschen?" });
  await expect(confirm).toContainText("EnBW · DE · CCS · ab 300 kW: 0,445\u00a0€/kWh + 0,50\u00a0€ je Ladevorgang");
  await expect(confirm.getByRole("button", { name: "Abbrechen" })).toBeFocused();
  await confirm.getByRole("button", { name: "Vertrag löschen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "gelöscht" })).toHaveText("Vertrag mit EnBW gelöscht.");
  await expect(enbw).toHaveCount(0);
  expect((await getPrices(page)).contracts.map((c: { operator: string }) => c.operator)).toEqual(SAMPLE.map((c) => c.operator));
});
