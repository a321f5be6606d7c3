// The driver's hours a plan implies at an instant: rFMS 4.0 reports what the driver is doing (DRIVE,
// REST, ...) but not the hours driven since the last break and rest, so a re-plan from telematics
// without a `driver` reads them off the original plan: its driving stretches (departure to the next
// arrival) up to the instant, its breaks (reason "break", or any pause of the break's length) and
// its daily rests (reason "rest"), starting from the driver's hours the plan was made with.
import type { DriverRequest } from "../../contract/request";
import type { PlanResult } from "../../contract/result";

interface PlannedStop {
  arrivalMs: number;
  departureMs: number;
  pause: "rest" | "break" | null;
}

function stopsOf(r: PlanResult, breakMin: number): PlannedStop[] {
  return (r.sections ?? []).flatMap((s) => {
    const p = s.poi_summary;
    const arrivalMs = Date.parse(String(p?.arrival_time ?? "")), departureMs = Date.parse(String(p?.departure_time ?? ""));
    if (!p || Number.isNaN(arrivalMs) || Number.isNaN(departureMs)) return [];
    const pauseMs = p.break_start_time && p.break_end_time ? Date.parse(p.break_end_time) - Date.parse(p.break_start_time) : 0;
    const pause = p.reason === "rest" ? "rest" : p.reason === "break" || pauseMs >= breakMin * 60_000 ? (pauseMs >= 9 * 3_600_000 ? "rest" : "break") : null;
    return [{ arrivalMs, departureMs, pause }];
  });
}

/** The driver's hours at `atMs` had the truck followed the plan; null without the plan's driving rules and times. */
export function plannedDriverAt(r: PlanResult, atMs: number, original: DriverRequest): DriverRequest | null {
  const rules = r.driving_rules, departure = Date.parse(String(r.totals?.departure_time ?? ""));
  if (!rules || Number.isNaN(departure)) return null;
  let sinceBreak = rules.driven_since_break_min, today = rules.driven_today_min;
  let restEnded = rules.daily_rest_ended_at ? Date.parse(rules.daily_rest_ended_at) : departure - today * 60_000;
  let from = departure;
  for (const s of stopsOf(r, rules.break_min)) {
    const driven = (Math.min(s.arrivalMs, atMs) - from) / 60_000;
    if (driven > 0) { sinceBreak += driven; today += driven; }
    if (atMs <= s.arrivalMs) break;
    // Standing at the stop until atMs (or its departure): a pause counts once it is whole.
    if (s.pause && atMs >= s.departureMs) {
      sinceBreak = 0;
      if (s.pause === "rest") { today = 0; restEnded = s.departureMs; }
    }
    from = s.departureMs;
    if (atMs <= s.departureMs) break;
  }
  const round = (x: number) => Math.max(0, Math.round(x));
  const todayMin = Math.min(round(today), original.extended_daily_driving ? 600 : 540);
  return {
    ...original,
    driven_since_break_min: Math.min(round(sinceBreak), 270, todayMin),
    driven_today_min: todayMin,
    since_daily_rest_min: Math.min(Math.max(round((atMs - restEnded) / 60_000), todayMin), 780),
  };
}
