"use client";
// Place names on the map's own basemap, for when no map tiles are drawn (none configured, or none
// loads: an offline or restricted network). The names come by tile from /basemap/places (the
// largest places first, fewer as the map zooms out); those that would overlap a larger one are
// left out. Drawn under the route and the markers, never interactive, hidden from screen readers
// (the stops' names are in the page).
import L from "leaflet";
import { useEffect } from "react";
import { useMap } from "react-leaflet";

/** The map zooms the server chooses names for (tile zoom + 1); closer in, zoom 12's names serve. */
const MIN_MAP_ZOOM = 4;
const MAX_MAP_ZOOM = 12;
const PANE = "basemap-labels";

interface Label {
  name: string;
  population: number;
  lat: number;
  lon: number;
}

type Size = "l" | "m" | "s";
const sizeOf = (pop: number): Size => (pop >= 1_000_000 ? "l" : pop >= 100_000 ? "m" : "s");
/** Font size and average glyph width (px) per size, to keep names apart without measuring text. */
const FONT: Record<Size, { px: number; glyph: number }> = { l: { px: 14, glyph: 8 }, m: { px: 12.5, glyph: 7 }, s: { px: 11.5, glyph: 6.4 } };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Tile x, y of a point at tile zoom z (XYZ scheme). */
function tileOf(lat: number, lon: number, z: number): [number, number] {
  const n = 2 ** z;
  const rad = (Math.max(-85, Math.min(85, lat)) * Math.PI) / 180;
  const x = Math.floor(((lon + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return [Math.min(n - 1, Math.max(0, x)), Math.min(n - 1, Math.max(0, y))];
}

/** Larger places first; a name whose box would overlap a kept one's is left out. */
export function declutter(labels: readonly Label[], at: (l: Label) => { x: number; y: number }): (Label & { size: Size })[] {
  const kept: { x0: number; x1: number; y0: number; y1: number }[] = [];
  const out: (Label & { size: Size })[] = [];
  for (const l of [...labels].sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))) {
    const size = sizeOf(l.population);
    const { x, y } = at(l);
    const w = l.name.length * FONT[size].glyph + 8, h = FONT[size].px + 6;
    const box = { x0: x - w / 2, x1: x + w / 2, y0: y - h / 2, y1: y + h / 2 };
    if (kept.some((k) => box.x0 < k.x1 && k.x0 < box.x1 && box.y0 < k.y1 && k.y0 < box.y1)) continue;
    kept.push(box);
    out.push({ ...l, size });
  }
  return out;
}

export function PlaceLabels({ show }: { show: boolean }) {
  const map = useMap();
  useEffect(() => {
    if (!show) return;
    if (!map.getPane(PANE)) {
      // Above the basemap's roads, under the route (overlay pane, 400) and the markers.
      const pane = map.createPane(PANE);
      pane.style.zIndex = "390";
      pane.style.pointerEvents = "none";
      pane.setAttribute("aria-hidden", "true");
    }
    const layer = L.layerGroup().addTo(map);
    const tiles = new Map<string, Promise<Label[]>>();
    const ac = new AbortController();
    let drawn = 0;

    const fetchTile = (z: number, x: number, y: number): Promise<Label[]> => {
      const key = `${z}/${x}/${y}`;
      let p = tiles.get(key);
      if (!p) {
        p = fetch(`/basemap/places?z=${z}&x=${x}&y=${y}`, { signal: ac.signal })
          .then((r) => (r.ok ? r.json() : { features: [] }))
          .then((fc: { features?: { properties: { name: string; population: number }; geometry: { coordinates: [number, number] } }[] }) =>
            (fc.features ?? []).map((f) => ({ name: f.properties.name, population: f.properties.population, lon: f.geometry.coordinates[0], lat: f.geometry.coordinates[1] })),
          )
          .catch(() => {
            tiles.delete(key); // asked again on the next move
            return [];
          });
        tiles.set(key, p);
      }
      return p;
    };

    const draw = async () => {
      const turn = ++drawn;
      const mapZoom = Math.min(MAX_MAP_ZOOM, Math.max(MIN_MAP_ZOOM, Math.round(map.getZoom())));
      const z = mapZoom - 1;
      const b = map.getBounds().pad(0.1);
      const [x0, y0] = tileOf(b.getNorth(), b.getWest(), z);
      const [x1, y1] = tileOf(b.getSouth(), b.getEast(), z);
      const asked: Promise<Label[]>[] = [];
      for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) asked.push(fetchTile(z, x, y));
      const labels = (await Promise.all(asked)).flat();
      if (turn !== drawn || ac.signal.aborted) return; // a later move draws instead
      layer.clearLayers();
      for (const l of declutter(labels, (l) => map.latLngToLayerPoint([l.lat, l.lon]))) {
        L.marker([l.lat, l.lon], {
          pane: PANE,
          interactive: false,
          keyboard: false,
          icon: L.divIcon({ className: `basemap-label basemap-label-${l.size}`, html: `<span>${escapeHtml(l.name)}</span>`, iconSize: [0, 0] }),
        }).addTo(layer);
      }
    };

    const redraw = () => void draw();
    redraw();
    map.on("moveend", redraw);
    return () => {
      ac.abort();
      map.off("moveend", redraw);
      layer.remove();
    };
  }, [map, show]);
  return null;
}
