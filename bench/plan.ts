// npm run bench:plan: time of each planning stage on the real packs, and the
// corridor search against a linear scan of every station in the same process;
// then the whole plan() by trip length, and its tour time against the first
// greedy planner driven on the same route (bench/baseline/greedy-tour.ts);
// then the three objectives (bench/objectives.ts); last, tours of many sections (bench/tours.ts).
import { spawnSync } from "node:child_process";
import os from "node:os";
import type { PlanResult } from "../src/contract/result";
import { nearestOnSegment } from "../src/engine/geo";
import { findInCorridor } from "../src/engine/stations/corridor";
import { plan } from "../src/engine/plan/plan";
import type { PlanData, PlanInput } from "../src/engine/plan/types";
import { findModel, type VehicleModel } from "../src/engine/vehicles/catalog";
import { packs } from "../src/server/packs";
import { greedyTour, type GreedyTour } from "./baseline/greedy-tour";
import { LENGTH_CLASSES, MODELS, PLACES } from "./trips";

const TRIPS: [string, [number, number], [number, number]][] = [
  ["Hamburg-Munich", [53.55, 9.99], [48.14, 11.58]],
  ["Berlin-Cologne", [52.52, 13.4], [50.94, 6.96]],
  ["Kiel-Stuttgart", [54.32, 10.13], [48.78, 9.18]],
  ["Dresden-Frankfurt", [51.05, 13.74], [50.11, 8.68]],
  ["Bremen-Nuremberg", [53.08, 8.8], [49.45, 11.08]],
];
const REPEAT = 15;
const data = packs.plan;
const vehicle = findModel("MB_EACTROS_600")!;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function time<T>(f: () => T): [T, number] {
  const t0 = performance.now();
  const r = f();
  return [r, performance.now() - t0];
}

/** Baseline: distance from every station to every route segment. */
function linearCorridor(coords: [number, number][], corridorM: number): number {
  let hits = 0;
  for (const s of data.stations.stations) {
    let best = Infinity;
    for (let i = 0; i + 1 < coords.length && best > corridorM; i++) {
      const [aLat, aLon] = coords[i], [bLat, bLon] = coords[i + 1];
      // Cheap box reject before the exact projection, as a fair scan would.
      if (Math.abs(s.lat - aLat) > 1 && Math.abs(s.lat - bLat) > 1) continue;
      best = Math.min(best, nearestOnSegment(s.lat, s.lon, aLat, aLon, bLat, bLon).distanceM);
    }
    if (best <= corridorM) hits++;
  }
  return hits;
}

console.log(`machine: ${os.cpus()[0].model}, ${os.cpus().length} cores, node ${process.version}`);
console.log(`network ${data.network.id} ${data.network.nodeCount} nodes; ${data.stations.stations.length} stations; ${REPEAT} runs each, medians in ms\n`);
console.log("trip               km   snap  route  corridor  scan  scan/index  plan");
for (const [name, from, to] of TRIPS) {
  const snapT: number[] = [], routeT: number[] = [], corrT: number[] = [], scanT: number[] = [], planT: number[] = [];
  let km = 0;
  for (let i = 0; i < REPEAT; i++) {
    const [[a, b], ts] = time(() => [data.snapper.snap(...from), data.snapper.snap(...to)] as const);
    const [path, tr] = time(() => data.router.route(a.departNode, b.arriveNode)!);
    const [hits, tc] = time(() => findInCorridor(data.stations, path, 8000));
    if (i < 3) {
      const [n, tl] = time(() => linearCorridor(path.coords, 8000));
      if (n !== hits.length) throw new Error(`corridor disagrees with the scan: ${hits.length} vs ${n}`);
      scanT.push(tl);
    }
    const [, tp] = time(() =>
      plan({ vehicle, batteryLevelStart: 0.8, batteryLevelEnd: 0.2, sections: [{ start: from, stop: to, payloadKg: 20000 }], poiInfo: {}, corridorM: 8000, minChargeDurationMin: 0, departureMs: Date.UTC(2026, 10, 20, 6), serviceTimeDepartureMin: 0 }, data),
    );
    km = path.lengthM / 1000;
    snapT.push(ts); routeT.push(tr); corrT.push(tc); planT.push(tp);
  }
  const f = (x: number) => x.toFixed(2).padStart(6);
  console.log(`${name.padEnd(18)} ${km.toFixed(0).padStart(4)} ${f(median(snapT))} ${f(median(routeT))} ${f(median(corrT)).padStart(9)} ${f(median(scanT))} ${(median(scanT) / median(corrT)).toFixed(0).padStart(10)}x ${f(median(planT))}`);
}

