// Country outlines for the map's own basemap: Natural Earth 1:50m (npm
// world-atlas, TopoJSON) turned into GeoJSON, kept to the planner's region.
import fs from "node:fs";
import path from "node:path";
import { feature } from "topojson-client";
import type { Feature, FeatureCollection, Geometry, Position } from "geojson";
import { BASEMAP_REGION } from "@/components/map/region";

const round = (v: number) => Math.round(v * 1000) / 1000;

function mapPositions(g: Geometry, f: (p: Position) => Position): Geometry {
  switch (g.type) {
    case "Polygon":
      return { type: "Polygon", coordinates: g.coordinates.map((r) => r.map(f)) };
    case "MultiPolygon":
      return { type: "MultiPolygon", coordinates: g.coordinates.map((p) => p.map((r) => r.map(f))) };
    default:
      return g;
  }
}

function bbox(g: Geometry): [number, number, number, number] {
  const b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (p: Position) => {
    b[0] = Math.min(b[0], p[0]);
    b[1] = Math.min(b[1], p[1]);
    b[2] = Math.max(b[2], p[0]);
    b[3] = Math.max(b[3], p[1]);
  };
  if (g.type === "Polygon") g.coordinates.forEach((r) => r.forEach(visit));
  if (g.type === "MultiPolygon") g.coordinates.forEach((p) => p.forEach((r) => r.forEach(visit)));
  return b;
}

export function countryOutlines(): FeatureCollection {
  const file = path.join(process.cwd(), "node_modules", "world-atlas", "countries-50m.json");
  type Topology = Parameters<typeof feature>[0];
  type TopoObject = Parameters<typeof feature>[1];
  const topo = JSON.parse(fs.readFileSync(file, "utf8")) as Topology & { objects: { countries: TopoObject } };
  const all = feature(topo, topo.objects.countries) as unknown as FeatureCollection<Geometry, { name: string }>;
  const [w, s, e, n] = BASEMAP_REGION;
  const features: Feature[] = [];
  for (const f of all.features) {
    if (!f.geometry) continue;
    const [fw, fs_, fe, fn] = bbox(f.geometry);
    if (fe < w || fw > e || fn < s || fs_ > n) continue;
    features.push({ type: "Feature", properties: { name: f.properties?.name ?? "" }, geometry: mapPositions(f.geometry, (p) => [round(p[0]), round(p[1])]) });
  }
  return { type: "FeatureCollection", features };
}
