"use client";
// A tour that is not drivable, said in words on the map: a marker where the
// battery reaches the reserve (not_drivable_reason.distance_from_start_m) and a
// notice with the planner's reason and, when no charger was usable, the
// station filters that left none (the warnings name them as poi_info.<filter>).
import { Marker, Tooltip } from "react-leaflet";
import { fmtKm } from "@/components/planner/format";
import type { NotDrivableInfo } from "@/components/result/filters";
import { RESERVE_SOC, type LatLon } from "@/components/result/profile";
import { stuckIcon } from "./icons";

export function stuckText(info: NotDrivableInfo, totalM?: number): string {
  // Stuck at the very end: the destination is reached, only below the requested end level.
  if (info.distanceM != null && totalM != null && info.distanceM >= totalM - 50) return "The destination is reached below the requested battery level at the end.";
  const at = info.distanceM != null ? `, ${fmtKm(info.distanceM)} from the start` : "";
  return `The battery reaches the ${Math.round(RESERVE_SOC * 100)} % reserve here${at}. Not drivable beyond this point.`;
}

export function StuckMarker({ at, info, totalM }: { at: LatLon; info: NotDrivableInfo; totalM: number }) {
  const text = stuckText(info, totalM);
  return (
    <Marker position={at} icon={stuckIcon()} title={text} keyboard={false} zIndexOffset={1500}>
      <Tooltip permanent direction="right" className="stuck-tooltip">
        {text}
      </Tooltip>
    </Marker>
  );
}

export function NotDrivableNotice({ info, totalM }: { info: NotDrivableInfo; totalM: number }) {
  return (
    <section className="map-card map-notice" aria-labelledby="map-notice-title" data-testid="map-not-drivable">
      <h2 id="map-notice-title" className="map-card-title">
        Not drivable
      </h2>
      <p>{info.distanceM != null ? stuckText(info, totalM) : "The tour cannot be driven with the given battery and chargers."}</p>
      {info.message ? <p className="map-notice-reason">{info.message}</p> : null}
      {info.code === "no_chargers_available" ? (
        info.filters.length ? (
          <>
            <p className="map-notice-label">No charger was left by {info.filters.length === 1 ? "this filter" : "these filters"}:</p>
            <ul>
              {info.filters.map((f) => (
                <li key={f.filter}>
                  <strong>{f.label}</strong> – {f.text}
                </li>
              ))}
            </ul>
          </>
        ) : info.requested.length ? (
          <p>Station filters of the request: {info.requested.join("; ")}.</p>
        ) : (
          <p>No station in the corridor has a connector and the power this vehicle needs.</p>
        )
      ) : null}
    </section>
  );
}
