// One truth per plan: the figures a result gives in several places are the same figure. Checked on every
// plan the tests make (checked-plan.ts), beside the re-simulation. Returns what does not hold.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { STOP_REASONS } from "@/contract/result";

const near = (a: number, b: number, tol: number) => Math.abs(a - b) <= tol + 1e-9;
const ms = (iso: unknown) => (typeof iso === "string" ? Date.parse(iso) : NaN);

export function identityViolations(r: any): string[] {
  const v: string[] = [];
  const sections: any[] = r?.sections ?? [];
  const t = r?.totals;
  if (!t || !sections.length) return v;
  const n = sections.length;
  // Totals are the sum of the sections (each rounded: to the metre, to 0.1 min).
  const km = sections.reduce((a, s) => a + (s.length_m ?? 0), 0);
  if (!near(km, t.distance_m, n)) v.push(`totals.distance_m ${t.distance_m} vs the sections' ${km}`);
  const drive = sections.reduce((a, s) => a + (s.poi_summary?.sec_duration_min ?? 0), 0);
  if (!near(drive, t.driving_time_min, 0.05 * n + 0.05)) v.push(`totals.driving_time_min ${t.driving_time_min} vs the sections' ${drive.toFixed(1)}`);
  // Sections in the order driven: each arrives no earlier than the one before left.
  for (let i = 1; i < n; i++) {
    const prev = ms(sections[i - 1].poi_summary?.departure_time), arr = ms(sections[i].poi_summary?.arrival_time);
    if (arr < prev - 1000) v.push(`section ${i} arrives ${sections[i].poi_summary.arrival_time} before section ${i - 1} left ${sections[i - 1].poi_summary.departure_time}`);
  }
  for (const [i, s] of sections.entries()) {
    const p = s.poi_summary ?? {};
    const a = ms(p.arrival_time), d = ms(p.departure_time);
    // A stop's pause and charging lie within its stay (the timeline draws them from these).
    for (const [from, to] of [["break_start_time", "break_end_time"], ["charge_start_time", "charge_end_time"]]) {
      if (p[from] == null) continue;
      if (ms(p[from]) < a - 1000 || ms(p[to]) > d + 1000 || ms(p[to]) < ms(p[from])) v.push(`section ${i}: ${from}..${to} ${p[from]}..${p[to]} outside the stay ${p.arrival_time}..${p.departure_time}`);
    }
    // Every stop says why it is there; a stop made for what it gains gains at least the threshold
    // (cheapest: or saves at least 5 min, which its objective does not count).
    if (!STOP_REASONS.includes(p.reason) || typeof p.reason_text !== "string" || !p.reason_text) v.push(`section ${i}: no reason (${p.reason})`);
    if (p.name === "Driving ban" && p.reason !== "driving_ban") v.push(`section ${i}: a ban wait says ${p.reason}`);
    if (s.inserted && (p.energy_kWh ?? 0) === 0 && p.name !== "Driving ban" && !["break", "rest"].includes(p.reason)) v.push(`section ${i}: a roadside pause says ${p.reason}`);
    if (p.gain && p.gain.objective_value < p.gain.threshold && !(r.totals?.cost?.objective === "cheapest" && p.gain.minutes >= 5)) {
      v.push(`section ${i}: a stop gaining ${p.gain.objective_value} (< ${p.gain.threshold}) was made`);
    }
    // An alternative is never the chosen site.
    for (const alt of p.alternatives ?? []) if (alt.id != null && alt.id === p.id) v.push(`section ${i}: the stop ${p.id} is its own alternative`);
  }
  // Toll km: the summary per system is the sections' sum (to 0.1 km each).
  for (const sys of r.toll_summary ?? []) {
    if (sys.km == null) continue;
    const sum = sections.flatMap((s) => s.tolls ?? []).filter((x: any) => x.tollSystem === sys.tollSystem).reduce((a: number, x: any) => a + (x.km ?? 0), 0);
    if (!near(sum, sys.km, 0.05 * n + 0.05)) v.push(`toll_summary ${sys.tollSystem}: ${sys.km} km vs the sections' ${sum.toFixed(1)}`);
  }
  // The chosen route's line is the plan.
  const chosen = (r.route_alternatives ?? []).find((x: any) => x.chosen);
  if (chosen && r.status === "succeeded") {
    if (chosen.distance_m !== t.distance_m) v.push(`route_alternatives' chosen line: ${chosen.distance_m} m vs totals ${t.distance_m}`);
    if (chosen.driving_time_min !== t.driving_time_min) v.push(`route_alternatives' chosen line: ${chosen.driving_time_min} min driving vs totals ${t.driving_time_min}`);
    if (chosen.duration_min !== t.duration_min) v.push(`route_alternatives' chosen line: ${chosen.duration_min} min vs totals ${t.duration_min}`);
  }
  return v;
}
