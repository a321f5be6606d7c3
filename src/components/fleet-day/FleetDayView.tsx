"use client";
// The fleet day pages: /fleet/day submits a day's tours from a CSV (./CsvForm.tsx); the day then has
// its own address, /fleet/day/{fleet_id} (pushed, so Back returns to the form as it was), which a
// reload or a link from History opens. The day: its tours on a timeline with their delays, each shared
// site's charge points and conflicts, and what resolving them cost.
import { usePathname } from "next/navigation";
import manage from "@/components/fleet/manage.module.css";
import { fmtDay, fmtTime } from "@/components/planner/format";
import { CsvForm } from "./CsvForm";
import { DayResult } from "./DayResult";
import styles from "./fleet-day.module.css";
import type { FleetDayData } from "./types";
import { useFleetDay } from "./useFleetDay";

const DAY_PATH = /^\/fleet\/day\/([0-9a-f-]{36})$/i;
const STATUS_TEXT: Record<FleetDayData["status"], string> = { queued: "queued", running: "planning", succeeded: "succeeded", failed: "failed" };

/** `withForm`: the page to plan a day (/fleet/day); without, a stored day's page. */
export function FleetDayView({ withForm }: { withForm: boolean }) {
  const path = usePathname();
  const fleetId = DAY_PATH.exec(path ?? "")?.[1] ?? null;
  const day = useFleetDay(fleetId);
  const first = day.data ? firstDeparture(day.data) : null;

  return (
    <main className={manage.page}>
      <div className={manage.content}>
        <div className={manage.head}>
          <div>
            <h1>Fleet day</h1>
            <p>
              A day&apos;s tours planned together: no charging site holds more trucks than its points at any minute. Tours that would meet
              are moved to another site or leave later, higher priority first. <a href="/fleet">Vehicles</a> · <a href="/history#fleet-days">All fleet days</a>
            </p>
          </div>
        </div>
        {withForm ? <CsvForm onSubmitted={(id) => window.history.pushState(null, "", `/fleet/day/${id}`)} /> : (
          <p className={styles.dayLine}>
            {first ? <>{fmtDay(first.at, first.zone)} · first departure {fmtTime(first.at, first.zone)} · </> : null}
            <a href="/fleet/day">Plan another day</a>
          </p>
        )}
        {day.notFound || (!withForm && fleetId === null) ? <DayNotFound /> : (
          <p className={manage.status} role="status">{fleetId && day.data ? `Fleet day ${STATUS_TEXT[day.data.status]}` : fleetId && !day.isError ? "Loading the day…" : ""}</p>
        )}
        {day.isError && !day.notFound ? <p className={manage.danger} role="alert">The day could not be loaded: {day.error.message}</p> : null}
        {fleetId && day.data && day.data.status !== "queued" ? <DayResult day={day.data} /> : null}
      </div>
    </main>
  );
}

/** A day that is not this tenant's is answered as one that does not exist (as the API's 404). */
export function DayNotFound() {
  return (
    <div className={manage.danger} role="alert">
      There is no such fleet day for your organisation. It may belong to another organisation, or the link is mistyped.{" "}
      <a href="/history#fleet-days">All fleet days</a>
    </div>
  );
}

/** The day's earliest asked departure and the zone where that tour starts. */
function firstDeparture(day: FleetDayData): { at: string; zone: string } | null {
  const labels = Object.values(day.labels).sort((a, b) => Date.parse(a.departure) - Date.parse(b.departure));
  return labels[0] ? { at: labels[0].departure, zone: labels[0].time_zone } : null;
}
