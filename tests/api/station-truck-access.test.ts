// A tenant's overlay with truck_approved "none" closes the site to that
// tenant's trucks: it is never a charging stop of theirs (the corridor list
// still shows it, with the overlay as the source of its truck access), while
// another tenant's plan may still charge there; T opens it again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/api";
import { closeDatabase, freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});
afterAll(closeDatabase);

const body = hamburgMunich({ start_time_tour: "2026-12-01T06:00:00", battery_level_start: 0.6 });
const planNow = async (key: string): Promise<any> => {
  const r = await call("POST", "/planner?include_available_charging_stations=true", { key, body });
  expect(r.status, r.text).toBe(200);
  return r.json;
};
const stopIds = (r: any): number[] => r.sections.map((s: any) => s.poi_summary).filter((p: any) => (p?.charge_time_min ?? 0) > 0).map((p: any) => p.id);

describe("an overlay's truck_approved", () => {
  it('"none" keeps the site out of that tenant\'s plans only; "T" opens it again', async () => {
    const before = await planNow(t.a.key);
    expect(before.status).toBe("succeeded");
    const site: number = stopIds(before)[0];
    expect(site, "the plan charges").toBeDefined();
    const externalId: string = before.poi_list.find((p: any) => p.poi_id === site).external_id;
    const path = `/poi/overlays/${encodeURIComponent(externalId)}`;

    const put = await call("PUT", path, { key: t.a.key, body: { truck_approved: "none" } });
    expect(put.status, put.text).toBe(200);
    expect(put.json).toMatchObject({ external_id: externalId, truck_approved: "none", scope: "tenant" });

    const closed = await planNow(t.a.key);
    expect(closed.status).toBe("succeeded");
    expect(stopIds(closed)).not.toContain(site);
    expect(closed.poi_list.some((p: any) => p.poi_id === site)).toBe(false);
    const listed = closed.available_charging_stations.find((s: any) => s.id === site);
    expect(listed).toMatchObject({ truck_approved: null, attribute_sources: { truckApproved: `overlay:tenant:${t.a.id}`, truckAccess: `overlay:tenant:${t.a.id}` } });
    expect(closed.warnings.join(" ")).toMatch(/were not considered as stops: .*closed to trucks \(by a station overlay: truck_approved "none"\)/);

    // The other tenant's plan is as before: it still charges there.
    const other = await planNow(t.b.key);
    expect(stopIds(other)).toContain(site);
    expect(stopIds(other)).toEqual(stopIds(before));

    const reopened = await call("PUT", path, { key: t.a.key, body: { truck_approved: "T" } });
    expect(reopened.status, reopened.text).toBe(200);
    const open = await planNow(t.a.key);
    expect(open.poi_list.find((p: any) => p.poi_id === site)).toMatchObject({ attribute_sources: { truckAccess: `overlay:tenant:${t.a.id}` } });
    expect(stopIds(open)).toEqual(stopIds(before));
  });
});
