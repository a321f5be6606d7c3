// The whole tour as one line: distance, driving time and energy along it.
import { bearingDeg } from "../geo";
import type { RoadNetwork } from "../network/types";
import type { VehicleModel } from "../vehicles/catalog";
import { edgeEnergyKWh } from "../vehicles/physics";
import type { Leg } from "./legs";
import type { SectionWeather } from "./types";
import { ambientOf, edgeAmbient, isReference, windy } from "./weather";

export interface RouteProfile {
  coords: [number, number][];
  /** Per coordinate: global distance (m), driving time (s), energy used (kWh). */
  distM: Float64Array;
  timeS: Float64Array;
  energyKWh: Float64Array;
  /** Cumulative climb and descent (m) per coordinate, from the pack's terrain (0 without it). */
  ascentM: Float64Array;
  descentM: Float64Array;
  /** Ground elevation per coordinate (m); NaN where the pack has no terrain. */
  elevationM: Float64Array;
  /** Network edge of the segment starting at each coordinate; -1 where none (snapped pieces, leg ends). */
  segmentEdge: Int32Array;
  /** Coordinate index range of each leg: legs[k] spans legStart[k] .. legStart[k+1]-1. */
  legStart: number[];
  /** Global distance at each leg's start, and the total at the end. */
  legStartM: number[];
  totalM: number;
}

/** How much energy each piece of the route takes, per leg (the mass differs by payload). */
export interface EnergyModel {
  /** Energy of network edge e driven with the gross mass of leg k; `headingDeg`: of the piece driven (the wind's angle), else the edge's. */
  edgeKWh(k: number, e: number, headingDeg?: number): number;
  /** Energy of a piece without an edge (to a snapped point) of this length at this speed. */
  pieceKWh(k: number, lengthM: number, speedKmh: number): number;
  /** Whether leg k's energy depends on the heading of each piece (a wind); absent: it does not. */
  headingMatters?(k: number): boolean;
}

/**
 * The vehicle's physics per edge: speed from the edge's truck time, terrain from the pack, and per leg its
 * weather (plan/weather.ts): the temperature, the road, the wind's component along the edge, its altitude.
 */
export function physicsEnergy(net: RoadNetwork, vehicle: VehicleModel, massKg: number[], weather: (SectionWeather | null)[] = []): EnergyModel {
  const a = net.attributes;
  const base = weather.map((w) => (w && !isReference(w) ? ambientOf(w) : undefined));
  return {
    edgeKWh: (k, e, headingDeg) =>
      edgeEnergyKWh(
        vehicle, massKg[k], net.edgeLengthM[e], (net.edgeLengthM[e] / net.edgeTimeS[e]) * 3.6, a ? a.ascentM[e] : 0, a ? a.descentM[e] : 0,
        base[k] ? edgeAmbient(net, e, weather[k]!, base[k]!, headingDeg) : undefined,
      ),
    pieceKWh: (k, lengthM, speedKmh) => edgeEnergyKWh(vehicle, massKg[k], lengthM, speedKmh, 0, 0, base[k]),
    headingMatters: (k) => !!base[k] && windy(weather[k]!),
  };
}

export function buildProfile(legs: Leg[], energyModel: EnergyModel, net?: RoadNetwork): RouteProfile {
  const coords: [number, number][] = [];
  const dist: number[] = [], time: number[] = [], energy: number[] = [], up: number[] = [], down: number[] = [], segEdge: number[] = [];
  const elev: number[] = [];
  const attrs = net?.attributes;
  let u0 = 0, d0Climb = 0, e0 = 0;
  const legStart: number[] = [], legStartM: number[] = [];
  let d0 = 0, t0 = 0;
  legs.forEach((leg, k) => {
    legStart.push(coords.length);
    legStartM.push(d0);
    const p = leg.path;
    const windyLeg = energyModel.headingMatters?.(k) ?? false;
    for (let i = 0; i < p.coords.length; i++) {
      coords.push(p.coords[i]);
      dist.push(d0 + p.cumDistM[i]);
      time.push(t0 + p.cumTimeS[i]);
      energy.push(e0);
      up.push(u0);
      down.push(d0Climb);
      segEdge.push(i < leg.segmentEdge.length ? leg.segmentEdge[i] : -1);
      elev.push(leg.coordElevationM[i]);
      // The edge this segment lies on (pieces to snapped points too), and how much of it.
      const on = i < leg.segmentOn.length ? leg.segmentOn[i] : -1;
      const share = on >= 0 ? leg.segmentShare[i] : 0;
      if (i + 1 < p.coords.length) {
        const lengthM = p.cumDistM[i + 1] - p.cumDistM[i];
        const seconds = p.cumTimeS[i + 1] - p.cumTimeS[i];
        // Each straight piece with its own heading: an edge's shape bends, and the wind meets each piece at its angle.
        const heading = on >= 0 && windyLeg ? bearingDeg(p.coords[i][0], p.coords[i][1], p.coords[i + 1][0], p.coords[i + 1][1]) : undefined;
        e0 += on >= 0 ? energyModel.edgeKWh(k, on, heading) * share : energyModel.pieceKWh(k, lengthM, seconds > 0 ? (lengthM / seconds) * 3.6 : 50);
      }
      if (attrs && on >= 0) {
        u0 += attrs.ascentM[on] * share;
        d0Climb += attrs.descentM[on] * share;
      }
    }
    d0 += p.lengthM;
    t0 += p.timeS;
  });
  legStart.push(coords.length);
  legStartM.push(d0);
  return {
    coords,
    distM: Float64Array.from(dist),
    timeS: Float64Array.from(time),
    energyKWh: Float64Array.from(energy),
    ascentM: Float64Array.from(up),
    descentM: Float64Array.from(down),
    elevationM: Float64Array.from(elev),
    segmentEdge: Int32Array.from(segEdge),
    legStart,
    legStartM,
    totalM: d0,
  };
}

