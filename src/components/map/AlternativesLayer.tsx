"use client";
// The routes the plan did not take (route_alternatives): thin grey lines under the route, each
// with a popup saying what it is and why it was not chosen.
import L from "leaflet";
import { useEffect } from "react";
import { useMap } from "react-leaflet";
import { REASON_TEXT, routeFacts, routeName } from "@/components/result/routes";
import type { RouteAlternative } from "@/contract/result";
import { decodePolyline } from "@/engine/network/polyline";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function AlternativesLayer({ routes }: { routes: RouteAlternative[] }) {
  const map = useMap();
  useEffect(() => {
    const group = L.layerGroup();
    routes.forEach((r, i) => {
      if (r.chosen) return;
      const line = L.polyline(decodePolyline(r.polyline), { className: "route-alternative", color: "#5f6b76", weight: 3, opacity: 0.8 });
      line.bindPopup(
        `<div class="plan-popup"><p class="plan-popup-title">${escape(routeName(i))}: ${escape(REASON_TEXT[r.reason])}</p>` +
          `<p class="plan-popup-sub">${escape(routeFacts(r))}</p><p class="plan-popup-sub">${escape(r.note)}</p></div>`,
      );
      line.bindTooltip(`${routeName(i)}: ${REASON_TEXT[r.reason]}`, { sticky: true });
      line.addTo(group);
    });
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, routes]);
  return null;
}
