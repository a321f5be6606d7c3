// rFMS 4.0 (remote Fleet Management System, the truck makers' telematics API): the request URLs of
// the latest positions and statuses, the reading of their answers, and how the readings of a poll
// update a vehicle's last known state (pure; the HTTP calls are server/telematics/poll.ts).
//
// Written from the standard's OpenAPI file "rFMS vehicle data" version 4.0.0 (api/rFMS_4_0.yaml of
// github.com/way-platform/rfms-go, commit 50c965c8): GET {base}/vehiclepositions and
// {base}/vehiclestatuses with latestOnly=true (the latest report of every vehicle; with
// moreDataAvailable=true the next page is asked with lastVin = the VIN of the last vehicle received);
// media types `application/json; rfms=vehiclepositions.v4.0` and `...; rfms=vehiclestatuses.v4.0`;
// answers VehiclePositionResponseObject {vehiclePositionResponse: {vehiclePositions: [...]},
// moreDataAvailable, requestServerDateTime} and VehicleStatusResponseObject {vehicleStatusResponse:
// {vehicleStatuses: [...]}, ...}. Read of each report: vin, createdDateTime, receivedDateTime (required);
// GNSSPositionObject (latitude, longitude, heading 0-359, speed km/h, positionDateTime); wheelBasedSpeed,
// tachographSpeed (km/h); SnapshotDataObject's hybridBatteryPackRemainingCharge (%, "used as well for
// full electrical vehicles": the state of charge), estimatedDistanceToEmpty.batteryPack (m),
// batteryPackChargingStatus, batteryPackChargingConnectionStatus, batteryPackChargingPower (W),
// estimatedTimeBatteryPackChargingCompleted, driver1WorkingState and driver2WorkingState. Statuses are
// asked with contentFilter=SNAPSHOT: only that block is read, and the accumulated counters are large.
// triggerType (required by the schema) is not read, so its absence does not cost a report.
import { z } from "zod";

export type RfmsResource = "vehiclepositions" | "vehiclestatuses";

export const RFMS_MEDIA_TYPES: Record<RfmsResource, string> = {
  vehiclepositions: "application/json; rfms=vehiclepositions.v4.0",
  vehiclestatuses: "application/json; rfms=vehiclestatuses.v4.0",
};

/** A report whose time is further ahead of the poll than this is skipped: it would hide every true report after it. */
export const MAX_CLOCK_AHEAD_MS = 60 * 60_000;

/** The URL of a page of the latest reports; `base` without a trailing slash. */
export function latestPageUrl(base: string, resource: RfmsResource, lastVin?: string): URL {
  const url = new URL(`${base}/${resource}`);
  url.searchParams.set("latestOnly", "true");
  if (resource === "vehiclestatuses") url.searchParams.set("contentFilter", "SNAPSHOT");
  if (lastVin !== undefined) url.searchParams.set("lastVin", lastVin);
  return url;
}

const Time = z.iso.datetime({ offset: true });
const Vin = z.string().trim().min(1).max(100);

const Gnss = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  heading: z.number().min(0).max(360).nullish(),
  speed: z.number().min(0).max(1000).nullish(),
  positionDateTime: Time,
});
const Speed = z.number().min(0).max(1000).nullish();

const Report = { vin: Vin, createdDateTime: Time, receivedDateTime: Time };

const PositionObject = z.object({ ...Report, gnssPosition: Gnss.nullish(), wheelBasedSpeed: Speed, tachographSpeed: Speed });

const WorkingState = z.enum(["REST", "DRIVER_AVAILABLE", "WORK", "DRIVE", "ERROR", "NOT_AVAILABLE"]);
const Snapshot = z.object({
  gnssPosition: Gnss.nullish(),
  wheelBasedSpeed: Speed,
  tachographSpeed: Speed,
  driver1WorkingState: WorkingState.nullish(),
  driver2WorkingState: WorkingState.nullish(),
  hybridBatteryPackRemainingCharge: z.number().min(0).max(100).nullish(),
  batteryPackChargingStatus: z.enum(["NOT_CHARGING", "CHARGING", "CHARGING_AC", "CHARGING_DC", "ERROR", "NOT_AVAILABLE"]).nullish(),
  batteryPackChargingConnectionStatus: z.enum(["CONNECTING", "CONNECTED", "DISCONNECTING", "DISCONNECTED", "ERROR", "NOT_AVAILABLE"]).nullish(),
  batteryPackChargingPower: z.number().min(0).max(10_000_000).nullish(),
  estimatedTimeBatteryPackChargingCompleted: Time.nullish(),
  estimatedDistanceToEmpty: z.object({ batteryPack: z.number().min(0).max(1e9).nullish() }).nullish(),
});
const StatusObject = z.object({ ...Report, snapshotData: Snapshot.nullish() });

const Page = {
  vehiclepositions: z.object({
    vehiclePositionResponse: z.object({ vehiclePositions: z.array(z.unknown()).nullish() }),
    moreDataAvailable: z.boolean(),
  }),
  vehiclestatuses: z.object({
    vehicleStatusResponse: z.object({ vehicleStatuses: z.array(z.unknown()).nullish() }),
    moreDataAvailable: z.boolean(),
  }),
};

export class RfmsAnswerError extends Error {}

