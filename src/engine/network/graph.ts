// RoadWays -> routable graph: vertices joined (by source node id or equal
// coordinates), directed edges per one-way rules, truck restrictions applied
// for the pack's truck profile, travel times from the country speed table,
// terrain per edge, and only the largest strongly connected part kept so that
// every snapped point can reach every other.
import { haversineM } from "../geo";
import { truckSpeedKmh } from "./speeds";
import { EDGE_LINK, NO_COUNTRY, ROAD_CLASSES, type RoadNetwork } from "./types";
import type { RoadWay } from "./ways";

/** The truck a pack is built for: roads it may not use are left out. */
export const PACK_TRUCK_PROFILE = { weightT: 40, heightM: 4.0 } as const;

const COORD_SCALE = 1e6;

export interface GraphOptions {
  id: string;
  version: string;
  attribution: string;
  countryAt?: (lat: number, lon: number) => string | null;
  climb?: (aLat: number, aLon: number, bLat: number, bLon: number) => { ascentM: number; descentM: number };
}

export interface GraphStats {
  nodeCount: number;
  edgeCount: number;
  restrictedEdges: number;
  duplicateEdges: number;
  droppedNodes: number;
  lengthKmByClass: Record<string, number>;
  lengthKmByCountry: Record<string, number>;
}

export function buildGraph(ways: RoadWay[], opts: GraphOptions): { net: RoadNetwork; stats: GraphStats } {
  const index = new Map<string | number, number>();
  const lat: number[] = [], lon: number[] = [];
  const vertex = (w: RoadWay, i: number): number => {
    const [y, x] = w.coords[i];
    // String keys: packing both scaled coordinates into one double would exceed 2^53.
    const key = w.nodeIds ? `o${w.nodeIds[i]}` : `${Math.round(y * COORD_SCALE)},${Math.round(x * COORD_SCALE)}`;
    let v = index.get(key);
    if (v === undefined) {
      v = lat.length;
      index.set(key, v);
      lat.push(y);
      lon.push(x);
    }
    return v;
  };

  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const intern = (s: string | undefined) => {
    if (!s) return -1;
    let i = stringIndex.get(s);
    if (i === undefined) { i = strings.length; strings.push(s); stringIndex.set(s, i); }
    return i;
  };
  const countries: string[] = [];
  const countryIndex = (c: string | null | undefined) => {
    if (!c) return NO_COUNTRY;
    let i = countries.indexOf(c);
    if (i < 0) { i = countries.length; countries.push(c); }
    return i;
  };

  // Directed edge drafts, one per (from, to); the faster of duplicates wins.
  const byPair = new Map<number, number>();
  const from: number[] = [], to: number[] = [], time: number[] = [], len: number[] = [];
  const cls: number[] = [], flags: number[] = [], maxspeed: number[] = [], ref: number[] = [], name: number[] = [], country: number[] = [];
  let restrictedEdges = 0, duplicateEdges = 0;

  for (const w of ways) {
    const restricted = w.hgvForbidden || (w.maxweightT !== undefined && w.maxweightT < PACK_TRUCK_PROFILE.weightT)
      || (w.maxheightM !== undefined && w.maxheightM < PACK_TRUCK_PROFILE.heightM);
    const c = ROAD_CLASSES.indexOf(w.cls);
    const r = intern(w.ref), nm = intern(w.name);
    let prev = vertex(w, 0);
    for (let i = 1; i < w.coords.length; i++) {
      const cur = vertex(w, i);
      if (cur === prev) continue;
      if (restricted) { restrictedEdges += w.oneway === 0 ? 2 : 1; prev = cur; continue; }
      const length = haversineM(lat[prev], lon[prev], lat[cur], lon[cur]);
      const cc = w.country ?? opts.countryAt?.((lat[prev] + lat[cur]) / 2, (lon[prev] + lon[cur]) / 2) ?? null;
      const speed = truckSpeedKmh(cc, w.cls, { link: w.link, maxspeedKmh: w.maxspeedKmh }) / 3.6;
      const dirs: [number, number][] = w.oneway === 1 ? [[prev, cur]] : w.oneway === -1 ? [[cur, prev]] : [[prev, cur], [cur, prev]];
      for (const [a, b] of dirs) {
        const t = length / speed;
        const key = a * 4_294_967_296 + b;
        let e = byPair.get(key);
        if (e !== undefined) {
          duplicateEdges++;
          if (t >= time[e]) continue;
        } else {
          e = from.length;
          byPair.set(key, e);
          from.push(a); to.push(b);
        }
        time[e] = t; len[e] = length; cls[e] = c; flags[e] = w.link ? EDGE_LINK : 0;
        maxspeed[e] = Math.min(255, Math.round(w.maxspeedKmh ?? 0)); ref[e] = r; name[e] = nm; country[e] = countryIndex(cc);
      }
      prev = cur;
    }
  }

  const keep = largestStronglyConnected(lat.length, from, to);
  const newId = new Int32Array(lat.length).fill(-1);
  let n = 0;
  for (let v = 0; v < lat.length; v++) if (keep[v]) newId[v] = n++;
  const nodeLat = new Float64Array(n), nodeLon = new Float64Array(n);
  for (let v = 0; v < lat.length; v++) if (newId[v] >= 0) { nodeLat[newId[v]] = lat[v]; nodeLon[newId[v]] = lon[v]; }

  const firstEdge = new Uint32Array(n + 1);
  const kept: number[] = [];
  for (let e = 0; e < from.length; e++) {
    if (newId[from[e]] < 0 || newId[to[e]] < 0) continue;
    kept.push(e);
    firstEdge[newId[from[e]] + 1]++;
  }
  for (let i = 0; i < n; i++) firstEdge[i + 1] += firstEdge[i];
  const m = kept.length;
  const edgeTarget = new Uint32Array(m), edgeLengthM = new Float32Array(m), edgeTimeS = new Float32Array(m), edgeClass = new Uint8Array(m);
  const aFlags = new Uint8Array(m), aCountry = new Uint8Array(m), aMaxspeed = new Uint8Array(m);
  const aAscent = new Float32Array(m), aDescent = new Float32Array(m), aRef = new Int32Array(m), aName = new Int32Array(m);
  const fill = firstEdge.slice(0, n);
  const lengthKmByClass: Record<string, number> = {}, lengthKmByCountry: Record<string, number> = {};
  for (const e of kept) {
    const a = newId[from[e]], b = newId[to[e]];
    const k = fill[a]++;
    edgeTarget[k] = b; edgeLengthM[k] = len[e]; edgeTimeS[k] = time[e]; edgeClass[k] = cls[e];
    aFlags[k] = flags[e]; aCountry[k] = country[e]; aMaxspeed[k] = maxspeed[e]; aRef[k] = ref[e]; aName[k] = name[e];
    if (opts.climb) {
      const c = opts.climb(nodeLat[a], nodeLon[a], nodeLat[b], nodeLon[b]);
      aAscent[k] = c.ascentM; aDescent[k] = c.descentM;
    }
    // Count a two-way road once, not once per direction.
    const reverse = byPair.get(to[e] * 4_294_967_296 + from[e]);
    const km = reverse !== undefined && from[e] > to[e] ? 0 : len[e] / 1000;
    lengthKmByClass[ROAD_CLASSES[cls[e]]] = (lengthKmByClass[ROAD_CLASSES[cls[e]]] ?? 0) + km;
    const cc = country[e] === NO_COUNTRY ? "unknown" : countries[country[e]];
    lengthKmByCountry[cc] = (lengthKmByCountry[cc] ?? 0) + km;
  }
  for (const rec of [lengthKmByClass, lengthKmByCountry]) for (const k in rec) rec[k] = Math.round(rec[k]);

  let minLat = Infinity, minLon = Infinity, maxLat = -Infinity, maxLon = -Infinity;
  for (let i = 0; i < n; i++) {
    if (nodeLat[i] < minLat) minLat = nodeLat[i];
    if (nodeLat[i] > maxLat) maxLat = nodeLat[i];
    if (nodeLon[i] < minLon) minLon = nodeLon[i];
    if (nodeLon[i] > maxLon) maxLon = nodeLon[i];
  }
  const net: RoadNetwork = {
    id: opts.id, version: opts.version, attribution: opts.attribution,
    nodeCount: n, edgeCount: m, nodeLat, nodeLon, firstEdge, edgeTarget, edgeLengthM, edgeTimeS, edgeClass,
    attributes: { flags: aFlags, country: aCountry, countries, maxspeedKmh: aMaxspeed, ascentM: aAscent, descentM: aDescent, ref: aRef, name: aName, strings },
    bounds: [minLat, minLon, maxLat, maxLon],
  };
  return {
    net,
    stats: { nodeCount: n, edgeCount: m, restrictedEdges, duplicateEdges, droppedNodes: lat.length - n, lengthKmByClass, lengthKmByCountry },
  };
}

