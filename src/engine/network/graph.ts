// Ways (a WayTable, or RoadWays joined by source node id or equal coordinates)
// -> routable graph: directed edges per one-way rules, truck restrictions applied
// for the pack's truck profile, travel times from the country speed table,
// terrain per edge, and only the largest strongly connected part kept so that
// every snapped point can reach every other.
import { haversineM } from "../geo";
import { truckSpeedKmh } from "./speeds";
import { EDGE_LINK, NO_COUNTRY, ROAD_CLASSES, type RoadNetwork } from "./types";
import { column, StringTable } from "./columns";
import { wayTable, type RoadWay, type WayTable } from "./ways";

/** The truck a pack is built for: roads it may not use are left out. */
export const PACK_TRUCK_PROFILE = { weightT: 40, heightM: 4.0 } as const;

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

export function buildGraph(source: RoadWay[] | WayTable, opts: GraphOptions): { net: RoadNetwork; stats: GraphStats } {
  const ways = Array.isArray(source) ? wayTable(source) : source;
  const lat = ways.vertexLat, lon = ways.vertexLon;
  const strings = new StringTable();
  const countries: string[] = [];
  const countryIndex = (c: string | null | undefined) => {
    if (!c) return NO_COUNTRY;
    let i = countries.indexOf(c);
    if (i < 0) { i = countries.length; countries.push(c); }
    return i;
  };

  // Directed edge drafts in the order the ways give them; duplicates of a (from, to) pair are merged below.
  const from = column(Uint32Array), to = column(Uint32Array), time = column(Float64Array), len = column(Float64Array);
  const cls = column(Uint8Array), flags = column(Uint8Array), maxspeed = column(Uint8Array), ref = column(Int32Array), name = column(Int32Array), country = column(Uint8Array);
  let restrictedEdges = 0;

  for (let wi = 0; wi < ways.wayCount; wi++) {
    const w = ways.attrs[ways.wayAttrs[wi]];
    const restricted = w.hgvForbidden || (w.maxweightT !== undefined && w.maxweightT < PACK_TRUCK_PROFILE.weightT)
      || (w.maxheightM !== undefined && w.maxheightM < PACK_TRUCK_PROFILE.heightM);
    const c = ROAD_CLASSES.indexOf(w.cls);
    const r = strings.of(w.ref), nm = strings.of(w.name);
    const fl = w.link ? EDGE_LINK : 0, ms = Math.min(255, Math.round(w.maxspeedKmh ?? 0));
    let prev = ways.wayVertex[ways.wayStart[wi]];
    for (let i = ways.wayStart[wi] + 1; i < ways.wayStart[wi + 1]; i++) {
      const cur = ways.wayVertex[i];
      if (cur === prev) continue;
      if (restricted) { restrictedEdges += w.oneway === 0 ? 2 : 1; prev = cur; continue; }
      const pLat = lat[prev], pLon = lon[prev], cLat = lat[cur], cLon = lon[cur];
      const length = haversineM(pLat, pLon, cLat, cLon);
      const cc = w.country ?? opts.countryAt?.((pLat + cLat) / 2, (pLon + cLon) / 2) ?? null;
      const t = length / (truckSpeedKmh(cc, w.cls, { link: w.link, maxspeedKmh: w.maxspeedKmh }) / 3.6);
      const ci = countryIndex(cc);
      for (let d = 0; d < 2; d++) {
        if (d === 0 ? w.oneway === -1 : w.oneway === 1) continue;
        from.push(d === 0 ? prev : cur); to.push(d === 0 ? cur : prev);
        time.push(t); len.push(length); cls.push(c); flags.push(fl); maxspeed.push(ms); ref.push(r); name.push(nm); country.push(ci);
      }
      prev = cur;
    }
  }

  // Drafts grouped by tail, in their order; a later duplicate of a pair is dropped, and
  // overwrites the first (keeping its place) when faster.
  const nv = ways.vertexCount, drafts = from.length;
  const byTail = groupBy(nv, from.data, drafts);
  const live = new Uint8Array(drafts);
  let duplicateEdges = 0;
  for (let u = 0; u < nv; u++) {
    for (let i = byTail.first[u]; i < byTail.first[u + 1]; i++) {
      const e = byTail.items[i];
      let dup = -1;
      for (let j = byTail.first[u]; j < i && dup < 0; j++) if (live[byTail.items[j]] && to.data[byTail.items[j]] === to.data[e]) dup = byTail.items[j];
      if (dup < 0) { live[e] = 1; continue; }
      duplicateEdges++;
      if (time.data[e] >= time.data[dup]) continue;
      for (const col of [time, len, cls, flags, maxspeed, ref, name, country]) col.data[dup] = col.data[e];
    }
  }
  const liveCount = drafts - duplicateEdges;
  const liveFrom = new Uint32Array(liveCount), liveTo = new Uint32Array(liveCount);
  for (let e = 0, k = 0; e < drafts; e++) if (live[e]) { liveFrom[k] = from.data[e]; liveTo[k++] = to.data[e]; }
  const hasEdge = (a: number, b: number) => {
    for (let i = byTail.first[a]; i < byTail.first[a + 1]; i++) if (live[byTail.items[i]] && to.data[byTail.items[i]] === b) return true;
    return false;
  };

  const keep = largestStronglyConnected(nv, liveFrom, liveTo);
  const newId = new Int32Array(nv).fill(-1);
  let n = 0;
  for (let v = 0; v < nv; v++) if (keep[v]) newId[v] = n++;
  const nodeLat = new Float64Array(n), nodeLon = new Float64Array(n);
  for (let v = 0; v < nv; v++) if (newId[v] >= 0) { nodeLat[newId[v]] = lat[v]; nodeLon[newId[v]] = lon[v]; }

  const firstEdge = new Uint32Array(n + 1);
  let m = 0;
  for (let e = 0; e < drafts; e++) {
    if (!live[e] || newId[from.data[e]] < 0 || newId[to.data[e]] < 0) { live[e] = 0; continue; }
    m++;
    firstEdge[newId[from.data[e]] + 1]++;
  }
  for (let i = 0; i < n; i++) firstEdge[i + 1] += firstEdge[i];
  const edgeTarget = new Uint32Array(m), edgeLengthM = new Float32Array(m), edgeTimeS = new Float32Array(m), edgeClass = new Uint8Array(m);
  const aFlags = new Uint8Array(m), aCountry = new Uint8Array(m), aMaxspeed = new Uint8Array(m);
  const aAscent = new Float32Array(m), aDescent = new Float32Array(m), aRef = new Int32Array(m), aName = new Int32Array(m);
  const fill = firstEdge.slice(0, n);
  const lengthKmByClass: Record<string, number> = {}, lengthKmByCountry: Record<string, number> = {};
  for (let e = 0; e < drafts; e++) {
    if (!live[e]) continue;
    const a = newId[from.data[e]], b = newId[to.data[e]];
    const k = fill[a]++;
    edgeTarget[k] = b; edgeLengthM[k] = len.data[e]; edgeTimeS[k] = time.data[e]; edgeClass[k] = cls.data[e];
    aFlags[k] = flags.data[e]; aCountry[k] = country.data[e]; aMaxspeed[k] = maxspeed.data[e]; aRef[k] = ref.data[e]; aName[k] = name.data[e];
    if (opts.climb) {
      const c = opts.climb(nodeLat[a], nodeLon[a], nodeLat[b], nodeLon[b]);
      aAscent[k] = c.ascentM; aDescent[k] = c.descentM;
    }
    // Count a two-way road once, not once per direction.
    const km = from.data[e] > to.data[e] && hasEdge(to.data[e], from.data[e]) ? 0 : len.data[e] / 1000;
    const cn = ROAD_CLASSES[cls.data[e]];
    lengthKmByClass[cn] = (lengthKmByClass[cn] ?? 0) + km;
    const cc = country.data[e] === NO_COUNTRY ? "unknown" : countries[country.data[e]];
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
    attributes: { flags: aFlags, country: aCountry, countries, maxspeedKmh: aMaxspeed, ascentM: aAscent, descentM: aDescent, ref: aRef, name: aName, strings: strings.strings },
    bounds: [minLat, minLon, maxLat, maxLon],
  };
  return {
    net,
    stats: { nodeCount: n, edgeCount: m, restrictedEdges, duplicateEdges, droppedNodes: nv - n, lengthKmByClass, lengthKmByCountry },
  };
}

