// The names of a tour's points (docs/API.md, Request extensions: start_label, stop_label): stored with
// the request, they name the plan's points where the web app shows them (planner.result,
// history.get) and in its exports; points without one are named by their town, Berlin's centre
// "Berlin". The planning result is unchanged by them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as trpcRoute from "@/app/api/trpc/[trpc]/route";
import * as exportRoute from "@/app/plans/[optimization_id]/export/route";
import { call } from "../support/api";
import { closeDatabase, freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";
import { plannedV2 } from "../support/jobs";
import { sessionCookie } from "../support/session";

const BASE = "http://planner.test";
const BOCHUM = [51.4818, 7.2162], ESSEN = [51.4566, 7.0116], DUISBURG = [51.4344, 6.7623], BERLIN = [52.52, 13.405];

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});
afterAll(closeDatabase);

async function trpc(path: string, input: unknown) {
  const url = `${BASE}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await trpcRoute.GET(new Request(url, { headers: { cookie: await sessionCookie(t.a.key) } }));
  return (await res.json()).result.data;
}

async function exported(id: number, format: "gpx" | "geojson") {
  const req = new Request(`${BASE}/plans/${id}/export?format=${format}`, { headers: { cookie: await sessionCookie(t.a.key) } });
  return (await exportRoute.GET(req, { params: Promise.resolve({ optimization_id: String(id) }) })).text();
}

const leg = (from: number[], to: number[], more: Record<string, unknown> = {}) => ({ start_pos: from, stop_pos: to, payload_kg: 10_000, ...more });

describe("named points", () => {
  let id: number;
  let result: { sections: { poi_summary: { name?: string } | null }[] };
  beforeAll(async () => {
    result = await plannedV2(t.a.key, hamburgMunich({
      section_list: [
        leg(BOCHUM, ESSEN, { start_label: "Depot Bochum", stop_label: "45127 Essen, DE", service_time_min: 20 }),
        leg(ESSEN, DUISBURG),
        leg(DUISBURG, BOCHUM, { stop_label: "Depot Bochum" }),
      ],
    }));
    id = (result as unknown as { optimization_id: number }).optimization_id;
  });

  it("planner.result and history.get name them by the request, else by the town; a picked place's own country is left off", async () => {
    const names = ["Depot Bochum", "45127 Essen", "Duisburg", "Depot Bochum"];
    expect((await trpc("planner.result", { optimizationId: id })).points.map((p: { name: string }) => p.name)).toEqual(names);
    const plan = await trpc("history.get", { optimizationId: id });
    expect(plan.summary.points.map((p: { name: string }) => p.name)).toEqual(names);
    expect(plan.summary.points.map((p: { label: string }) => p.label)).toEqual(["Depot Bochum", "45127 Essen, DE", "Duisburg, DE", "Depot Bochum"]);
    // The history list reads no request: its labels are the towns.
    const listed = (await trpc("history.list", { page: 1, pageSize: 20 })).plans.find((p: { optimization_id: number }) => p.optimization_id === id);
    expect(listed.points.map((p: { label: string }) => p.label)).toEqual(["Bochum, DE", "Essen, DE", "Duisburg, DE", "Bochum, DE"]);
    // The result itself is as before: the request's stops are named by section_id or Stop N.
    expect(result.sections.filter((s) => s.poi_summary?.name?.startsWith("Stop ")).length).toBeGreaterThanOrEqual(2);
  });

  it("the GPX names every point in order, in its name and its waypoints; GeoJSON names its stops alike", async () => {
    const gpx = await exported(id, "gpx");
    expect(gpx).toContain("<metadata><name>Depot Bochum → 45127 Essen → Duisburg → Depot Bochum</name>");
    const wpts = [...gpx.matchAll(/<wpt [^>]*>.*?<name>([^<]*)<\/name>.*?<type>([^<]*)<\/type><\/wpt>/g)].map((m) => [m[2], m[1]]);
    expect(wpts.filter(([type]) => type !== "charge" && type !== "break")).toEqual([["start", "Depot Bochum"], ["stop", "45127 Essen"], ["stop", "Duisburg"], ["destination", "Depot Bochum"]]);
    const geo = JSON.parse(await exported(id, "geojson"));
    const stops = geo.features.filter((f: { geometry: { type: string } }) => f.geometry.type === "Point").map((f: { properties: { name: string } }) => f.properties.name);
    expect(stops[0]).toBe("Depot Bochum");
    expect(stops.at(-1)).toBe("Depot Bochum");
  });

  it("a point in Berlin's centre is named Berlin, not by its district", async () => {
    const berlin = await plannedV2(t.a.key, hamburgMunich({ section_list: [leg([52.39, 13.07], BERLIN)] }));
    const points = (await trpc("planner.result", { optimizationId: berlin.optimization_id })).points;
    expect(points.map((p: { name: string }) => p.name)).toEqual(["Potsdam", "Berlin"]);
  });

  it("a name is at most 200 characters, and a string", async () => {
    const body = (over: Record<string, unknown>) => hamburgMunich({ section_list: [leg(BOCHUM, ESSEN, over)] });
    const long = await call("POST", "/planner/v2", { key: t.a.key, body: body({ stop_label: "x".repeat(201) }) });
    expect(long.status).toBe(422);
    expect(long.json.detail[0]).toMatchObject({ loc: ["body", "section_list", 0, "stop_label"], type: "string_too_long" });
    const number = await call("POST", "/planner/v2", { key: t.a.key, body: body({ start_label: 5 }) });
    expect(number.status).toBe(422);
    expect(number.json.detail[0]).toMatchObject({ loc: ["body", "section_list", 0, "start_label"], type: "string_type" });
  });
});
