"use client";
// The route coloured by state of charge: per section a dark casing, the SoC
// runs on top, and an invisible wide line per section (`route-line`) that
// takes the pointer and reads out km, SoC and elevation where it points.
// Drawn with plain Leaflet: hundreds of runs are cheaper than React layers.
import L from "leaflet";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useMap } from "react-leaflet";
import { displayLocale, fmtSoc } from "@/components/planner/format";
import { distanceNear, valueAt, type RouteOnMap, type SocRun } from "@/components/result/profile";
import type { MapTranslator } from "./marker-groups";

/** Short, so the sticky tooltip stays clear of the map key. */
function readout(route: RouteOnMap, distM: number, samples: [number, number], t: MapTranslator): string {
  const parts = [t("readoutKm", { km: Math.round(distM / 1000).toLocaleString(displayLocale()) })];
  if (route.profile) {
    const soc = valueAt(route.profile, "soc", distM, samples);
    const ele = valueAt(route.profile, "ele", distM, samples);
    if (soc != null) parts.push(t("readoutSoc", { soc: fmtSoc(soc) }));
    if (ele != null) parts.push(t("readoutHigh", { m: Math.round(ele) }));
  }
  return parts.join(" · ");
}

export function RouteLayer({ route, runs }: { route: RouteOnMap; runs: SocRun[] }) {
  const t = useTranslations("map");
  const map = useMap();
  useEffect(() => {
    const group = L.layerGroup();
    if (runs.length) {
      for (const r of runs) {
        const beyond = r.cls.id === "beyond";
        L.polyline(r.pts, { className: "route-casing", color: beyond ? "#ffffff" : "#1b1f24", weight: beyond ? 8 : 10, opacity: beyond ? 0.95 : 0.9, interactive: false }).addTo(group);
      }
      for (const r of runs) {
        L.polyline(r.pts, {
          className: `route-soc route-soc-${r.cls.id}`,
          color: r.cls.color,
          weight: r.cls.dash ? 4 : 6,
          opacity: 1,
          dashArray: r.cls.dash,
          lineCap: r.cls.dash ? "round" : "butt",
          interactive: false,
        }).addTo(group);
      }
    } else {
      // No route_profile (older results): one plain colour per section.
      route.sections.forEach((s, i) => {
        L.polyline(s.pts, { className: "route-casing", color: "#ffffff", weight: 9, opacity: 0.9, interactive: false }).addTo(group);
        L.polyline(s.pts, { className: "route-soc", color: i % 2 ? "#2f6fd6" : "#1a4fb4", weight: 5, opacity: 1, interactive: false }).addTo(group);
      });
    }
    route.sections.forEach((s) => {
      const hit = L.polyline(s.pts, { className: "route-line", color: "#000000", weight: 16, opacity: 0 });
      hit.bindTooltip(readout(route, s.at[0], s.samples, t), { sticky: true, className: "route-readout" });
      hit.on("mousemove", (e: L.LeafletMouseEvent) => hit.setTooltipContent(readout(route, distanceNear(s, e.latlng.lat, e.latlng.lng), s.samples, t)));
      hit.addTo(group);
    });
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, route, runs, t]);
  return null;
}
