"use client";
// The map's own basemap, drawn UNDER the tile layer: country outlines (Natural
// Earth) and the planner's road network, both served by this app. With no tile
// server reachable (tests, air-gapped installs) the map still shows where it is.
import type { Feature, FeatureCollection, GeoJsonObject } from "geojson";
import L from "leaflet";
import { useEffect } from "react";
import { useMap } from "react-leaflet";

/** Road styles by class and zoom: quiet at country scale so the route stands out. */
function roadStyle(cls: string, zoom: number): L.PathOptions {
  const near = zoom >= 9;
  switch (cls) {
    case "motorway":
      return { color: "#e39a55", weight: near ? 3 : zoom >= 7 ? 2 : 1.4, opacity: 0.9 };
    case "primary":
      return { color: "#c4b8a3", weight: near ? 1.6 : zoom >= 7 ? 1 : 0.7, opacity: 0.9 };
    default:
      return { color: "#d2c9ba", weight: near ? 1.2 : 0.7, opacity: 0.9 };
  }
}

function pane(map: L.Map, name: string, zIndex: number): string {
  if (!map.getPane(name)) {
    const p = map.createPane(name);
    p.style.zIndex = String(zIndex);
    p.style.pointerEvents = "none";
  }
  return name;
}

async function geojson(url: string, signal: AbortSignal): Promise<GeoJsonObject | null> {
  try {
    const res = await fetch(url, { signal });
    return res.ok ? ((await res.json()) as GeoJsonObject) : null;
  } catch {
    return null;
  }
}

const classOf = (f: Feature | undefined) => (f?.properties as { class?: string } | null | undefined)?.class ?? "other";

export function Basemap() {
  const map = useMap();
  useEffect(() => {
    // Tile pane is at z-index 200: both basemap panes sit below it.
    const landPane = pane(map, "basemap-land", 150);
    const roadPane = pane(map, "basemap-roads", 160);
    const landRenderer = L.canvas({ pane: landPane, padding: 0.3 });
    const roadRenderer = L.canvas({ pane: roadPane, padding: 0.3 });
    const layers: L.Layer[] = [];
    const ac = new AbortController();
    let restyle: (() => void) | null = null;

    void geojson("/basemap/countries", ac.signal).then((data) => {
      if (!data || ac.signal.aborted) return;
      const layer = L.geoJSON(data, {
        renderer: landRenderer,
        interactive: false,
        style: { color: "#a7a0b3", weight: 0.8, fillColor: "#f6f4ef", fillOpacity: 1 },
      } as L.GeoJSONOptions);
      layers.push(layer.addTo(map));
    });
    void geojson("/basemap/roads", ac.signal).then((data) => {
      if (!data || ac.signal.aborted) return;
      // Lesser roads first, motorways drawn last (on top).
      const fc = data as FeatureCollection;
      const rank = (f: Feature) => ((f.properties as { class?: string } | null)?.class === "motorway" ? 1 : 0);
      const sorted: FeatureCollection = { ...fc, features: [...(fc.features ?? [])].sort((a, b) => rank(a) - rank(b)) };
      const layer = L.geoJSON(sorted, {
        renderer: roadRenderer,
        interactive: false,
        style: (f) => roadStyle(classOf(f), map.getZoom()),
      } as L.GeoJSONOptions);
      layers.push(layer.addTo(map));
      restyle = () => layer.setStyle((f) => roadStyle(classOf(f), map.getZoom()));
      map.on("zoomend", restyle);
    });
    return () => {
      ac.abort();
      if (restyle) map.off("zoomend", restyle);
      for (const l of layers) l.remove();
    };
  }, [map]);
  return null;
}
