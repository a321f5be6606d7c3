// The fleet day page end to end: sign in, submit the example day from its CSV
// (two tours leaving Hamburg together for Munich), see the tours on a timeline,
// the sites they share and what the fleet plan changed; axe on both states, on
// a laptop and a tablet.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { blockOutside, shot, signIn } from "./support";

test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join("; ")}`)).toEqual([]);
}

for (const vp of [{ name: "laptop", width: 1366, height: 768 }, { name: "tablet", width: 768, height: 1024 }]) {
  test(`plans a day's tours from a CSV and shows timeline and site occupancy (${vp.name})`, async ({ page }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await signIn(page, { path: "/fleet/day" });
    await expect(page.getByRole("heading", { level: 1, name: "Fleet day" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Fleet", exact: true })).toHaveAttribute("aria-current", "page");
    await noSeriousViolations(page);
    // A file line the client can read but the server refuses: its 422 shows where.
    const csv = page.getByLabel("Tours (CSV, one tour a line)");
    const example = await csv.inputValue();
    await csv.fill(example.replace(/\n.*$/, "\nno-such-truck,53.55,9.99,48.14,11.58,2026-12-01T06:00:00,0.8,20000,0,"));
    await page.getByRole("button", { name: "Plan the day" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("tours › 2 › vehicle_id");
    await csv.fill(example);
    await page.getByRole("button", { name: "Plan the day" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Fleet day succeeded", { timeout: 80_000 });
    // The axis runs on the first tour's departure clock (Hamburg, in December: CET).
    await expect(page.getByRole("heading", { name: "Tours (CET, Europe/Berlin)" })).toBeVisible();
    await expect(page.getByRole("listitem", { name: /leaves \d\d:\d\d CET, .*ends \d\d:\d\d CET/ }).first()).toBeVisible();
    await expect(page.getByRole("listitem", { name: /^Tour \d+ \(mb-eactros-600, priority 1\)/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Charging sites shared/ })).toBeVisible();
    await expect(page.getByText("Conflicts left")).toBeVisible();
    await shot(page, `fleet-day-${vp.name}.png`);
    await noSeriousViolations(page);
  });
}