// Whole plan() by trip length, and its tour time against the greedy planner.
/** 20 t payload, and the payload that makes 40 t gross with the model's tare. */
const LOADS: { label: string; payloadKg: (v: VehicleModel) => number }[] = [
  { label: "20 t", payloadKg: () => 20_000 },
  { label: "40 t gross", payloadKg: (v) => 40_000 - v.tareKg },
];
const WARMUP = 2;
const RUNS = 15;

function tripInput(trip: string, vehicle: VehicleModel, payloadKg: number): PlanInput {
  const points = trip.split("-").map((name) => PLACES[name]);
  return {
    vehicle, batteryLevelStart: 0.8, batteryLevelEnd: 0.2,
    sections: points.slice(1).map((stop, i) => ({ start: points[i], stop, payloadKg })),
    poiInfo: {}, corridorM: 8000, minChargeDurationMin: 0, departureMs: Date.UTC(2026, 10, 20, 6), serviceTimeDepartureMin: 0,
  };
}

/** Nearest rank: of 15 runs, p95 is the slowest. */
function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(p * s.length) - 1)];
}

/** toFixed without "-0" for what rounds to zero (the plan's times are rounded to 0.1 min). */
const fixed = (x: number, digits: number) => (Math.abs(x) < 0.5 * 10 ** -digits ? 0 : x).toFixed(digits);

function timePlan(input: PlanInput, planData: PlanData): { ms: number[]; result: PlanResult } {
  for (let i = 0; i < WARMUP; i++) plan(input, planData);
  const ms: number[] = [];
  let result: PlanResult | undefined;
  for (let i = 0; i < RUNS; i++) {
    const [r, t] = time(() => plan(input, planData));
    ms.push(t);
    result = r;
  }
  return { ms, result: result! };
}

interface Case {
  km: number;
  model: string;
  /** plan() with route choice (the default), and with the fastest road only, in the same process. */
  ms: number[];
  msOff: number[];
  /** An alternative road won (the chosen route is not the fastest on every section). */
  altWon: boolean;
  /** Routes listed, and how many were planned. */
  routes: number;
  planned: number;
  /** Drivable with route choice, not without it. */
  rescued: boolean;
  /** Share of the greedy tour's time the optimizer saves; null unless both are drivable. */
  savedPct: number | null;
}

/** Both plans drive the same road: same candidates, and route driving (without detours) equal. */
function sanity(result: PlanResult, greedy: GreedyTour): string[] {
  const { profile, candidates } = greedy.route;
  const problems: string[] = [];
  const poi = result.poi_list ?? [];
  const same = (p: (typeof poi)[number], c: (typeof candidates)[number]) => p.poi_id === c.hit.station.poiId && Math.abs((p.detour_from_route ?? NaN) - c.hit.detourM) <= 1;
  if (poi.length !== candidates.length || poi.some((p, i) => !same(p, candidates[i]))) {
    problems.push(`candidates or their detours differ from the plan's poi_list (${candidates.length} vs ${poi.length})`);
  }
  const routeMin = profile.timeS[profile.timeS.length - 1] / 60;
  // A station may be a candidate on more than one pass: each stop is the next pass of its station.
  let passedM = -Infinity;
  const planDetour = result.sections
    .filter((s) => s.poi_summary?.connector != null)
    .reduce((a, s) => {
      const c = candidates.find((x) => x.hit.station.poiId === Number(s.poi_summary!.id) && x.distM >= passedM);
      passedM = c ? c.distM : Infinity;
      return a + (c?.detourMin ?? NaN);
    }, 0);
  const planRoute = result.totals!.driving_time_min - planDetour;
  if (!(Math.abs(planRoute - routeMin) <= 0.5)) problems.push(`plan route driving ${planRoute.toFixed(1)} min vs profile ${routeMin.toFixed(1)}`);
  const walk = greedy.ok ? greedy.walks.dwell : null;
  if (walk && Math.abs(walk.drivingMin - walk.detourMin - routeMin) > 0.01) {
    problems.push(`greedy route driving ${(walk.drivingMin - walk.detourMin).toFixed(1)} min vs profile ${routeMin.toFixed(1)}`);
  }
  return problems;
}

