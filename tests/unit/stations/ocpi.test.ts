import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_PLAUSIBLE_KW, parseOcpiLocations } from "@/engine/stations/ocpi";

const DATA_DIR = path.resolve(process.cwd(), process.env.DATA_DIR ?? "../shared/data");
const load = (f: string) => parseOcpiLocations(readFileSync(path.join(DATA_DIR, "chargers", f), "utf8"), { source: f });

describe("OCPI real files", () => {
  const nl = load("ocpi_nl_ndw_hpc.json");
  const cz = load("ocpi_cz_mpo_dc.json");
  const pl = load("ocpi_pl_eipa_dc.json");

  it("loads every location", () => {
    expect([nl.locations, cz.locations, pl.locations]).toEqual([1203, 934, 2163]);
    expect([nl.stations.length, cz.stations.length, pl.stations.length]).toEqual([1203, 934, 2163]);
    for (const [r, country] of [[nl, "NL"], [cz, "CZ"], [pl, "PL"]] as const) {
      for (const s of r.stations) {
        expect(s.country).toBe(country);
        expect(s.externalId).toBe(`ocpi:${country}:${s.externalId.split(":")[2]}:${s.locationId}`);
        expect(Number.isFinite(s.lat) && Number.isFinite(s.lon)).toBe(true);
        expect(s.dcPowerKW).toBeGreaterThanOrEqual(50);
        expect(s.powerKW).toBeLessThanOrEqual(MAX_PLAUSIBLE_KW);
        expect(s.points).toBeGreaterThan(0);
        expect(s.name.length).toBeGreaterThan(0);
        expect(s.operator.length).toBeGreaterThan(0);
      }
    }
  });

  it("maps MCS on the Dutch megawatt sites", () => {
    const mcs = nl.stations.filter((s) => s.connectors.includes("MCS"));
    expect(mcs.length).toBe(7);
    const zwolle = mcs.find((s) => s.name === "Milence Charging Hub Zwolle")!;
    expect(zwolle.dcPowerKW).toBe(1000);
    expect(nl.stations.find((s) => s.name === "Shell Recharge De Vest 74")).toMatchObject({
      connectors: ["CCS"], dcPowerKW: 150, points: 2, operator: "Shell Recharge", address: "De Vest 74, Valkenswaard",
    });
  });

  it("keeps opening times and falls back to operator + city for names", () => {
    expect(cz.stations.filter((s) => s.openingTimes?.twentyfourseven).length).toBe(919);
    expect(nl.stations.every((s) => s.openingTimes === undefined)).toBe(true);
    const brejla = cz.stations.find((s) => s.locationId === "CZea372e8ef41823ab")!;
    expect(brejla).toMatchObject({ name: "AB Auto Brejla s.r.o. Vestec", address: "Automobilová 585, 25250 Vestec", connectors: ["CCS"], dcPowerKW: 75 });
    // PL: town only; twelve locations without operator fall back to the party id.
    expect(pl.stations.find((s) => s.locationId === "252")!.address).toBe("Bielsko-Biała");
    expect(pl.stations.filter((s) => s.operator === "EIP").length).toBe(12);
  });
});

describe("OCPI mapping rules", () => {
  const loc = {
    country_code: "DE", party_id: "ABC", id: "L1", publish: true, address: "Hauptstr. 1", postal_code: "12345", city: "Musterstadt",
    country: "DEU", coordinates: { latitude: "50.1", longitude: "8.2" }, facilities: ["RESTAURANT", "WIFI"],
    opening_times: { twentyfourseven: false, regular_hours: [{ weekday: 1, period_begin: "06:00", period_end: "22:00" }] },
    evses: [
      { uid: "E1", status: "AVAILABLE", capabilities: ["RESERVABLE"], connectors: [
        { id: "1", standard: "IEC_62196_T2", power_type: "AC_3_PHASE", max_voltage: 230, max_amperage: 32 },
        { id: "2", standard: "IEC_62196_T2_COMBO", power_type: "DC", max_electric_power: 400000 },
      ] },
      { uid: "E2", status: "REMOVED", connectors: [{ id: "1", standard: "MCS", power_type: "DC", max_electric_power: 1000000 }] },
      { uid: "E3", status: "AVAILABLE", connectors: [{ id: "1", standard: "DOMESTIC_F", power_type: "AC_1_PHASE", max_electric_power: 3700 }] },
    ],
  };

  it("maps connectors, powers, facilities, booking and opening times", () => {
    const r = parseOcpiLocations({ data: [loc] });
    expect(r.stations).toHaveLength(1);
    expect(r.stations[0]).toMatchObject({
      externalId: "ocpi:DE:ABC:L1", locationId: "L1", name: "ABC Musterstadt", operator: "ABC",
      address: "Hauptstr. 1, 12345 Musterstadt", lat: 50.1, lon: 8.2, powerKW: 400, dcPowerKW: 400,
      connectors: ["CCS", "OTHER", "TYPE2"], points: 2, bookable: true, amenities: ["RESTAURANT", "WIFI"], country: "DE",
      truckApproved: null, connectorPos: null,
      openingTimes: { twentyfourseven: false, regular_hours: [{ weekday: 1, period_begin: "06:00", period_end: "22:00" }] },
    });
  });

  it("uses AC power when there is no DC, caps implausible powers, skips unpublished", () => {
    const ac = { ...loc, id: "L2", operator: { name: "Op GmbH" }, evses: [loc.evses[0]].map((e) => ({ ...e, capabilities: undefined, connectors: [e.connectors[0]] })) };
    const huge = { ...loc, id: "L3", evses: [{ uid: "X", connectors: [{ id: "1", standard: "MCS", power_type: "DC", max_electric_power: 7_590_000 }] }] };
    const hidden = { ...loc, id: "L4", publish: false };
    const r = parseOcpiLocations([ac, huge, hidden, { id: "L5" }]);
    expect(r.locations).toBe(4);
    expect(r.skipped).toBe(2);
    expect(r.stations[0]).toMatchObject({ powerKW: 22.08, dcPowerKW: 0, operator: "Op GmbH", bookable: null, connectors: ["TYPE2"] });
    expect(r.stations[1]).toMatchObject({ powerKW: MAX_PLAUSIBLE_KW, connectors: ["MCS"] });
    expect(() => parseOcpiLocations({ foo: 1 })).toThrow();
  });
});
