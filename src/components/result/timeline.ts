// The tour as activities on a clock: driving legs, charging, drivers' breaks
// and daily rests, waiting for time windows and time spent at a customer stop.
// Charging and a pause at a charger overlap (the driver rests while the truck
// charges), so every kind gets its own lane instead of one shared bar.
import type { useTranslations } from "next-intl";
import type { PlanStop } from "@/components/planner/stops";
import { offsetMinutes } from "@/engine/time/local-time";

export type ActivityKind = "drive" | "charge" | "break" | "rest" | "wait" | "stop";

export type TimelineTranslator = ReturnType<typeof useTranslations<"timeline">>;

export interface Activity {
  kind: ActivityKind;
  start: number;
  end: number;
  /** Index into planStops(result): the stop this activity belongs to (a leg: the stop it drives to). */
  stopIndex: number;
  /** Where: the stop's name, or "Start → Stop" for a leg. */
  place: string;
  /** The zones of the places it starts and ends at (a leg: the stop it leaves and the one it reaches); null: UTC. */
  fromZone: string | null;
  zone: string | null;
}

export interface Lane {
  kind: ActivityKind;
  color: string;
}

/** Lane order and colours; each lane is labelled in words (the catalog's timeline.lane), so colour is never the only cue. */
export const LANES: readonly Lane[] = [
  { kind: "drive", color: "#1d4f91" },
  { kind: "charge", color: "#1f8a4c" },
  { kind: "break", color: "#b54708" },
  { kind: "rest", color: "#6941c6" },
  { kind: "wait", color: "#57606a" },
  { kind: "stop", color: "#0e7490" },
];

const ms = (iso: string | null | undefined): number | null => {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
};

function stopLabel(s: PlanStop, t: TimelineTranslator): string {
  if (s.kind === "charge") return t("chargingStop", { n: s.chargeNo ?? 0, name: s.name });
  return s.name;
}

export function tourActivities(stops: PlanStop[], t: TimelineTranslator): Activity[] {
  const out: Activity[] = [];
  const push = (kind: ActivityKind, start: number | null, end: number | null, stopIndex: number, place: string, fromZone = stops[stopIndex].zone) => {
    if (start == null || end == null || end - start < 30_000) return;
    out.push({ kind, start, end, stopIndex, place, fromZone, zone: stops[stopIndex].zone });
  };
  let clock = ms(stops[0]?.departure);
  let from = stops[0] ? stopLabel(stops[0], t) : "";
  for (let i = 1; i < stops.length; i++) {
    const s = stops[i];
    const arr = ms(s.arrival);
    const dep = ms(s.departure) ?? arr;
    const place = stopLabel(s, t);
    push("drive", clock, arr, i, `${from} → ${place}`, stops[i - 1].zone);
    if (arr != null && dep != null) {
      const minute = 60_000;
      // The plan's own times for charging and the pause (the stop list shows the same); a result without them: from arrival.
      if (s.chargeFrom && s.chargeTo) push("charge", ms(s.chargeFrom), ms(s.chargeTo), i, place);
      else if (s.kind === "charge") push("charge", arr, Math.min(dep, arr + (s.chargeMin ?? 0) * minute), i, place);
      let t = arr;
      // A wait for a driving ban ends the stay (the truck leaves when the ban ends); a window's wait starts it.
      const banMin = s.ban?.waitMin ?? 0;
      if (banMin) push("wait", Math.max(arr, dep - banMin * minute), dep, i, place);
      const windowMin = (s.waitMin ?? 0) - banMin;
      if (windowMin > 0) {
        push("wait", t, Math.min(dep, t + windowMin * minute), i, place);
        t = Math.min(dep, t + windowMin * minute);
      }
      if (s.pause && s.pauseFrom && s.pauseTo) push(s.pause.kind, ms(s.pauseFrom), ms(s.pauseTo), i, place);
      else if (s.pause) push(s.pause.kind, t, Math.min(dep, t + s.pause.min * minute), i, place);
      // A request stop's remaining dwell is its service time (loading, unloading).
      if (s.kind === "waypoint" && !s.pause) push("stop", t, dep, i, place);
    }
    clock = dep ?? clock;
    from = place;
  }
  return out;
}

/**
 * Axis ticks: a step of 1, 2, 3, 6 or 12 hours giving at most `max` ticks, on the whole hours of
 * `zone`'s clock (null: UTC), aligned to its midnight; across a clock change the hours stay whole.
 */
export function hourTicks(start: number, end: number, max = 8, zone: string | null = null): { t: number; midnight: boolean }[] {
  const hour = 3_600_000;
  const step = [1, 2, 3, 6, 12, 24].find((h) => (end - start) / (h * hour) <= max) ?? 24;
  const wall = (t: number) => t + offsetMinutes(t, zone ?? "UTC") * 60_000;
  const ticks: { t: number; midnight: boolean }[] = [];
  // Every UTC quarter hour that is a whole hour on the zone's clock (offsets are whole quarters).
  for (let t = Math.ceil(start / (hour / 4)) * (hour / 4); t <= end; t += hour / 4) {
    const w = wall(t);
    if (w % hour !== 0) continue;
    const h = Math.floor(w / hour) % 24;
    if (h % step === 0) ticks.push({ t, midnight: h === 0 });
  }
  return ticks;
}
