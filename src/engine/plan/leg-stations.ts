// A leg's corridor stations and their road detours, made once per leg's road: route choice's roads differ
// in one section's leg and share the other sections' (route-choice.ts routeChoices), so a tour of two
// sections with four roads searched its first section's corridor four times, and a tour of ten sections
// ten times per road; a fleet's re-plans of a tour route it once (PlanData.routedLegs).
import { findInCorridor, type CorridorHit } from "../stations/corridor";
import { roadDetourM } from "./detours";
import type { Leg } from "./legs";
import type { PlanData } from "./types";

const hitsOf = new WeakMap<Leg["path"], { stations: PlanData["stations"]; corridorM: number; hits: readonly CorridorHit[] }>();
const detourOf = new WeakMap<CorridorHit, { router: PlanData["router"]; snapper: PlanData["snapper"]; m: number }>();

/** Every pass of the leg by a station within corridorM (findInCorridor), the same array for the same road, stations and width. */
export function legHits(data: PlanData, leg: Leg, corridorM: number): readonly CorridorHit[] {
  const known = hitsOf.get(leg.path);
  if (known && known.stations === data.stations && known.corridorM === corridorM) return known.hits;
  const hits = findInCorridor(data.stations, leg.path, corridorM);
  hitsOf.set(leg.path, { stations: data.stations, corridorM, hits });
  return hits;
}

/** roadDetourM for a hit of legHits on its leg, measured once per hit and road network. */
export function legDetourM(data: PlanData, leg: Leg, hit: CorridorHit): number {
  const known = detourOf.get(hit);
  if (known && known.router === data.router && known.snapper === data.snapper) return known.m;
  const m = roadDetourM(data, leg, hit);
  detourOf.set(hit, { router: data.router, snapper: data.snapper, m });
  return m;
}
