// The time-cost trade-off: a plan asked with the trade-off shows its options
// as points and buttons; a click shows that plan, another brings the requested one back.
import { expect, test } from "@playwright/test";
import { blockOutside, fillHamburgMunich, signIn } from "./support";

test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));

test("shows the cost options and switches the plan on a click", async ({ page }) => {
  await signIn(page);
  await fillHamburgMunich(page, "80");
  // Next Wednesday 08:00: leaving "now" made the options depend on the hour and the day (on a Saturday
  // night the trade-off had one plan).
  const d = new Date();
  d.setDate(d.getDate() + ((3 - d.getDay() + 7) % 7 || 7));
  await page.getByLabel("Date and time").fill(`${d.toISOString().slice(0, 10)}T08:00`);
  await page.getByRole("button", { name: "Plan route" }).click();
  const options = page.getByTestId("cost-options");
  await expect(options).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId("plan-objective")).toContainText("least energy cost plus value of time");
  const buttons = options.getByRole("button");
  expect(await buttons.count()).toBeGreaterThanOrEqual(2);
  await expect(options.getByRole("button", { name: /\(requested\)/ })).toHaveAttribute("aria-pressed", "true");

  // The fastest option comes first: showing it switches the totals.
  const fastest = options.getByRole("button", { name: /fastest/ });
  await fastest.click();
  await expect(fastest).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("plan-objective")).toContainText("Planned for the least time.");
  await options.getByRole("button", { name: /\(requested\)/ }).click();
  await expect(page.getByTestId("plan-objective")).toContainText("least energy cost plus value of time");
});
