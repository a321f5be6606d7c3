// A roadside pause sits where the route's own driving time reaches the limit. On a road slow at
// first and fast after, a break placed linearly in distance between the start and the destination
// (the optimizer's only route points here) would come after 279.6 min of driving.
import { describe, expect, it } from "vitest";
import { haversineM } from "@/engine/geo";
import { buildProfile, distAtTime, timeAt } from "@/engine/plan/profile";
import { routeLegs } from "@/engine/plan/legs";
import { plan } from "../../support/checked-plan";
import { input, LAT, planData, straightRoad } from "./fixtures";

/** The fixtures' motorway, at 40 km/h west of 7.5 E and 90 km/h east of it. */
function slowThenFast() {
  const net = straightRoad();
  for (let u = 0; u < net.nodeCount; u++) {
    for (let e = net.firstEdge[u]; e < net.firstEdge[u + 1]; e++) {
      const west = Math.max(net.nodeLon[u], net.nodeLon[net.edgeTarget[e]]) <= 7.5 + 1e-9;
      net.edgeTimeS[e] = net.edgeLengthM[e] / ((west ? 40 : 90) / 3.6);
    }
  }
  return net;
}

const clockMin = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

describe("roadside pauses on the route's own clock", () => {
  it("a break after exactly 270 min of driving, by the clock and by the section's own minutes", () => {
    // About 320 km, 300 min of driving, no station: one break by the road.
    const r = plan(input({ batteryLevelStart: 0.95, batteryLevelEnd: 0.1, sections: [{ start: [LAT, 6.01], stop: [LAT, 10.5], payloadKg: 10_000 }] }), planData([], slowThenFast()));
    expect(r.status).toBe("succeeded");
    const [toBreak, after] = r.sections;
    expect(r.sections.length).toBe(2);
    expect(toBreak.poi_summary!.name).toBe("Break");
    expect(clockMin(r.totals!.departure_time!, toBreak.poi_summary!.arrival_time as string)).toBeCloseTo(270, 3);
    expect(toBreak.poi_summary!.sec_duration_min).toBe(270);
    // Where 270 min at 40 then 90 km/h get the truck: 180 km at 40 km/h is 270 min, less what the fast part gives back.
    const slowKm = haversineM(LAT, 6.01, LAT, 7.5) / 1000;
    const expectedKm = slowKm + ((270 - (slowKm / 40) * 60) / 60) * 90;
    expect(toBreak.length_m! / 1000).toBeCloseTo(expectedKm, 0);
    expect(after.poi_summary!.sec_duration_min! + 270).toBeCloseTo(r.totals!.driving_time_min!, 0);
  });

  it("distAtTime is the inverse of timeAt along the profile", () => {
    const data = planData([], slowThenFast());
    const legs = routeLegs(data, [{ start: [LAT, 6.01], stop: [LAT, 10.5], payloadKg: 0 }]);
    const profile = buildProfile(legs, { edgeKWh: () => 0, pieceKWh: () => 0 });
    const total = profile.timeS[profile.timeS.length - 1];
    for (const share of [0, 0.1, 0.37, 0.5, 0.81, 1]) {
      const d = distAtTime(profile, share * total);
      expect(timeAt(profile, d)).toBeCloseTo(share * total, 6);
    }
    expect(distAtTime(profile, 0.5 * total, 0, 1000)).toBe(1000);
  });
});
