import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_PLAUSIBLE_KW, ocpiConnectorKW, ocpiOpeningTimes, parseOcpiLocations, parseOcpiTariffs } from "@/engine/stations/ocpi";

const DATA_DIR = path.resolve(process.cwd(), process.env.DATA_DIR ?? "../shared/data");
const load = (f: string) => parseOcpiLocations(readFileSync(path.join(DATA_DIR, "chargers", f), "utf8"), { source: f });

describe("OCPI real files", () => {
  const nl = load("ocpi_nl_ndw_hpc.json");
  const cz = load("ocpi_cz_mpo_dc.json");
  const pl = load("ocpi_pl_eipa_dc.json");

  it("loads every location", () => {
    expect([nl.locations, cz.locations, pl.locations]).toEqual([1203, 934, 2163]);
    expect([nl, cz, pl].map((r) => r.stations.filter((s) => s.dcPowerKW === 0).length)).toEqual([5, 0, 0]);
    expect([nl.stations.length, cz.stations.length, pl.stations.length]).toEqual([1203, 934, 2163]);
    for (const [r, country] of [[nl, "NL"], [cz, "CZ"], [pl, "PL"]] as const) {
      for (const s of r.stations) {
        expect(s.country).toBe(country);
        expect(s.externalId).toBe(`ocpi:${country}:${s.externalId.split(":")[2]}:${s.locationId}`);
        expect(Number.isFinite(s.lat) && Number.isFinite(s.lon)).toBe(true);
        // The files hold DC >= 50 kW sites; a site whose only power is implausible has unknown power (0).
        if (s.dcPowerKW !== 0) expect(s.dcPowerKW).toBeGreaterThanOrEqual(50);
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

  it("keeps the time zone and warns about implausible published powers", () => {
    expect(nl.stations.every((s) => s.timeZone === "Europe/Amsterdam")).toBe(true);
    expect(cz.stations.every((s) => s.timeZone === "Europe/Prague")).toBe(true);
    // Six Eneco "MCS" sites publish 2.2-7.6 MW (likely 7.36 kW AC points: W read as kW); five exceed the cap.
    expect(nl.warnings).toHaveLength(2);
    // e.g. every Fastned site is listed as CHAdeMO-only at 150-400 kW.
    expect(nl.warnings[1]).toMatch(/^5 location\(s\) publish connector power above 3750 kW, taken as unknown: Eneco eMobility/);
    expect(nl.warnings[0]).toBe("277 location(s) list CHAdeMO connectors above 200 kW: connector standards may be mislabelled");
    expect(cz.warnings).toEqual(["5 location(s) list CHAdeMO connectors above 200 kW: connector standards may be mislabelled"]);
    expect(pl.warnings).toEqual([]);
    // No capabilities or parking restrictions in these feeds: booking stays unknown.
    expect([...nl.stations, ...cz.stations, ...pl.stations].every((s) => s.bookable === null && !s.parkingRestrictions)).toBe(true);
  });
});

describe("OCPI 2.2.1 Locations sample (GET /locations response)", () => {
  const r = parseOcpiLocations(readFileSync(path.join(__dirname, "samples/ocpi_221_locations.json"), "utf8"), { source: "sample" });
  const byId = (id: string) => r.stations.find((s) => s.locationId === id)!;

  it("reads the envelope; skips unpublished locations and those whose EVSEs are all REMOVED", () => {
    expect([r.locations, r.skipped]).toEqual([6, 2]);
    expect(r.stations.map((s) => s.externalId)).toEqual([
      "ocpi:BE:BEC:LOC1", "ocpi:SE:EVC:cbb0df21-d17d-40ba-a4aa-dc588c8f98cb", "ocpi:DE:ABC:LEHRTE-TRUCK-01", "ocpi:DE:XYZ:MARKT-0050",
    ]);
    expect(r.warnings).toEqual([]);
  });

  it("the spec's example: AC power from max_voltage x max_amperage x 3 phases, RESERVABLE, operator", () => {
    expect(byId("LOC1")).toEqual({
      externalId: "ocpi:BE:BEC:LOC1", locationId: "LOC1", name: "Gent Zuid", address: "F.Rooseveltlaan 3A, 9000 Gent",
      lat: 51.047599, lon: 3.729944, operator: "BeCharged", powerKW: 10.56, dcPowerKW: 0, connectors: ["TYPE2"],
      connectorKW: { TYPE2: 10.56 }, points: 2, truckApproved: null, connectorPos: null, bookable: true, amenities: [],
      country: "BE", source: "sample", timeZone: "Europe/Brussels",
      // The spec's tariff "11" is not in the file: kept for a tariffs import to link.
      tariffIds: { TYPE2: ["11"] },
    });
  });

  it("the spec's parking-garage example: regular hours; no operator object, no capabilities", () => {
    const leonard = byId("cbb0df21-d17d-40ba-a4aa-dc588c8f98cb");
    expect(leonard).toMatchObject({ operator: "EVC", powerKW: 22.08, bookable: null, country: "SE", timeZone: "Europe/Stockholm" });
    expect(leonard.openingTimes?.twentyfourseven).toBe(false);
    expect(leonard.openingTimes?.regular_hours).toHaveLength(7);
    expect(leonard.openingTimes?.regular_hours?.[6]).toEqual({ weekday: 7, period_begin: "07:00", period_end: "18:00" });
  });

  it("a truck hub: MCS next to CCS, REMOVED EVSE left out, restrictions at every EVSE, facilities, closings", () => {
    expect(byId("LEHRTE-TRUCK-01")).toMatchObject({
      operator: "Example Charging GmbH", points: 3, powerKW: 1000, dcPowerKW: 1000, connectors: ["CCS", "MCS", "TYPE2"],
      // The removed 1.2 MW EVSE is not counted.
      connectorKW: { MCS: 1000, CCS: 400, TYPE2: 22.08 },
      bookable: true,
      parkingRestrictions: ["EV_ONLY"], // PLUGGED holds at the MCS EVSE only
      amenities: ["RESTAURANT", "WIFI", "FUEL_STATION", "PARKING_LOT"],
      openingTimes: { twentyfourseven: true, exceptional_closings: [{ period_begin: "2026-12-24T17:00:00Z", period_end: "2026-12-26T05:00:00Z" }] },
      truckApproved: null, connectorPos: null,
    });
  });

  it("listed capabilities without RESERVABLE: not bookable; customers-only site; exceptional openings", () => {
    const m = byId("MARKT-0050");
    expect(m).toMatchObject({ name: "XYZ Burgdorf", operator: "XYZ", bookable: false, parkingRestrictions: ["CUSTOMERS"], amenities: ["SUPERMARKET"] });
    expect(m.connectorKW).toEqual({ CCS: 150, CHADEMO: 50, TYPE2: 11.04 });
    expect(m.openingTimes?.regular_hours?.map((h) => h.weekday)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(m.openingTimes?.exceptional_openings).toEqual([{ period_begin: "2026-12-06T11:00:00Z", period_end: "2026-12-06T16:00:00Z" }]);
    expect(m.openingTimes?.exceptional_closings).toHaveLength(1);
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

  it("uses AC power when there is no DC, takes implausible powers as unknown, skips unpublished", () => {
    const ac = { ...loc, id: "L2", operator: { name: "Op GmbH" }, evses: [loc.evses[0]].map((e) => ({ ...e, capabilities: undefined, connectors: [e.connectors[0]] })) };
    const huge = { ...loc, id: "L3", evses: [{ uid: "X", connectors: [{ id: "1", standard: "MCS", power_type: "DC", max_electric_power: 7_590_000 }] }] };
    const hidden = { ...loc, id: "L4", publish: false };
    const r = parseOcpiLocations([ac, huge, hidden, { id: "L5" }]);
    expect(r.locations).toBe(4);
    expect(r.skipped).toBe(2);
    expect(r.stations[0]).toMatchObject({ powerKW: 22.08, dcPowerKW: 0, operator: "Op GmbH", bookable: null, connectors: ["TYPE2"] });
    // 7.59 MW is a unit error, not a site: its power is unknown, so it is never planned as an MCS stop.
    expect(r.stations[1]).toMatchObject({ powerKW: 0, dcPowerKW: 0, connectors: ["MCS"] });
    expect(() => parseOcpiLocations({ foo: 1 })).toThrow();
  });

  it("connector power: max_electric_power, else V x A x phases (2.1.1 names too); DC by standard when power_type is missing", () => {
    expect(ocpiConnectorKW({ max_electric_power: 350000, max_voltage: 920, max_amperage: 500 })).toBe(350);
    expect(ocpiConnectorKW({ power_type: "AC_1_PHASE", max_voltage: 230, max_amperage: 16 })).toBe(3.68);
    expect(ocpiConnectorKW({ power_type: "AC_2_PHASE", max_voltage: 230, max_amperage: 16 })).toBe(7.36);
    expect(ocpiConnectorKW({ power_type: "AC_3_PHASE", voltage: 230, amperage: 32 })).toBe(22.08);
    expect(ocpiConnectorKW({ power_type: "DC" })).toBe(0);
    const noType = { ...loc, id: "L6", evses: [{ uid: "X", status: "AVAILABLE", connectors: [{ id: "1", standard: "IEC_62196_T2_COMBO", max_electric_power: 150000 }] }] };
    expect(parseOcpiLocations([noType]).stations[0]).toMatchObject({ dcPowerKW: 150, connectors: ["CCS"] });
  });

  it("booking is unknown unless every EVSE lists capabilities; restrictions only where every EVSE has them", () => {
    const evse = (uid: string, extra: object) => ({ uid, status: "AVAILABLE", connectors: [loc.evses[0].connectors[1]], ...extra });
    const site = (...evses: object[]) => parseOcpiLocations([{ ...loc, evses }]).stations[0];
    expect(site(evse("a", { capabilities: ["RFID_READER"] }), evse("b", {})).bookable).toBeNull();
    expect(site(evse("a", { capabilities: ["RFID_READER"] }), evse("b", { capabilities: [] })).bookable).toBeNull();
    expect(site(evse("a", { capabilities: ["RFID_READER"] }), evse("b", { capabilities: ["RESERVABLE"] })).bookable).toBe(true);
    expect(site(evse("a", { parking_restrictions: ["DISABLED"] }), evse("b", {})).parkingRestrictions).toBeUndefined();
    expect(site(evse("a", { parking_restrictions: ["EV_ONLY", "CUSTOMERS"] }), evse("b", { parking_restrictions: ["CUSTOMERS"] })).parkingRestrictions).toEqual(["CUSTOMERS"]);
  });

  it("drops malformed opening hours and unknown time zones", () => {
    expect(ocpiOpeningTimes({ regular_hours: [] })).toBeUndefined();
    expect(ocpiOpeningTimes({
      twentyfourseven: false,
      regular_hours: [{ weekday: 8, period_begin: "06:00", period_end: "22:00" }, { weekday: 2, period_begin: "6 am", period_end: "22:00" }, { weekday: 3, period_begin: "06:00", period_end: "22:00" }],
      exceptional_closings: [{ period_begin: "someday", period_end: "2026-01-01T00:00:00Z" }],
    })).toEqual({ twentyfourseven: false, regular_hours: [{ weekday: 3, period_begin: "06:00", period_end: "22:00" }] });
    expect(parseOcpiLocations([{ ...loc, time_zone: "Mars/Olympus_Mons" }]).stations[0].timeZone).toBeUndefined();
    expect(parseOcpiLocations([{ ...loc, time_zone: "Europe/Berlin" }]).stations[0].timeZone).toBe("Europe/Berlin");
  });
});

describe("OCPI files of the more-countries folder (OSM tags, estimated power)", () => {
  const be = load("more-countries/ocpi_be_osm_dc.json");
  const fr = load("more-countries/ocpi_fr_irve_dc.json");

  it("marks France's assumed 50 kW as estimated, and Belgium's stated powers not", () => {
    expect(fr.stations).toHaveLength(1310);
    expect(fr.stations.every((s) => s.powerEstimated === true && s.dcPowerKW === 50)).toBe(true);
    const stated = be.stations.filter((s) => !s.powerEstimated);
    expect(stated.length).toBeGreaterThan(100);
    expect(be.stations.find((s) => s.name === "Ionity Messancy")).toMatchObject({ dcPowerKW: 350, points: 6 });
  });

  it("reads OSM's truck tags: hgv=no closes the site to trucks, hgv=yes opens it (truck_approved T)", () => {
    const closed = be.stations.filter((s) => s.truckAccess === "no");
    const open = be.stations.filter((s) => s.truckAccess === "yes");
    expect(closed).toHaveLength(71);
    expect(open).toHaveLength(2);
    expect(open.every((s) => s.truckApproved === "T")).toBe(true);
    expect(closed.every((s) => s.truckApproved === null)).toBe(true);
    expect(be.stations.filter((s) => s.truckAccess === undefined)).toHaveLength(158);
  });

  it("reads maxheight and maxlength in metres where given", () => {
    const r = parseOcpiLocations(JSON.stringify([{
      country_code: "BE", party_id: "OSM", id: "x1", name: "Test", country: "BEL", coordinates: { latitude: "50.8", longitude: "4.3" },
      evses: [{ uid: "1", status: "UNKNOWN", connectors: [{ id: "1", standard: "IEC_62196_T2_COMBO", power_type: "DC", max_electric_power: 150000 }] }],
      x_truck: { hgv: "designated", maxheight: "3.8", maxlength: "18 m" },
    }]), { source: "t" });
    expect(r.stations[0]).toMatchObject({ truckAccess: "yes", truckApproved: "T", maxHeightM: 3.8, maxLengthM: 18 });
  });
});

describe("OCPI tariffs beside locations", () => {
  it("links each connector type to the tariff its most powerful connector names", () => {
    const conn = (id: string, standard: string, kw: number, tariff_ids?: string[]) => ({ id, standard, power_type: "DC", max_electric_power: kw * 1000, ...(tariff_ids ? { tariff_ids } : {}) });
    const r = parseOcpiLocations(JSON.stringify({
      locations: [{
        country_code: "DE", party_id: "TST", id: "L1", name: "Hub", country: "DEU", coordinates: { latitude: "52.0", longitude: "9.0" },
        evses: [
          { uid: "1", status: "AVAILABLE", connectors: [conn("1", "IEC_62196_T2_COMBO", 150, ["SLOW"]), conn("2", "IEC_62196_T2_COMBO", 400, ["MISSING", "FAST"])] },
          { uid: "2", status: "AVAILABLE", connectors: [conn("1", "MCS", 1000, ["MCS-T"]), conn("2", "CHADEMO", 50)] },
        ],
      }],
      tariffs: [
        { id: "SLOW", currency: "EUR", elements: [{ price_components: [{ type: "ENERGY", price: 0.4, step_size: 1 }] }] },
        { id: "FAST", currency: "EUR", elements: [{ price_components: [{ type: "ENERGY", price: 0.6, step_size: 1 }] }] },
        { id: "MCS-T", currency: "EUR", elements: [{ price_components: [{ type: "ENERGY", price: 0.45, step_size: 1 }] }] },
        { id: "BROKEN", currency: "EUR" },
      ],
    }), { source: "t" });
    const s = r.stations[0];
    expect(s.tariffs?.CCS?.id).toBe("FAST");
    expect(s.tariffs?.MCS?.id).toBe("MCS-T");
    expect(s.tariffs?.CHADEMO).toBeUndefined();
    // Plain arrays of locations still read, with no tariffs.
    expect(parseOcpiLocations(JSON.stringify([]), { source: "t" }).stations).toEqual([]);
  });
});

describe("OCPI tariffs on their own", () => {
  it("reads arrays, { data } and { tariffs }, skips objects that are no Tariff, and sites keep the ids they could not resolve", () => {
    const t = { id: "T1", currency: "EUR", elements: [{ price_components: [{ type: "ENERGY", price: 0.3, step_size: 1 }] }] };
    for (const input of [[t], { data: [t] }, { tariffs: [t] }]) expect(parseOcpiTariffs(JSON.stringify(input)).tariffs.map((x) => x.id)).toEqual(["T1"]);
    expect(parseOcpiTariffs([t, { id: "X" }, { id: "Y", currency: "EUR", elements: [{}] }, null])).toMatchObject({ records: 4, skipped: 3 });
    expect(() => parseOcpiTariffs("{}")).toThrow(/array of Tariff objects/);
    const loc = {
      id: "L1", publish: true, country_code: "DE", party_id: "TST", country: "DEU", coordinates: { latitude: "52.5", longitude: "13.4" },
      evses: [{ uid: "E1", status: "AVAILABLE", connectors: [
        { id: "1", standard: "IEC_62196_T2_COMBO", power_type: "DC", max_electric_power: 350000, tariff_ids: ["T9", "T1"] },
        { id: "2", standard: "IEC_62196_T2_COMBO", power_type: "DC", max_electric_power: 50000, tariff_ids: ["SLOW"] },
      ] }],
    };
    const [s] = parseOcpiLocations([loc]).stations;
    expect(s.tariffs).toBeUndefined();
    expect(s.tariffIds).toEqual({ CCS: ["T9", "T1"] });
  });
});

