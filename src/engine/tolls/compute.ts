// Toll cost of a routed path: km per country and road class, priced with the
// rate entry valid on the trip date. Where a country tolls trucks but no entry
// covers this vehicle and date, its km are reported as unknown, never as 0.
import { part, say, type Said, type TextMessage } from "../text/message";
import { EDGE_LINK, NO_COUNTRY, ROAD_CLASSES, type RoadClass, type RoadNetwork } from "../network/types";
import type { VehicleModel } from "../vehicles/catalog";
import { TOLL_RATES, UNPRICED_SYSTEMS, type TollRate } from "./rates";

/** A 40 t tractor + 3-axle semitrailer has 5 axles; used when the caller gives none. */
export const DEFAULT_AXLES = 5;

export interface TollVehicle {
  /** Technically permissible max mass of the combination (tzGm), kg: tolls class by it, not by payload. */
  grossKg: number;
  axles?: number;
  zeroEmission: boolean;
}

/** The catalog's trucks are all battery-electric (CO2 class 5). */
export function tollVehicle(model: Pick<VehicleModel, "maxGrossKg">, axles = DEFAULT_AXLES): TollVehicle {
  return { grossKg: model.maxGrossKg, axles, zeroEmission: true };
}

export interface SystemToll {
  tollSystem: string;
  currency: string;
  country: string;
  /** Unrounded, in `currency`. */
  total: number;
  km: number;
  rate: TollRate;
}

export interface UnknownToll {
  country: string;
  tollSystem: string | null;
  km: number;
  /** Road classes the km were counted on. */
  roadClasses: readonly RoadClass[];
}

export interface TollBreakdown {
  /** Local (Central European) date the rates were chosen for. */
  date: string;
  perSystem: SystemToll[];
  unknown: UnknownToll[];
}

const UNKNOWN_COUNTRY = "unknown";

/** What toLocaleDateString("en-CA", { timeZone: "Europe/Berlin" }) formats with, made once: that call builds a formatter each time (64 us against 1.3). */
const berlinDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" });

/** YYYY-MM-DD in Central European time: all priced systems are in that zone. */
export function tollDate(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new RangeError("tolls: invalid date");
  return berlinDate.format(at);
}

export function rateFor(country: string, v: TollVehicle, date: string, rates: readonly TollRate[] = TOLL_RATES): TollRate | undefined {
  const axles = v.axles ?? DEFAULT_AXLES;
  return rates.find((r) => {
    const c = r.vehicle;
    return r.country === country && r.from <= date && (r.until === null || date <= r.until)
      && c.zeroEmission === v.zeroEmission
      && (c.minGrossKg === undefined || v.grossKg >= c.minGrossKg) && (c.maxGrossKg === undefined || v.grossKg < c.maxGrossKg)
      && (c.minAxles === undefined || axles >= c.minAxles) && (c.maxAxles === undefined || axles <= c.maxAxles);
  });
}

/**
 * `lengthsM`: the metres of each listed edge the route drives (a section's first and last edges only in
 * part); absent: every edge whole. With them a tour's sections add up to its whole route exactly.
 */
export function tollsForEdges(
  net: RoadNetwork, edges: readonly number[], vehicle: TollVehicle, at: Date, rates: readonly TollRate[] = TOLL_RATES, lengthsM?: readonly number[],
): TollBreakdown {
  const date = tollDate(at);
  const attrs = net.attributes;
  // Metres per country, per class, split into plain roads [0..3] and ramps [4..7].
  const byCountry = new Map<string, Float64Array>();
  for (let j = 0; j < edges.length; j++) {
    const e = edges[j];
    const ci = attrs ? attrs.country[e] : NO_COUNTRY;
    const cc = ci === NO_COUNTRY ? UNKNOWN_COUNTRY : attrs!.countries[ci];
    let m = byCountry.get(cc);
    if (!m) byCountry.set(cc, (m = new Float64Array(2 * ROAD_CLASSES.length)));
    const link = attrs && (attrs.flags[e] & EDGE_LINK) !== 0 ? ROAD_CLASSES.length : 0;
    m[link + net.edgeClass[e]] += lengthsM ? lengthsM[j] : net.edgeLengthM[e];
  }
  const kmOn = (m: Float64Array, classes: readonly RoadClass[], links: boolean) =>
    classes.reduce((s, c) => s + m[ROAD_CLASSES.indexOf(c)] + (links ? m[ROAD_CLASSES.length + ROAD_CLASSES.indexOf(c)] : 0), 0) / 1000;

  const perSystem: SystemToll[] = [], unknown: UnknownToll[] = [];
  for (const [country, m] of byCountry) {
    const rate = rateFor(country, vehicle, date, rates);
    if (rate) {
      const km = kmOn(m, rate.roadClasses, rate.countLinks);
      if (km <= 0) continue;
      const perKm = rate.basis === "tkm" ? rate.rate * (vehicle.grossKg / 1000) : rate.rate;
      perSystem.push({ tollSystem: rate.tollSystem, currency: rate.currency, country, total: km * perKm, km, rate });
      continue;
    }
    // No entry for this date/vehicle: count the roads the country's entries cover, else motorways.
    const known = rates.filter((r) => r.country === country);
    const classes = known.length ? [...new Set(known.flatMap((r) => r.roadClasses))] : (["motorway"] as RoadClass[]);
    const km = kmOn(m, classes, known.some((r) => r.countLinks));
    if (km > 0) unknown.push({ country, tollSystem: known[0]?.tollSystem ?? UNPRICED_SYSTEMS[country] ?? null, km, roadClasses: classes });
  }
  return { date, perSystem, unknown };
}

/** TollSummary of the service spec; `note` explains exemptions, partial and unknown figures. */
export interface TollSummaryEntry {
  tollSystem: string;
  currency: string | null;
  /** Rounded to cents; null when no rate is on file. */
  total: number | null;
  /** Km of the route on this system's roads, to 0.1 km (the sections' tolls add up to it). */
  km: number;
  note?: string;
  /** `note` as a message, for other languages. */
  note_message?: TextMessage;
}

/** Half-up to cents; the epsilon absorbs binary error such as 1.005 * 100 = 100.4999... */
export function roundCents(x: number): number {
  return Math.round(x * 100 + 1e-7) / 100;
}


/** A summary's notes, in English and as one message. */
function noteFields(notes: Said[]): { note: string; note_message: TextMessage } {
  return { note: notes.map((n) => n.text).join("; "), note_message: part("tolls.notes", { notes_list: notes.map(({ code, values }) => ({ code, values })) }) };
}

/** One entry per system; an empty array means no tolled roads (the result's toll_summary is then null). */
export function tollSummary(t: TollBreakdown): TollSummaryEntry[] {
  const out: TollSummaryEntry[] = t.perSystem.map((s) => {
    const notes = [s.rate.note, s.rate.partial, s.rate.confirmed ? undefined : say("tolls.unconfirmed")].filter((n): n is Said => n !== undefined);
    return { tollSystem: s.tollSystem, currency: s.currency, total: roundCents(s.total), km: Math.round(s.km * 10) / 10, ...(notes.length ? noteFields(notes) : {}) };
  });
  for (const u of t.unknown) {
    out.push({
      tollSystem: u.tollSystem ?? `${u.country} (toll system unknown)`, currency: null, total: null, km: Math.round(u.km * 10) / 10,
      ...noteFields([say("tolls.no_rate", { date: t.date, km: u.km, road_classes: u.roadClasses.join("/"), country: u.country })]),
    });
  }
  return out;
}
