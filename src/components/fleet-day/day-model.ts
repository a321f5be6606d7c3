// What the fleet day's charts show, from the day as tRPC fleetDay.get answers it: each tour with its
// number in the day (the order submitted: the CSV's order) and name, the time span of the axis, and
// each charging site several tours share (or that planning alone put over capacity) as point rows.
// Its few words (a tour's or a site's name when none is given, a route) come from the translator it is given.
import type { useTranslations } from "next-intl";
import { assignPointLanes, type Placed, type SiteLanes } from "./site-lanes";
import type { FleetDayData, FleetDayTour } from "./types";

/** The model's words ("fleetDayModel" in src/i18n/messages). */
export type DayModelTranslator = ReturnType<typeof useTranslations<"fleetDayModel">>;

export interface TourView {
  /** 1, 2, …: the tour's place in the day, what a bar shows when it is too short for a name. */
  n: number;
  tourId: number;
  optimizationId: number;
  /** The CSV's `name`; null when it has none (or it is just "Tour n"). */
  name: string | null;
  /** The name, else "Tour n". */
  title: string;
  /** "Hamburg, DE → München, DE". */
  route: string | null;
  tour: FleetDayTour;
}

export interface UseView {
  tour: TourView;
  start: number;
  end: number;
  zone: string | null;
  startIso: string;
  endIso: string;
}

export interface ConflictView {
  start: number;
  end: number;
  startIso: string;
  endIso: string;
  zone: string | null;
  trucks: number;
  capacity: number;
  tours: TourView[];
  held: boolean;
}

export interface SiteView {
  id: string;
  name: string;
  address: string | null;
  /** Charge points as the plans saw them; null when no plan or conflict says. */
  capacity: number | null;
  uses: UseView[];
  lanes: SiteLanes<UseView>;
  /** Where the tours planned one by one would have put more trucks than points (resolved by the fleet plan). */
  alone: Placed<ConflictView>[][];
  /** Conflicts the fleet plan left (a tour unresolved). */
  left: ConflictView[];
}

/** Bars shorter than this share of the axis are widened to it (where their row has room). */
export const MIN_BAR_SHARE = 0.008;

export function tourViews(day: FleetDayData, t: DayModelTranslator): TourView[] {
  return day.tours.map((tour, i) => {
    const l = day.labels[tour.tour_id];
    const route = !l ? null : l.via ? t("routeVia", { from: l.from, count: l.via, to: l.to }) : t("route", { from: l.from, to: l.to });
    const numbered = t("tourTitle", { n: i + 1 });
    // A name that only repeats the number ("Tour 2") is no name: texts would say it twice.
    const name = l?.name && l.name !== numbered ? l.name : null;
    return { n: i + 1, tourId: tour.tour_id, optimizationId: tour.optimization_id, name, title: name ?? numbered, route, tour };
  });
}

/** The axis: from the earliest asked departure to the latest end of a planned tour; null before any is planned. */
export function daySpan(day: FleetDayData): { from: number; to: number } | null {
  const planned = day.tours.filter((t) => t.summary?.totals);
  if (!planned.length) return null;
  const starts = planned.map((t) => Date.parse(t.summary!.totals!.departure_time) - (t.fleet?.delay_min ?? 0) * 60_000);
  const ends = planned.map((t) => Date.parse(t.summary!.totals!.end_time ?? t.summary!.totals!.arrival_time));
  for (const c of day.conflicts_alone ?? []) (starts.push(Date.parse(c.start)), ends.push(Date.parse(c.end)));
  const from = Math.min(...starts), to = Math.max(...ends);
  return { from, to: Math.max(to, from + 60_000) };
}

function conflictView(c: NonNullable<FleetDayData["conflicts"]>[number], byId: Map<number, TourView>): ConflictView {
  return {
    start: Date.parse(c.start), end: Date.parse(c.end), startIso: c.start, endIso: c.end, zone: c.time_zone ?? null,
    trucks: c.trucks, capacity: c.capacity, held: c.held, tours: c.tour_ids.map((id) => byId.get(id)).filter((t): t is TourView => !!t),
  };
}

export interface SiteInfo {
  name: string;
  address: string | null;
  capacity: number | null;
}

/** Each charging site the day's plans stop at (poi_id -> its name, address and charge points), as their results give it. */
export function siteInfo(day: FleetDayData, t: DayModelTranslator): Map<string, SiteInfo> {
  const info = new Map<string, SiteInfo>();
  for (const tour of day.tours) {
    for (const s of tour.summary?.sections ?? []) {
      const p = s.poi_summary;
      if (p?.id == null || info.has(String(p.id))) continue;
      info.set(String(p.id), { name: p.name ?? t("site", { id: String(p.id) }), address: p.address ?? null, capacity: typeof p.capacity === "number" ? p.capacity : null });
    }
  }
  return info;
}

/** Sites used by more than one tour, or over capacity when planned alone, in order of first use. */
export function siteViews(day: FleetDayData, tours: TourView[], span: { from: number; to: number }, t: DayModelTranslator): SiteView[] {
  const byId = new Map(tours.map((v) => [v.tourId, v]));
  const info = siteInfo(day, t);
  const uses = tours.flatMap((v) => (v.tour.fleet?.uses ?? []).map((u) => ({
    site: u.site, view: { tour: v, start: Date.parse(u.start), end: Date.parse(u.end), zone: u.time_zone ?? null, startIso: u.start, endIso: u.end },
  })));
  const alone = day.conflicts_alone ?? [], left = day.conflicts ?? [];
  const ids = [...new Set([...uses.sort((a, b) => a.view.start - b.view.start).map((u) => u.site), ...alone.map((c) => c.site)])];
  const minShownMs = (span.to - span.from) * MIN_BAR_SHARE;
  return ids.flatMap((id) => {
    const here = uses.filter((u) => u.site === id).map((u) => u.view);
    const wasOver = alone.filter((c) => c.site === id);
    if (new Set(here.map((u) => u.tour.n)).size < 2 && wasOver.length === 0) return [];
    const known = info.get(id);
    const capacity = known?.capacity ?? wasOver[0]?.capacity ?? left.find((c) => c.site === id)?.capacity ?? null;
    const aloneViews = wasOver.map((c) => conflictView(c, byId));
    return [{
      id, name: known?.name ?? t("site", { id }), address: known?.address ?? null, capacity, uses: here,
      lanes: assignPointLanes(here, capacity, minShownMs),
      alone: assignPointLanes(aloneViews, null, minShownMs).points,
      left: left.filter((c) => c.site === id).map((c) => conflictView(c, byId)),
    }];
  });
}
