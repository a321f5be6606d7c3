// The planning form end to end: a tour with an intermediate stop (payload per
// leg, service time, time window) planned and read back per stop; the
// client's check of the contract stopping a request; the server's 422 shown
// at its field; points reordered with the keyboard. One viewport per test
// covers the laptop and both tablet orientations.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { blockOutside, choosePlace, shot, signIn } from "./support";

test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));

const SUBMIT = "/api/trpc/planner.submit";

/** No serious or critical WCAG 2.1 A/AA violation in the form as it is now (open sections, messages shown). */
async function accessible(page: Page) {
  const r = await new AxeBuilder({ page }).include("[data-plan-form]").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = r.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join("; ")}`)).toEqual([]);
}

/** Requests of planner.submit the page makes from now on. */
function submits(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes(SUBMIT)) seen.push(r.postData() ?? "");
  });
  return seen;
}

/** "YYYY-MM-DD" of tomorrow in Berlin (the browser's zone, playwright.config.ts). */
function tomorrowBerlin(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(Date.now() + 24 * 3600_000);
}

test.describe("laptop", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("plans Hamburg -> Hannover -> München with payloads per leg, a service time and a time window", async ({ page }) => {
    const sent = submits(page);
    await signIn(page);
    await expect(page.getByLabel("Vehicle", { exact: true })).toBeEnabled();
    await page.getByLabel("Vehicle", { exact: true }).selectOption("mb-eactros-600");
    await choosePlace(page, "Start", "Hamburg");
    await choosePlace(page, "Destination", "München");
    await page.getByRole("button", { name: "+ Add intermediate stop" }).click();
    // The new stop sits before the destination and has the focus.
    await expect(page.getByRole("combobox", { name: "Stop 1", exact: true })).toBeFocused();
    await choosePlace(page, "Stop 1", "Hannover");

    await page.getByLabel("Payload (kg)").fill("20000");
    const day = tomorrowBerlin();
    await page.getByLabel("Date and time").fill(`${day}T06:00`);
    await expect(page.locator("#departure-hint")).toContainText(`Sent as ${day} 06:00 UTC+0`);

    // Hannover: 30 min unloading, arrival between 09:00 and 12:00.
    const stop = page.getByRole("group", { name: "Stop 1", exact: true });
    await stop.getByRole("button", { name: "Load and times at stop 1" }).click();
    await stop.getByLabel("Service time here (min)").fill("30");
    await stop.getByLabel("Earliest").fill(`${day}T09:00`);
    await stop.getByLabel("Latest").fill(`${day}T12:00`);
    // München: part of the load stays in Hannover.
    const destination = page.getByRole("group", { name: "Destination", exact: true });
    await destination.getByRole("button", { name: "Load and times at destination" }).click();
    await destination.getByLabel("Other payload on the way here (kg)").fill("8000");
    await shot(page, "form-multistop.png");
    await accessible(page);

    await page.getByRole("button", { name: "Plan route" }).click();
    const stops = page.getByRole("list", { name: "Stops" });
    await expect(stops).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole("heading", { name: /Hamburg.* → 1 stop → .*München/ })).toBeVisible();

    // The request: one section per leg, each with its own payload; the stop's service time and window with the zone's offset.
    expect(sent).toHaveLength(1);
    const { body } = (JSON.parse(sent[0]) as Record<string, { body: { section_list: Record<string, unknown>[]; start_time_tour: string } }>)["0"];
    expect(body.section_list.map((s) => s.payload_kg)).toEqual([20000, 8000]);
    expect(body.section_list[0].service_time_min).toBe(30);
    expect(body.section_list[0].opening_time).toEqual([expect.stringMatching(new RegExp(`^${day}T09:00:00\\+0[12]:00$`)), expect.stringMatching(/T12:00:00\+0[12]:00$/)]);
    expect(body.section_list[1].opening_time).toBeUndefined();
    expect(body.start_time_tour).toMatch(new RegExp(`^${day}T06:00:00\\+0[12]:00$`));

    // The result lists the intermediate stop and the destination, each after its own leg.
    await expect(stops.locator('li[data-stop-kind="waypoint"]')).toHaveCount(1);
    await expect(stops.locator('li[data-stop-kind="destination"]')).toHaveCount(1);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    await shot(page, "form-multistop-result.png");

    // Back to the form: everything typed is still there, ready to change.
    await page.getByRole("button", { name: "Change the plan" }).click();
    await expect(destination.getByLabel("Other payload on the way here (kg)")).toHaveValue("8000");
  });
});

test.describe("tablet landscape", () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test("the contract's check stops an invalid form before any request, next to each field", async ({ page }) => {
    const sent = submits(page);
    await signIn(page);
    await expect(page.getByLabel("Vehicle", { exact: true })).toBeEnabled();
    await choosePlace(page, "Start", "Hamburg");
    await choosePlace(page, "Destination", "München");
    await page.getByLabel("Payload (kg)").fill("50000");
    await page.getByText("Charging options").click();
    await page.getByLabel("Min. power (kW)").fill("400");
    await page.getByLabel("Max. power (kW)").fill("150");
    await page.getByRole("button", { name: "Plan route" }).click();

    const payload = page.getByLabel("Payload (kg)");
    await expect(payload).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#payload-error")).toContainText("Payload exceeds the vehicle's limit");
    await expect(payload).toHaveAttribute("aria-describedby", /payload-error/);
    await expect(page.getByLabel("Max. power (kW)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#max-kw-error")).toContainText("min_kW must not exceed max_kW");
    await expect(page.locator("#form-errors")).toContainText("Please check the 2 highlighted fields.");
    // Focus lands on the first field with a message, which reads the message with it.
    await expect(payload).toBeFocused();
    await shot(page, "form-client-error.png");
    await accessible(page);
    expect(sent).toHaveLength(0);

    // Changing a field takes its message away.
    await payload.fill("20000");
    await expect(page.locator("#payload-error")).toHaveCount(0);
    await expect(page.locator("#max-kw-error")).toBeVisible();
  });
});

test.describe("tablet portrait", () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test("the server's 422 for a point far from any road shows at that point", async ({ page }) => {
    const sent = submits(page);
    await signIn(page);
    await expect(page.getByLabel("Vehicle", { exact: true })).toBeEnabled();
    await choosePlace(page, "Start", "Hamburg");
    // The North Sea, some 150 km off the coast: valid coordinates, no road within reach.
    await choosePlace(page, "Destination", "54.9, 6", "coordinates");
    await page.getByLabel("Payload (kg)").fill("20000");
    const response = page.waitForResponse((r) => r.url().includes(SUBMIT));
    await page.getByRole("button", { name: "Plan route" }).click();
    expect((await response).status()).toBe(422);
    expect(sent).toHaveLength(1);

    const destination = page.getByRole("combobox", { name: "Destination", exact: true });
    await expect(destination).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#destination-error")).toContainText("No road within reach");
    await expect(destination).toBeFocused();
    await expect(page.getByRole("list", { name: "Stops" })).toHaveCount(0);
    await shot(page, "form-server-error.png");
    await accessible(page);
  });

  test("points are added, reordered and removed with the keyboard alone", async ({ page }) => {
    await signIn(page);
    await expect(page.getByLabel("Vehicle", { exact: true })).toBeEnabled();
    /** Types into the focused place field and takes the first suggestion, keys only. */
    async function typePlace(field: string, text: string, expected: string) {
      const input = page.getByRole("combobox", { name: field, exact: true });
      await expect(input).toBeFocused();
      await page.keyboard.type(text);
      await expect(page.getByRole("listbox", { name: `${field} suggestions` }).getByRole("option").first()).toContainText(expected);
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await expect(input).toHaveValue(expected);
    }
    await page.getByRole("combobox", { name: "Start", exact: true }).focus();
    await typePlace("Start", "Hamburg", "Hamburg, DE");
    // Tab order: the field, its map button, the destination's move buttons, then its field.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Set start on map" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Move destination up" })).toBeFocused();
    await page.keyboard.press("Tab");
    await typePlace("Destination", "Hannover", "Hannover, DE");

    await page.getByRole("button", { name: "+ Add intermediate stop" }).focus();
    await page.keyboard.press("Enter");
    await typePlace("Stop 1", "München", "München, DE");

    // Stop 1 (München) down: it becomes the destination, the focus stays on its button.
    await page.getByRole("button", { name: "Move stop 1 down" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("combobox", { name: "Destination", exact: true })).toHaveValue(/München/);
    await expect(page.getByRole("combobox", { name: "Stop 1", exact: true })).toHaveValue(/Hannover/);
    await expect(page.getByRole("button", { name: "Move destination up" })).toBeFocused();
    await expect(page.locator("[aria-live='polite']").filter({ hasText: "is now destination" })).toHaveCount(1);
    await shot(page, "form-keyboard.png");

    await page.getByRole("button", { name: "Remove stop 1" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("input[role=combobox]")).toHaveCount(2);
    await expect(page.getByRole("combobox", { name: "Destination", exact: true })).toBeFocused();
  });
});
