"use client";
// The plan's stops as markers with popups, one marker per place (marker-groups.ts): stops that
// share a place show every mark ("A/B") and their popup lists each visit. Markers are keyboard
// reachable (Tab, Enter opens, Escape closes); a popup opened from the keyboard takes the focus,
// and closing it gives the focus back to its marker.
import L from "leaflet";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef } from "react";
import { Marker, Popup, useMap } from "react-leaflet";
import type { PlanStop } from "@/components/planner/stops";
import { groupIcon } from "./icons";
import { groupStops, groupTitle } from "./marker-groups";
import { StopPopup } from "./StopPopup";
import type { PlanMapProps } from "./types";

const Z: Record<PlanStop["kind"], number> = { start: 1000, destination: 1000, charge: 600, break: 500, waypoint: 700 };

export function StopMarkers({ stops, focus }: { stops: PlanStop[]; focus: PlanMapProps["focus"] }) {
  const t = useTranslations("map");
  const map = useMap();
  const groups = useMemo(() => groupStops(stops), [stops]);
  /** The marker (group) of each stop. */
  const groupOf = useMemo(() => {
    const out: number[] = [];
    groups.forEach((g, gi) => g.stops.forEach((i) => (out[i] = gi)));
    return out;
  }, [groups]);
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
    const m = refs.current.get(groupOf[focus.index]);
    if (!m) return;
    map.setView(m.getLatLng(), Math.max(map.getZoom(), 9));
    m.openPopup();
  }, [map, focus, groupOf]);

  const handlers = (g: number): L.LeafletEventHandlerFnMap => ({
    popupopen: (e) => {
      const marker = refs.current.get(g);
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

  // A popup opens clear of the map key (top right) where the map is wide enough to show it, as FitView keeps the route.
  const keyClearance = map.getSize().x > 640 ? 300 : 24;

  return (
    <>
      {groups.map((g, gi) => {
        const members = g.stops.map((i) => stops[i]);
        const title = groupTitle(members, t);
        return (
          <Marker
            key={`${g.stops.join("-")}`}
            position={[g.lat, g.lon]}
            icon={groupIcon(members)}
            title={title}
            alt={title}
            zIndexOffset={Math.max(...members.map((s) => Z[s.kind]))}
            eventHandlers={handlers(gi)}
            ref={(m) => {
              if (m) refs.current.set(gi, m);
              else refs.current.delete(gi);
            }}
          >
            <Popup maxWidth={320} minWidth={220} autoPanPaddingTopLeft={L.point(24, 24)} autoPanPaddingBottomRight={L.point(keyClearance, 24)}>
              {members.length === 1 ? (
                <StopPopup stop={members[0]} />
              ) : (
                <div className="plan-popup-visits" data-testid="stop-visits">
                  <p className="plan-popup-visits-head">{t("visits", { count: members.length })}</p>
                  {members.map((s, k) => (
                    <StopPopup key={k} stop={s} />
                  ))}
                </div>
              )}
            </Popup>
          </Marker>
        );
      })}
    </>
  );
}