/** Indices 0..count-1 grouped by key (a counting sort, so each group keeps their order). */
function groupBy(n: number, key: ArrayLike<number>, count: number): { first: Uint32Array; items: Uint32Array } {
  const first = new Uint32Array(n + 1);
  for (let i = 0; i < count; i++) first[key[i] + 1]++;
  for (let v = 0; v < n; v++) first[v + 1] += first[v];
  const items = new Uint32Array(count), next = first.slice(0, n);
  for (let i = 0; i < count; i++) items[next[key[i]]++] = i;
  return { first, items };
}

/** Kosaraju with explicit stacks: which vertices form the largest strongly connected part. */
export function largestStronglyConnected(n: number, from: ArrayLike<number>, to: ArrayLike<number>): Uint8Array {
  const csr = (src: ArrayLike<number>, dst: ArrayLike<number>) => {
    const first = new Uint32Array(n + 1);
    for (let e = 0; e < src.length; e++) first[src[e] + 1]++;
    for (let i = 0; i < n; i++) first[i + 1] += first[i];
    const adj = new Uint32Array(src.length);
    const fill = first.slice(0, n);
    for (let e = 0; e < src.length; e++) adj[fill[src[e]]++] = dst[e];
    return { first, adj };
  };
  const fwd = csr(from, to), bwd = csr(to, from);
  // Pass 1: finishing order on the forward graph.
  // Typed stacks: a country's graph has millions of vertices.
  const seen = new Uint8Array(n);
  const order = new Uint32Array(n);
  const stack = new Uint32Array(n), next = new Uint32Array(n);
  let done = 0, depth = 0;
  for (let s = 0; s < n; s++) {
    if (seen[s]) continue;
    seen[s] = 1; stack[0] = s; next[0] = fwd.first[s]; depth = 1;
    while (depth) {
      const top = depth - 1, u = stack[top];
      if (next[top] < fwd.first[u + 1]) {
        const v = fwd.adj[next[top]++];
        if (!seen[v]) { seen[v] = 1; stack[depth] = v; next[depth++] = fwd.first[v]; }
      } else {
        order[done++] = u; depth--;
      }
    }
  }
  // Pass 2: components on the reversed graph in reverse finishing order.
  const comp = new Int32Array(n).fill(-1);
  const sizes: number[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const s = order[i];
    if (comp[s] >= 0) continue;
    const c = sizes.length;
    let size = 0;
    comp[s] = c; stack[0] = s; depth = 1;
    while (depth) {
      const u = stack[--depth];
      size++;
      for (let e = bwd.first[u]; e < bwd.first[u + 1]; e++) {
        const v = bwd.adj[e];
        if (comp[v] < 0) { comp[v] = c; stack[depth++] = v; }
      }
    }
    sizes.push(size);
  }
  let best = 0;
  for (let c = 1; c < sizes.length; c++) if (sizes[c] > sizes[best]) best = c;
  return Uint8Array.from(comp, (c) => (c === best ? 1 : 0));
}
