// The prices page end to end: an admin edits the contracts in the table (add, a 422 at its field,
// edit, delete), imports a CSV (its bad line's 422 at the line, then a preview of the changes),
// exports it and imports the export again unchanged, removes them all, and sets the depot price
// and value of time; a member key sees the same table read-only and why; axe finds nothing serious;
// the page fits a phone, a tablet and a laptop.
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { apiKey, blockOutside, shot, signIn } from "./support";

test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));

const HEADER = "operator,country,connector,min_power_kW,max_power_kW,currency,energy_price_per_kWh,session_fee,price_per_min,per_min_after_min,note";

/** Sets the e2e tenant's whole price list over REST (PUT /poi/prices), as a partner would. */
async function putPrices(page: Page, list: { contracts: object[]; depot_energy_price_per_kWh?: number | null; value_of_time_eur_per_h?: number | null }) {
  const r = await page.request.put("/poi/prices", { headers: { authorization: `Bearer ${apiKey()}` }, data: list });
  expect(r.status(), await r.text()).toBe(200);
}

async function getPrices(page: Page) {
  const r = await page.request.get("/poi/prices", { headers: { authorization: `Bearer ${apiKey()}` } });
  return r.json();
}

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join("; ")}`)).toEqual([]);
}

/** How far the page reaches beyond the viewport's width, px (0: no horizontal scrolling). */
const overflowPx = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const rowOf = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

test("an admin edits the contracts: add (a 422 at its field), edit, delete, import with a preview, export round trip, remove all", async ({ page }) => {
  await putPrices(page, { contracts: [], depot_energy_price_per_kWh: null, value_of_time_eur_per_h: null });
  await signIn(page, { path: "/prices" });
  await expect(page.getByRole("heading", { level: 1, name: "Charging prices" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Prices" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("cell", { name: /No contracts yet/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove all contracts" })).toBeDisabled();
  const note = `e2e ${Date.now().toString(36)}`;

  // Add: the server's 422 lands at the field, which gets the focus; corrected, the row appears.
  await page.getByRole("button", { name: "Add contract" }).click();
  let dialog = page.getByRole("dialog", { name: "Add a contract" });
  await expect(dialog.getByLabel("Operator")).toBeFocused();
  await dialog.getByLabel("Operator").fill("IONITY");
  await dialog.getByLabel("Country").fill("de");
  await dialog.getByLabel("Connector").selectOption("CCS");
  await dialog.getByLabel("From power (kW)").fill("150");
  await dialog.getByLabel("Energy price (EUR/kWh)").fill("12");
  await dialog.getByLabel("Note").fill(note);
  await dialog.getByRole("button", { name: "Add contract" }).click();
  const energy = dialog.getByLabel("Energy price (EUR/kWh)");
  await expect(energy).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.locator("#contract-energy_price_per_kWh-error")).toHaveText("Error: Input should be less than or equal to 10");
  await expect(energy).toBeFocused();
  await shot(page, "prices-add-422.png");
  await energy.fill("0,39");
  await dialog.getByRole("button", { name: "Add contract" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Added" })).toHaveText("Added the contract with IONITY.");
  const ionity = rowOf(page, note);
  await expect(ionity).toContainText("DE");
  await expect(ionity).toContainText("CCS");
  await expect(ionity).toContainText("from 150 kW");
  await expect(ionity).toContainText("€0.39");

  // A second contract in another currency, with a session fee and a price per minute.
  await page.getByRole("button", { name: "Add contract" }).click();
  dialog = page.getByRole("dialog", { name: "Add a contract" });
  await dialog.getByLabel("Operator").fill("Milence");
  await dialog.getByLabel("Connector").selectOption("MCS");
  await dialog.getByLabel("Currency").selectOption("CHF");
  await dialog.getByLabel("Energy price (CHF/kWh)").fill("0.42");
  await dialog.getByLabel("Session fee (CHF)").fill("1.5");
  await dialog.getByLabel("Price per minute (CHF/min)").fill("0.1");
  await dialog.getByLabel("Free minutes").fill("45");
  await dialog.getByRole("button", { name: "Add contract" }).click();
  await expect(dialog).toHaveCount(0);
  const milence = rowOf(page, "Milence");
  await expect(milence).toContainText("CHF 0.42");
  await expect(milence).toContainText("CHF 1.50");
  await expect(milence).toContainText("CHF 0.10/min after 45 min");

  // Edit keeps the contract's place and its other fields.
  await ionity.getByRole("button", { name: /^Edit/ }).click();
  dialog = page.getByRole("dialog", { name: "Edit contract: IONITY" });
  await expect(dialog.getByLabel("Country")).toHaveValue("DE");
  await dialog.getByLabel("Energy price (EUR/kWh)").fill("0.41");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(ionity).toContainText("€0.41");
  await shot(page, "prices-table.png");
  expect((await getPrices(page)).contracts).toEqual([
    { operator: "IONITY", country: "DE", connector: "CCS", min_power_kW: 150, currency: "EUR", energy_price_per_kWh: 0.41, note },
    { operator: "Milence", connector: "MCS", currency: "CHF", energy_price_per_kWh: 0.42, session_fee: 1.5, price_per_min: 0.1, per_min_after_min: 45 },
  ]);

  // Delete asks first, with Cancel focused.
  await milence.getByRole("button", { name: /^Delete/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete the contract with Milence?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Delete contract" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(milence).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Deleted" })).toHaveText("Deleted the contract with Milence.");

  // Import: the server's 422 at the text's line (blank lines count as lines of the text, not as rows).
  await page.getByRole("button", { name: "Import CSV" }).click();
  dialog = page.getByRole("dialog", { name: "Import contracts from CSV" });
  const text = dialog.getByLabel("CSV text");
  await text.fill(`operator;country;connector;min_power_kW;energy_price_per_kWh;note\n\nIONITY;DE;CCS;150;cheap;${note}\nAral pulse;DE;;;0,55;\n`);
  await dialog.getByRole("button", { name: "Check CSV" }).click();
  const problems = dialog.locator("#import-csv-error");
  await expect(problems).toContainText("1 problem in the CSV: nothing was imported.");
  await expect(problems.getByRole("listitem")).toHaveText([/^Line 3, column “energy_price_per_kWh”: Input should be a valid number/]);
  await expect(problems.getByRole("listitem")).toContainText(`IONITY;DE;CCS;150;cheap;${note}`);
  await expect(text).toHaveAttribute("aria-invalid", "true");
  await expect(text).toBeFocused();
  await axeClean(page);
  await shot(page, "prices-import-422.png");

  // Corrected: a preview of what replacing the list changes, then saved.
  await text.fill(`operator;country;connector;min_power_kW;energy_price_per_kWh;note\n\nIONITY;DE;CCS;150;0,43;${note}\nAral pulse;DE;;;0,55;\n`);
  await expect(text).not.toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("button", { name: "Check CSV" }).click();
  await expect(dialog.getByTestId("import-summary")).toHaveText("1 new, 1 changed. 2 contracts after saving.");
  await expect(dialog.getByRole("list", { name: "Changes" })).toContainText("New Aral pulse · DE · any connector · any power: €0.55/kWh");
  await expect(dialog.getByRole("list", { name: "Changes" })).toContainText("Changed IONITY · DE · CCS · from 150 kW: €0.41/kWh → €0.43/kWh");
  await shot(page, "prices-import-preview.png");
  await dialog.getByRole("button", { name: "Replace with 2 contracts" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Imported" })).toHaveText("Imported 2 contracts: the list has 2 contracts.");
  await expect(rowOf(page, note)).toContainText("€0.43");
  await expect(rowOf(page, "Aral pulse")).toContainText("€0.55");

  // Export: the contracts in the format the import reads; imported again (as a file) nothing changes.
  const expected = `\uFEFF${HEADER}\r\nIONITY,DE,CCS,150,,,0.43,,,,${note}\r\nAral pulse,DE,,,,,0.55,,,,\r\n`;
  const exported = await exportCsv(page);
  expect(exported.name).toMatch(/^charging-contracts-e2e-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(exported.text).toBe(expected);
  await page.getByRole("button", { name: "Import CSV" }).click();
  dialog = page.getByRole("dialog", { name: "Import contracts from CSV" });
  await dialog.getByLabel("Or choose a file").setInputFiles({ name: exported.name, mimeType: "text/csv", buffer: Buffer.from(exported.text) });
  // The file's text in the box (a textarea's value has LF line ends; File.text() drops the BOM).
  await expect(dialog.getByLabel("CSV text")).toHaveValue(expected.slice(1).replaceAll("\r\n", "\n"));
  await dialog.getByRole("button", { name: "Check CSV" }).click();
  await expect(dialog.getByTestId("import-summary")).toHaveText("No change: the list would stay as it is.");
  await dialog.getByRole("button", { name: "Replace with 2 contracts" }).click();
  await expect(dialog).toHaveCount(0);
  expect((await exportCsv(page)).text).toBe(expected);

  // Remove all, confirmed.
  await page.getByRole("button", { name: "Remove all contracts" }).click();
  const removeAll = page.getByRole("alertdialog", { name: "Remove all contracts?" });
  await expect(removeAll).toContainText("All 2 contracts are removed");
  await removeAll.getByRole("button", { name: "Remove all contracts" }).click();
  await expect(removeAll).toHaveCount(0);
  await expect(page.getByRole("cell", { name: /No contracts yet/ })).toBeVisible();
  expect((await getPrices(page)).contracts).toEqual([]);
});

test("an admin sets the depot price and the value of time; a 422 shows at its field", async ({ page }) => {
  await putPrices(page, { contracts: [{ operator: "IONITY", energy_price_per_kWh: 0.39 }], depot_energy_price_per_kWh: null, value_of_time_eur_per_h: null });
  await signIn(page, { path: "/prices" });
  const form = page.getByRole("form", { name: "Depot energy and value of time" });
  const depot = form.getByLabel("Depot energy price (EUR/kWh)");
  const vot = form.getByLabel("Value of time (EUR/h)");
  await expect(depot).toHaveValue("");
  await depot.fill("0,17");
  await vot.fill("5000");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(vot).toHaveAttribute("aria-invalid", "true");
  await expect(form.locator("#figure-value_of_time_eur_per_h-error")).toHaveText("Error: Input should be less than or equal to 1000");
  await vot.fill("55");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveText("Saved the depot energy price and the value of time.");
  expect(await getPrices(page)).toMatchObject({ contracts: [{ operator: "IONITY", energy_price_per_kWh: 0.39 }], depot_energy_price_per_kWh: 0.17, value_of_time_eur_per_h: 55 });
  await page.reload();
  await expect(depot).toHaveValue("0.17");
  await expect(vot).toHaveValue("55");
  // Emptied: back to the documented defaults.
  await depot.fill("");
  await vot.fill("");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  expect(await getPrices(page)).toMatchObject({ depot_energy_price_per_kWh: null, value_of_time_eur_per_h: null });
});

test("a member key sees the contracts read-only and why", async ({ page, browser, baseURL }) => {
  await putPrices(page, { contracts: SAMPLE, depot_energy_price_per_kWh: 0.17, value_of_time_eur_per_h: 55 });
  await signIn(page, { path: "/prices" });
  const member = await memberKey(page);
  try {
    const other = await memberPage(browser, baseURL!, member.key);
    await other.goto("/prices");
    await expect(other.getByRole("heading", { level: 1, name: "Charging prices" })).toBeVisible();
    await expect(other.getByRole("note")).toContainText("Only a tenant admin can change the prices.");
    await expect(other.getByRole("row")).toHaveCount(SAMPLE.length + 1);
    await expect(other.getByTestId("price-settings")).toContainText("€0.17/kWh");
    await expect(other.getByTestId("price-settings")).toContainText("€55.00/h");
    for (const name of [/^Add contract/, /^Import CSV/, /^Remove all/, /^Edit/, /^Delete/, /^Save/]) await expect(other.getByRole("button", { name })).toHaveCount(0);
    await expect(other.getByRole("textbox")).toHaveCount(0); // nothing to edit
    await expect(other.getByRole("searchbox", { name: "Find a contract" })).toBeVisible();
    await expect(other.getByRole("button", { name: "Export CSV" })).toBeEnabled();
    expect((await exportCsv(other)).text.split("\r\n")).toHaveLength(SAMPLE.length + 2);
    await axeClean(other);
    await shot(other, "prices-member.png");
    await other.context().close();
  } finally {
    const revoked = await page.request.post("/api/trpc/keys.revoke", { data: { id: member.id } });
    expect(revoked.status()).toBe(200);
  }
});

const SAMPLE = [
  { operator: "IONITY", country: "DE", connector: "CCS", min_power_kW: 150, energy_price_per_kWh: 0.39, note: "framework contract 2026, renewed yearly" },
  { operator: "IONITY", country: "AT", energy_price_per_kWh: 0.45 },
  { operator: "Milence", connector: "MCS", min_power_kW: 350, max_power_kW: 1000, currency: "EUR", energy_price_per_kWh: 0.42, session_fee: 1.5, price_per_min: 0.1, per_min_after_min: 45, note: "hub tariff" },
  { operator: "ČEZ", country: "CZ", currency: "CZK", energy_price_per_kWh: 9.5 },
  { operator: "Aral pulse", country: "DE", energy_price_per_kWh: 0.55, session_fee: 0.35 },
  { operator: "Shell Recharge", country: "DE", max_power_kW: 150, energy_price_per_kWh: 0.52 },
  { operator: "Fastned", country: "NL", energy_price_per_kWh: 0.49, note: "fleet card" },
];

for (const vp of [{ name: "phone", width: 390, height: 844 }, { name: "tablet", width: 820, height: 1180 }, { name: "laptop", width: 1440, height: 900 }]) {
  test(`${vp.name} ${vp.width} px: the page fits, the contracts are readable and editable, axe is clean`, async ({ page }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await putPrices(page, { contracts: SAMPLE, depot_energy_price_per_kWh: 0.17, value_of_time_eur_per_h: null });
    await signIn(page, { path: "/prices" });
    await expect(page.getByRole("row")).toHaveCount(SAMPLE.length + 1);
    await page.waitForLoadState("networkidle");
    expect(await overflowPx(page)).toBeLessThanOrEqual(0);
    await shot(page, `prices-${vp.width}.png`);
    // Every row's buttons on the screen, not in a hidden scroll.
    const edit = rowOf(page, "hub tariff").getByRole("button", { name: /^Edit/ });
    await edit.scrollIntoViewIfNeeded();
    const box = (await edit.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(vp.width);
    await axeClean(page);
    await shot(page, `prices-${vp.width}-row.png`);
    await page.getByRole("searchbox", { name: "Find a contract" }).fill("ionity");
    await expect(page.getByRole("row")).toHaveCount(3);
    await page.getByRole("searchbox", { name: "Find a contract" }).fill("");
    await edit.click();
    const dialog = page.getByRole("dialog", { name: "Edit contract: Milence" });
    await expect(dialog.getByLabel("Free minutes")).toHaveValue("45");
    expect(await overflowPx(page)).toBeLessThanOrEqual(0);
    await shot(page, `prices-${vp.width}-edit.png`);
  });
}

/** Clicks Export CSV and reads the download. */
async function exportCsv(page: Page): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  return { name: download.suggestedFilename(), text: fs.readFileSync((await download.path())!, "utf8") };
}

/** A member key of the e2e tenant, made by the signed-in admin as the keys page does (tRPC keys.create). */
async function memberKey(page: Page): Promise<{ key: string; id: number }> {
  const r = await page.request.post("/api/trpc/keys.create", { data: { label: `e2e prices member ${Date.now().toString(36)}`, role: "member" } });
  expect(r.status(), await r.text()).toBe(200);
  const { key, record } = (await r.json()).result.data;
  return { key, id: record.id };
}

/** A browser of its own, signed in with `key`. */
async function memberPage(browser: Browser, baseURL: string, key: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "en-GB", timezoneId: "Europe/Berlin" });
  const page = await context.newPage();
  await blockOutside(page, baseURL);
  await signIn(page, { path: "/prices", key });
  return page;
}
