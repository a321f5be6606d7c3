// The route as distance along it: each section's geometry mapped onto the
// route_profile's distances (route distance from the start, detours left out),
// so the map can colour the line by state of charge and place points such as
// "where the battery reaches the reserve". Pure functions, no React.
import type { OptimizationResultResponse } from "@/contract/result";
import { RESERVE_SOC } from "@/engine/plan/rules";
import { sectionGeometry } from "@/components/planner/stops";

export { RESERVE_SOC };

export type LatLon = [number, number];

export interface SocClass {
  id: "reserve" | "low" | "mid" | "good" | "high" | "beyond";
  /** Lower bound (inclusive) of the class's state of charge, 0-1. */
  min: number;
  label: string;
  color: string;
  /** SVG dash pattern: the part beyond the point a tour stops being drivable. */
  dash?: string;
}

/**
 * ColorBrewer RdYlBu (5 classes, listed as colour-blind safe): red = low,
 * blue = full. Lightness differs between neighbours, and the line has a dark
 * casing so the pale middle classes stay visible on the light basemap.
 */
export const SOC_CLASSES: readonly SocClass[] = [
  { id: "high", min: 0.7, label: "70–100 %", color: "#4575b4" },
  { id: "good", min: 0.5, label: "50–70 %", color: "#abd9e9" },
  { id: "mid", min: 0.3, label: "30–50 %", color: "#fee090" },
  { id: "low", min: RESERVE_SOC, label: `${Math.round(RESERVE_SOC * 100)}–30 %`, color: "#f46d43" },
  { id: "reserve", min: -Infinity, label: `below the ${Math.round(RESERVE_SOC * 100)} % reserve`, color: "#a50026" },
];
export const BEYOND_CLASS: SocClass = { id: "beyond", min: -Infinity, label: "not reachable", color: "#57606a", dash: "2 9" };

export function socClass(soc: number): SocClass {
  return SOC_CLASSES.find((c) => soc >= c.min - 1e-9) ?? SOC_CLASSES[SOC_CLASSES.length - 1];
}

export interface ProfileSamples {
  d: number[];
  soc: number[];
  ele: (number | null)[];
}

export interface SectionOnRoute {
  index: number;
  pts: LatLon[];
  /** Route distance (m from the start) of every vertex. */
  at: number[];
  /** The profile samples that belong to this section: [first, last] indices. */
  samples: [number, number];
}

export interface RouteOnMap {
  sections: SectionOnRoute[];
  profile: ProfileSamples | null;
  totalM: number;
}

const RAD = Math.PI / 180;
function metres(a: LatLon, b: LatLon): number {
  const x = (b[1] - a[1]) * RAD * Math.cos(((a[0] + b[0]) / 2) * RAD);
  const y = (b[0] - a[0]) * RAD;
  return Math.sqrt(x * x + y * y) * 6_371_000;
}

export function readProfile(result: OptimizationResultResponse): ProfileSamples | null {
  const p = result.route_profile;
  if (!p || p.distance_m.length < 2 || p.soc.length !== p.distance_m.length) return null;
  const ele = p.elevation_m?.length === p.distance_m.length ? p.elevation_m : p.distance_m.map(() => null);
  return { d: p.distance_m, soc: p.soc, ele };
}

/** Runs of samples at one distance: where a section ends (a charge shows as arrival and departure SoC there). */
function sameDistanceRuns(d: number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (let i = 1; i < d.length; i++) {
    if (d[i] !== d[i - 1]) continue;
    const last = runs[runs.length - 1];
    if (last && last[1] === i - 1) last[1] = i;
    else runs.push([i - 1, i]);
  }
  return runs;
}

