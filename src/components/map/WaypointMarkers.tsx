"use client";
// The form's own points as pins. With `onMoveWaypoint` they can be dragged:
// dropping one hands its new position to the form (which re-plans or not).
// Keyboard users set the same points in the form, so the pins are not tab stops.
import type L from "leaflet";
import { useTranslations } from "next-intl";
import { Marker, Tooltip } from "react-leaflet";
import { pinIcon } from "./icons";
import type { MapWaypoint, PlanMapProps } from "./types";

export function WaypointMarkers({ waypoints, onMove }: { waypoints: MapWaypoint[]; onMove?: PlanMapProps["onMoveWaypoint"] }) {
  const t = useTranslations("map");
  return (
    <>
      {waypoints.map((w) => (
        <Marker
          key={w.key}
          position={[w.lat, w.lon]}
          icon={pinIcon(w.role, !!onMove)}
          draggable={!!onMove}
          keyboard={false}
          autoPan
          zIndexOffset={2000}
          eventHandlers={
            onMove
              ? {
                  dragend: (e) => {
                    const p = (e.target as L.Marker).getLatLng();
                    onMove(w.key, p.lat, p.lng);
                  },
                }
              : {}
          }
        >
          <Tooltip direction="right">
            {t("named", { role: t(`pinRole.${w.role}`), name: w.label })}
            {onMove ? t("dragToMove") : ""}
          </Tooltip>
        </Marker>
      ))}
    </>
  );
}
