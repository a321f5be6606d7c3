// Accessibility of every screen with axe (WCAG 2.1 A/AA rules), on a laptop
// and a tablet: no serious or critical violation. Each screen's report is kept
// as an artifact next to its screenshot.
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { blockOutside, planId, signIn } from "./support";

test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));

const ARTIFACTS = path.join(process.cwd(), "artifacts", "e2e", "a11y");
const VIEWPORTS = [
  { name: "laptop", width: 1366, height: 768 },
  { name: "tablet", width: 768, height: 1024 },
];


async function audit(page: Page, screen: string, viewport: string) {
  await page.waitForLoadState("networkidle");
  // Map tiles and the basemap are decoration; the map's controls and markers are checked.
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = `${screen}-${viewport}`;
  fs.writeFileSync(path.join(ARTIFACTS, `${file}.json`), JSON.stringify(results.violations, null, 2));
  await page.screenshot({ path: path.join(ARTIFACTS, `${file}.png`), fullPage: false });
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join("; ")}`)).toEqual([]);
}

for (const vp of VIEWPORTS) {
  test.describe(`${vp.name} ${vp.width}x${vp.height}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test("sign-in, planner and a planned tour", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByLabel("API key")).toBeVisible();
      await audit(page, "sign-in", vp.name);
      await signIn(page);
      await audit(page, "planner", vp.name);
      const id = await planId(page);
      for (const [screen, url] of [["plan-page", `/plans/${id}`], ["history", "/history"], ["fleet", "/fleet"], ["keys", "/keys"], ["prices", "/prices"]] as const) {
        const res = await page.goto(url);
        expect(res?.status(), url).toBe(200);
        await expect(page.getByTestId("tenant-name")).toHaveText("e2e");
        await expect(page.locator("h1, h2").first()).toBeVisible();
        await audit(page, screen, vp.name);
      }
    });
  });
}
