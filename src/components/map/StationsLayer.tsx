"use client";
// Stations along the route as small circles with a popup: the candidates the
// planner could use (poi_list) and, when the result has them, every station in
// the corridor (available_charging_stations). Plain Leaflet in a pane between
// the route and the stop markers; shown or hidden from the map key.
import L from "leaflet";
import { useEffect } from "react";
import { useMap } from "react-leaflet";
import { fmtKm, fmtNum } from "@/components/planner/format";
import type { ResultAvailableStation, ResultPOI } from "@/contract/result";

const PANE = "stations";

function popup(title: string, rows: [string, string | null | undefined][]): HTMLElement {
  // Built from DOM nodes, not HTML strings: station names come from outside data.
  const root = document.createElement("div");
  root.className = "plan-popup";
  const h = root.appendChild(document.createElement("p"));
  h.className = "plan-popup-title";
  h.textContent = title;
  const dl = root.appendChild(document.createElement("dl"));
  for (const [k, v] of rows) {
    if (v == null || v === "" || v === "–") continue;
    const row = dl.appendChild(document.createElement("div"));
    row.className = "plan-popup-row";
    row.appendChild(document.createElement("dt")).textContent = k;
    row.appendChild(document.createElement("dd")).textContent = v;
  }
  return root;
}

const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

function candidatePopup(p: ResultPOI): HTMLElement {
  const connectors = Array.isArray(p.connectors) ? (p.connectors as unknown[]).filter((c) => typeof c === "string").join(", ") : null;
  return popup(p.title ?? "Charging station", [
    ["Kind", "Usable by this vehicle"],
    ["Address", p.address],
    ["Operator", str(p.operator)],
    ["Power", fmtNum(p.power, "kW")],
    ["Usable power", fmtNum(num(p.usable_power_kW), "kW")],
    ["Connectors", connectors],
    ["From start", p.distance_from_start != null ? fmtKm(p.distance_from_start) : null],
    ["Detour", p.detour_from_route != null ? `${fmtKm(p.detour_from_route)} there and back` : null],
  ]);
}

function corridorPopup(s: ResultAvailableStation): HTMLElement {
  return popup(s.name ?? "Charging station", [
    ["Kind", "In the corridor"],
    ["Address", s.address],
    ["Power", fmtNum(s.power_available_kW, "kW")],
    ["Truck approved", s.truck_approved],
    ["Bookable", s.bookable == null ? null : s.bookable ? "yes" : "no"],
  ]);
}

export function StationsLayer({ candidates, corridor }: { candidates: ResultPOI[] | null; corridor: ResultAvailableStation[] | null }) {
  const map = useMap();
  useEffect(() => {
    if (!map.getPane(PANE)) map.createPane(PANE).style.zIndex = "450";
    const group = L.layerGroup();
    for (const s of corridor ?? []) {
      if (s.latitude == null || s.longitude == null) continue;
      L.circleMarker([s.latitude, s.longitude], { pane: PANE, className: "station-corridor", radius: 3.5, color: "#ffffff", weight: 1, fillColor: "#3d4752", fillOpacity: 0.9 })
        .bindPopup(() => corridorPopup(s), { maxWidth: 300 })
        .addTo(group);
    }
    for (const p of candidates ?? []) {
      if (p.position_lat == null || p.position_lon == null) continue;
      L.circleMarker([p.position_lat, p.position_lon], { pane: PANE, className: "station-candidate", radius: 5, color: "#0b5cad", weight: 2, fillColor: "#ffffff", fillOpacity: 1 })
        .bindPopup(() => candidatePopup(p), { maxWidth: 300 })
        .addTo(group);
    }
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, candidates, corridor]);
  return null;
}
