"use client";
// The fleet day pages: /fleet/day submits a day's tours from a CSV (./CsvForm.tsx); the day then has
// its own address, /fleet/day/{fleet_id} (pushed, so Back returns to the form as it was), which a
// reload or a link from History opens. The day: its tours on a timeline with their delays, each shared
// site's charge points and conflicts, and what resolving them cost.
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import manage from "@/components/fleet/manage.module.css";
import { fmtDay, fmtTime } from "@/components/planner/format";
import { CsvForm } from "./CsvForm";
import { DayResult } from "./DayResult";
import styles from "./fleet-day.module.css";
import type { FleetDayData } from "./types";
import { useFleetDay } from "./useFleetDay";

const DAY_PATH = /^\/fleet\/day\/([0-9a-f-]{36})$/i;

/** `withForm`: the page to plan a day (/fleet/day); without, a stored day's page. */
export function FleetDayView({ withForm }: { withForm: boolean }) {
  const t = useTranslations("fleetDay");
  const path = usePathname();
  const fleetId = DAY_PATH.exec(path ?? "")?.[1] ?? null;
  const day = useFleetDay(fleetId);
  const first = day.data ? firstDeparture(day.data) : null;

  return (
    <main className={manage.page}>
      <div className={manage.content}>
        <div className={manage.head}>
          <div>
            <h1>{t("heading")}</h1>
            <p>
              {t("intro")} <a href="/fleet">{t("vehicles")}</a> · <a href="/history#fleet-days">{t("allDays")}</a>
            </p>
          </div>
        </div>
        {withForm ? <CsvForm onSubmitted={(id) => window.history.pushState(null, "", `/fleet/day/${id}`)} /> : (
          <p className={styles.dayLine}>
            {first ? <>{fmtDay(first.at, first.zone)} · {t("firstDeparture", { time: fmtTime(first.at, first.zone) })} · </> : null}
            <a href="/fleet/day">{t("planAnother")}</a>
          </p>
        )}
        {day.notFound || (!withForm && fleetId === null) ? <DayNotFound /> : (
          <p className={manage.status} role="status">{fleetId && day.data ? t(`status.${day.data.status}`) : fleetId && !day.isError ? t("loading") : ""}</p>
        )}
        {day.isError && !day.notFound ? <p className={manage.danger} role="alert">{t("loadFailed", { message: day.error.message })}</p> : null}
        {fleetId && day.data && day.data.status !== "queued" ? <DayResult day={day.data} /> : null}
      </div>
    </main>
  );
}

/** A day that is not this tenant's is answered as one that does not exist (as the API's 404). */
export function DayNotFound() {
  const t = useTranslations("fleetDay");
  return (
    <div className={manage.danger} role="alert">
      {t("notFound")}{" "}
      <a href="/history#fleet-days">{t("allDays")}</a>
    </div>
  );
}

/** The day's earliest asked departure and the zone where that tour starts. */
function firstDeparture(day: FleetDayData): { at: string; zone: string } | null {
  const labels = Object.values(day.labels).sort((a, b) => Date.parse(a.departure) - Date.parse(b.departure));
  return labels[0] ? { at: labels[0].departure, zone: labels[0].time_zone } : null;
}
