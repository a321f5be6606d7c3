// npm run bench:fleet: a fleet's day on shared corridors. 10, 50 and 200 tours
// from depots in Hamburg and the Ruhr to destinations across Germany, leaving
// between 05:00 and 07:00: how long fleet planning takes, the conflicts
// planning each tour alone would have had (more trucks on a site than its
// points), and what resolving them added (delay, EUR); then the schedule
// against the MILP (CBC) on the same options, where CBC finishes in time.
import { execFileSync } from "node:child_process";
import os from "node:os";
import { planFleet, type FleetTourRequest } from "../src/engine/fleet/plan-fleet";
import { scheduleFleet } from "../src/engine/fleet/schedule";
import type { FleetInstance, SiteUse } from "../src/engine/fleet/types";
import type { PlanInput } from "../src/engine/plan/types";
import { findModel } from "../src/engine/vehicles/catalog";
import { packs } from "../src/server/packs";
import { rng } from "../tests/unit/fleet/instances";
import { cbcAvailable, solveMilp } from "../tests/unit/fleet/milp";

const DEPOTS: [string, [number, number]][] = [["Hamburg", [53.55, 9.99]], ["Dortmund", [51.51, 7.47]], ["Essen", [51.45, 7.01]]];
const DESTINATIONS: [string, [number, number]][] = [
  ["Munich", [48.14, 11.58]], ["Stuttgart", [48.78, 9.18]], ["Frankfurt", [50.11, 8.68]], ["Nuremberg", [49.45, 11.08]],
  ["Leipzig", [51.34, 12.37]], ["Berlin", [52.52, 13.4]], ["Kassel", [51.31, 9.48]], ["Wurzburg", [49.79, 9.95]],
  ["Mannheim", [49.49, 8.47]], ["Freiburg", [47.99, 7.85]], ["Regensburg", [49.01, 12.1]], ["Dresden", [51.05, 13.74]],
  ["Saarbrucken", [49.23, 7.0]], ["Erfurt", [50.98, 11.03]], ["Augsburg", [48.37, 10.9]],
];
/** FLEET_SIZES (e.g. "50") runs only those; FLEET_MILP=0 skips the comparison with the MILP. */
const SIZES = (process.env.FLEET_SIZES ?? "10,50,200").split(",").map(Number);
const MILP_TIME_S = 120;
const vehicle = findModel("MB_EACTROS_600")!;

function tours(n: number, seed: number): FleetTourRequest[] {
  const r = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  return Array.from({ length: n }, (_, i) => {
    const [, from] = i % 2 === 0 ? DEPOTS[0] : pick(DEPOTS.slice(1));
    const [, to] = pick(DESTINATIONS);
    const input: PlanInput = {
      vehicle, batteryLevelStart: 0.7, batteryLevelEnd: 0.2,
      sections: [{ start: from, stop: to, payloadKg: 20_000 }],
      poiInfo: {}, corridorM: 8000, minChargeDurationMin: 0,
      departureMs: Date.parse("2026-12-01T05:00:00Z") + Math.floor(r() * 9) * 15 * 60_000,
      serviceTimeDepartureMin: 0, objective: "balanced",
    };
    const data = packs.planFor([from, to]);
    return { id: `T${i}`, priority: r() < 0.1 ? 1 : 0, input, data };
  });
}

/** The instance on a 5-minute grid, every use widened outwards to it, delays up to 4 h: what the MILP can take. */
function gridded(inst: FleetInstance): FleetInstance {
  const g = 5 * 60_000;
  const out = (u: SiteUse) => ({ site: u.site, startMs: Math.floor(u.startMs / g) * g, endMs: Math.ceil(u.endMs / g) * g });
  return { ...inst, maxDelayMs: 240 * 60_000, tours: inst.tours.map((t) => ({ ...t, options: t.options.map((o) => ({ ...o, uses: o.uses.map(out) })) })) };
}

const load = () => os.loadavg().map((x) => x.toFixed(2)).join(" ");
console.log(`machine: ${os.cpus()[0].model}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}; ${new Date().toISOString()}`);
console.log(`load average before: ${load()}; cbc: ${cbcAvailable() ? execFileSync("cbc", ["-quit"]).toString().match(/Version: (\S+)/)?.[1] ?? "yes" : "missing"}\n`);
console.log("tours | plan ms | plans | tours in conflict alone | conflicts alone | left | delayed | delay min | added EUR | added % | MILP (grid) | schedule (grid) | unplaced (grid) | gap");
for (const n of SIZES) {
  const req = tours(n, 17 + n);
  const t0 = performance.now();
  const out = planFleet(req);
  const ms = performance.now() - t0;
  const inConflict = new Set(out.conflictsAlone.flatMap((c) => c.tours)).size;
  const delayed = out.tours.filter((t) => t.delayMin > 0);
  const added = out.tours.reduce((a, t) => a + t.objective - t.objectiveAlone, 0);
  const alone = out.tours.reduce((a, t) => a + t.objectiveAlone, 0);
  let milp = "-", sched = "-", gap = "-", unplaced = "-";
  if (process.env.FLEET_MILP !== "0" && cbcAvailable() && out.instance) {
    const g = gridded(out.instance);
    const h = scheduleFleet(g);
    sched = h.weighted.toFixed(2);
    unplaced = String(h.unplaced.length);
    const m = solveMilp(g, 5, MILP_TIME_S);
    milp = m.status === "optimal" ? m.weighted.toFixed(2) : m.status === "time_limit" && Number.isFinite(m.weighted) ? `${m.weighted.toFixed(2)} (not proven, ${MILP_TIME_S} s)` : `none in ${MILP_TIME_S} s`;
    // A schedule that leaves tours out (none fits within the grid's 4 h of delay) is no comparison.
    if (Number.isFinite(m.weighted) && h.unplaced.length === 0) gap = `${(((h.weighted - m.weighted) / m.weighted) * 100).toFixed(2)} %`;
  }
  console.log([n, ms.toFixed(0), out.plans, inConflict, out.conflictsAlone.length, out.conflicts.length, delayed.length,
    delayed.reduce((a, t) => a + t.delayMin, 0).toFixed(0), added.toFixed(2), ((added / alone) * 100).toFixed(2), milp, sched, unplaced, gap].join(" | "));
}
console.log(`\nload average after: ${load()}`);
