// Places of the fleet day page: the ends of a CSV's tours resolved before the day is submitted (a
// name or address by the service's geocoder, as the planner's address fields; coordinates named by
// the nearest town), each with the zone its local times read in; and the stored tours of a day named
// (the tour's name, its first start and last stop) for the charts.
import { z } from "zod";
import { MAX_FLEET_TOURS } from "../../contract/fleet-day";
import { zoneAt } from "../../engine/time/zones";
import { db } from "../db/client";
import { resolveAddress } from "../geocode/geocoder";
import { labelOf } from "./history";

export const PlaceQuery = z.union([
  z.object({ address: z.string().trim().min(1).max(300) }),
  z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }),
]);
export type PlaceQuery = z.infer<typeof PlaceQuery>;
/** Both ends of every tour of a day. */
export const MAX_PLACES = 2 * MAX_FLEET_TOURS;

export interface ResolvedPlace {
  lat: number;
  lon: number;
  /** What the geocoder found ("Hamburg, DE", "20095 Hamburg, DE"), or the nearest town of coordinates ("near Lüneburg, DE"). */
  label: string;
  /** The place's IANA zone: a CSV's time without an offset is local there. */
  time_zone: string;
  /** The geocoder matched only part of the address (the town around an unknown street). */
  approximate: boolean;
  /** The part of the address it did not match. */
  unmatched: string | null;
}

/** Addresses asked at once: a street-level geocoder that is down costs its timeout per address. */
const GEOCODE_AT_ONCE = 4;

/** Each place resolved, in order; null where the geocoder knows no place of that name. */
export async function resolveTourPlaces(places: PlaceQuery[]): Promise<(ResolvedPlace | null)[]> {
  const out: (ResolvedPlace | null)[] = new Array(places.length).fill(null);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < places.length; i = next++) {
      const p = places[i];
      if ("address" in p) {
        const hit = await resolveAddress(p.address);
        out[i] = hit && {
          lat: hit.latitude, lon: hit.longitude, label: hit.label, time_zone: zoneAt(hit.latitude, hit.longitude),
          approximate: hit.approximate, unmatched: hit.unmatched ?? null,
        };
      } else {
        out[i] = { lat: p.lat, lon: p.lon, label: labelOf(p.lat, p.lon), time_zone: zoneAt(p.lat, p.lon), approximate: false, unmatched: null };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(GEOCODE_AT_ONCE, places.length) }, worker));
  return out;
}

export interface TourLabel {
  /** A one-section tour's section_id (the fleet CSV's `name`); null otherwise. */
  name: string | null;
  from: string;
  to: string;
  /** Stops between the first start and the last stop. */
  via: number;
  /** Requested departure (UTC) and the zone where the tour starts. */
  departure: string;
  time_zone: string;
}

/** The day's tours by tour_id, named from their stored sections (no result read). */
export async function tourLabels(tenantId: number, fleetId: string): Promise<Record<number, TourLabel>> {
  const tours = await db().tour.findMany({
    where: { tenantId, fleetId },
    select: { id: true, startTime: true, sections: { orderBy: { position: "asc" }, select: { sectionId: true, startLat: true, startLon: true, stopLat: true, stopLon: true } } },
  });
  const out: Record<number, TourLabel> = {};
  for (const t of tours) {
    const first = t.sections[0], last = t.sections[t.sections.length - 1];
    if (!first) continue;
    out[t.id] = {
      name: t.sections.length === 1 ? first.sectionId : null,
      from: labelOf(first.startLat, first.startLon),
      to: labelOf(last.stopLat, last.stopLon),
      via: t.sections.length - 1,
      departure: t.startTime.toISOString(),
      time_zone: zoneAt(first.startLat, first.startLon),
    };
  }
  return out;
}
