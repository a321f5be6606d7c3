// The prices page end to end: an admin replaces the contracts from CSV, sees a
// bad line's 422 next to the CSV, and sets the depot price and value of time.
import { expect, test } from "@playwright/test";
import { blockOutside, signIn } from "./support";

test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));

test("sets contracts from CSV, shows a bad line's error, and sets the tenant's figures", async ({ page }) => {
  await signIn(page, { path: "/prices" });
  await expect(page.getByRole("heading", { level: 1, name: "Charging prices" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Prices" })).toHaveAttribute("aria-current", "page");

  const csv = page.getByLabel(/Replace the contracts/);
  await csv.fill("operator;energy_price_per_kWh\nIONITY;cheap\n");
  await page.getByRole("button", { name: "Save prices" }).click();
  await expect(page.locator("#prices-csv-error")).toBeVisible();
  await expect(csv).toHaveAttribute("aria-invalid", "true");

  const note = `e2e ${Date.now().toString(36)}`;
  await csv.fill(`operator;country;energy_price_per_kWh;note\nIONITY;DE;0,41;${note}\n`);
  await page.getByLabel("Depot energy price (EUR/kWh)").fill("0.17");
  await page.getByLabel("Value of time (EUR/h)").fill("55");
  await page.getByRole("button", { name: "Save prices" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved: 1 contract.");
  const row = page.getByRole("row", { name: new RegExp(note) });
  await expect(row).toContainText("IONITY");
  await expect(row).toContainText("0.41");
  await expect(page.getByTestId("price-settings")).toContainText("0.17 EUR/kWh");
  await expect(page.getByTestId("price-settings")).toContainText("55 EUR/h");
});
