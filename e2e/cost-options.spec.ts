// The time-cost trade-off and the planner's result at its own address: a plan
// asked with the trade-off shows its options as points on axes with values
// (the cheapest: the least total cost) and as buttons; a click shows that plan,
// another brings the requested one back. The finished plan's address is
// /plans/{id} (Back returns to the form, a reload opens the plan page, which
// shows the options too), and its toolbar copies and shares the link, prints
// and exports. A tour with one option says there was no trade-off.
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ARTIFACTS, blockOutside, choosePlace, fillHamburgMunich, nextWednesday, shot, signIn } from "./support";

test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));

/** Next Wednesday 08:00: leaving "now" made the options depend on the hour and the day (on a Saturday night the trade-off had one plan). */
async function leaveNextWednesday(page: Page) {
  await page.getByLabel("Date and time").fill(nextWednesday());
}

/** axe (WCAG 2.1 A/AA) on the parts named: no serious or critical violation. */
async function audit(page: Page, name: string, include: string[]) {
  let axe = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  for (const sel of include) axe = axe.include(sel);
  const results = await axe.analyze();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.writeFileSync(path.join(ARTIFACTS, `${name}-axe.json`), JSON.stringify(results.violations, null, 2));
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join("; ")}`)).toEqual([]);
}

/** The chart has tick values on both axes, a point per option, and says its scale. */
async function expectChartWithAxes(options: Locator, count: number) {
  const chart = options.getByRole("img", { name: "Duration against total cost of each option" });
  await expect(chart).toBeVisible();
  expect(await chart.locator("text").filter({ hasText: /^\d+:\d\d$/ }).count()).toBeGreaterThanOrEqual(3);
  expect(await chart.locator("text").filter({ hasText: /^[\d,.]+ EUR$/ }).count()).toBeGreaterThanOrEqual(3);
  await expect(chart.locator("[data-option]")).toHaveCount(count);
  await expect(chart).toHaveAccessibleDescription(/^Scale: duration \d+:\d\d to \d+:\d\d \(h:mm\), total cost [\d,]+ EUR to [\d,]+ EUR\./);
}

/** "cheapest" names exactly one option, and it has the least total cost of the list. */
async function expectCheapestIsLeastTotal(options: Locator) {
  const names = await options.getByRole("listitem").allTextContents();
  const totals = names.map((n) => Number(/· ([\d,]+) EUR total/.exec(n)![1].replace(/,/g, "")));
  const cheapest = names.flatMap((n, i) => (/\bcheapest\b/.test(n) ? [i] : []));
  expect(cheapest).toHaveLength(1);
  expect(totals[cheapest[0]]).toBe(Math.min(...totals));
  expect(names.filter((n) => /\bfastest\b/.test(n))).toHaveLength(1);
}

/** The narrow layouts show the panel or the map; the panel is what these screenshots are of. */
async function shotPanel(page: Page, name: string, at: Locator) {
  for (const width of [1440, 820, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const show = page.getByRole("group", { name: "Show", exact: true });
    if (width <= 900 && (await show.isVisible())) await show.getByRole("button", { name: /^Plan/ }).click();
    await at.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await shot(page, `${name}-${width}.png`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe.serial("cost options and the result's address", () => {
  let id = 0;

  test("shows the options on axes, names the cheapest by total cost, switches the plan; the result is at /plans/{id} with its toolbar", async ({ page, context, baseURL }) => {
    test.setTimeout(150_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    // A share sheet as a browser with the Web Share API has one (Chromium on Linux has none): it records what it is given.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "share", { value: async (data: ShareData) => void ((window as unknown as { shared: ShareData }).shared = data), configurable: true });
    });
    await signIn(page);
    await fillHamburgMunich(page, "80");
    await leaveNextWednesday(page);
    await page.getByRole("button", { name: "Plan route" }).click();
    const options = page.getByTestId("cost-options");
    await expect(options).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId("plan-objective")).toContainText("least energy cost plus value of time");
    const buttons = options.getByRole("button");
    const count = await buttons.count();
    expect(count).toBeGreaterThanOrEqual(2);
    await expect(options.getByRole("button", { name: /\(requested\)/ })).toHaveAttribute("aria-pressed", "true");
    await expectChartWithAxes(options, count);
    await expectCheapestIsLeastTotal(options);

    // The finished plan has its own address.
    await expect(page).toHaveURL(/\/plans\/\d+$/);
    id = Number(/\/plans\/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByRole("tabpanel", { name: "Result" }).getByRole("heading", { level: 2 })).toContainText("Hamburg");

    // The fastest option comes first: showing it switches the totals; the point is marked too.
    const fastest = options.getByRole("button", { name: /fastest/ });
    await fastest.click();
    await expect(fastest).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("plan-objective")).toContainText("Planned for the least time.");
    await options.getByRole("button", { name: /\(requested\)/ }).click();
    await expect(page.getByTestId("plan-objective")).toContainText("least energy cost plus value of time");
    await expect(page).toHaveURL(new RegExp(`/plans/${id}$`));

    await page.waitForLoadState("networkidle");
    await shotPanel(page, "cost-options", options);
    await audit(page, "cost-options", ['section[aria-label="Plan result"]', '[data-testid="plan-toolbar"]']);

    // The toolbar: copy the link (the clipboard holds the plan's address), share it, export, print.
    const toolbar = page.getByRole("group", { name: `Plan #${id}: share, print and export` });
    await toolbar.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByTestId("plan-link-status")).toContainText("Link copied.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/plans/${id}`);
    await toolbar.getByRole("button", { name: "Share…" }).click();
    await expect(page.getByTestId("plan-link-status")).toContainText("Link shared.");
    expect(await page.evaluate(() => (window as unknown as { shared: ShareData }).shared)).toEqual({ title: expect.stringMatching(new RegExp(`^Plan #${id}: Hamburg`)), url: `${baseURL}/plans/${id}` });

    // Export: a disclosure, from the keyboard; each format downloads this plan.
    const exportMenu = toolbar.locator("summary", { hasText: "Export" });
    await exportMenu.focus();
    await page.keyboard.press("Enter");
    const gpxLink = toolbar.getByRole("link", { name: /^Export GPX/ });
    await expect(gpxLink).toBeVisible();
    await page.waitForTimeout(200);
    await shot(page, "plan-toolbar-export.png");
    await page.keyboard.press("Escape");
    await expect(gpxLink).toBeHidden();
    await expect(exportMenu).toBeFocused();
    await exportMenu.click();
    const download = page.waitForEvent("download");
    await gpxLink.click();
    expect((await download).suggestedFilename()).toBe(`etruck-plan-${id}.gpx`);
    await exportMenu.click();
    for (const [name, type] of [["GPX", "application/gpx+xml"], ["GeoJSON", "application/geo+json"]] as const) {
      const href = await toolbar.getByRole("link", { name: new RegExp(`^Export ${name}\\b`) }).getAttribute("href");
      const res = await page.request.get(href!);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toContain(type);
      const body = await res.text();
      if (name === "GPX") expect(body).toContain("<gpx");
      else expect(JSON.parse(body).features.filter((f: { geometry: { type: string } }) => f.geometry.type === "LineString").length).toBeGreaterThan(0);
      // It is this plan: the file is named after it.
      expect(res.headers()["content-disposition"]).toContain(`etruck-plan-${id}.`);
    }
    await exportMenu.click();

    // Back returns to the form with its inputs, Forward to the result at its address.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("tab", { name: "Plan" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("combobox", { name: "Start", exact: true })).toHaveValue(/Hamburg/);
    await expect(page.getByRole("combobox", { name: "Destination", exact: true })).toHaveValue(/München/);
    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`/plans/${id}$`));
    await expect(page.getByRole("tab", { name: "Result" })).toHaveAttribute("aria-selected", "true");
    await expect(options).toBeVisible();
    // "Change the plan" is the form's address again.
    await page.getByRole("button", { name: "Change the plan" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole("tab", { name: "Result" }).click();
    await expect(page).toHaveURL(new RegExp(`/plans/${id}$`));

    // Print: the print page of this plan.
    await toolbar.getByRole("link", { name: "Print" }).click();
    await expect(page).toHaveURL(new RegExp(`/plans/${id}/print$`));
    await expect(page.getByTestId("print-stops").locator('tr[data-stop-kind="destination"]')).toHaveCount(1);
  });

  test("a reload at the plan's address opens the plan page, with its options to choose from", async ({ page }) => {
    test.skip(!id, "needs the plan of the test before");
    await page.goto(`/plans/${id}`);
    await signIn(page, { path: null });
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Hamburg");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Hamburg");
    const options = page.getByTestId("cost-options");
    await expect(options).toBeVisible();
    const count = await options.getByRole("button").count();
    expect(count).toBeGreaterThanOrEqual(2);
    await expectChartWithAxes(options, count);
    await expectCheapestIsLeastTotal(options);
    await expect(page.getByRole("link", { name: "Open plan page" })).toHaveCount(0);
    await expect(page.getByLabel("Share link")).toHaveValue(new RegExp(`/plans/${id}$`));

    // Choosing an option shows that plan, as in the planner; the requested one comes back.
    await expect(page.getByTestId("plan-objective")).toContainText("least energy cost plus value of time");
    const fastest = options.getByRole("button", { name: /fastest/ });
    await fastest.click();
    await expect(fastest).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("plan-objective")).toContainText("Planned for the least time.");
    // A click on a point does the same.
    await options.locator(`[data-option]`).last().click();
    await expect(options.getByRole("button").last()).toHaveAttribute("aria-pressed", "true");
    await options.getByRole("button", { name: /\(requested\)/ }).click();
    await expect(page.getByTestId("plan-objective")).toContainText("least energy cost plus value of time");

    await page.waitForLoadState("networkidle");
    await audit(page, "plan-page-options", ['aside[aria-label="Plan"]']);
    await shotPanel(page, "plan-page-options", options);
  });
});

test("a tour with one option says there was no trade-off", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  // A short trip on the battery alone: every objective plans the same tour.
  await page.getByLabel("Vehicle", { exact: true }).selectOption("mb-eactros-600");
  await choosePlace(page, "Start", "Hamburg");
  await choosePlace(page, "Destination", "Lüneburg");
  await page.getByLabel("Payload (kg)").fill("10000");
  await page.getByLabel("Battery at start").fill("90");
  await leaveNextWednesday(page);
  await page.getByRole("button", { name: "Plan route" }).click();
  const options = page.getByTestId("cost-options");
  await expect(options).toBeVisible({ timeout: 90_000 });
  await expect(options.getByTestId("cost-options-single")).toContainText(/^No trade-off: no other plan tried .* was faster or cost less than this one, \d+ h \d\d min and [\d,]+ EUR in total/);
  await expect(options.getByRole("img")).toHaveCount(0);
  await expect(options.getByRole("button")).toHaveCount(0);
  await expect(page).toHaveURL(/\/plans\/\d+$/);
  await audit(page, "cost-options-single", ['section[aria-label="Plan result"]']);
  await shot(page, "cost-options-single.png");
});
