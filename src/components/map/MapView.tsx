"use client";
// Client-only entry to the Leaflet map: Leaflet needs `window`, so the map
// module is loaded in the browser only (next/dynamic with ssr: false).
import dynamic from "next/dynamic";
import type { PlanMapProps } from "./types";

const PlanMap = dynamic(() => import("./PlanMap"), {
  ssr: false,
  loading: () => (
    <div className="plan-map plan-map-loading" role="status">
      Loading map…
    </div>
  ),
});

/** The planner's map; `onMoveWaypoint` (optional) makes the form's points draggable. */
export function MapView(props: PlanMapProps) {
  return <PlanMap {...props} />;
}