/** Index of the last coordinate at or before distance d within leg k. */
function indexAt(p: RouteProfile, k: number, d: number): number {
  let lo = p.legStart[k], hi = p.legStart[k + 1] - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (p.distM[mid] <= d) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Leg that holds distance d (a point at a leg boundary belongs to the earlier leg). */
export function legAt(p: RouteProfile, d: number): number {
  for (let k = 0; k < p.legStartM.length - 1; k++) if (d <= p.legStartM[k + 1]) return k;
  return p.legStartM.length - 2;
}

function interpolate(p: RouteProfile, values: Float64Array, k: number, d: number): number {
  const i = indexAt(p, k, d);
  const j = Math.min(i + 1, p.legStart[k + 1] - 1);
  const span = p.distM[j] - p.distM[i];
  if (span <= 0) return values[i];
  return values[i] + ((values[j] - values[i]) * (d - p.distM[i])) / span;
}

export const energyAt = (p: RouteProfile, d: number, k = legAt(p, d)) => interpolate(p, p.energyKWh, k, d);
export const timeAt = (p: RouteProfile, d: number, k = legAt(p, d)) => interpolate(p, p.timeS, k, d);
export const ascentAt = (p: RouteProfile, d: number, k = legAt(p, d)) => interpolate(p, p.ascentM, k, d);
export const descentAt = (p: RouteProfile, d: number, k = legAt(p, d)) => interpolate(p, p.descentM, k, d);
export const elevationAt = (p: RouteProfile, d: number, k = legAt(p, d)) => interpolate(p, p.elevationM, k, d);

/**
 * The route distance at which the driving time from the start reaches timeS (the inverse of timeAt:
 * linear within a segment as timeAt is, so timeAt of the answer is timeS again), kept within
 * [fromD, toD]. Time and distance only grow along the profile, across legs too.
 */
export function distAtTime(p: RouteProfile, timeS: number, fromD = 0, toD = p.totalM): number {
  const t = p.timeS, n = t.length;
  let lo = 0, hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (t[mid] <= timeS) lo = mid;
    else hi = mid - 1;
  }
  const j = Math.min(lo + 1, n - 1), span = t[j] - t[lo];
  const d = span > 0 ? p.distM[lo] + ((p.distM[j] - p.distM[lo]) * (timeS - t[lo])) / span : p.distM[lo];
  return Math.min(toD, Math.max(fromD, d));
}

/** Network edges of leg k whose segments start within [fromD, toD). */
export function edgesBetween(p: RouteProfile, k: number, fromD: number, toD: number): number[] {
  return edgePiecesBetween(p, k, fromD, toD).edges;
}

/**
 * The network edges driven between two distances inside leg k, with the metres of each driven there
 * (the first and the last only in part): what tolls count, so that sections add up to the whole route.
 */
export function edgePiecesBetween(p: RouteProfile, k: number, fromD: number, toD: number): { edges: number[]; lengthsM: number[] } {
  const edges: number[] = [], lengthsM: number[] = [];
  for (let i = indexAt(p, k, fromD); i < p.legStart[k + 1] && p.distM[i] < toD; i++) {
    if (p.segmentEdge[i] < 0 || i + 1 >= p.distM.length) continue;
    const m = Math.min(p.distM[i + 1], toD) - Math.max(p.distM[i], fromD);
    if (m <= 0) continue;
    // An edge's shape gives it one segment per straight piece: consecutive pieces of one edge are one entry.
    if (edges.length && edges[edges.length - 1] === p.segmentEdge[i]) { lengthsM[lengthsM.length - 1] += m; continue; }
    edges.push(p.segmentEdge[i]);
    lengthsM.push(m);
  }
  return { edges, lengthsM };
}

/** Coordinates of the route between two distances inside leg k, end points interpolated. */
export function slice(p: RouteProfile, k: number, fromD: number, toD: number): [number, number][] {
  const point = (d: number): [number, number] => {
    const i = indexAt(p, k, d);
    const j = Math.min(i + 1, p.legStart[k + 1] - 1);
    const span = p.distM[j] - p.distM[i];
    const t = span > 0 ? Math.min(1, Math.max(0, (d - p.distM[i]) / span)) : 0;
    return [p.coords[i][0] + (p.coords[j][0] - p.coords[i][0]) * t, p.coords[i][1] + (p.coords[j][1] - p.coords[i][1]) * t];
  };
  const out: [number, number][] = [point(fromD)];
  for (let i = indexAt(p, k, fromD) + 1; i < p.legStart[k + 1] && p.distM[i] < toD; i++) out.push(p.coords[i]);
  out.push(point(toD));
  return out;
}