function runCase(trip: string, vehicle: VehicleModel, load: (typeof LOADS)[number]): Case {
  const input = tripInput(trip, vehicle, load.payloadKg(vehicle));
  const planData = packs.planFor(input.sections.flatMap((s) => [s.start, s.stop]));
  const { ms: msOn, result: withChoice } = timePlan(input, planData);
  // The greedy comparison below is on the fastest road, as the greedy planner drives it.
  const { ms: msOff, result } = timePlan({ ...input, alternatives: false }, planData);
  const routes = withChoice.route_alternatives ?? [];
  const altWon = routes.some((r) => r.chosen && r.route_choice.some((j) => j > 0));
  const choice = { msOff, altWon, routes: routes.length, planned: routes.filter((r) => r.status !== "not_evaluated").length, rescued: withChoice.status === "succeeded" && result.status !== "succeeded" };
  const ms = msOn;
  const greedy = greedyTour(input, planData);
  const t = result.totals!;
  const km = t.distance_m / 1000;
  const f = (x: number, w: number, d = 0) => fixed(x, d).padStart(w);
  const head = `${trip.padEnd(25)} ${vehicle.code.padEnd(18)} ${load.label.padEnd(10)} ${f(km, 5)} ${f(percentile(ms, 0.5), 7, 1)} ${f(percentile(ms, 0.95), 7, 1)}` +
    ` ${f(percentile(msOff, 0.5), 7, 1)} ${f(percentile(msOff, 0.95), 7, 1)} ${String(choice.planned).padStart(2)}/${String(choice.routes).padEnd(2)} ${altWon ? "alt" : "   "}`;
  let savedPct: number | null = null;
  let tail: string;
  if (result.status !== "succeeded") {
    tail = `  optimizer not drivable: ${result.not_drivable_reason?.code}` + (greedy.ok ? "; greedy is drivable!" : "; greedy neither");
  } else if (!greedy.ok) {
    tail = `  ${String(t.charging_stops).padStart(3)} /  - ${f(t.duration_min, 8)}   greedy not drivable: ${greedy.code} at ${(greedy.stuckAtM / 1000).toFixed(0)} km after ${greedy.stops.length} stops`;
  } else {
    const w = greedy.walks.dwell;
    const saved = w.totalMin - t.duration_min;
    savedPct = (100 * saved) / w.totalMin;
    tail = `  ${String(t.charging_stops).padStart(3)} / ${String(greedy.stops.length).padEnd(2)} ${f(t.duration_min, 8)} ${f(w.totalMin, 8)} ${f(saved, 7)} ${f(savedPct, 6, 1)} %` +
      ` ${f(greedy.walks.charging.totalMin, 8)}` +
      `  ${f(t.charging_time_min, 4)} / ${f(w.chargingMin, 4)}  ${f(t.break_time_min, 4)} / ${f(w.breakMin + w.restMin, 4)}  ${f(t.driving_time_min, 5, 1)} / ${f(w.drivingMin, 5, 1)}`;
  }
  const problems = sanity(result, greedy);
  // The lower bound that skips routes must be sound: no planned route beats its own bound.
  for (const r of routes) {
    if (r.objective_value != null && r.lower_bound > r.objective_value + 0.01) problems.push(`route ${r.route_choice} bound ${r.lower_bound} > its plan's ${r.objective_value}`);
  }
  console.log(head + tail + (problems.length ? `  CHECK: ${problems.join("; ")}` : ""));
  return { km, model: vehicle.code, ms, savedPct, ...choice };
}

const medianOf = (xs: number[]) => (xs.length ? median(xs) : NaN);

