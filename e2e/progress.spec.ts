// Progress while a job runs, without reloading: the page polls the job and
// shows "Queued", then "Planning", then the plan. The in-process worker is too
// quick to catch those states, so the first two answers of the job poll are
// replayed as queued and running (the rest pass through unchanged).
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ARTIFACTS, blockOutside, fillHamburgMunich, signIn } from "./support";


test("shows queued, then planning, then the plan, without a reload", async ({ page, baseURL }) => {
  await blockOutside(page, baseURL);
  // Each faked answer is held back until the test has seen the state before it.
  const gate = () => {
    let open!: () => void;
    return { wait: new Promise<void>((r) => (open = r)), open: () => open() };
  };
  const steps = [{ status: "queued", gate: gate() }, { status: "running", gate: gate() }];
  steps[0].gate.open();
  await page.route(/\/api\/trpc\/planner\.job\?/, async (route) => {
    const response = await route.fetch();
    const step = steps.shift();
    if (!step) return route.fulfill({ response });
    await step.gate.wait;
    const body = (await response.text()).replace(/"status":"(succeeded|not_drivable|failed|running|queued)"/, `"status":"${step.status}"`);
    return route.fulfill({ response, body });
  });
  const runningGate = steps[1].gate;

  await signIn(page);
  await fillHamburgMunich(page);
  // A mark on the page's window: a reload (or any new document) would lose it. The address itself
  // changes to the plan's (history.pushState), which is not a reload.
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await page.getByRole("button", { name: "Plan route" }).click();

  const status = page.getByRole("status").filter({ hasText: /Queued|Planning/ }).first();
  await expect(status).toContainText("Queued");
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, "progress-queued.png") });
  runningGate.open();
  await expect(page.getByRole("status").filter({ hasText: "Planning route and charging stops" }).first()).toBeVisible();
  await page.screenshot({ path: path.join(ARTIFACTS, "progress-running.png") });
  await expect(page.getByRole("list", { name: "Stops" })).toBeVisible({ timeout: 60_000 });
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage), "the page never reloaded").toBe(true);
  await expect(page).toHaveURL(/\/plans\/\d+$/);
});