/** A page's reports (not yet read) and whether more follow; RfmsAnswerError when it is not the schema's response object. */
export function readPage(resource: RfmsResource, body: unknown): { items: unknown[]; more: boolean } {
  const parsed = Page[resource].safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RfmsAnswerError(`not an rFMS 4.0 ${resource} answer (${issue.path.join(".") || "the body"}: ${issue.message})`);
  }
  const items = "vehiclePositionResponse" in parsed.data ? parsed.data.vehiclePositionResponse.vehiclePositions : parsed.data.vehicleStatusResponse.vehicleStatuses;
  return { items: items ?? [], more: parsed.data.moreDataAvailable };
}

/** The VIN of a page's last report, for the next page's lastVin (undefined when it has none). */
export function lastVinOf(items: unknown[]): string | undefined {
  const last = items.at(-1) as { vin?: unknown } | undefined;
  return typeof last?.vin === "string" && last.vin.trim() ? last.vin.trim() : undefined;
}

export type ChargingStatus = "NOT_CHARGING" | "CHARGING" | "CHARGING_AC" | "CHARGING_DC" | "ERROR";
export type ConnectionStatus = "CONNECTING" | "CONNECTED" | "DISCONNECTING" | "DISCONNECTED" | "ERROR";
export type WorkingState = "REST" | "DRIVER_AVAILABLE" | "WORK" | "DRIVE" | "ERROR";

/** A vehicle's last known state: each group with the time the vehicle took it and the source that reported it. */
export interface TelematicsState {
  position: { latitude: number; longitude: number; headingDeg: number | null; speedKmh: number | null; at: Date; source: string } | null;
  soc: { percent: number; rangeM: number | null; at: Date; source: string } | null;
  charging: { status: ChargingStatus | null; connection: ConnectionStatus | null; powerW: number | null; doneAt: Date | null; at: Date; source: string } | null;
  driver: { driver1: WorkingState | null; driver2: WorkingState | null; at: Date; source: string } | null;
}

export const EMPTY_STATE: TelematicsState = { position: null, soc: null, charging: null, driver: null };

/** What one report says, by group (a group it does not carry is absent). */
export type Readings = { [K in keyof TelematicsState]?: Omit<NonNullable<TelematicsState[K]>, "source"> };

const known = <T extends string>(v: T | "NOT_AVAILABLE" | null | undefined): T | null => (v == null || v === "NOT_AVAILABLE" ? null : v);
const speedOf = (...speeds: (number | null | undefined)[]) => speeds.find((s) => s != null) ?? null;

function positionOf(g: z.infer<typeof Gnss>, speedKmh: number | null): Readings["position"] {
  return { latitude: g.latitude, longitude: g.longitude, headingDeg: g.heading == null ? null : Math.round(g.heading) % 360, speedKmh, at: new Date(g.positionDateTime) };
}

/** One report read: its VIN and readings; null when it does not follow the schema or is dated too far ahead of `now`. */
export function readReport(resource: RfmsResource, item: unknown, now: Date): { vin: string; readings: Readings } | null {
  const tooLate = (d: Date) => d.getTime() > now.getTime() + MAX_CLOCK_AHEAD_MS;
  if (resource === "vehiclepositions") {
    const p = PositionObject.safeParse(item);
    if (!p.success) return null;
    const r = p.data;
    const readings: Readings = r.gnssPosition ? { position: positionOf(r.gnssPosition, speedOf(r.wheelBasedSpeed, r.tachographSpeed, r.gnssPosition.speed)) } : {};
    if (tooLate(new Date(r.createdDateTime)) || (readings.position && tooLate(readings.position.at))) return null;
    return { vin: r.vin.toUpperCase(), readings };
  }
  const s = StatusObject.safeParse(item);
  if (!s.success) return null;
  const at = new Date(s.data.createdDateTime);
  if (tooLate(at)) return null;
  const snap = s.data.snapshotData;
  const readings: Readings = {};
  if (snap) {
    if (snap.gnssPosition) readings.position = positionOf(snap.gnssPosition, speedOf(snap.wheelBasedSpeed, snap.tachographSpeed, snap.gnssPosition.speed));
    if (readings.position && tooLate(readings.position.at)) delete readings.position;
    if (snap.hybridBatteryPackRemainingCharge != null) {
      readings.soc = { percent: snap.hybridBatteryPackRemainingCharge, rangeM: snap.estimatedDistanceToEmpty?.batteryPack ?? null, at };
    }
    const status = known(snap.batteryPackChargingStatus);
    const connection = known(snap.batteryPackChargingConnectionStatus);
    if (status !== null || connection !== null) {
      const done = snap.estimatedTimeBatteryPackChargingCompleted;
      readings.charging = { status, connection, powerW: snap.batteryPackChargingPower ?? null, doneAt: done ? new Date(done) : null, at };
    }
    const driver1 = known(snap.driver1WorkingState);
    const driver2 = known(snap.driver2WorkingState);
    if (driver1 !== null || driver2 !== null) readings.driver = { driver1, driver2, at };
  }
  return { vin: s.data.vin.toUpperCase(), readings };
}

/**
 * The state after a report of `source`: each group it carries replaces the known one if it was taken
 * later (a repeated report, a late one, or one no newer than another source's, changes nothing).
 * `changed` says whether anything was replaced.
 */
export function applyReadings(state: TelematicsState, readings: Readings, source: string): { state: TelematicsState; changed: boolean } {
  const next: TelematicsState = { ...state };
  let changed = false;
  for (const key of ["position", "soc", "charging", "driver"] as const) {
    const r = readings[key];
    const current = state[key];
    if (!r || (current && current.at.getTime() >= r.at.getTime())) continue;
    (next as unknown as Record<string, unknown>)[key] = { ...r, source };
    changed = true;
  }
  return { state: next, changed };
}
