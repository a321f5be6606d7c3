import { describe, expect, it } from "vitest";
import { buildGraph } from "@/engine/network/graph";
import { plan } from "../../support/checked-plan";
import { DRIVETRAIN_EFFICIENCY, gradeEnergyKWh, grossMassKg, RECUPERATION_EFFICIENCY } from "@/engine/vehicles/energy";
import { edgeEnergyKWh } from "@/engine/vehicles/physics";
import { createRouter } from "@/engine/network/router";
import { createSnapper } from "@/engine/network/snap";
import { createStationIndex } from "@/engine/stations/corridor";
import { input, LAT } from "./fixtures";

// A 70 km road climbing 1 m per 100 m of longitude-metres eastwards: 700 m up going east.
const METRES_PER_DEG = 71_700;
const climb = (_aLat: number, aLon: number, _bLat: number, bLon: number) => {
  const dh = (bLon - aLon) * METRES_PER_DEG * 0.01;
  return { ascentM: Math.max(0, dh), descentM: Math.max(0, -dh) };
};
const ways = Array.from({ length: 100 }, (_, i) => ({ coords: [[LAT, 8 + i * 0.01], [LAT, 8 + (i + 1) * 0.01]] as [number, number][], cls: "motorway" as const, oneway: 0 as const, country: "DE" }));
const { net } = buildGraph(ways, { id: "hill", version: "1", attribution: "", climb });
/** The node an edge leaves from (CSR: the node whose range holds it). */
const findTail = (e: number) => {
  let u = 0;
  while (net.firstEdge[u + 1] <= e) u++;
  return u;
};
const data = { network: net, snapper: createSnapper(net), router: createRouter(net), stations: createStationIndex([]), versions: {} };

describe("terrain in the energy model", () => {
  it("grade energy: climbing through the drivetrain, descending partly won back", () => {
    expect(gradeEnergyKWh(40_000, 100, 0)).toBeCloseTo((40_000 * 9.81 * 100) / DRIVETRAIN_EFFICIENCY / 3.6e6, 6);
    expect(gradeEnergyKWh(40_000, 0, 100)).toBeCloseTo((-40_000 * 9.81 * 100 * RECUPERATION_EFFICIENCY) / 3.6e6, 6);
    expect(gradeEnergyKWh(40_000, 100, 100)).toBeGreaterThan(0); // a round trip over a hill costs energy
  });

  it("uphill costs more than flat by the potential energy, downhill less; sections carry the climb", () => {
    const east = plan(input({ batteryLevelStart: 1, sections: [{ start: [LAT, 8], stop: [LAT, 9], payloadKg: 20_000 }] }), data);
    const west = plan(input({ batteryLevelStart: 1, sections: [{ start: [LAT, 9], stop: [LAT, 8], payloadKg: 20_000 }] }), data);
    expect(east.sections[0].ascent_m).toBeCloseTo(717, -1);
    expect(west.sections[0].descent_m).toBeCloseTo(717, -1);
    // The same road's edges, summed by the vehicle physics, both ways.
    const vehicle = input().vehicle, mass = grossMassKg(vehicle, 20_000);
    let eastKWh = 0, westKWh = 0, flatKWh = 0;
    for (let e = 0; e < net.edgeCount; e++) {
      const kmh = (net.edgeLengthM[e] / net.edgeTimeS[e]) * 3.6;
      const kWh = edgeEnergyKWh(vehicle, mass, net.edgeLengthM[e], kmh, net.attributes!.ascentM[e], net.attributes!.descentM[e]);
      if (net.nodeLon[net.edgeTarget[e]] > net.nodeLon[findTail(e)]) eastKWh += kWh;
      else westKWh += kWh;
      flatKWh += edgeEnergyKWh(vehicle, mass, net.edgeLengthM[e], kmh, 0, 0) / 2;
    }
    expect(east.totals!.energy_kWh).toBeCloseTo(eastKWh, 0);
    expect(west.totals!.energy_kWh).toBeCloseTo(westKWh, 0);
    expect(eastKWh).toBeGreaterThan(flatKWh + gradeEnergyKWh(mass, 700, 0) * 0.9);
    expect(westKWh).toBeLessThan(flatKWh);
    expect(east.totals!.energy_kWh).toBeGreaterThan(west.totals!.energy_kWh + 50);
  });
});
