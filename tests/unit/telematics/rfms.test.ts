// Reading rFMS 4.0 answers (the OpenAPI file api/rFMS_4_0.yaml of way-platform/rfms-go: response
// objects, VehiclePositionObject, VehicleStatusObject's SnapshotDataObject), the newest-wins rule of a
// vehicle's state, the poll's backoff and the sealing of stored credentials.
import { describe, expect, it } from "vitest";
import { applyReadings, EMPTY_STATE, lastVinOf, latestPageUrl, readPage, readReport, RfmsAnswerError } from "@/engine/telematics/rfms";
import { openSecret, sealSecret } from "@/server/telematics/credentials";
import { backoffMs } from "@/server/telematics/poll";

const NOW = new Date("2026-11-25T10:00:00Z");
const at = "2026-11-25T09:00:00Z";
const gnss = { latitude: 53.55, longitude: 9.99, heading: 359.6, speed: 50, positionDateTime: at };
const report = (extra: Record<string, unknown>) => ({ vin: " wdb9634031l738291 ", triggerType: { triggerType: "TIMER", context: "RFMS" }, createdDateTime: at, receivedDateTime: at, ...extra });

describe("rFMS 4.0 answers", () => {
  it("asks for the latest reports, statuses with the snapshot only, the next page after lastVin", () => {
    expect(latestPageUrl("https://oem.example/rfms4", "vehiclepositions").href).toBe("https://oem.example/rfms4/vehiclepositions?latestOnly=true");
    expect(latestPageUrl("https://oem.example/rfms4", "vehiclestatuses", "VIN1").href)
      .toBe("https://oem.example/rfms4/vehiclestatuses?latestOnly=true&contentFilter=SNAPSHOT&lastVin=VIN1");
  });

  it("reads a page's reports and moreDataAvailable; refuses what is no response object", () => {
    expect(readPage("vehiclepositions", { vehiclePositionResponse: { vehiclePositions: [1, 2] }, moreDataAvailable: true, requestServerDateTime: at }))
      .toEqual({ items: [1, 2], more: true });
    expect(readPage("vehiclestatuses", { vehicleStatusResponse: {}, moreDataAvailable: false })).toEqual({ items: [], more: false });
    expect(() => readPage("vehiclestatuses", { vehiclePositionResponse: { vehiclePositions: [] }, moreDataAvailable: false })).toThrow(RfmsAnswerError);
    expect(() => readPage("vehiclepositions", { vehiclePositionResponse: { vehiclePositions: [] } })).toThrow(/moreDataAvailable/);
    expect(lastVinOf([{ vin: "A" }, { vin: " B " }])).toBe("B");
    expect(lastVinOf([{ vin: 5 }])).toBeUndefined();
  });

  it("a position: the VIN in capitals, heading rounded into 0-359, wheel-based speed first", () => {
    expect(readReport("vehiclepositions", report({ gnssPosition: gnss, wheelBasedSpeed: 61, tachographSpeed: 60 }), NOW)).toEqual({
      vin: "WDB9634031L738291",
      readings: { position: { latitude: 53.55, longitude: 9.99, headingDeg: 0, speedKmh: 61, at: new Date(at) } },
    });
    expect(readReport("vehiclepositions", report({ gnssPosition: { ...gnss, heading: undefined } }), NOW)?.readings.position).toMatchObject({ headingDeg: null, speedKmh: 50 });
  });

  it("a status's snapshot: state of charge, charging, driver states; NOT_AVAILABLE is no value", () => {
    const r = readReport("vehiclestatuses", report({
      snapshotData: {
        hybridBatteryPackRemainingCharge: 55, estimatedDistanceToEmpty: { total: 1, batteryPack: 200_000 },
        batteryPackChargingStatus: "NOT_AVAILABLE", batteryPackChargingConnectionStatus: "DISCONNECTED",
        driver1WorkingState: "NOT_AVAILABLE", driver2WorkingState: "NOT_AVAILABLE",
      },
    }), NOW);
    expect(r?.readings).toEqual({
      soc: { percent: 55, rangeM: 200_000, at: new Date(at) },
      charging: { status: null, connection: "DISCONNECTED", powerW: null, doneAt: null, at: new Date(at) },
    });
  });

  it("skips a report that breaks the schema or is dated more than an hour ahead", () => {
    expect(readReport("vehiclepositions", report({ gnssPosition: { ...gnss, latitude: 91 } }), NOW)).toBeNull();
    expect(readReport("vehiclepositions", { ...report({}), vin: undefined }, NOW)).toBeNull();
    expect(readReport("vehiclestatuses", report({ createdDateTime: "2026-11-25 09:00" }), NOW)).toBeNull();
    expect(readReport("vehiclestatuses", report({ snapshotData: { hybridBatteryPackRemainingCharge: 101 } }), NOW)).toBeNull();
    expect(readReport("vehiclestatuses", report({ snapshotData: { driver1WorkingState: "SLEEP" } }), NOW)).toBeNull();
    expect(readReport("vehiclestatuses", report({ createdDateTime: "2026-11-25T11:30:00Z" }), NOW)).toBeNull();
    // The trigger is not read: a report without it still counts.
    expect(readReport("vehiclestatuses", { ...report({}), triggerType: undefined }, NOW)).not.toBeNull();
  });
});

describe("a vehicle's state", () => {
  const soc = (percent: number, iso: string) => ({ soc: { percent, rangeM: null, at: new Date(iso) } });
  it("each group is replaced by a newer report only", () => {
    const first = applyReadings(EMPTY_STATE, soc(40, at), "a");
    expect(first).toMatchObject({ changed: true, state: { soc: { percent: 40, source: "a" }, position: null } });
    expect(applyReadings(first.state, soc(10, "2026-11-25T08:59:59Z"), "b").changed).toBe(false);
    expect(applyReadings(first.state, soc(10, at), "b").changed).toBe(false);
    expect(applyReadings(first.state, soc(60, "2026-11-25T09:00:01Z"), "b").state.soc).toMatchObject({ percent: 60, source: "b" });
  });
});

describe("backoff and credentials", () => {
  it("doubles from the interval, at most 1 h or the interval when longer, jittered down to 3/4", () => {
    expect(backoffMs(1, 300_000, () => 1)).toBe(300_000);
    expect(backoffMs(3, 300_000, () => 1)).toBe(1_200_000);
    expect(backoffMs(10, 300_000, () => 1)).toBe(3_600_000);
    expect(backoffMs(10, 300_000, () => 0)).toBe(2_700_000);
    expect(backoffMs(5, 86_400_000, () => 1)).toBe(86_400_000);
  });

  it("seals with the key, bound to the tenant and source; plain without a key", () => {
    const key = Buffer.alloc(32, 7);
    const sealed = sealSecret("pa:ss", 1, "oem", key);
    expect(sealed).toMatch(/^aes256gcm:/);
    expect(sealed).not.toContain("pa:ss");
    expect(openSecret(sealed, 1, "oem", key)).toBe("pa:ss");
    expect(() => openSecret(sealed, 1, "other", key)).toThrow(/do not open/);
    expect(() => openSecret(sealed, 1, "oem", Buffer.alloc(32, 8))).toThrow(/do not open/);
    expect(() => openSecret(sealed, 1, "oem", null)).toThrow(/not set/);
    expect(openSecret(sealSecret("pa:ss", 1, "oem", null), 1, "oem", null)).toBe("pa:ss");
  });
});
