// The API keys page end to end: create a key and see it exactly once, sign in
// with it, revoke it from its own session (warned, signed out), and it no
// longer signs in. A member key sees why it cannot manage keys.
import { expect, test, type Page } from "@playwright/test";
import { apiKey, blockOutside, shot, signIn } from "./support";

test.beforeEach(({ page, baseURL }) => blockOutside(page, baseURL));

const KEY_SHAPE = /^etp_[a-z0-9]{10}_[A-Za-z0-9_-]{43}$/;

/** Signs in on the sign-in form the page shows now (after a sign-out) and lands on the keys page. */
async function signInHere(page: Page, key: string) {
  // Sign-out takes a request: wait for the form (the keys page's "API keys" texts are not it).
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await signIn(page, { path: null, key });
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
}

/** Creates a key on the page and returns it, read from the one-time dialog. */
async function createKey(page: Page, label: string, role: "Admin" | "Member", screenshot?: string): Promise<string> {
  await page.getByLabel("Label").fill(label);
  await page.getByRole("radio", { name: new RegExp(`^${role}`) }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Copy your new API key" });
  await expect(dialog).toContainText("This is the only time the full key is shown.");
  const key = await dialog.getByLabel(`API key “${label}”`).inputValue();
  expect(key).toMatch(KEY_SHAPE);
  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Copied to the clipboard.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  if (screenshot) await shot(page, screenshot);
  // Escape must not throw the key away; only the explicit button closes.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "I have stored the key" }).click();
  await expect(dialog).toHaveCount(0);
  return key;
}

const rowOf = (page: Page, label: string) => page.getByRole("row").filter({ has: page.getByRole("cell", { name: label, exact: true }) });

test("creates a key shown once, signs in with it, revokes it from its own session", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const label = `e2e key ${Date.now().toString(36)}`;
  await page.goto("/keys");
  await signInHere(page, apiKey());
  await expect(page.getByRole("link", { name: "API keys" })).toHaveAttribute("aria-current", "page");
  await shot(page, "keys.png");

  // No label: the server's 422 is shown on the field, which gets the focus.
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByRole("textbox", { name: "Label" })).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#key-label-error")).toHaveText("Error: String should have at least 1 character");
  await expect(page.getByRole("textbox", { name: "Label" })).toBeFocused();

  const key = await createKey(page, label, "Admin", "keys-new.png");
  await expect(page.getByRole("status").filter({ hasText: "Created key" })).toHaveText(`Created key “${label}” (admin).`);
  const row = rowOf(page, label);
  await expect(row).toContainText("Active");
  await expect(row).toContainText("never");
  // Shown once: not on the page any more, nor after a reload.
  expect(await page.content()).not.toContain(key);
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(key);

  await page.getByRole("button", { name: "Sign out" }).click();
  await signInHere(page, key);
  await expect(row).toContainText("This session");
  await expect(row).not.toContainText("never");

  await row.getByRole("button", { name: "Revoke" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Revoke the key you are signed in with?" });
  await expect(confirm).toContainText("This is the key of your current session.");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await shot(page, "keys-revoke-own.png");
  await confirm.getByRole("button", { name: "Revoke and sign out" }).click();

  // Signed out at once; the revoked key no longer signs in.
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByRole("textbox", { name: "API key", exact: true }).fill(key);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("#api-key-error")).toHaveText("This API key is not valid or has been revoked.");
  await shot(page, "keys-revoked-signin.png");
  expect((await page.request.get("/vehicles", { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);

  await page.getByRole("textbox", { name: "API key", exact: true }).fill("");
  await signInHere(page, apiKey());
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: "Revoke" })).toHaveCount(0);
});

test("a member key sees why it cannot manage keys", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const label = `e2e member ${Date.now().toString(36)}`;
  await page.goto("/keys");
  await signInHere(page, apiKey());
  const key = await createKey(page, label, "Member");
  await page.getByRole("button", { name: "Sign out" }).click();
  await signInHere(page, key);
  await expect(page.getByRole("note")).toContainText("Only a tenant admin can create or revoke API keys.");
  await expect(page.getByRole("button", { name: "Create key" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Revoke/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "API keys" })).toHaveCount(0);
  await expect(rowOf(page, label)).toContainText("This session");
  await shot(page, "keys-member.png");

  // Clean up with the admin key so member keys do not pile up as active.
  await page.getByRole("button", { name: "Sign out" }).click();
  await signInHere(page, apiKey());
  await rowOf(page, label).getByRole("button", { name: "Revoke" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Revoke “${label}”?` });
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(rowOf(page, label)).toContainText("Revoked");
});

test("an admin sees the tenant's signed-in sessions and ends another browser's: that browser is signed out", async ({ page, browser, baseURL }) => {
  // A second browser signs in with the same key: a session of its own.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await blockOutside(otherPage, baseURL);
  await signIn(otherPage, { path: "/history" });
  const otherCookie = (await other.cookies()).find((c) => c.name === "etp_session")!;
  // The cookie is a session token, never the key.
  expect(otherCookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(otherCookie.value).not.toContain(apiKey().split("_")[2]);
  expect(otherCookie.httpOnly).toBe(true);

  await signIn(page, { path: "/keys" });
  const sessions = page.getByRole("table", { name: "Web app sessions of e2e" });
  await expect(sessions.getByText("This session")).toBeVisible();
  const before = await sessions.getByRole("row").count();
  // Sessions are newest first: this page's, then the other browser's.
  const otherRow = sessions.getByRole("row").filter({ hasNot: page.getByText("This session") }).nth(1);
  await otherRow.getByRole("button", { name: /^End session/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Session ended" })).toHaveText("Session ended: that browser is signed out.");
  await expect(sessions.getByRole("row")).toHaveCount(before - 1);
  await shot(page, "keys-sessions.png");

  // The other browser's next request finds no session: it shows the sign-in form.
  await otherPage.reload();
  await expect(otherPage.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await other.close();
});
