// The names of a tour's points (start, each section's stop), for the stops a plan lists, its map,
// print view and exports: the request's own (start_label, stop_label; the planner form sends the
// place the user picked), else the town the point is in or near. A name carries its country only
// where it is not the tour's (the start's): "Hamburg → Salzburg, AT → München".
import type { Gazetteer } from "../../engine/geocode/search";
import { coordinatesText, townAt, townLabel } from "./place-label";

export interface NamedPoint {
  lat: number;
  lon: number;
  /** For the history list: the request's name, else "Hamburg, DE", "near Lüneburg, DE", or the coordinates. */
  label: string;
  /** The stop's name: "Hamburg", "near Lüneburg", "Salzburg, AT" (another country than the start's). */
  name: string;
}

export interface TourPoint {
  lat: number;
  lon: number;
  /** The request's name for the point; null or absent: none. */
  given?: string | null;
}

/** The request's names of the points: the first section's start_label, then each section's stop_label (else the next one's start_label). */
export function givenNames(sections: readonly { start_label?: string | null; stop_label?: string | null }[]): (string | null)[] {
  if (!sections.length) return [];
  return [sections[0].start_label ?? null, ...sections.map((s, i) => s.stop_label ?? sections[i + 1]?.start_label ?? null)];
}

/** ", DE" at the end of a name given for a point: left off where DE is the tour's country. */
const COUNTRY_SUFFIX = /,\s*([A-Z]{2})$/;

/** Names the points of one tour; without a gazetteer (packs not built) a point without a given name is its coordinates. */
export function namePoints(gaz: Gazetteer | null, points: readonly TourPoint[]): NamedPoint[] {
  const towns = points.map((p) => (gaz ? townAt(gaz, p.lat, p.lon) : null));
  const tourCountry = towns[0]?.country ?? null;
  return points.map((p, i) => {
    const given = p.given?.trim() || null;
    const town = towns[i];
    if (given) {
      const cc = COUNTRY_SUFFIX.exec(given)?.[1];
      return { lat: p.lat, lon: p.lon, label: given, name: cc && cc === tourCountry ? given.replace(COUNTRY_SUFFIX, "") : given };
    }
    if (!town) return { lat: p.lat, lon: p.lon, label: coordinatesText(p.lat, p.lon), name: coordinatesText(p.lat, p.lon) };
    const name = `${town.near ? "near " : ""}${town.name}${town.country === tourCountry ? "" : `, ${town.country}`}`;
    return { lat: p.lat, lon: p.lon, label: townLabel(town), name };
  });
}
