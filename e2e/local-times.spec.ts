// Local times end to end: a Saturday-evening departure at 20:00 in Berlin (19:00 UTC) is sent with
// its offset and shown as 20:00 CET wherever the plan is read (planner totals, stops, timeline and
// map popup; the plan's page; its print view), each time with its zone.
import { expect, test } from "@playwright/test";
import { blockOutside, fillHamburgMunich, shot, signIn } from "./support";

test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));

/** A time of day on the place's clock with its zone, on a day of the tour (it waits out the Sunday ban: Saturday 28 to Monday 30 November). */
const STOP_TIME = /(Sat 28|Sun 29|Mon 30) Nov, \d\d:\d\d CET/;

test("a departure at 20:00 Europe/Berlin reads 20:00 CET in the planner, on the plan's page and in print", async ({ page }) => {
  await signIn(page);
  await fillHamburgMunich(page, "80");
  await page.getByLabel("Date and time").fill("2026-11-28T20:00");
  await page.getByLabel("Time zone").selectOption("Europe/Berlin");
  await expect(page.locator("#departure-hint")).toHaveText("Sent as 2026-11-28 20:00 UTC+01:00: Sat 28 Nov, 20:00 CET");

  const submitted = page.waitForRequest((r) => r.url().includes("/api/trpc/planner.submit") && r.method() === "POST");
  const answered = page.waitForResponse((r) => r.url().includes("/api/trpc/planner.submit") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Plan route" }).click();
  // What the form shows is what it sends: the wall time with the zone's offset.
  const sent = JSON.parse((await submitted).postData() ?? "{}") as Record<string, { body: { start_time_tour: string } }>;
  expect(sent["0"].body.start_time_tour).toBe("2026-11-28T20:00:00+01:00");
  const json = await (await answered).json();
  const id = (Array.isArray(json) ? json[0] : json).result.data.optimization_id as number;

  const stops = page.getByRole("list", { name: "Stops" });
  await expect(stops).toBeVisible({ timeout: 60_000 });
  const totals = page.getByRole("definition").filter({ hasText: "20:00 CET" });
  await expect(totals.first()).toContainText("Sat 28 Nov");
  await expect(stops.locator('li[data-stop-kind="start"]')).toContainText("dep. 20:00 CET");
  await expect(stops.locator('li[data-stop-kind="destination"]')).toContainText(/arr\. .*\d\d:\d\d CET/);
  await expect(stops.locator('li[data-stop-kind="charge"]').first()).toContainText(/\d\d:\d\d–.*\d\d:\d\d CET/);
  await expect(page.getByText("Axis: CET, Europe/Berlin.")).toBeVisible();
  // The Sunday ban (00:00-22:00): the plan waits, and the stop says for what and until when.
  await expect(stops.getByTestId("ban-wait").first()).toContainText(/Driving ban: waits .*until Sun 29 Nov, 22:00 CET/);
  await page.locator(".leaflet-marker-icon.plan-icon-charge").first().click();
  await expect(page.locator(".leaflet-popup")).toContainText(STOP_TIME);
  await shot(page, "local-times-planner.png");

  // The plan's page: the same times, the same zones.
  await page.goto(`/plans/${id}`);
  const planStops = page.getByRole("list", { name: "Stops" });
  await expect(planStops.locator('li[data-stop-kind="start"]')).toContainText("dep. 20:00 CET", { timeout: 30_000 });
  await expect(page.getByRole("definition").filter({ hasText: "20:00 CET" }).first()).toContainText("Sat 28 Nov");
  await shot(page, "local-times-plan.png");

  // Print: departure with its day and zone; every stop's times with theirs.
  await page.goto(`/plans/${id}/print`);
  const table = page.getByTestId("print-stops");
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Sat 28 Nov, 20:00 CET").first()).toBeVisible();
  await expect(table.locator('tr[data-stop-kind="charge"]').first()).toContainText(STOP_TIME);
  await expect(table.locator('tr[data-stop-kind="destination"]')).toContainText(STOP_TIME);
  await expect(page.locator("body")).not.toContainText(/\d\d:\d\d UTC/);
});