export function routeOnMap(result: OptimizationResultResponse): RouteOnMap {
  const geometry = sectionGeometry(result);
  const profile = readProfile(result);
  const n = geometry.length;
  const geoLen = geometry.map((pts) => {
    const cum = [0];
    if (pts) for (let i = 1; i < pts.length; i++) cum.push(cum[i - 1] + metres(pts[i - 1], pts[i]));
    return cum;
  });
  const geoTotal = geoLen.reduce((s, c) => s + c[c.length - 1], 0);
  const totalM = profile ? profile.d[profile.d.length - 1] : result.totals?.distance_m ?? geoTotal;

  // Section ends on the route: the profile's same-distance runs when there is
  // one per section end (the engine samples every section end), else the
  // geometry's own lengths scaled to the route length.
  const runs = profile ? sameDistanceRuns(profile.d) : [];
  const bounds: number[] = [0];
  const sampleRanges: [number, number][] = [];
  const lastSample = profile ? profile.d.length - 1 : 0;
  if (profile && runs.length === n - 1) {
    for (let k = 0; k < n; k++) {
      bounds.push(k < n - 1 ? profile.d[runs[k][0]] : totalM);
      sampleRanges.push([k === 0 ? 0 : runs[k - 1][1], k < n - 1 ? runs[k][0] : lastSample]);
    }
  } else {
    let acc = 0;
    for (let k = 0; k < n; k++) {
      acc += geoLen[k][geoLen[k].length - 1];
      bounds.push(geoTotal > 0 ? (acc / geoTotal) * totalM : 0);
      sampleRanges.push([0, lastSample]);
    }
  }

  const sections: SectionOnRoute[] = [];
  geometry.forEach((pts, k) => {
    if (!pts) return;
    const cum = geoLen[k];
    const len = cum[cum.length - 1] || 1;
    const from = bounds[k];
    const span = bounds[k + 1] - from;
    sections.push({ index: k, pts, at: cum.map((g) => from + (g / len) * span), samples: sampleRanges[k] });
  });
  return { sections, profile, totalM };
}

/** Linear interpolation of a profile series at a route distance, within the section's samples. */
export function valueAt(profile: ProfileSamples, series: "soc" | "ele", distM: number, range: [number, number] = [0, profile.d.length - 1]): number | null {
  const { d } = profile;
  const ys = profile[series];
  let lo = range[0];
  let hi = range[1];
  if (distM <= d[lo]) return ys[lo];
  if (distM >= d[hi]) return ys[hi];
  // Last sample at or before distM: at a charge (two samples, one distance) the later one wins.
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (d[mid] <= distM) lo = mid;
    else hi = mid;
  }
  const a = ys[lo];
  const b = ys[hi];
  if (a == null || b == null) return a ?? b;
  const t = d[hi] > d[lo] ? (distM - d[lo]) / (d[hi] - d[lo]) : 1;
  return a + (b - a) * t;
}

export interface SocRun {
  cls: SocClass;
  pts: LatLon[];
  fromM: number;
  toM: number;
}

/**
 * The route cut into runs of one SoC class; `stuckAtM` (a tour that is not
 * drivable) turns everything after it into the "not reachable" class.
 */
export function socRuns(route: RouteOnMap, stuckAtM: number | null): SocRun[] {
  const { profile } = route;
  if (!profile) return [];
  const out: SocRun[] = [];
  for (const s of route.sections) {
    let run: SocRun | null = null;
    for (let j = 1; j < s.pts.length; j++) {
      const mid = (s.at[j - 1] + s.at[j]) / 2;
      const cls = stuckAtM != null && mid > stuckAtM ? BEYOND_CLASS : socClass(valueAt(profile, "soc", mid, s.samples) ?? 0);
      if (run && run.cls.id === cls.id) {
        run.pts.push(s.pts[j]);
        run.toM = s.at[j];
      } else {
        run = { cls, pts: [s.pts[j - 1], s.pts[j]], fromM: s.at[j - 1], toM: s.at[j] };
        out.push(run);
      }
    }
  }
  return out;
}

/** The map point at a route distance. */
export function pointAt(route: RouteOnMap, distM: number): LatLon | null {
  const secs = route.sections;
  if (!secs.length) return null;
  const s = secs.find((x) => distM <= x.at[x.at.length - 1]) ?? secs[secs.length - 1];
  const { at, pts } = s;
  if (distM <= at[0]) return pts[0];
  for (let j = 1; j < at.length; j++) {
    if (distM <= at[j]) {
      const t = at[j] > at[j - 1] ? (distM - at[j - 1]) / (at[j] - at[j - 1]) : 0;
      return [pts[j - 1][0] + (pts[j][0] - pts[j - 1][0]) * t, pts[j - 1][1] + (pts[j][1] - pts[j - 1][1]) * t];
    }
  }
  return pts[pts.length - 1];
}

/** Route distance of the section vertex nearest a map point (for hover read-outs). */
export function distanceNear(s: SectionOnRoute, lat: number, lon: number): number {
  let best = 0;
  let bestD = Infinity;
  for (let j = 0; j < s.pts.length; j++) {
    const d = metres(s.pts[j], [lat, lon]);
    if (d < bestD) {
      bestD = d;
      best = j;
    }
  }
  return s.at[best];
}
