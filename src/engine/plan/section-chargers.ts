// Chargers at section ends: the power the request states there
// (power_available_kW), else the tenant's own charger at that place (a depot).
// The truck charges there during its stop, so no minimum stop power applies:
// a slow depot charger is worth a long stay.
import { haversineM } from "../geo";
import type { StationIndex } from "../stations/corridor";
import type { Station } from "../stations/types";
import type { VehicleModel } from "../vehicles/catalog";
import type { ChargeConnector } from "../vehicles/charging";
import { chargeOption } from "./candidates";
import type { PlanSection } from "./types";

/** A tenant's charger counts as the section end's when it lies this close to the stop. */
export const SECTION_END_CHARGER_M = 300;

export interface SectionCharger {
  powerKW: number;
  connector: ChargeConnector;
  /** Where the figure comes from: the request, or the tenant's site. */
  source: "request" | "tenant_site";
  station?: Station;
}

export function sectionChargers(vehicle: VehicleModel, sections: PlanSection[], stations: StationIndex): (SectionCharger | null)[] {
  return sections.map((s) => {
    if (s.powerAvailableKW != null) {
      const connector = inlet(vehicle, s.powerAvailableKW);
      return s.powerAvailableKW > 0 && connector ? { powerKW: s.powerAvailableKW, connector, source: "request" } : null;
    }
    return tenantCharger(vehicle, s.stop, stations);
  });
}

/** The vehicle's inlet that draws most from a charger of this power; null when it has none. */
function inlet(vehicle: VehicleModel, powerKW: number): ChargeConnector | null {
  const ccs = Math.min(powerKW, vehicle.maxCcsKW ?? 0), mcs = Math.min(powerKW, vehicle.maxMcsKW ?? 0);
  if (ccs <= 0 && mcs <= 0) return null;
  return mcs > ccs ? "MCS" : "CCS";
}

/** The fastest of the tenant's own chargers near the stop that this vehicle can use. */
function tenantCharger(vehicle: VehicleModel, at: [number, number], index: StationIndex): SectionCharger | null {
  const dLat = SECTION_END_CHARGER_M / 111_000, dLon = dLat / Math.max(0.05, Math.cos((at[0] * Math.PI) / 180));
  let best: SectionCharger | null = null;
  for (const id of index.tree.range(at[1] - dLon, at[0] - dLat, at[1] + dLon, at[0] + dLat)) {
    const st = index.stations[id];
    if (!st || st.privateTo == null || haversineM(at[0], at[1], st.lat, st.lon) > SECTION_END_CHARGER_M) continue;
    const option = chargeOption(vehicle, st, 0);
    if (option && (!best || option.powerKW > best.powerKW)) best = { ...option, source: "tenant_site", station: st };
  }
  return best;
}
