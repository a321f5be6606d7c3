// Stations of the corridor that this vehicle can actually charge at.
import type { CorridorHit } from "../stations/corridor";
import type { Station } from "../stations/types";
import type { VehicleModel } from "../vehicles/catalog";
import type { ChargeConnector } from "../vehicles/charging";
import { DETOUR_SPEED_KMH, MIN_STOP_POWER_KW } from "./rules";
import { parkingShutsOutTrucks } from "./truck-access";

export interface Candidate {
  hit: CorridorHit;
  /** Index of the request section (leg) the station lies along. */
  leg: number;
  /** Global distance from the tour start to the nearest route point. */
  distM: number;
  connector: ChargeConnector;
  /** Highest power this vehicle can draw here, kW. */
  powerKW: number;
  /**
   * Which side of the road the station lies on, seen in the direction of travel (sideOfRoad); null on a
   * network whose lines are generalized (DCW, Natural Earth: off by 1-2 km), where it cannot be told.
   */
  side: "left" | "right" | null;
  detourKWh: number;
  detourMin: number;
  /** The part of detourKWh the weather adds against 20 C still air (its preconditioning included), and the preconditioning alone. */
  weatherKWh?: number;
  preconditioningKWh?: number;
}

/**
 * Best connector for the vehicle at a station, or null when it cannot charge there at `minKW` or
 * more (a stop made to charge: MIN_STOP_POWER_KW; a charger where the truck stops anyway: any power).
 */
export function chargeOption(vehicle: VehicleModel, station: Station, minKW = MIN_STOP_POWER_KW): { connector: ChargeConnector; powerKW: number } | null {
  // The source (OSM hgv=no) or the tenant's or operator's overlay (truck_approved "none") keeps trucks out,
  // and so does parking only for motorcycles or the disabled at every point (OCPI parking_restrictions).
  if (station.truckAccess === "no" || parkingShutsOutTrucks(station)) return null;
  const options: { connector: ChargeConnector; powerKW: number }[] = [];
  if (station.connectors.includes("MCS") && vehicle.maxMcsKW) {
    options.push({ connector: "MCS", powerKW: Math.min(siteKW(station, "MCS"), vehicle.maxMcsKW) });
  }
  if (station.connectors.includes("CCS") && vehicle.maxCcsKW) {
    options.push({ connector: "CCS", powerKW: Math.min(siteKW(station, "CCS"), vehicle.maxCcsKW) });
  }
  const best = options.sort(morePowerFirst)[0];
  return best && best.powerKW > 0 && best.powerKW >= minKW ? best : null;
}

// (Not closures per call: run under tsx, each closure made is also named, and this runs per station and road.)
/** Per connector where the source says (an MCS point beside slower CCS points), else the site's DC power. */
const siteKW = (station: Station, c: "MCS" | "CCS") => station.connectorKW?.[c] ?? station.dcPowerKW;
const morePowerFirst = (a: { powerKW: number }, b: { powerKW: number }) => b.powerKW - a.powerKW;

/**
 * How far past a section end a station passed at the very start of the next leg lies (1 cm): the
 * charging search orders points by distance, a station before a waypoint at the same distance, so a
 * pass at the start of leg k would be visited before leg k-1's section end and then listed after it.
 * The same station's pass at the end of leg k-1 is the one visited before the customer.
 */
export const LEG_START_EPS_M = 0.01;

/**
 * Left or right of the route where the station is nearest to it, in the direction of travel: the sign of
 * the cross product of the route segment and the way to the station (planar, scaled by cos(latitude)).
 * What tells a site apart from the one across a motorway, which has the same name and operator.
 */
export function sideOfRoad(coords: readonly [number, number][], hit: CorridorHit): "left" | "right" {
  const i = Math.min(Math.max(0, hit.segmentIndex), Math.max(0, coords.length - 2));
  const [aLat, aLon] = coords[i], [bLat, bLon] = coords[Math.min(i + 1, coords.length - 1)];
  const k = Math.cos((aLat * Math.PI) / 180);
  const cross = (bLon - aLon) * k * (hit.station.lat - aLat) - (bLat - aLat) * (hit.station.lon - aLon) * k;
  return cross > 0 ? "left" : "right";
}

/** `coords`: the leg's path where its geometry is the road's own (OpenStreetMap), to tell the side of the road. */
export function toCandidate(vehicle: VehicleModel, hit: CorridorHit, leg: number, legStartM: number, kWhPerKm: number, coords?: readonly [number, number][]): Candidate | null {
  const option = chargeOption(vehicle, hit.station);
  if (!option) return null;
  return {
    hit,
    leg,
    side: coords && coords.length > 1 ? sideOfRoad(coords, hit) : null,
    distM: legStartM + (leg > 0 ? Math.max(hit.distanceFromStartM, LEG_START_EPS_M) : hit.distanceFromStartM),
    ...option,
    detourKWh: (hit.detourM / 1000) * kWhPerKm,
    detourMin: (hit.detourM / 1000 / DETOUR_SPEED_KMH) * 60,
  };
}
