// npm run bench:exact: the charging search on real tours against the same sweep with no bound at all
// (every label set kept that no other dominates), which is exact within the search's model. A search
// that prunes with a bound that is not one (as the bound from driving bans did until 2026-11-28) returns
// a worse plan than the sweep, marked proven (a search that ran out of its budget says its plan is not proven). Tours: the length classes' trips x models x SoC 0.4 / 0.9
// x a Wednesday morning, a Friday evening and a Saturday evening (bans), under each objective; every
// STEP-th case (EXACT_STEP, default 4; EXACT_OBJECTIVES limits the objectives). Prints each disagreement, then per objective: cases, agreeing,
// disagreeing, and the label sets of the search against the sweep's (what the bounds save).
import os from "node:os";
import { optimizeCharging, sweep } from "../src/engine/charging/optimize";
import { prepare } from "../src/engine/charging/grid";
import type { OptimizeStats } from "../src/engine/charging/types";
import { fastestRoadRequest } from "../src/engine/plan/plan";
import type { PlanInput } from "../src/engine/plan/types";
import { packs } from "../src/server/packs";
import { findModel } from "../src/engine/vehicles/catalog";
import { LENGTH_CLASSES, PLACES } from "./trips";

const STEP = Number(process.env.EXACT_STEP ?? 4);
/** Label sets the sweep without bounds may make per case before the case is left out. */
const BUDGET = 3_000_000;
const MODELS = ["MB_EACTROS_600", "VOLVO_FH_ELECTRIC", "SCANIA_45R_BEV", "RENAULT_ETECH_T", "IVECO_S_EWAY", "MAN_ETGX", "DAF_XF_ELECTRIC"].map((c) => findModel(c)!);
const DEPARTURES = ["2026-11-25T06:00:00Z", "2026-11-27T17:00:00Z", "2026-11-28T19:00:00Z"];
const ALL = ["fastest", "balanced", "cheapest"] as const;
/** EXACT_OBJECTIVES=fastest,balanced: only those. */
const OBJECTIVES = ALL.filter((o) => !process.env.EXACT_OBJECTIVES || process.env.EXACT_OBJECTIVES.split(",").includes(o));

const stats = (): OptimizeStats => ({ sets: 0, maxSetsAtPoint: 0, cells: 0, passes: 0, dpMin: NaN });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

console.log(`exactness: ${os.cpus()[0].model}, ${os.cpus().length} cores, node ${process.version}; every ${STEP}th case`);
for (const objective of OBJECTIVES) {
  let n = 0, cases = 0, agree = 0, unproven = 0, left = 0;
  const ratio: number[] = [];
  for (const { trips } of LENGTH_CLASSES) for (const trip of trips) for (const vehicle of MODELS) for (const soc of [0.4, 0.9]) for (const departure of DEPARTURES) {
    if (n++ % STEP !== 0) continue;
    const pts = trip.split("-").map((p) => PLACES[p]);
    const input: PlanInput = {
      vehicle, batteryLevelStart: soc, batteryLevelEnd: 0.2, sections: pts.slice(1).map((stop, i) => ({ start: pts[i], stop, payloadKg: 20_000 })),
      poiInfo: {}, corridorM: 8000, minChargeDurationMin: 0, departureMs: Date.parse(departure), serviceTimeDepartureMin: 0, objective,
    };
    const request = fastestRoadRequest(input, packs.planFor(pts));
    const searched = optimizeCharging(request);
    const st = stats();
    const full = sweep(prepare(request), "keep", st, Infinity, Infinity, BUDGET);
    if (!full.ok || !searched.ok) {
      if (!full.ok && full.code === "budget") left++;
      else if (full.ok !== searched.ok) console.log(`DIFFERS ${trip} ${vehicle.code} ${soc} ${departure} ${objective}: search ok=${searched.ok}, sweep ${full.ok ? "ok" : full.code}`);
      continue;
    }
    cases++;
    const gap = searched.stats.dpMin - full.objective;
    if (gap > 1e-6 * Math.max(1, full.objective)) {
      // A search that ran out of its budget says its plan is not proven (and the plan warns); a proven one may not be worse.
      if (searched.stats.provenOptimal === false) unproven++;
      console.log(`${searched.stats.provenOptimal === false ? "UNPROVEN" : "WORSE"} ${trip} ${vehicle.code} ${soc} ${departure} ${objective}: search ${searched.stats.dpMin.toFixed(3)} (gap said ${searched.stats.gapMin?.toFixed(3)}), sweep ${full.objective.toFixed(3)}`);
    } else agree++;
    ratio.push(searched.stats.sets / Math.max(1, st.sets));
  }
  console.log(`${objective.padEnd(9)} cases ${cases}, agree ${agree}, worse and not proven (said) ${unproven}, worse though proven ${cases - agree - unproven}, left out (sweep over ${BUDGET} sets) ${left}; search's label sets / sweep's: median ${median(ratio).toFixed(3)}, max ${Math.max(...ratio).toFixed(3)}`);
}
