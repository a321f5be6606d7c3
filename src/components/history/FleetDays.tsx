"use client";
// History's fleet days (tRPC fleetDay.list): each day submitted together, newest first, with its date
// on the clock of its first departure, its tours, status and conflicts, and a link to the day's page.
// Words from the catalogs ("fleetDays"), dates and numbers in the page's language.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useAppFormatter } from "@/i18n/format";
import { useEffect, useState } from "react";
import type { FleetDayListItem } from "@/components/fleet-day/types";
import { displayLocale, fmtTime } from "@/components/planner/format";
import { clockParts, dayOf } from "@/engine/time/display";
import { useTRPC } from "@/components/trpc";
import styles from "./history.module.css";
import { fmtDate } from "./summary";

const PAGE_SIZE = 10;
/** The card's words ("fleetDays" in src/i18n/messages). */
export type FleetDaysTranslator = ReturnType<typeof useTranslations<"fleetDays">>;

const STATUS_STYLE: Record<FleetDayListItem["status"], string> = { queued: "st_queued", running: "st_running", succeeded: "st_succeeded", failed: "st_failed" };

/** "Tue 1 Dec 2026" ("Di., 1. Dez. 2026"): the day on the clock of its first departure. */
export function dayTitle(d: Pick<FleetDayListItem, "first_departure" | "time_zone">, t: FleetDaysTranslator): string {
  const p = clockParts(d.first_departure, d.time_zone, displayLocale());
  return p ? `${dayOf(p)} ${p.year}` : t("untitled");
}

/** "2 planned alone, all resolved": the conflicts the tours would have had alone, and those left. */
export function conflictsText(d: Pick<FleetDayListItem, "conflicts_alone" | "conflicts">, t: FleetDaysTranslator): string {
  if (d.conflicts_alone === null) return "–";
  if (d.conflicts_alone === 0 && !d.conflicts) return t("conflictsNone");
  return d.conflicts ? t("conflictsLeft", { alone: d.conflicts_alone, left: d.conflicts }) : t("conflictsResolved", { alone: d.conflicts_alone });
}

export function FleetDays() {
  const t = useTranslations("fleetDays");
  const format = useAppFormatter();
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...trpc.fleetDay.list.queryOptions({ page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.days.some((d) => d.status === "queued" || d.status === "running") ? 3000 : false),
  });
  // A link to /history#fleet-days: the section is there only once the list is loaded.
  const loaded = list.isSuccess;
  useEffect(() => {
    if (loaded && window.location.hash === "#fleet-days") document.getElementById("fleet-days")?.scrollIntoView();
  }, [loaded]);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  return (
    <section className={styles.card} aria-labelledby="fleet-days">
      <div className={styles.cardHead}>
        <h2 id="fleet-days">{t("heading")}</h2>
        <a className={styles.btn} href="/fleet/day">{t("plan")}</a>
      </div>
      {list.isPending ? (
        <p className={styles.empty} role="status">{t("loading")}</p>
      ) : list.isError ? (
        <p className={styles.empty} role="alert">{t("loadFailed", { message: list.error.message })}</p>
      ) : list.data.days.length === 0 ? (
        <p className={styles.empty}>{t.rich("empty", { link: (chunks) => <a href="/fleet/day">{chunks}</a> })}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="fleet-days-table">
            <caption className={styles.srOnly}>{t("caption", { page, pages })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("colDay")}</th>
                <th scope="col">{t("colSubmitted")}</th>
                <th scope="col" className={styles.num}>{t("colTours")}</th>
                <th scope="col">{t("colStatus")}</th>
                <th scope="col">{t("colConflicts")}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.days.map((d) => (
                <tr key={d.fleet_id} data-fleet-id={d.fleet_id}>
                  <td>
                    <a className={styles.link} href={`/fleet/day/${d.fleet_id}`}>{dayTitle(d, t)}</a>
                    {d.first_departure ? <span className={styles.sub}>{t("firstDeparture", { time: fmtTime(d.first_departure, d.time_zone) })}</span> : null}
                  </td>
                  <td>{fmtDate(d.created_at)}</td>
                  <td className={styles.num}>{format.number(d.tours)}</td>
                  <td>
                    <span className={`${styles.status} ${styles[STATUS_STYLE[d.status]]}`}>{t(`status.${d.status}`)}</span>
                    {d.error ? <span className={styles.sub}>{d.error}</span> : null}
                  </td>
                  <td>{conflictsText(d, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && list.data.total > PAGE_SIZE ? (
        <nav className={styles.pager} aria-label={t("pages")}>
          <button type="button" className={styles.btn} disabled={page <= 1} onClick={() => setPage(page - 1)}>{t("newer")}</button>
          <span>{t("pageOf", { page, pages, total: list.data.total })}</span>
          <button type="button" className={styles.btn} disabled={page >= pages} onClick={() => setPage(page + 1)}>{t("older")}</button>
        </nav>
      ) : null}
    </section>
  );
}
