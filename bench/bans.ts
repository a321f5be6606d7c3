// npm run bench:bans: what truck driving bans cost a plan. Tours that meet a weekend or holiday ban
// (and a weekday one that meets none), planned with the bans and, in the same process, without them
// (driving_bans: false, the baseline): latency p50 per objective, the tour's minutes, the minutes waited.
import os from "node:os";
import type { PlanInput } from "../src/engine/plan/types";
import { packs } from "../src/server/packs";
import { MODELS, timedPlan } from "./trips";

const RUNS = Number(process.env.BAN_RUNS ?? 5);
const P: Record<string, [number, number]> = {
  Hamburg: [53.55, 9.99], Munich: [48.14, 11.58], Cologne: [50.94, 6.96], Vienna: [48.21, 16.37], Paris: [48.86, 2.35], Milan: [45.46, 9.19],
  Berlin: [52.52, 13.4], Frankfurt: [50.11, 8.68],
};
// Departures in UTC: Saturday 28 Nov 2026 20:00 Berlin, Friday evenings, a Wednesday morning, Christmas Eve.
const CASES: [string, string, string][] = [
  ["Hamburg-Munich", "2026-11-28T19:00:00Z", "Saturday evening: the Sunday ban"],
  ["Cologne-Vienna", "2026-11-27T18:40:00Z", "Friday evening: AT weekend and nights, DE Sunday"],
  ["Munich-Paris", "2026-11-27T18:40:00Z", "Friday evening: FR weekend"],
  ["Hamburg-Milan", "2026-11-27T12:00:00Z", "Friday noon: CH night, IT Sunday"],
  ["Berlin-Frankfurt-Hamburg", "2026-12-24T14:00:00Z", "Christmas Eve: two holidays"],
  ["Hamburg-Munich", "2026-11-25T06:00:00Z", "Wednesday morning: no ban"],
];

function input(trip: string, departure: string, objective: "fastest" | "balanced", bans: boolean): PlanInput {
  const pts = trip.split("-").map((n) => P[n]);
  return {
    vehicle: MODELS[0], batteryLevelStart: 0.8, batteryLevelEnd: 0.2, sections: pts.slice(1).map((stop, i) => ({ start: pts[i], stop, payloadKg: 20_000 })),
    poiInfo: {}, corridorM: 8000, minChargeDurationMin: 0, departureMs: Date.parse(departure), serviceTimeDepartureMin: 0, objective,
    ...(bans ? {} : { drivingBans: false }),
  };
}

console.log(`bans: ${os.cpus()[0].model}, ${os.cpus().length} cores, node ${process.version}; ${MODELS[0].code}, 20 t, SoC 0.8 -> 0.2; 1 warm-up + ${RUNS} runs, p50 ms`);
console.log("trip                      departure              objective  with bans ms  without ms  ratio   tour min with/without  waited min  bans met (waited)");
for (const [trip, departure, what] of CASES) {
  for (const objective of ["balanced", "fastest"] as const) {
    const data = packs.planFor(input(trip, departure, objective, true).sections.flatMap((s) => [s.start, s.stop]));
    const run = (bans: boolean) => timedPlan(input(trip, departure, objective, bans), data, RUNS);
    const on = run(true), off = run(false);
    const waited = on.r.sections.reduce((a, s) => a + (Number(s.poi_summary?.driving_ban_wait_min) || 0), 0);
    const met = on.r.driving_bans ?? [];
    console.log(
      `${trip.padEnd(25)} ${departure.slice(0, 16)}  ${objective.padEnd(9)} ${on.ms.toFixed(0).padStart(12)} ${off.ms.toFixed(0).padStart(11)} ${(on.ms / off.ms).toFixed(2).padStart(6)}x ` +
        `${String(on.r.totals?.duration_min ?? "-").padStart(10)} / ${String(off.r.totals?.duration_min ?? "-").padEnd(10)} ${waited.toFixed(0).padStart(9)}   ${met.length} (${met.filter((b) => b.waited).map((b) => b.rule).join(", ")})  ${what}`,
    );
  }
}
