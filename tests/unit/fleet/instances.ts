// Random small fleet instances: tours leaving within two hours, each with up to
// three plans of one or two charging stops on a handful of sites, every time a
// multiple of 5 minutes (so the MILP's 5-minute grid is exact).
import type { FleetInstance, FleetTour, SiteUse } from "@/engine/fleet/types";
import { mulberry32 as rng } from "../../support/seeded";
export { rng };


const MIN = 60_000;

export function randomInstance(seed: number): FleetInstance {
  const r = rng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const five = (lo: number, hi: number) => 5 * int(Math.ceil(lo / 5), Math.floor(hi / 5));
  const sites = int(2, 4);
  const capacity = new Map(Array.from({ length: sites }, (_, i) => [`S${i}`, r() < 0.7 ? 1 : 2] as const));
  const n = int(2, 6);
  const costly = r() < 0.5;
  const tours: FleetTour[] = Array.from({ length: n }, (_, ti) => {
    const depart = five(0, 120);
    const base = five(240, 420);
    const options = Array.from({ length: int(1, 3) }, (_, oi) => {
      const uses: SiteUse[] = [];
      let at = depart + five(60, 150);
      for (let k = 0; k < int(1, 2); k++) {
        const len = five(20, 55);
        uses.push({ site: `S${int(0, sites - 1)}`, startMs: at * MIN, endMs: (at + len) * MIN });
        at += len + five(60, 150);
      }
      // The tour's own plan is its best alone; others cost a little more.
      return { key: `o${oi}`, uses, objective: oi === 0 ? base : base + five(5, 40) };
    });
    return { id: `T${ti}`, priority: r() < 0.2 ? int(1, 2) : 0, options, delayPerMin: costly ? 1.5 : 1 };
  });
  return { tours, capacity, maxDelayMs: 240 * MIN };
}
