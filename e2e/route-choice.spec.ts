// Route choice: the routes the plan considered are listed with why each was or was not chosen,
// drawn as thin grey lines with a popup, and "Plan on this route" plans the tour on one of them.
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { ARTIFACTS, blockOutside, fillHamburgMunich, shot, signIn } from "./support";

test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));

test("lists the routes considered, shows them on the map and plans on the one picked", async ({ page }) => {
  await signIn(page);
  await fillHamburgMunich(page, "80");
  await page.getByRole("button", { name: "Plan route" }).click();
  const routes = page.getByTestId("route-choices");
  await expect(routes).toBeVisible({ timeout: 90_000 });
  const items = routes.getByRole("listitem");
  expect(await items.count()).toBeGreaterThanOrEqual(2);
  await expect(items.first()).toContainText("Fastest route");
  await expect(routes.locator('li[aria-current="true"]')).toHaveCount(1);
  await expect(routes.locator('li[aria-current="true"]')).toContainText("Chosen");
  await expect(items.nth(1)).toContainText(/km · .* driving/);

  // The routes not chosen are thin grey lines; a click opens a popup saying why.
  const lines = page.locator("path.route-alternative");
  expect(await lines.count()).toBe((await items.count()) - 1);
  await lines.first().dispatchEvent("click");
  const popup = page.locator(".leaflet-popup-content");
  await expect(popup).toContainText(/Route \d|Fastest route/);
  await expect(popup).toContainText(/Not chosen|Not drivable|Not planned/);
  await shot(page, "route-choice.png");

  // axe on the result with its routes and the map with the popup open.
  const results = await new AxeBuilder({ page })
    .include('section[aria-label="Plan result"]')
    .include(".plan-map-wrap")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.writeFileSync(path.join(ARTIFACTS, "route-choice-axe.json"), JSON.stringify(results.violations, null, 2));
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join("; ")}`)).toEqual([]);

  // Plan on the second route: a new plan whose chosen route is that one.
  const second = items.nth(1);
  const name = (await second.locator("strong").textContent())!;
  await second.getByRole("button", { name: `Plan on ${name.toLowerCase()}` }).click();
  const chosen = page.getByTestId("route-choices").locator('li[aria-current="true"]');
  await expect(chosen).toContainText(name, { timeout: 90_000 });
  await expect(chosen).toContainText("Chosen");
  await expect(page.getByTestId("route-choices").getByRole("listitem").first()).toContainText("Not planned: another route was picked");
});
