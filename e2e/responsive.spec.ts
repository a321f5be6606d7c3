// The app on a phone (390 x 844) and a tablet (820 x 1180): no page wider than the screen, the
// sections behind a menu button, the planner's form and map one at a time with a switch; and the
// keyboard: a skip link first, focus on the result after a submit.
import { expect, test, type Page } from "@playwright/test";
import { blockOutside, fillHamburgMunich, planId, shot, signIn } from "./support";

test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));


/** How far the page reaches beyond the viewport's width, px (0: no horizontal scrolling). */
const overflowPx = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const vp of [{ name: "phone", width: 390, height: 844 }, { name: "tablet", width: 820, height: 1180 }]) {
  test.describe(`${vp.name} ${vp.width}x${vp.height}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test("no page is wider than the screen", async ({ page }) => {
      await signIn(page);
      const id = await planId(page);
      for (const url of ["/", `/plans/${id}`, "/history", "/fleet", "/fleet/day", "/prices", "/keys"]) {
        const res = await page.goto(url);
        expect(res?.status(), url).toBe(200);
        await expect(page.getByTestId("tenant-name")).toBeAttached();
        await page.waitForLoadState("networkidle");
        expect(await overflowPx(page), url).toBeLessThanOrEqual(0);
        await shot(page, `responsive-${vp.name}${url.replaceAll("/", "-").replace(/-$/, "") || "-planner"}.png`);
      }
    });
  });
}

test.describe("phone 390x844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the sections sit behind a menu button that opens and leads to them", async ({ page }) => {
    await signIn(page);
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("link", { name: "Prices" })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    for (const name of ["History", "Prices", "API keys"]) {
      const link = page.getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      const box = (await link.boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
      expect(box.height, name).toBeGreaterThanOrEqual(44); // a touch target
    }
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    await shot(page, "responsive-phone-menu.png");
    await page.getByRole("link", { name: "Prices", exact: true }).click();
    await expect(page).toHaveURL(/\/prices$/);
  });

  test("the planner shows its form or its map, switched; a stop in the result opens the map", async ({ page }) => {
    await signIn(page);
    const show = page.getByRole("group", { name: "Show" });
    const map = page.locator(".leaflet-container");
    await expect(page.getByLabel("Payload (kg)")).toBeVisible();
    await expect(map).toBeHidden();
    await show.getByRole("button", { name: "Map" }).click();
    await expect(map).toBeVisible();
    const box = (await map.boundingBox())!;
    expect(box.height).toBeGreaterThan(500); // the map fills the screen below the bar and the switch
    await expect(page.getByLabel("Payload (kg)")).toBeHidden();
    await show.getByRole("button", { name: "Plan" }).click();
    await fillHamburgMunich(page, "80");
    await page.getByRole("button", { name: "Plan route" }).click();
    const stops = page.getByRole("list", { name: "Stops" });
    await expect(stops).toBeVisible({ timeout: 60_000 });
    await stops.getByRole("button").first().click();
    await expect(map).toBeVisible();
    // The map key starts folded here: it would cover the map and the stop's popup.
    await expect(page.getByTestId("map-key")).not.toHaveAttribute("open");
    await shot(page, "responsive-phone-map-stop.png");
  });
});

test("a skip link is the first Tab stop and leads past the top bar", async ({ page }) => {
  await signIn(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("#content")).toBeFocused();
  await page.keyboard.press("Tab");
  // The next stop is in the page, not in the top bar.
  expect(await page.evaluate(() => !!document.activeElement?.closest("#content"))).toBe(true);
});

test("after submitting, focus is on the result's heading", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole("heading", { level: 1, name: "Plan a trip" })).toBeAttached();
  await fillHamburgMunich(page, "80");
  await page.getByRole("button", { name: "Plan route" }).click();
  await expect(page.locator("#panel-result h2").first()).toBeFocused();
});
