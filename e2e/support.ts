// What every end-to-end spec needs: the e2e key (and more keys, of other
// tenants), no requests leaving the machine, signing in, choosing a place from
// the geocoder, screenshots.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

export const ARTIFACTS = path.join(process.cwd(), "artifacts", "e2e");

export function apiKey(): string {
  const key = process.env.E2E_API_KEY;
  if (!key) throw new Error("E2E_API_KEY is not set: e2e/global-setup.ts did not run");
  return key;
}

/** Another key, made like global-setup.ts makes the first one (the tenant is created with its fleet if missing). */
export function createKey(tenant: string, role: "admin" | "member"): string {
  const out = execFileSync("npx", ["tsx", "scripts/apikey.ts", "create", "--tenant", tenant, "--role", role, "--label", "playwright"], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL ?? "file:./.data/e2e.db" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 120_000,
  });
  return out.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !/\s/.test(l)).pop()!;
}

/** Nothing outside is reachable (no tile server): fail such requests at once. */
export async function blockOutside(page: Page, baseURL: string | undefined): Promise<void> {
  const own = new URL(baseURL!).origin;
  await page.route((url) => url.origin !== own && (url.protocol === "http:" || url.protocol === "https:"), (r) => r.abort());
}

/** Signs in on `path` (null: on the page as it is) with `key`, and waits for the tenant in the top bar. */
export async function signIn(page: Page, opts: { path?: string | null; key?: string; tenant?: string } = {}): Promise<void> {
  const { path: at = "/", key = apiKey(), tenant = "e2e" } = opts;
  if (at !== null) await page.goto(at);
  await page.getByRole("textbox", { name: "API key", exact: true }).fill(key);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("tenant-name")).toHaveText(tenant);
}

/** Types `text` into a place field and picks the suggestion that shows `option`. */
export async function choosePlace(page: Page, field: string, text: string, option: string | RegExp = text): Promise<void> {
  const input = page.getByRole("combobox", { name: field, exact: true });
  await input.fill(text);
  const choice = page.getByRole("listbox", { name: `${field} suggestions` }).getByRole("option").filter({ hasText: option }).first();
  await expect(choice).toBeVisible();
  await choice.click();
  await expect(input).toHaveAttribute("aria-expanded", "false");
}

/**
 * Next Wednesday 08:00 ("YYYY-MM-DDTHH:mm", as the form's date field takes it): no weekend or holiday driving
 * ban, the same plan whatever day the tests run (a tour leaving "now" on a Saturday evening waits for the Sunday ban).
 */
export function nextWednesday(): string {
  const d = new Date();
  d.setDate(d.getDate() + ((3 - d.getDay() + 7) % 7 || 7));
  return `${d.toISOString().slice(0, 10)}T08:00`;
}

/** The form's Hamburg -> München trip: eActros 600, 20 t, leaving next Wednesday 08:00, and the battery at start if given. */
export async function fillHamburgMunich(page: Page, battery?: string): Promise<void> {
  await page.getByLabel("Vehicle", { exact: true }).selectOption("mb-eactros-600");
  await choosePlace(page, "Start", "Hamburg");
  await choosePlace(page, "Destination", "München");
  await page.getByLabel("Payload (kg)").fill("20000");
  await page.getByLabel("Date and time").fill(nextWednesday());
  if (battery !== undefined) await page.getByLabel("Battery at start").fill(battery);
}

export async function shot(page: Page, name: string, dir = ARTIFACTS): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, name) });
}

/** A Hamburg -> Munich plan made over the API with the e2e key (synchronous POST /planner): its optimization id, to open its pages. */
export async function planId(page: Page): Promise<number> {
  const body = {
    vehicle_id: "mb-eactros-600", battery_level_start: 0.8, poi_info: {}, start_time_tour: `${nextWednesday()}:00Z`,
    section_list: [{ start_pos: [53.55, 9.99], stop_pos: [48.14, 11.58], payload_kg: 20000 }],
  };
  const r = await page.request.post("/planner", { headers: { authorization: `Bearer ${apiKey()}` }, data: body });
  expect(r.status()).toBe(200);
  return (await r.json()).optimization_id as number;
}
