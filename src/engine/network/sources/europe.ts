// Europe: the DCW network inside Germany, Natural Earth (noded) outside it,
// joined where NE roads reach the German border. Every way is cut at the
// borders it crosses, so its `country` holds for its whole length. Gaps NE
// leaves between motorway ends in cities outside Germany are closed by short
// straight connectors (class "primary"), on land only.
import path from "node:path";
import KDBush from "kdbush";
import { haversineM } from "../../geo";
import { createCountryLocator } from "../countries";
import { ROAD_CLASSES, type RoadClass } from "../types";
import type { RoadWay, WaySource } from "../ways";
import { splitByCountry, type CountryAt, type Piece } from "./borders";
import { DCW_ATTRIBUTION, dcwWays } from "./dcw";
import { degSpan, ptKey, readFeatures, lineStrings, toLatLon, type Pt } from "./lines";
import { components, lineKm, NE_ATTRIBUTION, nodeLines, type GapConnector } from "./naturalearth";

export interface EuropeOptions {
  /**
   * NE loose ends snap within this distance. NE 10m is generalised to ~1 km:
   * at 500 m Hungary, Denmark, Rome and Portugal stay detached (0.7-1.4 km gaps).
   */
  snapM?: number;
  /** NE ends at or near the German border join the nearest DCW vertex within this. */
  joinM?: number;
  /** A DCW vertex off the motorway counts this much farther (joins prefer the Autobahn). */
  nonMotorwayPenaltyM?: number;
  /**
   * NE loose ends within this distance are joined by a straight connector when
   * the network between them detours more than detourFactor x the gap (or they
   * are not connected): NE 10m drops the urban links where motorways meet
   * (Prague's D1 and D5 end 8.5 km apart). Default 10 km; 0 turns gap closing off.
   */
  gapM?: number;
  /** Default 4: ends the network already joins within 4 x their gap are left alone. */
  detourFactor?: number;
  countryAt?: CountryAt;
  /**
   * Land test of gap connectors: non-null on land. It needs outlines without a
   * coastal tolerance (countryAt gives the nearest country up to 5 km off the
   * coast, which puts the whole Strait of Messina on land). Default: the
   * country outlines with no tolerance.
   */
  landAt?: CountryAt;
}

export interface BorderJoin {
  /** NE point and DCW vertex, [lat, lon]. */
  from: [number, number];
  to: [number, number];
  distanceM: number;
  /** "cut": NE road clipped at the German border; "end": a loose NE end near it. */
  kind: "cut" | "end";
  dcwClass: RoadClass;
}

export interface EuropeSource extends WaySource<RoadWay[]> {
  joins: BorderJoin[];
  /** NE gap connectors, as built (each is one or more "primary" ways with its source). */
  gaps: GapConnector[];
}

// Tiny German stretches between two foreign pieces (border-hugging NE lines) stay, so the road is not cut.
const KEEP_DE_SLIVER_KM = 2;

const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/**
 * Whether a straight gap connector a -> b ([lon, lat]) may be built: its
 * quarter points and midpoint on land (so no strait or bay is bridged), and
 * no part of it in Germany, where DCW is complete (the same border split the
 * NE lines go through, so nothing of it is dropped later).
 */
export function gapConnectorAllowed(countryAt: CountryAt, landAt: CountryAt): (a: Pt, b: Pt) => boolean {
  return (a, b) => {
    for (const t of [0.25, 0.5, 0.75]) {
      const p = lerp(a, b, t);
      if (landAt(p[1], p[0]) === null) return false;
    }
    if (landAt(a[1], a[0]) === "DE" || landAt(b[1], b[0]) === "DE") return false;
    return splitByCountry([a, b], countryAt).every((p) => p.country !== "DE");
  };
}

