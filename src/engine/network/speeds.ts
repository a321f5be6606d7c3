// Truck travel speeds by country and road class, for vehicles over 12 t.
// Legal limits (national road traffic codes; EU Directive 92/6/EEC caps the
// limiter at 90 km/h): motorway and rural limits per country. Average
// speeds below the limit on non-motorways account for towns and junctions.
// A road's posted maxspeed lowers these, never raises them.
import type { RoadClass } from "./types";

interface CountryLimits {
  motorway: number;
  rural: number;
}

/** km/h for trucks over 12 t: motorway, other roads outside towns. */
export const TRUCK_LIMITS_KMH: Readonly<Record<string, CountryLimits>> = {
  DE: { motorway: 80, rural: 60 },
  AT: { motorway: 80, rural: 70 },
  CH: { motorway: 80, rural: 80 },
  FR: { motorway: 90, rural: 80 },
  IT: { motorway: 80, rural: 70 },
  NL: { motorway: 80, rural: 80 },
  BE: { motorway: 90, rural: 70 },
  LU: { motorway: 90, rural: 75 },
  DK: { motorway: 80, rural: 70 },
  PL: { motorway: 80, rural: 70 },
  CZ: { motorway: 80, rural: 80 },
  ES: { motorway: 90, rural: 80 },
  PT: { motorway: 90, rural: 80 },
  SE: { motorway: 80, rural: 70 },
  HU: { motorway: 80, rural: 70 },
  SK: { motorway: 90, rural: 80 },
  SI: { motorway: 80, rural: 70 },
};
/** Countries without an entry: the EU's common motorway limiter speed. */
const DEFAULT_LIMITS: CountryLimits = { motorway: 80, rural: 70 };

/** Share of the rural limit reached on average, per class (towns, junctions, traffic lights). */
const AVERAGE_SHARE: Readonly<Record<RoadClass, number>> = {
  motorway: 1,
  primary: 0.93, // ~80 % of the distance outside towns
  secondary: 0.88,
  other: 0.8,
};
/** Ramps: short and slow whatever the road. */
const LINK_KMH = 45;

export function truckSpeedKmh(country: string | null | undefined, cls: RoadClass, opts: { link?: boolean; maxspeedKmh?: number } = {}): number {
  const limits = (country && TRUCK_LIMITS_KMH[country]) || DEFAULT_LIMITS;
  let v = opts.link ? LINK_KMH : cls === "motorway" ? limits.motorway : limits.rural * AVERAGE_SHARE[cls];
  if (opts.maxspeedKmh && opts.maxspeedKmh > 0) v = Math.min(v, opts.maxspeedKmh);
  return v;
}