/** Kosaraju with explicit stacks: which vertices form the largest strongly connected part. */
export function largestStronglyConnected(n: number, from: number[], to: number[]): Uint8Array {
  const csr = (src: number[], dst: number[]) => {
    const first = new Uint32Array(n + 1);
    for (const s of src) first[s + 1]++;
    for (let i = 0; i < n; i++) first[i + 1] += first[i];
    const adj = new Uint32Array(src.length);
    const fill = first.slice(0, n);
    for (let e = 0; e < src.length; e++) adj[fill[src[e]]++] = dst[e];
    return { first, adj };
  };
  const fwd = csr(from, to), bwd = csr(to, from);
  // Pass 1: finishing order on the forward graph.
  const seen = new Uint8Array(n);
  const order: number[] = [];
  const stack: number[] = [], next: number[] = [];
  for (let s = 0; s < n; s++) {
    if (seen[s]) continue;
    seen[s] = 1; stack.push(s); next.push(fwd.first[s]);
    while (stack.length) {
      const top = stack.length - 1, u = stack[top];
      if (next[top] < fwd.first[u + 1]) {
        const v = fwd.adj[next[top]++];
        if (!seen[v]) { seen[v] = 1; stack.push(v); next.push(fwd.first[v]); }
      } else {
        order.push(u); stack.pop(); next.pop();
      }
    }
  }
  // Pass 2: components on the reversed graph in reverse finishing order.
  const comp = new Int32Array(n).fill(-1);
  const sizes: number[] = [];
  for (let i = order.length - 1; i >= 0; i--) {
    const s = order[i];
    if (comp[s] >= 0) continue;
    const c = sizes.length;
    let size = 0;
    comp[s] = c; stack.push(s);
    while (stack.length) {
      const u = stack.pop()!;
      size++;
      for (let e = bwd.first[u]; e < bwd.first[u + 1]; e++) {
        const v = bwd.adj[e];
        if (comp[v] < 0) { comp[v] = c; stack.push(v); }
      }
    }
    sizes.push(size);
  }
  let best = 0;
  for (let c = 1; c < sizes.length; c++) if (sizes[c] > sizes[best]) best = c;
  return Uint8Array.from(comp, (c) => (c === best ? 1 : 0));
}
