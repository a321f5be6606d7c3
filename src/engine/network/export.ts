// The graph of a pack as GeoJSON or CSV, for GIS users and other routers.
import { edgeLine } from "./shape";
import { ROAD_CLASSES, NO_COUNTRY, type RoadNetwork } from "./types";

export interface EdgeRow {
  id: number;
  source: number;
  target: number;
  length_m: number;
  time_s: number;
  class: string;
  country: string | null;
  ref: string | null;
  name: string | null;
  ascent_m: number;
  descent_m: number;
}

export function* edgeRows(net: RoadNetwork): Generator<EdgeRow> {
  const a = net.attributes;
  const str = (i: number | undefined) => (a && i !== undefined && i >= 0 ? a.strings[i] : null);
  for (let u = 0; u < net.nodeCount; u++) {
    for (let e = net.firstEdge[u]; e < net.firstEdge[u + 1]; e++) {
      yield {
        id: e, source: u, target: net.edgeTarget[e],
        // Exact stored values: another router fed this export must find the same costs.
        length_m: net.edgeLengthM[e],
        time_s: net.edgeTimeS[e],
        class: ROAD_CLASSES[net.edgeClass[e]],
        country: a && a.country[e] !== NO_COUNTRY ? a.countries[a.country[e]] : null,
        ref: str(a?.ref[e]), name: str(a?.name[e]),
        ascent_m: a ? Math.round(a.ascentM[e] * 10) / 10 : 0,
        descent_m: a ? Math.round(a.descentM[e] * 10) / 10 : 0,
      };
    }
  }
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? "" : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function* nodesCsv(net: RoadNetwork): Generator<string> {
  yield "id,lat,lon\n";
  for (let i = 0; i < net.nodeCount; i++) yield `${i},${net.nodeLat[i]},${net.nodeLon[i]}\n`;
}

/** One row per directed edge; `geometry` is its line as WKT (from source to target, its shape between), as pgRouting's `the_geom` takes it. */
export function* edgesCsv(net: RoadNetwork): Generator<string> {
  const cols: (keyof EdgeRow)[] = ["id", "source", "target", "length_m", "time_s", "class", "country", "ref", "name", "ascent_m", "descent_m"];
  yield [...cols, "geometry"].join(",") + "\n";
  for (const r of edgeRows(net)) {
    const wkt = `LINESTRING(${edgeLine(net, r.id, r.source).map(([lat, lon]) => `${lon} ${lat}`).join(",")})`;
    yield [...cols.map((c) => csvCell(r[c])), csvCell(wkt)].join(",") + "\n";
  }
}

/** One FeatureCollection: node Points, then directed edge LineStrings ([lon, lat] order). */
export function* geojson(net: RoadNetwork): Generator<string> {
  yield `{"type":"FeatureCollection","name":${JSON.stringify(`${net.id} ${net.version}`)},"features":[\n`;
  let first = true;
  const sep = () => (first ? ((first = false), "") : ",\n");
  for (let i = 0; i < net.nodeCount; i++) {
    yield sep() + JSON.stringify({ type: "Feature", properties: { kind: "node", id: i }, geometry: { type: "Point", coordinates: [net.nodeLon[i], net.nodeLat[i]] } });
  }
  for (const r of edgeRows(net)) {
    yield sep() + JSON.stringify({
      type: "Feature",
      properties: { kind: "edge", ...r },
      geometry: { type: "LineString", coordinates: edgeLine(net, r.id, r.source).map(([lat, lon]) => [lon, lat]) },
    });
  }
  yield "\n]}\n";
}
