// What the German specs share: signing in on a German page, and axe over the whole page.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { apiKey } from "./support";

/** Signs in on `path` through the German sign-in page and waits for the tenant and lang="de". */
export async function signInGerman(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Anmelden" })).toBeVisible();
  await page.getByRole("textbox", { name: "API-Schlüssel", exact: true }).fill(apiKey());
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByTestId("tenant-name")).toHaveText("e2e");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
}

/** No axe violation (WCAG 2.1 A and AA) once the page is idle. */
export async function expectAxeClean(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join("; ")}`)).toEqual([]);
}
