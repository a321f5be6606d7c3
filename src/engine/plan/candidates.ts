// Stations of the corridor that this vehicle can actually charge at.
import type { CorridorHit } from "../stations/corridor";
import type { Station } from "../stations/types";
import type { VehicleModel } from "../vehicles/catalog";
import type { ChargeConnector } from "../vehicles/charging";
import { DETOUR_SPEED_KMH, MIN_STOP_POWER_KW } from "./rules";

export interface Candidate {
  hit: CorridorHit;
  /** Index of the request section (leg) the station lies along. */
  leg: number;
  /** Global distance from the tour start to the nearest route point. */
  distM: number;
  connector: ChargeConnector;
  /** Highest power this vehicle can draw here, kW. */
  powerKW: number;
  detourKWh: number;
  detourMin: number;
}

/**
 * Best connector for the vehicle at a station, or null when it cannot charge there at `minKW` or
 * more (a stop made to charge: MIN_STOP_POWER_KW; a charger where the truck stops anyway: any power).
 */
export function chargeOption(vehicle: VehicleModel, station: Station, minKW = MIN_STOP_POWER_KW): { connector: ChargeConnector; powerKW: number } | null {
  // The source (OSM hgv=no) or the tenant's or operator's overlay (truck_approved "none") keeps trucks out.
  if (station.truckAccess === "no") return null;
  const options: { connector: ChargeConnector; powerKW: number }[] = [];
  // Per connector where the source says (an MCS point beside slower CCS points), else the site's DC power.
  const siteKW = (c: "MCS" | "CCS") => station.connectorKW?.[c] ?? station.dcPowerKW;
  if (station.connectors.includes("MCS") && vehicle.maxMcsKW) {
    options.push({ connector: "MCS", powerKW: Math.min(siteKW("MCS"), vehicle.maxMcsKW) });
  }
  if (station.connectors.includes("CCS") && vehicle.maxCcsKW) {
    options.push({ connector: "CCS", powerKW: Math.min(siteKW("CCS"), vehicle.maxCcsKW) });
  }
  const best = options.sort((a, b) => b.powerKW - a.powerKW)[0];
  return best && best.powerKW > 0 && best.powerKW >= minKW ? best : null;
}

export function toCandidate(vehicle: VehicleModel, hit: CorridorHit, leg: number, legStartM: number, kWhPerKm: number): Candidate | null {
  const option = chargeOption(vehicle, hit.station);
  if (!option) return null;
  return {
    hit,
    leg,
    distM: legStartM + hit.distanceFromStartM,
    ...option,
    detourKWh: (hit.detourM / 1000) * kWhPerKm,
    detourMin: (hit.detourM / 1000 / DETOUR_SPEED_KMH) * 60,
  };
}
