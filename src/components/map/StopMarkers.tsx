"use client";
// The plan's stops as markers with popups. Markers are keyboard reachable
// (Tab, Enter opens, Escape closes); a popup opened from the keyboard
// takes the focus, and closing it gives the focus back to its marker.
import L from "leaflet";
import { useEffect, useRef } from "react";
import { Marker, Popup, useMap } from "react-leaflet";
import type { PlanStop } from "@/components/planner/stops";
import { stopIcon } from "./icons";
import { StopPopup } from "./StopPopup";
import type { PlanMapProps } from "./types";

export function stopTitle(s: PlanStop): string {
  switch (s.kind) {
    case "start":
      return "Start";
    case "destination":
      return "Destination";
    case "charge":
      return `Charging stop ${s.chargeNo}: ${s.name}${s.pause ? ` (${s.pause.kind === "rest" ? "daily rest" : "break"} while charging)` : ""}`;
    case "break":
      return s.pause?.kind === "rest" ? "Daily rest" : "Break";
    default:
      return `Stop: ${s.name}`;
  }
}

const Z: Record<PlanStop["kind"], number> = { start: 1000, destination: 1000, charge: 600, break: 500, waypoint: 700 };

export function StopMarkers({ stops, focus }: { stops: PlanStop[]; focus: PlanMapProps["focus"] }) {
  const map = useMap();
  const refs = useRef(new Map<number, L.Marker>());
  const fromKeyboard = useRef<L.Marker | null>(null);

  // Leaflet closes a popup on Escape only while the map container itself has the
  // focus; a focused marker or popup should close it too.
  useEffect(() => {
    const el = map.getContainer();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") map.closePopup();
    };
    el.addEventListener("keydown", onKey);
    return () => el.removeEventListener("keydown", onKey);
  }, [map]);

  useEffect(() => {
    if (!focus) return;
    const m = refs.current.get(focus.index);
    if (!m) return;
    map.setView(m.getLatLng(), Math.max(map.getZoom(), 9));
    m.openPopup();
  }, [map, focus]);

  const handlers = (i: number): L.LeafletEventHandlerFnMap => ({
    popupopen: (e) => {
      const marker = refs.current.get(i);
      const content = (e as L.PopupEvent).popup.getElement()?.querySelector<HTMLElement>(".leaflet-popup-content");
      if (!marker || !content || document.activeElement !== marker.getElement()) return;
      fromKeyboard.current = marker;
      content.tabIndex = -1;
      content.focus({ preventScroll: true });
    },
    popupclose: () => {
      const marker = fromKeyboard.current;
      fromKeyboard.current = null;
      const active = document.activeElement;
      if (marker && (!active || active === document.body || marker.getPopup()?.getElement()?.contains(active))) marker.getElement()?.focus({ preventScroll: true });
    },
  });

  return (
    <>
      {stops.map((s, i) => {
        const title = stopTitle(s);
        return (
          <Marker
            key={`${s.kind}-${i}`}
            position={[s.lat, s.lon]}
            icon={stopIcon(s)}
            title={title}
            alt={title}
            zIndexOffset={Z[s.kind]}
            eventHandlers={handlers(i)}
            ref={(m) => {
              if (m) refs.current.set(i, m);
              else refs.current.delete(i);
            }}
          >
            <Popup maxWidth={320} minWidth={220} autoPanPadding={L.point(24, 24)}>
              <StopPopup stop={s} />
            </Popup>
          </Marker>
        );
      })}
    </>
  );
}
