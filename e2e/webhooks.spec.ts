// The webhook signing secret on the API keys page: an admin creates it or
// rotates it (after a confirmation), sees it once in a dialog that Escape does
// not close, and the page then says until when the previous one still signs.
// axe checks the page and the dialog.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { apiKey, blockOutside, shot, signIn } from "./support";

test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** Reads the secret from the one-time dialog and closes it on purpose. */
async function readSecretOnce(page: Page, screenshot: string): Promise<string> {
  const dialog = page.getByRole("dialog", { name: "Copy the webhook signing secret" });
  await expect(dialog).toContainText("This is the only time the secret is shown.");
  const secret = await dialog.getByLabel("Webhook signing secret").inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Copied to the clipboard.");
  await noSeriousViolations(page);
  await shot(page, screenshot);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "I have stored the secret" }).click();
  await expect(dialog).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  return secret;
}

test("an admin creates and rotates the webhook signing secret, shown once", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await signIn(page, { path: "/keys" });
  const card = page.getByRole("region", { name: "Webhook signing secret" });
  await expect(card.getByRole("button", { name: /^(Create|Rotate) secret$/ })).toBeVisible();
  await noSeriousViolations(page);

  if (await card.getByRole("button", { name: "Create secret" }).isVisible()) {
    await expect(card).toContainText("No secret yet");
    await card.getByRole("button", { name: "Create secret" }).click();
    await readSecretOnce(page, "webhook-secret-created.png");
    await expect(page.getByRole("status").filter({ hasText: "webhook" })).toHaveText("Created the webhook signing secret.");
  }
  await expect(card).toContainText("Current secret created");

  const before = (await (await page.request.get("/webhooks/secret", { headers: { authorization: `Bearer ${apiKey()}` } })).json()).created_at;
  await card.getByRole("button", { name: "Rotate secret" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Rotate the webhook signing secret?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Rotate secret" }).click();
  await readSecretOnce(page, "webhook-secret-rotated.png");
  await expect(page.getByRole("status").filter({ hasText: "webhook" })).toHaveText("Rotated the webhook signing secret.");
  await expect(card).toContainText("The previous secret also signs until");
  await shot(page, "webhook-secret-card.png");
  const after = await (await page.request.get("/webhooks/secret", { headers: { authorization: `Bearer ${apiKey()}` } })).json();
  expect(after.created_at).not.toBe(before);
  expect(after.previous_valid_until).toBeTruthy();
});
