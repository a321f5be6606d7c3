// Stops that share a place get one marker, so none hides another: an out-and-back tour's start
// and destination ("A/B"), a customer visited twice ("1/4"). A marker stands for every stop within
// SAME_PLACE_M of its first one; its label joins theirs in tour order and its popup lists each visit.
import type { useTranslations } from "next-intl";
import { haversineM } from "@/engine/geo";
import type { PlanStop } from "@/components/planner/stops";

export type MapTranslator = ReturnType<typeof useTranslations<"map">>;

/** Closer than this (m), two stops are one place: further apart they are told apart on the map by zooming in. */
export const SAME_PLACE_M = 150;

export interface MarkerGroup {
  lat: number;
  lon: number;
  /** Indices into the stops, in tour order. */
  stops: number[];
}

/** The stops' markers: each stop joins the first marker within SAME_PLACE_M, or makes its own. */
export function groupStops(stops: readonly { lat: number; lon: number }[], sameM = SAME_PLACE_M): MarkerGroup[] {
  const groups: MarkerGroup[] = [];
  stops.forEach((s, i) => {
    const g = groups.find((m) => haversineM(m.lat, m.lon, s.lat, s.lon) <= sameM);
    if (g) g.stops.push(i);
    else groups.push({ lat: s.lat, lon: s.lon, stops: [i] });
  });
  return groups;
}

/** Whether a point is one of the stops' places (a form point a plan's marker already shows). */
export function atAStop(stops: readonly { lat: number; lon: number }[], lat: number, lon: number, sameM = SAME_PLACE_M): boolean {
  return stops.some((s) => haversineM(s.lat, s.lon, lat, lon) <= sameM);
}

/** A stop's mark on the map and in the list: A, B, its number among charging stops or the request's stops; "" for a roadside pause (a glyph). */
export function stopText(s: PlanStop): string {
  switch (s.kind) {
    case "start":
      return "A";
    case "destination":
      return "B";
    case "charge":
      return String(s.chargeNo ?? "");
    case "waypoint":
      return s.stopNo ? String(s.stopNo) : "•";
    default:
      return "";
  }
}

/** A stop in words, as its marker's name and its popup's heading: "Start: Hamburg", "Stop 2: Essen", "Charging stop 1: Aral Kassel". */
export function stopTitle(s: PlanStop, t: MapTranslator): string {
  const named = (role: string) => (s.name && s.name !== role ? t("named", { role, name: s.name }) : role);
  switch (s.kind) {
    case "start":
      return named(t("titleStart"));
    case "destination":
      return named(t("titleDestination"));
    case "charge":
      return `${named(t("titleCharge", { n: s.chargeNo ?? 0 }))}${s.pause ? t(`whileCharging.${s.pause.kind}`) : ""}`;
    case "break":
      return s.ban ? t("drivingBan") : s.pause?.kind === "rest" ? t("dailyRest") : t("break");
    default:
      return s.stopNo ? named(t("titleStop", { n: s.stopNo })) : t("unnumberedStop", { name: s.name });
  }
}

/** A marker's name: its stops' titles in tour order. */
export function groupTitle(stops: readonly PlanStop[], t: MapTranslator): string {
  // The marker's name says what its live-status badge shows.
  return stops.map((s) => `${stopTitle(s, t)}${s.kind === "charge" && s.live ? ` (${t("liveTitle", { status: s.live.status })})` : ""}`).join("; ");
}
