// The fleet, API keys and API reference pages for a browser that asks for German
// (Accept-Language de-DE): headings, labels, buttons, plurals and dates in German,
// times on a 24-hour clock with the zone named; a vehicle added and a key created
// and revoked through the German forms; axe finds no violation; screenshots at
// 1440 and 390 px.
import { expectAxeClean, signInGerman } from "./german";
import { expect, test, type Page } from "@playwright/test";
import { blockOutside, shot } from "./support";

test.use({ locale: "de-DE" });
test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));

/** "28. Nov. 2026, 14:02 MEZ": day before month, 24-hour clock, the zone's German name (the browser's zone is Europe/Berlin). */
const GERMAN_MOMENT = /^\d{1,2}\. [A-ZÄÖÜ][a-zä]{2,4}\.? \d{4}, ([01]\d|2[0-3]):[0-5]\d (MEZ|MESZ)$/;

async function shotsAtBothWidths(page: Page, name: string) {
  await shot(page, `i18n-de-${name}-1440.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  // No horizontal overflow of the page itself (wide tables scroll in their own box).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, `i18n-de-${name}-390.png`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("the fleet page in German: add a vehicle through the German form and see it listed", async ({ page }) => {
  const id = `e2e-de-${Date.now().toString(36)}`;
  await signInGerman(page, "/fleet");
  await expect(page).toHaveTitle("Flotte · E-Lkw-Planer");
  await expect(page.getByRole("heading", { level: 1, name: "Flotte" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Flotte" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("columnheader", { name: /Zul\. Gesamtgewicht/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Die Touren eines Tages gemeinsam planen" })).toBeVisible();

  await page.getByRole("button", { name: "Fahrzeug hinzufügen" }).click();
  const add = page.getByRole("dialog", { name: "Fahrzeug hinzufügen" });
  await expect(add.getByLabel("Fahrzeug-ID")).toBeFocused();
  await add.getByLabel("Fahrzeug-ID").fill(id);
  await add.getByLabel("Name", { exact: true }).fill("E2E-Lkw");
  await add.getByLabel("Modell", { exact: true }).selectOption("MAN_ETGX");
  await expect(add.getByText("Modell: 480 kWh")).toBeVisible();
  await add.getByLabel("Nutzbare Batteriekapazität (kWh)").fill("452.5");
  // German thousands separator ("9.800 kg") and the range's condition in words.
  await expect(add.locator("#figure-tareKg-hint")).toHaveText(/^Modell: \d{1,2}\.\d{3} kg · unter dem zulässigen Gesamtgewicht$/);
  await add.getByText("Physikalische Kennwerte").click();
  await expect(add.getByText(/· 0,002 – 0,02$/)).toBeVisible();
  // The server's 422 (the contract's English) under the German field, with the form's German wrapper.
  await add.getByLabel("Rollwiderstandsbeiwert").fill("0.5");
  await add.getByRole("button", { name: "Fahrzeug hinzufügen" }).click();
  await expect(add.locator("#figure-rollingResistance-error")).toHaveText("Fehler: Input should be less than or equal to 0.02");
  await expect(add.getByRole("alert")).toContainText("Bitte prüfen Sie die markierten Felder.");
  await expectAxeClean(page);
  await shotsAtBothWidths(page, "fleet-add");
  await add.getByLabel("Rollwiderstandsbeiwert").fill("");
  await add.getByRole("button", { name: "Fahrzeug hinzufügen" }).click();

  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("status")).toHaveText(`${id} zur Flotte hinzugefügt.`);
  const row = page.locator(`tr[data-vehicle-id="${id}"]`);
  await expect(row).toContainText("E2E-Lkw");
  // A German decimal comma, and the override said in German.
  await expect(row.getByRole("cell").nth(2)).toHaveText("452,5 (eigener Wert)");
  // The count: a plural, with the vehicles listed.
  const rows = await page.locator("tbody tr[data-vehicle-id]").count();
  await expect(page.getByText(/^\d+ Fahrzeuge?(, davon \d+ mit eigenen Werten)?\.$/)).toHaveText(new RegExp(`^${rows} ${rows === 1 ? "Fahrzeug" : "Fahrzeuge"}, davon \\d+ mit eigenen Werten\\.$`));
  await expectAxeClean(page);
  await shotsAtBothWidths(page, "fleet");

  // Remove it again, in German: "Abbrechen" has the focus.
  await row.getByRole("button", { name: "Entfernen" }).click();
  const confirm = page.getByRole("alertdialog", { name: `${id} entfernen?` });
  await expect(confirm.getByRole("button", { name: "Abbrechen" })).toBeFocused();
  await expect(confirm).toContainText(`Neue Touren können die Fahrzeug-ID ${id} nicht mehr verwenden.`);
  await confirm.getByRole("button", { name: "Fahrzeug entfernen" }).click();
  await expect(page.getByRole("status")).toHaveText(`${id} aus der Flotte entfernt.`);
  await expect(row).toHaveCount(0);
});

test("the API keys page in German: create and revoke a key, dates on a 24-hour clock in German order", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const label = `e2e de ${Date.now().toString(36)}`;
  await signInGerman(page, "/keys");
  await expect(page).toHaveTitle("API-Schlüssel · E-Lkw-Planer");
  await expect(page.getByRole("heading", { level: 1, name: "API-Schlüssel" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Schlüssel erstellen" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Angemeldete Sitzungen" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Webhook-Signaturschlüssel" })).toBeVisible();
  const keys = page.getByRole("table", { name: "Schlüssel von e2e" });
  await expect(keys.getByRole("columnheader", { name: "Zuletzt verwendet" })).toBeVisible();

  // Dates: day before month, 24-hour clock, the zone named.
  const created = keys.locator("tbody tr").first().locator("td").nth(2).locator("time");
  await expect(created).toHaveText(GERMAN_MOMENT);
  await expect(page.getByRole("table", { name: "Web-App-Sitzungen von e2e" }).locator("tbody time").first()).toHaveText(GERMAN_MOMENT);

  // An empty label: the server's message under the German label.
  await page.getByRole("button", { name: "Schlüssel erstellen", exact: true }).click();
  await expect(page.getByRole("textbox", { name: "Bezeichnung" })).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#key-label-error")).toHaveText("Fehler: String should have at least 1 character");

  await page.getByRole("textbox", { name: "Bezeichnung" }).fill(label);
  await page.getByRole("radio", { name: /^Mitglied/ }).check();
  await page.getByRole("button", { name: "Schlüssel erstellen", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Kopieren Sie Ihren neuen API-Schlüssel" });
  await expect(dialog).toContainText("Nur jetzt wird der vollständige Schlüssel angezeigt.");
  await expect(dialog.getByLabel(`API-Schlüssel „${label}“`)).toHaveValue(/^etp_/);
  await dialog.getByRole("button", { name: "Kopieren" }).click();
  await expect(dialog.getByRole("status")).toHaveText("In die Zwischenablage kopiert.");
  await expectAxeClean(page);
  await dialog.getByRole("button", { name: "Ich habe den Schlüssel gespeichert" }).click();
  await expect(page.getByRole("status").filter({ hasText: "erstellt" })).toHaveText(`Schlüssel „${label}“ erstellt (Mitglied).`);

  const row = keys.getByRole("row").filter({ has: page.getByRole("cell", { name: label, exact: true }) });
  await expect(row).toContainText("Aktiv");
  await expect(row).toContainText("nie");
  await expect(row.getByText("Mitglied", { exact: true })).toBeVisible();
  // The count of active keys: "1 aktiver Schlüssel", "3 aktive Schlüssel".
  const active = await keys.getByText("Aktiv", { exact: true }).count();
  await expect(page.getByText(/^\d+ aktiver? Schlüssel/)).toHaveText(new RegExp(`^${active} ${active === 1 ? "aktiver" : "aktive"} Schlüssel(, \\d+ widerrufen)?\\.$`));
  await expectAxeClean(page);
  await shotsAtBothWidths(page, "keys");

  await row.getByRole("button", { name: "Widerrufen" }).click();
  const confirm = page.getByRole("alertdialog", { name: `„${label}“ widerrufen?` });
  await expect(confirm).toContainText("Rolle Mitglied");
  await expect(confirm.getByRole("button", { name: "Abbrechen" })).toBeFocused();
  await confirm.getByRole("button", { name: "Schlüssel widerrufen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "widerrufen" })).toHaveText(`„${label}“ widerrufen: Seine Web-Sitzungen sind beendet.`);
  await expect(row.locator("td").nth(4)).toHaveText(/^Widerrufen am /);
  await expect(row.locator("td").nth(4).locator("time")).toHaveText(GERMAN_MOMENT);
});

test("the API reference in German: the page's words translated, the contract's descriptions in English", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page).toHaveTitle("API-Referenz · E-Lkw-Planer");
  await expect(page.getByRole("navigation", { name: "Endpunkte" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /POST \/planner\/v2/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Antworten" }).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Schemas" })).toBeVisible();
  await expect(page.getByText("Authentifizierung: Jeder Endpunkt erwartet Authorization: Bearer <API-Schlüssel>")).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Bedeutung" }).first()).toBeVisible();
  // The document's own text stays the REST contract's English, marked as such.
  await expect(page.locator('[lang="en"]').filter({ hasText: "Missing or invalid API key" }).first()).toBeAttached();
  await expectAxeClean(page);
  await shotsAtBothWidths(page, "docs");
});
