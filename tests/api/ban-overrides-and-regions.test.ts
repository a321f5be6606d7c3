// The ban data besides the computed calendar: the operator's overrides file (BAN_OVERRIDES_FILE, read
// again when it changes, an unreadable one said in every plan) and the Länder of a regional holiday's
// ban (§ 30(4) StVO: All Saints' Day bans only in BW, BY, NW, RP and SL).
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { packs } from "@/server/packs";
import { regionLocatorOf } from "@/server/bans/ban-data";
import { closeDatabase, freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";
import { drivingOf } from "../support/driving-times";
import { plannedV2 } from "../support/jobs";

// Before the planning process is forked: it reads BAN_OVERRIDES_FILE's name then (the file on every plan).
const { overridesFile } = vi.hoisted(() => {
  const overridesFile = `${process.env.TMPDIR ?? "/tmp"}/ban-overrides-${process.pid}.json`;
  process.env.BAN_OVERRIDES_FILE = overridesFile;
  return { overridesFile };
});
/** Writes the overrides; the planning process sees the change by the file's size and modification time. */
async function setOverrides(doc: unknown): Promise<void> {
  await new Promise((r) => setTimeout(r, 20)); // a later modification time than the previous write
  writeFileSync(overridesFile, typeof doc === "string" ? doc : JSON.stringify(doc));
}

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});
afterAll(closeDatabase);

/* eslint-disable @typescript-eslint/no-explicit-any */
const drivesIn = (r: any, [a, b]: number[]) => drivingOf(r).filter(([x, y]) => y - x > 60_000 && x < b - 60_000 && y > a + 60_000);

// Saturday 28 November 2026, 20:00 in Berlin; the Sunday ban runs 23:00Z Saturday to 21:00Z Sunday.
const SATURDAY_EVENING = "2026-11-28T19:00:00Z";
const SUNDAY_BAN = [Date.parse("2026-11-28T23:00:00Z"), Date.parse("2026-11-29T21:00:00Z")];

it("a Sunday ban the operator lifted is not kept; a ban the operator added is", async () => {
  await setOverrides({ lifted: [{ rule: "DE-sunday", country: "DE", from: "2026-11-29T00:00", to: "2026-11-29T22:00", reason: "Lifted for relief transports" }] });
  const lifted = await plannedV2(t.a.key, hamburgMunich({ start_time_tour: SATURDAY_EVENING }));
  expect(lifted.status).toBe("succeeded");
  expect(lifted.driving_bans.filter((b: any) => b.rule === "DE-sunday" && Date.parse(b.start_time) < SUNDAY_BAN[1])).toEqual([]);
  expect(drivesIn(lifted, SUNDAY_BAN).length).toBeGreaterThan(0);
  expect(Date.parse(lifted.totals.arrival_time)).toBeLessThan(SUNDAY_BAN[1]);

  // Wednesday 2 December 2026, 08:00-20:00 in Germany: a closure the calendar does not know.
  await setOverrides({
    added: [{ rule: "DE-closure", country: "DE", from: "2026-12-02T08:00", to: "2026-12-02T20:00", label: "Motorway closure for trucks (test)", source: "Operator notice" }],
  });
  const closure = [Date.parse("2026-12-02T07:00:00Z"), Date.parse("2026-12-02T19:00:00Z")];
  const added = await plannedV2(t.a.key, hamburgMunich({ start_time_tour: "2026-12-02T05:00:00Z" }));
  expect(added.status).toBe("succeeded");
  expect(added.driving_bans).toContainEqual(expect.objectContaining({ rule: "DE-closure", label: "Motorway closure for trucks (test)", waited: true, start_time: "2026-12-02T07:00:00.000Z" }));
  expect(drivesIn(added, closure)).toEqual([]);
  // Waived with the whole calendar (exemptions name the calendar's own rules only).
  const off = await plannedV2(t.a.key, hamburgMunich({ start_time_tour: "2026-12-02T05:00:00Z", driving_bans: false }));
  expect(drivesIn(off, closure).length).toBeGreaterThan(0);
}, 300_000);

it("an overrides file that cannot be read leaves the calendar in force and says so in the plan", async () => {
  await setOverrides('{"lifted": [{"rule": "DE-sunday", "country": "Germany"}]}');
  const r = await plannedV2(t.a.key, hamburgMunich({ start_time_tour: SATURDAY_EVENING }));
  expect(r.status).toBe("succeeded");
  expect(r.warnings.join(" ")).toMatch(/driving-ban overrides \(BAN_OVERRIDES_FILE\) cannot be read \(lifted\.0\.country: .*\): the computed ban calendar alone is applied/);
  expect(drivesIn(r, SUNDAY_BAN)).toEqual([]);
  await setOverrides({});
}, 300_000);

it("All Saints' Day bans trucks in Bavaria only: the tour drives through Lower Saxony and Hesse and waits before Bavaria", async () => {
  await setOverrides({});
  // Sunday 31 October 2027, 22:30 in Berlin (CET): the Sunday ban is over; Monday 1 November is All
  // Saints' Day, a ban day 00:00-22:00 (23:00Z-21:00Z) in BW, BY, NW, RP and SL, not in HH, NI or HE.
  const holiday = [Date.parse("2027-10-31T23:00:00Z"), Date.parse("2027-11-01T21:00:00Z")];
  const r = await plannedV2(t.a.key, hamburgMunich({ start_time_tour: "2027-10-31T21:30:00Z" }));
  expect(r.status).toBe("succeeded");
  expect(r.driving_bans).toContainEqual(expect.objectContaining({ rule: "DE-sunday", regions: expect.arrayContaining(["DE-BY"]), waited: true, start_time: "2027-10-31T23:00:00.000Z" }));
  // It drives on the holiday (north of Bavaria), which a ban kept country-wide would not allow ...
  expect(drivesIn(r, holiday).length).toBeGreaterThan(0);
  expect(r.warnings.join(" ")).not.toMatch(/kept on the whole DE part of the route/);
  expect(r.warnings.join(" ")).toMatch(/kept where the route is in those regions, and within 5 km of their borders/);
  // ... and every place it reaches during the ban is outside the banned Länder.
  const locator = regionLocatorOf(packs.gazetteer)!;
  const banned = ["DE-BW", "DE-BY", "DE-NW", "DE-RP", "DE-SL"];
  const reached = r.sections.filter((s: any) => {
    const at = Date.parse(s.poi_summary.arrival_time);
    return at > holiday[0] && at < holiday[1];
  });
  expect(reached.length).toBeGreaterThan(0);
  for (const s of reached) expect(locator.regionsAt(s.stop_pos[0], s.stop_pos[1])!.filter((x) => banned.includes(x)), JSON.stringify(s.stop_pos)).toEqual([]);
  expect(Date.parse(r.totals.arrival_time)).toBeGreaterThan(holiday[1]);
}, 300_000);
