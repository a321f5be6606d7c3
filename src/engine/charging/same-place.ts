// Stations at one route point where another serves every plan at least as well: a site listed twice
// (two operators' records, two sources), or a slower and dearer one beside a better one. About a fifth
// of a long corridor's candidates (Hamburg-Freiburg-Berlin: 55 of 254); each costs the search a pass
// per label set, and none can be in a best plan that the other cannot match.
import { chargersByTimeOfDay, FREE } from "./price";
import type { ChargePrice, OptimizeInput, StationPoint } from "./types";

/**
 * Indices of stations no plan needs: another at the same route point is as good in everything the
 * search reads (detour time and energy, the wait for a point, charging no slower between any two
 * states of charge by its table, price no higher in each part, a rest allowed where this one allows
 * it) and always open; of two alike, the first in route order stays (the one the search kept before).
 * None where a time of day matters to a charger (opening hours, tariffs, a fleet's busy sites): there
 * a stop that ends sooner can reach the next one in a worse hour.
 */
export function stationsNoPlanNeeds<C extends string>(input: OptimizeInput<C>, table: (s: StationPoint<C>) => Float64Array): Set<number> {
  const out = new Set<number>();
  const { stations } = input;
  if (chargersByTimeOfDay(input)) return out;
  const byPoint = new Map<number, number[]>();
  stations.forEach((s, i) => {
    const same = byPoint.get(s.distM);
    if (same) same.push(i);
    else byPoint.set(s.distM, [i]);
  });
  for (const group of byPoint.values()) {
    if (group.length < 2) continue;
    for (const a of group) {
      const sa = stations[a];
      const beaten = group.some((b) => {
        if (b === a || out.has(b)) return false;
        const sb = stations[b];
        if (sb.driveMin !== sa.driveMin || sb.energyKWh !== sa.energyKWh) return false;
        const ab = asGood(sb, sa, table), ba = asGood(sa, sb, table);
        // Alike both ways: the first stays.
        return ab && (!ba || b < a);
      });
      if (beaten) out.add(a);
    }
  }
  return out;
}

/** Whether b serves every plan at a stop at least as well as a (both fixed prices or none). */
function asGood<C extends string>(b: StationPoint<C>, a: StationPoint<C>, table: (s: StationPoint<C>) => Float64Array): boolean {
  if (b.detourMin > a.detourMin || b.detourKWh > a.detourKWh || (b.queueMin ?? 0) > (a.queueMin ?? 0) || (b.noRest && !a.noRest)) return false;
  if (!noDearer(b.price as ChargePrice | undefined, a.price as ChargePrice | undefined)) return false;
  const tb = table(b), ta = table(a);
  if (tb === ta) return true;
  // Per table step, with the rounding of two curves that meet (under 10^-6 min over a whole charge).
  for (let i = 1; i < tb.length; i++) if (tb[i] - tb[i - 1] > ta[i] - ta[i - 1] + 1e-9) return false;
  return true;
}

function noDearer(b: ChargePrice | undefined, a: ChargePrice | undefined): boolean {
  const pb = b ?? FREE, pa = a ?? FREE;
  return pb.perKWh <= pa.perKWh && pb.sessionFee <= pa.sessionFee && pb.perMin <= pa.perMin;
}
