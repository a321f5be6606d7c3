import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ocmConnector, ocmOperatorName, parseOcmPois } from "@/engine/stations/ocm";
import { MAX_PLAUSIBLE_KW } from "@/engine/stations/ocpi";

const SAMPLES = path.join(__dirname, "samples");
const sample = (f: string) => readFileSync(path.join(SAMPLES, f), "utf8");
const reference = JSON.parse(sample("ocm_reference_excerpt.json")) as unknown;

describe("OCM API output (verbose POIs)", () => {
  const r = parseOcmPois(sample("ocm_pois_verbose.json"), { source: "ocm_de" });
  const byId = (id: number) => r.stations.find((s) => s.externalId === `ocm:${id}`);

  it("skips non-operational, planned, unplaced and private POIs and says so", () => {
    expect(r.pois).toBe(8);
    expect(r.skipped).toBe(4);
    expect(r.stations.map((s) => s.externalId)).toEqual(["ocm:100072", "ocm:281730", "ocm:193004", "ocm:276541"]);
    expect(r.warnings).toEqual([
      "2 POIs not operational, planned, removed or not live: skipped",
      "1 POI without coordinates: skipped",
      "1 POI with private, restricted access: skipped",
      "1 POI without connection details: kept with unknown power and connectors",
      "2 POIs without a named operator: operator left empty",
    ]);
  });

  it("maps connection types, DC by current type, points and address", () => {
    // Real POI OCM-100072: Type 2 tethered 43 kW AC, CHAdeMO 50 kW and CCS 50 kW DC.
    expect(byId(100072)).toEqual({
      externalId: "ocm:100072", locationId: null, name: "Supermarkt Kaufland", address: "Aldinger Straße 70, 70378 Stuttgart",
      lat: 48.84002557614795, lon: 9.228471781614637,
      operator: "", // "(Business Owner at Location)" names nobody
      powerKW: 50, dcPowerKW: 50, connectors: ["CCS", "CHADEMO", "TYPE2"], connectorKW: { TYPE2: 43, CHADEMO: 50, CCS: 50 },
      points: 3, truckApproved: null, connectorPos: null, bookable: null, amenities: [], country: "DE", source: "ocm_de",
    });
  });

  it("drops connections that are out of order and the region tag of operator titles", () => {
    // CHAdeMO with StatusType "Not Operational" does not count.
    expect(byId(281730)).toMatchObject({ operator: "EnBW", connectors: ["CCS"], powerKW: 300, dcPowerKW: 300, points: 4 });
  });

  it("keeps customer-only sites with that restriction, AC-only power and unknown attributes null", () => {
    expect(byId(193004)).toMatchObject({
      operator: "EnerCity", powerKW: 11, dcPowerKW: 0, connectors: ["OTHER", "TYPE2"], connectorKW: { TYPE2: 11, OTHER: 3.7 },
      parkingRestrictions: ["CUSTOMERS"], truckApproved: null, bookable: null,
    });
    expect(byId(276541)).toMatchObject({ powerKW: 0, dcPowerKW: 0, connectors: [], points: 2, operator: "" });
    expect(r.stations.every((s) => s.openingTimes === undefined)).toBe(true);
  });
});

describe("OCM export files (compact: reference data as IDs)", () => {
  const text = sample("ocm_export_compact_de.json");

  it("reads IDs with the built-in tables: connection and current types, country, status", () => {
    const r = parseOcmPois(text);
    expect([r.pois, r.skipped, r.stations.length]).toEqual([5, 0, 5]);
    expect(r.stations.every((s) => s.country === "DE" && s.source === "ocm")).toBe(true);
    const sangl = r.stations.find((s) => s.externalId === "ocm:100286")!;
    expect(sangl).toMatchObject({
      name: "Auto Sangl", address: "Rudolf-Diesel-Straße &, 86899 Landsberg", connectors: ["CCS", "TYPE2"],
      connectorKW: { TYPE2: 11, CCS: 35 }, dcPowerKW: 35, powerKW: 35, points: 4,
    });
    expect(r.stations.find((s) => s.externalId === "ocm:100128")).toMatchObject({
      address: "Robert-Bosch-Straße, 67590 Monsheim", connectors: ["TYPE2"], powerKW: 22, dcPowerKW: 0, points: 2,
    });
    // No operator titles in compact output: unknown, and said so.
    expect(r.stations.every((s) => s.operator === "")).toBe(true);
    expect(r.warnings).toEqual(["5 POIs without a named operator: operator left empty"]);
  });

  it("names operators from OCM reference data", () => {
    const hpc = (JSON.parse(sample("ocm_pois_verbose.json")) as Record<string, unknown>[]).find((p) => p.ID === 281730)!;
    const compact = { ...hpc, OperatorInfo: undefined, StatusType: undefined, UsageType: undefined };
    expect(parseOcmPois([compact], { reference }).stations[0].operator).toBe("EnBW");
    expect(parseOcmPois([compact]).stations[0].operator).toBe("");
    // Reference status types decide operational state where only the ID is given.
    expect(parseOcmPois([{ ...compact, StatusTypeID: 150 }], { reference }).skipped).toBe(1);
    expect(parseOcmPois([{ ...compact, StatusTypeID: 30 }], { reference }).stations).toHaveLength(1);
  });

  it("reads one POI object (one export file) and a string with a BOM", () => {
    const one = (JSON.parse(text) as unknown[])[0];
    expect(parseOcmPois(one).stations[0].externalId).toBe("ocm:100072");
    expect(parseOcmPois("\uFEFF" + text).stations).toHaveLength(5);
    expect(() => parseOcmPois({ foo: 1 })).toThrow(/OCM/);
  });
});