function summarize(classKm: number, cases: Case[]): string {
  const lat = (cs: Case[]) => {
    const ms = cs.flatMap((c) => c.ms);
    return `${percentile(ms, 0.5).toFixed(1).padStart(6)} / ${percentile(ms, 0.95).toFixed(1).padEnd(6)}`;
  };
  const saved = (cs: Case[]) => {
    const pct = cs.map((c) => c.savedPct).filter((x): x is number => x !== null);
    return `${fixed(medianOf(pct), 1).padStart(5)} % (${pct.length}/${cs.length})`;
  };
  const kms = cases.map((c) => c.km);
  const off = percentile(cases.flatMap((c) => c.msOff), 0.5).toFixed(1).padStart(6) + " / " + percentile(cases.flatMap((c) => c.msOff), 0.95).toFixed(1).padEnd(6);
  const routes = cases.reduce((a, c) => a + c.routes, 0), planned = cases.reduce((a, c) => a + c.planned, 0);
  choiceSummaries.push(`~${String(classKm).padEnd(5)} ${lat(cases)}   ${off}   ${String(cases.filter((c) => c.altWon).length).padStart(2)}/${cases.length}  ` +
    `${String(cases.filter((c) => c.rescued).length).padStart(2)}   ${(routes / cases.length).toFixed(1)} / ${(planned / cases.length).toFixed(1)}`);
  const perModel = MODELS.map((m) => cases.filter((c) => c.model === m.code));
  return `~${String(classKm).padEnd(5)} ${Math.min(...kms).toFixed(0).padStart(5)}-${Math.max(...kms).toFixed(0).padEnd(5)} ${lat(cases)} ${perModel.map(lat).join(" ")}  ${saved(cases)}  ${perModel.map(saved).join("  ")}`;
}

console.log(`\nwhole plan() by trip length: ${WARMUP} warm-up + ${RUNS} timed runs per case, departure 2026-11-20 06:00 UTC, SoC 0.8 -> 0.2, corridor 8 km`);
console.log(`tour time against the greedy planner (planChargingStops) driven on the same route and candidates, EU 561 pauses where due`);
console.log(`models: ${MODELS.map((m) => `${m.code} (${m.usableBatteryKWh} kWh, tare ${m.tareKg} kg)`).join(", ")}; loads: ${LOADS.map((l) => l.label).join(", ")}\n`);
console.log("greedy tour: a charging stop's dwell (overhead + charging) >= 45 min counts as the break; 'strict': only its charging time counts (as in the optimizer)");
console.log("(p50/p95 with route choice, then with the fastest road only; routes planned/listed; 'alt' where an alternative won; the greedy comparison is on the fastest road)");
console.log("trip                      model              load          km  p50 ms  p95 ms off p50 off p95 pl/ls     stops o/g  tour o/g min  saved min / %   strict  charge o/g  pauses o/g  drive o/g (incl. detours)");
const summaries: string[] = [];
const choiceSummaries: string[] = [];
for (const { km, trips } of LENGTH_CLASSES) {
  const cases = trips.flatMap((trip) => MODELS.flatMap((vehicle) => LOADS.map((load) => runCase(trip, vehicle, load))));
  summaries.push(summarize(km, cases));
}
console.log(`\nby length class: plan() ms p50 / p95 over all runs of the class (all, then per model); median % saved where both are drivable (cases), all then per model`);
console.log(`class  km          all             ${MODELS.map((m) => m.code.padEnd(16)).join(" ")} saved all        ${MODELS.map((m) => m.code.padEnd(16)).join(" ")}`);
for (const s of summaries) console.log(s);
console.log(`\nroute choice: plan() ms p50 / p95 with alternatives (the default) and with the fastest road only, same runs' class; cases where an alternative won;`);
console.log(`cases drivable only with route choice; routes listed / planned per case (the others' lower bound could not win)`);
console.log(`class  with route choice   fastest road only   alt won  rescued  routes listed / planned`);
for (const s of choiceSummaries) console.log(s);

// The objectives (fastest, balanced, cheapest) on the same trips: bench/objectives.ts.
const objectives = spawnSync(process.execPath, [...process.execArgv, new URL("./objectives.ts", import.meta.url).pathname], { stdio: "inherit", timeout: 3_600_000 });
if (objectives.status !== 0) process.exitCode = 1;

// Tours of many sections, each size in a process of its own (peak memory per size): bench/tours.ts.
const tours = spawnSync(process.execPath, [...process.execArgv, new URL("./tours.ts", import.meta.url).pathname], { stdio: "inherit", timeout: 3_600_000 });
if (tours.status !== 0) process.exitCode = 1;