export function readEurope(dataDir: string, opts: EuropeOptions = {}): EuropeSource {
  const t0 = performance.now();
  const snapM = opts.snapM ?? 1500, joinM = opts.joinM ?? 15_000, penaltyM = opts.nonMotorwayPenaltyM ?? 2000;
  const gapM = opts.gapM ?? 10_000, detourFactor = opts.detourFactor ?? 4;
  const countryAt = opts.countryAt ?? createCountryLocator().countryAt;

  const dcw = dcwWays(readFeatures(path.join(dataDir, "roads/dcw_roads_de.geojson"))).ways;
  const neInput = readFeatures(path.join(dataDir, "roads/ne_10m_roads_europe.geojson")).flatMap((f) => lineStrings(f.geometry));
  const gaps = gapM > 0
    ? { gapM, detourFactor, allow: gapConnectorAllowed(countryAt, opts.landAt ?? createCountryLocator({ coastM: 0 }).countryAt) }
    : undefined;
  const ne = nodeLines(neInput, { snapM, gaps });

  // DCW: split at borders too (a few roads run past them); unknown -> DE.
  const ways: RoadWay[] = [];
  for (const w of dcw) {
    for (const p of splitByCountry(w.coords.map(([y, x]) => [x, y] as Pt), countryAt)) {
      ways.push({ ...w, coords: toLatLon(p.line), country: p.country ?? "DE" });
    }
  }

  // NE: drop what lies in Germany; remember the ends cut at the German border.
  // Gap connectors go the same way (none reaches into Germany), as "primary".
  const kept: (Piece & { gap?: GapConnector })[] = [];
  let droppedKm = 0;
  const neLines: { line: Pt[]; gap?: GapConnector }[] = [...ne.lines.map((line) => ({ line })), ...ne.connectors.map((g) => ({ line: g.line, gap: g }))];
  for (const { line, gap } of neLines) {
    for (const p of splitByCountry(line, countryAt)) {
      const sliver = p.fromCountry && p.toCountry && p.fromCountry !== "DE" && p.toCountry !== "DE" && lineKm(p.line) < KEEP_DE_SLIVER_KM;
      if (p.country === "DE" && !sliver) droppedKm += lineKm(p.line);
      else kept.push({ ...p, gap });
    }
  }
  const uses = new Map<string, number>();
  for (const p of kept) for (const q of p.line) uses.set(ptKey(q), (uses.get(ptKey(q)) ?? 0) + 1);
  const candidates = new Map<string, { p: Pt; kind: BorderJoin["kind"] }>();
  for (const p of kept) {
    const ends: [Pt, string | null | undefined][] = [[p.line[0], p.fromCountry], [p.line[p.line.length - 1], p.toCountry]];
    for (const [e, across] of ends) {
      const k = ptKey(e);
      if (uses.get(k) !== 1 || candidates.has(k)) continue;
      candidates.set(k, { p: e, kind: across === "DE" ? "cut" : "end" });
    }
  }

  // DCW vertices, with the best class of the ways through each.
  const vClass = new Map<string, number>(), vPt: Pt[] = [];
  for (const w of ways) for (const [y, x] of w.coords) {
    const k = ptKey([x, y]), c = ROAD_CLASSES.indexOf(w.cls), old = vClass.get(k);
    if (old === undefined) vPt.push([x, y]);
    if (old === undefined || c < old) vClass.set(k, c);
  }
  const index = new KDBush(vPt.length);
  for (const [x, y] of vPt) index.add(x, y);
  index.finish();

  const joins: BorderJoin[] = [];
  let unjoinedCuts = 0;
  for (const { p, kind } of candidates.values()) {
    const { dLon, dLat } = degSpan(joinM, p[1]);
    let best = Infinity, hit = -1, hitD = 0;
    for (const i of index.range(p[0] - dLon, p[1] - dLat, p[0] + dLon, p[1] + dLat)) {
      const v = vPt[i], d = haversineM(p[1], p[0], v[1], v[0]);
      if (d > joinM) continue;
      const score = d + (vClass.get(ptKey(v)) === 0 ? 0 : penaltyM);
      if (score < best) { best = score; hit = i; hitD = d; }
    }
    if (hit < 0) { if (kind === "cut") unjoinedCuts++; continue; }
    const v = vPt[hit], cls = ROAD_CLASSES[vClass.get(ptKey(v))!];
    joins.push({ from: [p[1], p[0]], to: [v[1], v[0]], distanceM: Math.round(hitD), kind, dcwClass: cls });
    ways.push({ coords: [[p[1], p[0]], [v[1], v[0]]], cls, oneway: 0, country: countryAt((p[1] + v[1]) / 2, (p[0] + v[0]) / 2) ?? undefined, source: "join:de-border" });
  }
  kept.forEach((p, i) => ways.push({
    coords: toLatLon(p.line), cls: p.gap ? "primary" : "motorway", oneway: 0, country: p.country ?? undefined, source: p.gap?.source ?? `ne:${i}`,
  }));

  const all = ways.map((w) => w.coords.map(([y, x]) => [x, y] as Pt));
  const comp = components(all);
  const km = new Map<number, number>();
  all.forEach((l, i) => km.set(comp.label[i], (km.get(comp.label[i]) ?? 0) + lineKm(l)));
  const dist = joins.map((j) => j.distanceM).sort((a, b) => a - b);
  return {
    id: "europe",
    attribution: `${DCW_ATTRIBUTION}; ${NE_ATTRIBUTION}`,
    ways,
    joins,
    gaps: ne.connectors,
    report: {
      ...Object.fromEntries(Object.entries(ne.report).map(([k, v]) => [`ne.${k}`, v])),
      neDroppedInGermanyKm: Math.round(droppedKm),
      borderJoins: joins.length,
      borderJoinsCut: joins.filter((j) => j.kind === "cut").length,
      borderJoinMaxM: dist[dist.length - 1] ?? 0,
      borderJoinMedianM: dist[dist.length >> 1] ?? 0,
      unjoinedBorderCuts: unjoinedCuts,
      // Every connector: ends (lat,lon), gap, and the NE network distance (German NE included) it cuts short ("none": not connected).
      gapConnectorList: ne.connectors.map((g) => `${g.source.slice(4)} ${(g.distanceM / 1000).toFixed(1)} km (was ${g.networkM === null ? "none" : `${Math.round(g.networkM / 1000)} km`})`).join("; "),
      components: comp.count,
      largestComponentKm: Math.round(Math.max(...km.values())),
      totalKm: Math.round([...km.values()].reduce((s, k) => s + k, 0)),
      ways: ways.length,
      buildMs: Math.round(performance.now() - t0),
    },
  };
}
