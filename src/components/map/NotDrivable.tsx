"use client";
// A tour that is not drivable, said in words on the map: a marker where the
// battery reaches the reserve (not_drivable_reason.distance_from_start_m) and a
// notice with the planner's reason and, when no charger was usable, the
// station filters that left none (the warnings name them as poi_info.<filter>).
import { useTranslations } from "next-intl";
import { Marker, Tooltip } from "react-leaflet";
import { fmtKm } from "@/components/planner/format";
import type { NotDrivableInfo } from "@/components/result/filters";
import { RESERVE_SOC, type LatLon } from "@/components/result/profile";
import { stuckIcon } from "./icons";
import type { MapTranslator } from "./marker-groups";

export function stuckText(info: NotDrivableInfo, t: MapTranslator, totalM?: number): string {
  // Stuck at the very end: the destination is reached, only below the requested end level.
  if (info.distanceM != null && totalM != null && info.distanceM >= totalM - 50) return t("endBelow");
  const at = info.distanceM != null ? t("stuckAt", { distance: fmtKm(info.distanceM) }) : "";
  return t("stuck", { reserve: Math.round(RESERVE_SOC * 100), at });
}

export function StuckMarker({ at, info, totalM }: { at: LatLon; info: NotDrivableInfo; totalM: number }) {
  const t = useTranslations("map");
  const text = stuckText(info, t, totalM);
  return (
    <Marker position={at} icon={stuckIcon()} title={text} keyboard={false} zIndexOffset={1500}>
      <Tooltip permanent direction="right" className="stuck-tooltip">
        {text}
      </Tooltip>
    </Marker>
  );
}

export function NotDrivableNotice({ info, totalM }: { info: NotDrivableInfo; totalM: number }) {
  const t = useTranslations("map");
  return (
    <section className="map-card map-notice" aria-labelledby="map-notice-title" data-testid="map-not-drivable">
      <h2 id="map-notice-title" className="map-card-title">
        {t("notDrivable")}
      </h2>
      <p>{info.distanceM != null ? stuckText(info, t, totalM) : t("cannotDrive")}</p>
      {info.message ? <p className="map-notice-reason">{info.message}</p> : null}
      {info.code === "no_chargers_available" ? (
        info.filters.length ? (
          <>
            <p className="map-notice-label">{t("noChargerLeft", { count: info.filters.length })}</p>
            <ul>
              {info.filters.map((f) => (
                <li key={f.filter}>
                  <strong>{f.label}</strong> – {f.text}
                </li>
              ))}
            </ul>
          </>
        ) : info.requested.length ? (
          <p>{t("requestFilters", { filters: info.requested.join("; ") })}</p>
        ) : (
          <p>{t("noStation")}</p>
        )
      ) : null}
    </section>
  );
}
