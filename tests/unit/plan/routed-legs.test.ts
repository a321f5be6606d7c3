// A section routed once per road: route choice's roads share their legs' stations and detours, and a
// caller that plans the same sections again (a fleet's day) passes the legs it routed (PlanData.routedLegs).
import { describe, expect, it } from "vitest";
import { legHits } from "@/engine/plan/leg-stations";
import { MAX_ROUTED_LEGS_KM, routedLegsStore, routeLegs } from "@/engine/plan/legs";
import { sectionRoads } from "@/engine/plan/route-choice";
import { plan } from "@/engine/plan/plan";
import { input, station } from "./fixtures";
import { EAST, northRoad, roadNetwork, southRoad, twoRoadData, WEST } from "./two-roads";

describe("legs routed once", () => {
  const data = twoRoadData(roadNetwork([northRoad(), southRoad()]), [station(10), { ...station(10), poiId: 2, lat: 49.8 }]);
  const sections = [{ start: WEST, stop: EAST, payloadKg: 20_000 }];

  it("routes a section's ends once where the caller keeps the legs, each leg with its own section", () => {
    // Without a store every call routes anew.
    expect(routeLegs(data, sections)[0].path).not.toBe(routeLegs(data, sections)[0].path);
    const routedLegs = routedLegsStore();
    const kept = { ...data, routedLegs };
    const [first] = routeLegs(kept, sections);
    const heavier = [{ ...sections[0], payloadKg: 30_000 }];
    const [again] = routeLegs(kept, heavier);
    expect(routedLegs.legs.size).toBe(1);
    expect(routedLegs.km).toBeCloseTo(first.path.lengthM / 1000, 9);
    expect(again.path).toBe(first.path);
    expect(again.coordNode).toBe(first.coordNode);
    expect(again.section).toBe(heavier[0]);
    expect(first.section).toBe(sections[0]);
    // The same road as routing it anew.
    const fresh = routeLegs(data, sections)[0];
    expect(Array.from(again.path.edges)).toEqual(Array.from(fresh.path.edges));
    expect(again.path.coords).toEqual(fresh.path.coords);
  });

  it("keeps no more road than MAX_ROUTED_LEGS_KM: past it a section is routed per plan, as without a store", () => {
    const full = { legs: new Map(), km: MAX_ROUTED_LEGS_KM - 1 };
    const kept = { ...data, routedLegs: full };
    const [a] = routeLegs(kept, sections);
    expect(full.legs.size).toBe(0);
    expect(full.km).toBe(MAX_ROUTED_LEGS_KM - 1);
    expect(routeLegs(kept, sections)[0].path).not.toBe(a.path);
  });

  it("finds a road's alternatives once, and their corridor stations once", () => {
    const kept = { ...data, routedLegs: routedLegsStore() };
    const a = sectionRoads(input({ sections }), kept, routeLegs(kept, sections))[0];
    const b = sectionRoads(input({ sections }), kept, routeLegs(kept, sections))[0];
    expect(a.length).toBe(2);
    expect(b.map((l) => l.path)).toEqual(a.map((l) => l.path));
    for (let j = 0; j < a.length; j++) {
      expect(b[j].path).toBe(a[j].path);
      expect(legHits(kept, b[j], 8000)).toBe(legHits(kept, a[j], 8000));
    }
    // The south road passes the south charger, the north road the other.
    expect(legHits(kept, a[1], 8000).map((h) => h.station.poiId)).toContain(2);
  });

  it("plans the same with the legs kept as without", () => {
    const trip = input({ sections, objective: "balanced" });
    const kept = { ...data, routedLegs: routedLegsStore() };
    const plain = plan(trip, data);
    plan(trip, kept);
    const second = plan(trip, kept);
    expect(second.totals).toEqual(plain.totals);
    expect(second.route_alternatives).toEqual(plain.route_alternatives);
    expect(second.sections).toEqual(plain.sections);
  });
});
