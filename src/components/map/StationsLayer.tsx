"use client";
// Stations along the route as small circles with a popup: the candidates the
// planner could use (poi_list) and, when the result has them, every station in
// the corridor (available_charging_stations). Plain Leaflet in a pane between
// the route and the stop markers; shown or hidden from the map key.
import L from "leaflet";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useMap } from "react-leaflet";
import { fmtKm, fmtNum } from "@/components/planner/format";
import type { ResultAvailableStation, ResultPOI } from "@/contract/result";
import type { MapTranslator } from "./marker-groups";

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

function candidatePopup(p: ResultPOI, t: MapTranslator): HTMLElement {
  const connectors = Array.isArray(p.connectors) ? (p.connectors as unknown[]).filter((c) => typeof c === "string").join(", ") : null;
  return popup(p.title ?? t("chargingStation"), [
    [t("kind"), t("usableByVehicle")],
    [t("address"), p.address],
    [t("operator"), str(p.operator)],
    [t("power"), fmtNum(p.power, "kW")],
    [t("usablePower"), fmtNum(num(p.usable_power_kW), "kW")],
    [t("connectors"), connectors],
    [t("fromStart"), p.distance_from_start != null ? fmtKm(p.distance_from_start) : null],
    [t("detour"), p.detour_from_route != null ? t("thereAndBack", { distance: fmtKm(p.detour_from_route) }) : null],
  ]);
}

function corridorPopup(s: ResultAvailableStation, t: MapTranslator): HTMLElement {
  return popup(s.name ?? t("chargingStation"), [
    [t("kind"), t("inCorridor")],
    [t("address"), s.address],
    [t("power"), fmtNum(s.power_available_kW, "kW")],
    [t("truckApproved"), s.truck_approved],
    [t("bookable"), s.bookable == null ? null : s.bookable ? t("yes") : t("no")],
  ]);
}

export function StationsLayer({ candidates, corridor }: { candidates: ResultPOI[] | null; corridor: ResultAvailableStation[] | null }) {
  const t = useTranslations("map");
  const map = useMap();
  useEffect(() => {
    if (!map.getPane(PANE)) map.createPane(PANE).style.zIndex = "450";
    const group = L.layerGroup();
    for (const s of corridor ?? []) {
      if (s.latitude == null || s.longitude == null) continue;
      L.circleMarker([s.latitude, s.longitude], { pane: PANE, className: "station-corridor", radius: 3.5, color: "#ffffff", weight: 1, fillColor: "#3d4752", fillOpacity: 0.9 })
        .bindPopup(() => corridorPopup(s, t), { maxWidth: 300 })
        .addTo(group);
    }
    for (const p of candidates ?? []) {
      if (p.position_lat == null || p.position_lon == null) continue;
      L.circleMarker([p.position_lat, p.position_lon], { pane: PANE, className: "station-candidate", radius: 5, color: "#0b5cad", weight: 2, fillColor: "#ffffff", fillOpacity: 1 })
        .bindPopup(() => candidatePopup(p, t), { maxWidth: 300 })
        .addTo(group);
    }
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, candidates, corridor, t]);
  return null;
}