describe("OCM mapping rules", () => {
  const base = {
    ID: 1, AddressInfo: { Title: "T", Town: "Lehrte", Postcode: "31275", CountryID: 87, Latitude: 52.38, Longitude: 9.96 },
    StatusTypeID: 50, NumberOfPoints: 1,
  };
  const one = (connections: unknown[], extra: object = {}) => parseOcmPois([{ ...base, ...extra, Connections: connections }]);

  it("maps the planner's connectors by OCM ID, MCS by title, unknown types to nothing", () => {
    expect(ocmConnector(33, "CCS (Type 2)")).toBe("CCS");
    expect(ocmConnector(2, "CHAdeMO")).toBe("CHADEMO");
    expect(ocmConnector(25, "")).toBe("TYPE2");
    expect(ocmConnector(1036, "")).toBe("TYPE2");
    expect(ocmConnector(32, "CCS (Type 1)")).toBe("OTHER");
    expect(ocmConnector(0, "Unknown Not Specified")).toBeNull();
    // OCM reference data has had no MCS entry we can pin an ID to: recognised by its title.
    expect(ocmConnector(9999, "MCS (Megawatt Charging System)")).toBe("MCS");
  });

  it("takes DC from the current type, else from the connector or a power only DC reaches", () => {
    const mcs = one([{ ConnectionTypeID: 9999, ConnectionType: { ID: 9999, Title: "Megawatt Charging System (MCS)" }, CurrentTypeID: 30, PowerKW: 1000, Quantity: 2 }]);
    expect(mcs.stations[0]).toMatchObject({ connectors: ["MCS"], dcPowerKW: 1000, connectorKW: { MCS: 1000 }, points: 1 });
    const unknownCurrent = one([{ ConnectionTypeID: 0, PowerKW: 150 }, { ConnectionTypeID: 25, PowerKW: 22 }]);
    expect(unknownCurrent.stations[0]).toMatchObject({ connectors: ["TYPE2"], dcPowerKW: 150, powerKW: 150 });
    const ccsNoCurrent = one([{ ConnectionTypeID: 33, PowerKW: 50 }]);
    expect(ccsNoCurrent.stations[0].dcPowerKW).toBe(50);
    const acOnly = one([{ ConnectionTypeID: 25, CurrentTypeID: 20, PowerKW: 43 }]);
    expect(acOnly.stations[0]).toMatchObject({ dcPowerKW: 0, powerKW: 43 });
  });

  it("computes power from amps and volts when PowerKW is missing, and caps implausible values", () => {
    const r = one([
      { ConnectionTypeID: 25, CurrentTypeID: 20, Amps: 32, Voltage: 400, Quantity: 2 },
      { ConnectionTypeID: 28, CurrentTypeID: 10, Amps: 16, Voltage: 230 },
    ], { NumberOfPoints: undefined });
    expect(r.stations[0]).toMatchObject({ powerKW: 22.2, connectorKW: { TYPE2: 22.2, OTHER: 3.7 }, points: 3 });
    expect(one([{ ConnectionTypeID: 33, CurrentTypeID: 30, PowerKW: 7360 }]).stations[0].dcPowerKW).toBe(MAX_PLAUSIBLE_KW);
  });

  it("skips POIs whose every connection is out of order, not live, or without an ID", () => {
    expect(one([{ ConnectionTypeID: 33, PowerKW: 50, StatusTypeID: 100 }]).skipped).toBe(1);
    expect(one([], { SubmissionStatusTypeID: 1000 }).skipped).toBe(1);
    expect(one([], { SubmissionStatus: { IsLive: false, ID: 1, Title: "Submission Under Review" } }).skipped).toBe(1);
    expect(parseOcmPois([{ ...base, ID: undefined }]).skipped).toBe(1);
    expect(parseOcmPois([{ ...base, AddressInfo: { ...base.AddressInfo, Latitude: null } }]).skipped).toBe(1);
  });

  it("never states truck access, connector position or booking", () => {
    const s = one([{ ConnectionTypeID: 33, CurrentTypeID: 30, PowerKW: 400 }], { UsageType: { ID: 4, Title: "Public - Membership Required" } }).stations[0];
    expect([s.truckApproved, s.connectorPos, s.bookable]).toEqual([null, null, null]);
    expect(s.parkingRestrictions).toBeUndefined();
  });

  it("cleans OCM operator titles", () => {
    expect(ocmOperatorName("EnBW (D)")).toBe("EnBW");
    expect(ocmOperatorName("Badenova (DE)")).toBe("Badenova");
    expect(ocmOperatorName("Tesla Motors (Worldwide)")).toBe("Tesla Motors");
    expect(ocmOperatorName("Elli (Volkswagen Group Charging GmbH)")).toBe("Elli (Volkswagen Group Charging GmbH)");
    expect(ocmOperatorName("(Unknown Operator)")).toBe("");
    expect(ocmOperatorName("(Private Residence/Individual)")).toBe("");
  });
});
