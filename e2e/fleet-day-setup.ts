// What a fleet day spec needs before its day: a tenant of its own with an admin key, and the first
// charging site of a Hamburg -> München tour made a one-point site for that tenant (an overlay), so
// that two such tours leaving together meet there without changing any other spec's plans.
import { execFileSync } from "node:child_process";
import { expect, type Page } from "@playwright/test";

/** A new admin key of `tenant` (the tenant and its fleet made on first use), as e2e/global-setup.ts makes the e2e tenant's. */
export function tenantKey(tenant: string): string {
  const out = execFileSync("npx", ["tsx", "scripts/apikey.ts", "create", "--tenant", tenant, "--label", `playwright ${tenant}`], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL ?? "file:./.data/e2e.db" }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 120_000,
  });
  const key = out.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !/\s/.test(l)).pop() ?? "";
  expect(key).toMatch(/^etp_/);
  return key;
}

/** The first charging site of a Hamburg -> München tour leaving 2026-12-01 07:00 with 80 % and 20 t, made a one-point site for `key`'s tenant; its name. */
export async function onePointSite(page: Page, key: string): Promise<string> {
  const headers = { authorization: `Bearer ${key}` };
  const at = async (address: string) => {
    const r = await page.request.get(`/routing/geocode?address=${encodeURIComponent(address)}`, { headers });
    expect(r.status()).toBe(200);
    const g = await r.json();
    return [g.latitude, g.longitude];
  };
  const body = {
    vehicle_id: "mb-eactros-600", battery_level_start: 0.8, start_time_tour: "2026-12-01T07:00:00+01:00", poi_info: {},
    section_list: [{ start_pos: await at("Hamburg"), stop_pos: await at("München"), payload_kg: 20000 }],
  };
  const r = await page.request.post("/planner", { headers, data: body, timeout: 60_000 });
  expect(r.status()).toBe(200);
  const plan = await r.json();
  type Poi = { id: number; name: string; charge_time_min?: number } | null;
  const first = plan.sections.map((x: { poi_summary: Poi }) => x.poi_summary).find((p: Poi) => (p?.charge_time_min ?? 0) > 0);
  const external = plan.poi_list.find((p: { poi_id: number }) => p.poi_id === first.id).external_id;
  const put = await page.request.put(`/poi/overlays/${encodeURIComponent(external)}`, { headers, data: { charge_points: 1 } });
  expect(put.status()).toBe(200);
  return first.name;
}
