// The documented REST paths on the real Next.js server (routing, params, headers).
import { expect, test } from "@playwright/test";
import { decodePolyline } from "../src/engine/network/polyline";

const key = () => process.env.E2E_API_KEY!;
const auth = () => ({ authorization: `Bearer ${key()}` });
const body = {
  vehicle_id: "mb-eactros-600",
  battery_level_start: 0.8,
  poi_info: {},
  section_list: [{ start_pos: [53.55, 9.99], stop_pos: [48.14, 11.58], payload_kg: 20000 }],
};

test("every documented path answers 401 without a key and JSON with one", async ({ request }) => {
  const gets = ["/vehicles", "/vehicles/info/models?manufacturer=MAN", "/routing/geocode?address=Bremen", "/poi/cpos", "/planner/jobs/00000000-0000-4000-8000-000000000000", "/planner/optimizations/999999/result"];
  for (const path of gets) {
    const anon = await request.get(path);
    expect(anon.status(), path).toBe(401);
    expect(anon.headers()["www-authenticate"]).toMatch(/^Bearer/);
    const authed = await request.get(path, { headers: auth() });
    expect([200, 404], path).toContain(authed.status());
    expect(authed.headers()["content-type"]).toContain("application/json");
  }
  expect((await request.post("/planner", { data: body })).status()).toBe(401);
  const bad = await request.post("/planner/v2?corridor=1", { headers: auth(), data: { ...body, battery_level_start: 5 } });
  expect(bad.status()).toBe(422);
  const detail = (await bad.json()).detail.map((d: { loc: unknown[] }) => d.loc.join("."));
  expect(detail).toEqual(expect.arrayContaining(["query.corridor", "body.battery_level_start"]));
});

test("submit, poll and fetch a Hamburg -> Munich plan over HTTP", async ({ request }) => {
  const submit = await request.post("/planner/v2", { headers: auth(), data: body });
  expect(submit.status()).toBe(200);
  const { job_id, optimization_id } = await submit.json();
  let status = "queued";
  for (let i = 0; i < 120 && (status === "queued" || status === "running"); i++) {
    await new Promise((r) => setTimeout(r, 500));
    status = (await (await request.get(`/planner/jobs/${job_id}`, { headers: auth() })).json()).status;
  }
  expect(status).toBe("succeeded");
  const result = await (await request.get(`/planner/optimizations/${optimization_id}/result`, { headers: auth() })).json();
  expect(result.sections.length).toBeGreaterThanOrEqual(2);
  for (const s of result.sections) expect(decodePolyline(s.polyline).length).toBeGreaterThan(1);
});

test("the API reference and the OpenAPI document are served without a key", async ({ page, request }) => {
  const doc = await (await request.get("/openapi.json")).json();
  expect(doc.openapi).toBe("3.1.0");
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: /POST \/planner\/v2/ })).toBeVisible();
});
