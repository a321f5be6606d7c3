// The fleet page end to end: sign in, add a vehicle with an override, see the
// server's 422 message next to its field, edit, remove (keyboard-usable dialogs).
import { expect, test, type Page } from "@playwright/test";
import { blockOutside, shot, signIn } from "./support";

test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));


const rowOf = (page: Page, vehicleId: string) => page.locator(`tr[data-vehicle-id="${vehicleId}"]`);

test("adds a vehicle with an override, shows a 422 on its field, edits and removes it", async ({ page }) => {
  // The e2e database outlives runs: a fresh id each time.
  const id = `e2e-${Date.now().toString(36)}`;
  await signIn(page, { path: "/fleet" });
  await expect(page.getByRole("heading", { level: 1, name: "Fleet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Fleet" })).toHaveAttribute("aria-current", "page");
  await expect(rowOf(page, "mb-eactros-600")).toContainText("Mercedes-Benz");
  await expect(page.getByRole("columnheader", { name: /Usable battery/ })).toBeVisible();
  await shot(page, "fleet.png");

  await page.getByRole("button", { name: "Add vehicle" }).click();
  const add = page.getByRole("dialog", { name: "Add a vehicle" });
  await expect(add.getByLabel("Vehicle ID")).toBeFocused();
  await add.getByLabel("Vehicle ID").fill(id);
  await add.getByLabel("Name", { exact: true }).fill("E2E truck");
  await add.getByLabel("Model", { exact: true }).selectOption("MAN_ETGX");
  await expect(add.getByText("Model: 480 kWh")).toBeVisible();
  await add.getByLabel("Usable battery (kWh)").fill("450");
  // Out of the contract's range (0.002 - 0.02): the server's 422 lands on the field.
  await add.getByText("Physics figures").click();
  await add.getByLabel("Rolling resistance").fill("0.5");
  await shot(page, "fleet-add.png");
  await add.getByRole("button", { name: "Add vehicle" }).click();
  const rolling = add.getByLabel("Rolling resistance");
  await expect(rolling).toHaveAttribute("aria-invalid", "true");
  await expect(add.locator("#figure-rollingResistance-error")).toHaveText("Error: Input should be less than or equal to 0.02");
  await expect(rolling).toBeFocused();
  await expect(add.getByRole("alert")).toContainText("check the highlighted fields");
  await shot(page, "fleet-422.png");

  await rolling.fill("");
  await add.getByRole("button", { name: "Add vehicle" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("status")).toHaveText(`Added ${id} to the fleet.`);
  const row = rowOf(page, id);
  await expect(row).toContainText("E2E truck");
  await expect(row).toContainText("MAN");
  await expect(row.getByRole("cell").filter({ hasText: "450" })).toContainText("(override)");

  // A taken vehicle_id (409) is shown on that field.
  await page.getByRole("button", { name: "Add vehicle" }).click();
  const dup = page.getByRole("dialog", { name: "Add a vehicle" });
  await dup.getByLabel("Vehicle ID").fill(id);
  await dup.getByLabel("Name", { exact: true }).fill("Twin");
  await dup.getByLabel("Model", { exact: true }).selectOption("MAN_ETGX");
  await dup.getByRole("button", { name: "Add vehicle" }).click();
  await expect(dup.locator("#vehicle-id-error")).toContainText("already exists");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Edit: rename, no MCS inlet; the stored override stays in the form.
  await row.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${id}` });
  await expect(edit.getByLabel("Vehicle ID")).toHaveAttribute("readonly", "");
  await expect(edit.getByLabel("Usable battery (kWh)")).toHaveValue("450");
  await edit.getByLabel("Name", { exact: true }).fill("E2E truck renamed");
  await edit.getByLabel("No MCS inlet").check();
  await shot(page, "fleet-edit.png");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(row).toContainText("E2E truck renamed");
  await expect(row.getByRole("cell").nth(6)).toHaveText("none (override)");

  // Clearing every override (PATCH overrides: null) brings back the model's figures.
  await row.getByRole("button", { name: "Edit" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Clear all overrides" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(row.getByRole("cell").nth(2)).toHaveText("480");
  await expect(row).not.toContainText("(override)");

  // Remove, with the keyboard: Cancel has the focus, Escape keeps the vehicle.
  await row.getByRole("button", { name: "Remove" }).focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog", { name: `Remove ${id}?` });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await shot(page, "fleet-remove.png");
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Remove" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove vehicle" }).click();
  await expect(page.getByRole("status")).toHaveText(`Removed ${id} from the fleet.`);
  await expect(row).toHaveCount(0);
});
