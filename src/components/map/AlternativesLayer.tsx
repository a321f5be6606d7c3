"use client";
// The routes the plan did not take (route_alternatives): thin grey lines under the route, each
// with a popup saying what it is and why it was not chosen.
import L from "leaflet";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useMap } from "react-leaflet";
import { reasonText, routeFacts, routeName } from "@/components/result/routes";
import type { RouteAlternative } from "@/contract/result";
import { decodePolyline } from "@/engine/network/polyline";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function AlternativesLayer({ routes }: { routes: RouteAlternative[] }) {
  const t = useTranslations("routeChoices");
  const map = useMap();
  useEffect(() => {
    const group = L.layerGroup();
    routes.forEach((r, i) => {
      if (r.chosen) return;
      const line = L.polyline(decodePolyline(r.polyline), { className: "route-alternative", color: "#5f6b76", weight: 3, opacity: 0.8 });
      line.bindPopup(
        `<div class="plan-popup"><p class="plan-popup-title">${escape(routeName(i, t))}: ${escape(reasonText(r.reason, t))}</p>` +
          `<p class="plan-popup-sub">${escape(routeFacts(r, t))}</p><p class="plan-popup-sub">${escape(r.note)}</p></div>`,
      );
      line.bindTooltip(`${routeName(i, t)}: ${reasonText(r.reason, t)}`, { sticky: true });
      line.addTo(group);
    });
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, routes, t]);
  return null;
}
