// The fleet day pages end to end: sign in, submit a day from a CSV whose tours name their places
// ("Hamburg", "München") or give coordinates, see how each line was read and each problem at its
// line; after the submit the day has its own address, which a reload opens again at phone, tablet
// and laptop width: a row per tour linking to its plan, a row per charge point where no two bars
// meet, the conflict of the tours planned alone in a row of its own, no page wider than the screen;
// History lists the day and links to it. Axe on every state.
// A tenant of its own: its first charging site on the way to Munich is made a one-point site (an
// overlay), so that the two Hamburg tours leaving together meet there, without changing other specs' plans.
import { onePointSite } from "./fleet-day-setup";
import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { blockOutside, shot, signIn } from "./support";

test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));
// The later tests open the day the second one plans.
test.describe.configure({ mode: "serial" });

const TENANT = "e2e-fleet-day";
const DAY_URL = /\/fleet\/day\/[0-9a-f-]{36}$/;
let dayPath = "";
let key = "";

test.beforeAll(() => {
  // As e2e/global-setup.ts does for the e2e tenant: a new admin key (the tenant and its fleet made on first use).
  const out = execFileSync("npx", ["tsx", "scripts/apikey.ts", "create", "--tenant", TENANT, "--label", "playwright fleet day"], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL ?? "file:./.data/e2e.db" }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 120_000,
  });
  key = out.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !/\s/.test(l)).pop() ?? "";
  expect(key).toMatch(/^etp_/);
});

const enter = (page: Page, path: string) => signIn(page, { path, key, tenant: TENANT });

async function noViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join("; ")}`)).toEqual([]);
}

/** How far the page, or its scrolling main area, reaches beyond the viewport's width, px. */
const overflowPx = (page: Page) => page.evaluate(() => {
  const main = document.querySelector("main");
  return Math.max(document.documentElement.scrollWidth - document.documentElement.clientWidth, main ? main.scrollWidth - main.clientWidth : 0);
});

/** Pairs of bars in one row of the site chart whose boxes overlap (by more than a rounding pixel). */
const overlappingBars = (page: Page) => page.evaluate(() => {
  const out: string[] = [];
  const rows = [...document.querySelectorAll("[aria-label='Charging sites timeline'] [data-lane]")];
  for (const row of rows) {
    const boxes = [...row.querySelectorAll("[data-bar]")].map((b) => b.getBoundingClientRect());
    boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
      if (a.left < b.right - 1 && b.left < a.right - 1) out.push(`${row.getAttribute("aria-label")}: ${a.left}-${a.right} and ${b.left}-${b.right}`);
    }));
  }
  return { rows: rows.length, bars: rows.reduce((n, r) => n + r.querySelectorAll("[data-bar]").length, 0), out };
});

test("reads the CSV: each line's places, and every problem at its line", async ({ page }) => {
  await enter(page, "/fleet/day");
  await expect(page.getByRole("heading", { level: 1, name: "Fleet day" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Fleet", exact: true })).toHaveAttribute("aria-current", "page");
  await noViolations(page);
  const csv = page.getByLabel("Tours (CSV, one tour a line)");
  const example = await csv.inputValue();
  const plan = page.getByRole("button", { name: "Plan the day" });
  // A name the geocoder does not know: said at its line, nothing submitted.
  await csv.fill(example.replace("Hamburg,München,2026-12-01T07:00,0.8,20000,0", "Hamburg,Xqzvy Plonkton,2026-12-01T07:00,0.8,20000,0"));
  await plan.click();
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("Line 3: no place found for to “Xqzvy Plonkton”");
  await expect(csv).toHaveAttribute("aria-invalid", "true");
  const read = page.getByRole("table", { name: "How each line was read" });
  await expect(read.getByRole("row", { name: /^2 HH-MUC early Hamburg, DE/ })).toContainText("München, DE");
  await expect(read.getByRole("row", { name: /^4 DO-BER/ })).toContainText("51.5100, 7.4700");
  await noViolations(page);
  // A line the server refuses: its 422 at the CSV's line, in the CSV's names.
  await csv.fill(example.replace(/\nDO-BER,mb-eactros-600/, "\nDO-BER,no-such-truck"));
  await plan.click();
  await expect(alert).toContainText("Line 4, vehicle_id:");
  await expect(page).toHaveURL(/\/fleet\/day$/);
});

test("plans a day from place names: its own address, each tour linking to its plan, the conflict alone in a row of its own", async ({ page }) => {
  test.setTimeout(240_000);
  await enter(page, "/fleet/day");
  const site = await onePointSite(page, key);
  await page.getByRole("button", { name: "Plan the day" }).click();
  await expect(page).toHaveURL(DAY_URL, { timeout: 20_000 });
  dayPath = new URL(page.url()).pathname;
  await expect(page.getByRole("table", { name: "How each line was read" })).toContainText("Hamburg, DE");
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Fleet day succeeded", { timeout: 180_000 });
  // The axis runs on the first tour's departure clock (Hamburg, in December: CET); the CSV's 07:00 is Hamburg's.
  await expect(page.getByRole("heading", { name: "Tours (CET, Europe/Berlin)" })).toBeVisible();
  await expect(page.getByRole("listitem", { name: /^Tour 1 HH-MUC early \(Hamburg, DE → München, DE; mb-eactros-600, priority 1\): leaves \d\d:\d\d CET/ })).toBeVisible();
  await expect(page.getByRole("listitem", { name: /^Tour 3 DO-BER .*leaves 07:15 CET/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Charging sites shared/ })).toBeVisible();
  // Alone, both Hamburg tours charged at the one-point site at once: that row is there, the site's name in full.
  const sites = page.getByRole("region", { name: "Charging sites timeline" });
  const head = sites.getByRole("listitem", { name: new RegExp(`^${site.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
  await expect(head).toContainText("1 charge point");
  await expect(head.getByRole("listitem", { name: /^Planned alone, resolved by the fleet plan: .*2 trucks on 1 point \(tours 1, 2\)/ })).toBeAttached();
  const figure = (name: string) => page.locator("dl > div").filter({ has: page.getByText(name, { exact: true }) }).locator("dd");
  await expect(figure("Conflicts planned alone")).not.toHaveText("0");
  await expect(figure("Conflicts left")).toHaveText("0");
  await shot(page, "fleet-day-submitted.png");
  await noViolations(page);
  // A tour's name opens its plan.
  const link = page.getByRole("region", { name: "Tours timeline" }).getByRole("link", { name: "HH-MUC early" });
  await expect(link).toHaveAttribute("href", /^\/plans\/\d+$/);
  await link.click();
  await expect(page).toHaveURL(/\/plans\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Hamburg");
  // Back: the day's address again.
  await page.goBack();
  await expect(page).toHaveURL(DAY_URL);
});

