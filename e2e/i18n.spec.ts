// The app in German for a browser that asks for it (Accept-Language de): sign-in and
// the planning form in German, the language switch in the top bar kept over reloads,
// the German form accessible (axe), a tour planned from it, and how it looks.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { apiKey, blockOutside, shot } from "./support";

test.use({ locale: "de-DE" });
test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));

async function signInGerman(page: Page) {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1, name: "Anmelden" })).toBeVisible();
  await page.getByRole("textbox", { name: "API-Schlüssel", exact: true }).fill(apiKey());
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByTestId("tenant-name")).toHaveText("e2e");
  await expect(page.getByRole("combobox", { name: "Fahrzeug", exact: true })).toBeEnabled();
}

/** Types into a place field and picks the suggestion showing `option` (the list is named in German). */
async function choosePlace(page: Page, field: string, text: string, option = text) {
  const input = page.getByRole("combobox", { name: field, exact: true });
  await input.fill(text);
  await page.getByRole("listbox", { name: `Vorschläge für ${field}` }).getByRole("option").filter({ hasText: option }).first().click();
  await expect(input).toHaveAttribute("aria-expanded", "false");
}

test("sign-in and the planning form in German, numbers and plurals included", async ({ page }) => {
  await signInGerman(page);
  const form = page.getByRole("form", { name: "Tour planen" });
  await expect(form.getByRole("heading", { name: "Fahrzeug und Ladung" })).toBeVisible();
  await expect(form.getByRole("spinbutton", { name: "Nutzlast (kg)" })).toBeVisible();
  await expect(form.getByRole("spinbutton", { name: "Ladestand Start (%)" })).toBeVisible();
  await expect(form.getByRole("group", { name: "Abfahrt" })).toBeVisible();
  await expect(form.getByRole("combobox", { name: "Zeitzone" })).toBeVisible();
  await expect(form.getByRole("button", { name: "Ziel nach oben verschieben" })).toBeVisible();
  await expect(form.getByRole("button", { name: "Route planen" })).toBeVisible();
  // The vehicle's limits with German digit grouping.
  await form.getByRole("combobox", { name: "Fahrzeug", exact: true }).selectOption("mb-eactros-600");
  await expect(page.locator("#vehicle-hint")).toHaveText(/^Bis zu \d{1,3}\.\d{3} kg Nutzlast \(zul\. Gesamtgewicht \d{2}\.\d{3} kg, Leergewicht \d{1,2}\.\d{3} kg\)$/);
  await form.getByRole("heading", { name: "Ladeoptionen" }).click();
  await expect(page.locator("#corridor-hint")).toHaveText("1.000 – 20.000; Standard 8.000");
  await expect(form.getByRole("combobox", { name: "Optimieren nach" }).locator("option").first()).toHaveText("Ausgewogen (Standard)");

  // Nothing chosen: two points missing (plural), then one (singular), each said at its field.
  await form.getByRole("button", { name: "Route planen" }).click();
  await expect(page.locator("#form-errors")).toHaveText("Bitte prüfen Sie die 2 markierten Felder.");
  await expect(page.locator("#start-error")).toHaveText("Fehler: Start fehlt: Geben Sie einen Ort ein oder setzen Sie den Punkt auf der Karte.");
  await choosePlace(page, "Start", "Hamburg");
  await expect(page.locator("#start-hint")).toContainText("· Ort");
  await form.getByRole("button", { name: "Route planen" }).click();
  await expect(page.locator("#form-errors")).toHaveText("Bitte prüfen Sie das markierte Feld.");
  await expect(form.getByRole("combobox", { name: "Ziel", exact: true })).toBeFocused();
  // The departure as sent, then in German with its weekday (the date field itself shows the browser's format).
  await form.getByLabel("Datum und Uhrzeit").fill("2026-11-28T20:00");
  await form.getByRole("combobox", { name: "Zeitzone" }).selectOption("Europe/Berlin");
  await expect(page.locator("#departure-hint")).toHaveText("Gesendet als 2026-11-28 20:00 UTC+01:00: Sa., 28. Nov., 20:00 MEZ");
});

test("the language switch: to English and back, each kept over a reload", async ({ page }) => {
  await signInGerman(page);
  await page.getByRole("combobox", { name: "Sprache" }).selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "Plan route" })).toBeVisible();
  await expect(page.getByRole("spinbutton", { name: "Payload (kg)" })).toBeVisible();
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "Plan route" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Language" })).toHaveValue("en");

  await page.getByRole("combobox", { name: "Language" }).selectOption("de");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("button", { name: "Route planen" })).toBeVisible();
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("button", { name: "Route planen" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Sprache" })).toHaveValue("de");
});

test("the German planner has no axe violations, with every section open", async ({ page }) => {
  await signInGerman(page);
  const form = page.getByRole("form", { name: "Tour planen" });
  await form.getByRole("button", { name: "+ Stopp hinzufügen" }).click();
  await form.getByRole("button", { name: "Ladung und Zeiten – Stopp 1" }).click();
  await form.getByRole("heading", { name: "Ladeoptionen" }).click();
  await form.getByRole("heading", { name: "Lenk- und Ruhezeiten" }).click();
  await expect(form.getByRole("spinbutton", { name: "Heutige Lenkzeit (min)" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join("; ")}`)).toEqual([]);
  // Every open section at once, to read the German texts' lengths in the layout.
  await page.setViewportSize({ width: 1440, height: 2700 });
  await shot(page, "i18n-de-form-open.png");
});

test("a tour planned from the German form, and how the form looks at 1440 and 390 px", async ({ page }) => {
  await signInGerman(page);
  await page.waitForLoadState("networkidle");
  await shot(page, "i18n-de-planner-1440.png");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("spinbutton", { name: "Nutzlast (kg)" })).toBeVisible();
  await shot(page, "i18n-de-planner-390.png");
  await page.setViewportSize({ width: 1440, height: 900 });

  const form = page.getByRole("form", { name: "Tour planen" });
  await form.getByRole("combobox", { name: "Fahrzeug", exact: true }).selectOption("mb-eactros-600");
  await choosePlace(page, "Start", "Hamburg");
  await choosePlace(page, "Ziel", "München");
  await form.getByRole("button", { name: "+ Stopp hinzufügen" }).click();
  await choosePlace(page, "Stopp 1", "Hannover");
  await form.getByRole("spinbutton", { name: "Nutzlast (kg)" }).fill("20000");
  await form.getByRole("button", { name: "Route planen" }).click();
  // The result panel is translated on its own; here it only has to come, titled with the form's plural.
  await expect(page.locator('li[data-stop-kind="destination"]')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("heading", { name: /Hamburg.* → 1 Stopp → .*München/ })).toBeVisible();
});