for (const vp of [{ name: "phone", width: 390, height: 844 }, { name: "tablet", width: 820, height: 1180 }, { name: "laptop", width: 1440, height: 900 }]) {
  test(`the day's address opens the day again (${vp.name} ${vp.width} px): point rows without overlaps, no page overflow`, async ({ page }) => {
    expect(dayPath, "the day planned by the test before").toMatch(DAY_URL);
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await enter(page, dayPath);
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Fleet day succeeded");
    await expect(page.getByRole("link", { name: "Plan another day" })).toBeVisible();
    await expect(page.getByRole("listitem", { name: /^Tour 2 HH-MUC / })).toBeAttached();
    const sites = page.getByRole("region", { name: "Charging sites timeline" });
    await expect(sites.getByRole("listitem", { name: /^Point 1: tour \d/ }).first()).toBeAttached();
    const bars = await overlappingBars(page);
    expect(bars.rows).toBeGreaterThan(0);
    expect(bars.bars).toBeGreaterThan(1);
    expect(bars.out).toEqual([]);
    await page.waitForLoadState("networkidle");
    expect(await overflowPx(page)).toBeLessThanOrEqual(0);
    await shot(page, `fleet-day-${vp.width}.png`);
    await sites.scrollIntoViewIfNeeded();
    await shot(page, `fleet-day-${vp.width}-sites.png`);
    await noViolations(page);
  });
}

test("History lists the day and links to it", async ({ page }) => {
  expect(dayPath).toMatch(DAY_URL);
  await enter(page, "/history");
  const days = page.getByTestId("fleet-days-table");
  const row = days.locator(`tr[data-fleet-id="${dayPath.split("/").pop()}"]`);
  await expect(row).toContainText("Tue 1 Dec 2026");
  await expect(row).toContainText("first departure 07:00 CET");
  await expect(row.getByRole("cell").nth(2)).toHaveText("3");
  await expect(row).toContainText("Planned");
  await row.scrollIntoViewIfNeeded();
  await shot(page, "fleet-day-history.png");
  await noViolations(page);
  await row.getByRole("link", { name: "Tue 1 Dec 2026" }).click();
  await expect(page).toHaveURL(dayPath);
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Fleet day succeeded");
});

test("a day of another organisation, or no day, reads as not found", async ({ page }) => {
  await enter(page, "/fleet/day/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("main").getByRole("alert")).toContainText("There is no such fleet day");
  await page.goto("/fleet/day/not-a-day");
  await expect(page.getByRole("main").getByRole("alert")).toContainText("There is no such fleet day");
});
