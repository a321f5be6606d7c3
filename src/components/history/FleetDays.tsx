"use client";
// History's fleet days (tRPC fleetDay.list): each day submitted together, newest first, with its date
// on the clock of its first departure, its tours, status and conflicts, and a link to the day's page.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { FleetDayListItem } from "@/components/fleet-day/types";
import { fmtTime } from "@/components/planner/format";
import { clockParts, dayOf } from "@/engine/time/display";
import { useTRPC } from "@/components/trpc";
import styles from "./history.module.css";
import { fmtDate } from "./summary";

const PAGE_SIZE = 10;
const STATUS: Record<FleetDayListItem["status"], { text: string; style: string }> = {
  queued: { text: "Queued", style: "st_queued" },
  running: { text: "Planning…", style: "st_running" },
  succeeded: { text: "Planned", style: "st_succeeded" },
  failed: { text: "Failed", style: "st_failed" },
};

function dayTitle(d: FleetDayListItem): string {
  const p = clockParts(d.first_departure, d.time_zone);
  return p ? `${dayOf(p)} ${p.year}` : "Fleet day";
}

function conflictsText(d: FleetDayListItem): string {
  if (d.conflicts_alone === null) return "–";
  const left = d.conflicts ? `, ${d.conflicts} left` : ", all resolved";
  return d.conflicts_alone === 0 && !d.conflicts ? "none" : `${d.conflicts_alone} planned alone${left}`;
}

export function FleetDays() {
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
        <h2 id="fleet-days">Fleet days</h2>
        <a className={styles.btn} href="/fleet/day">Plan a fleet day</a>
      </div>
      {list.isPending ? (
        <p className={styles.empty} role="status">Loading fleet days…</p>
      ) : list.isError ? (
        <p className={styles.empty} role="alert">The fleet days could not be loaded: {list.error.message}</p>
      ) : list.data.days.length === 0 ? (
        <p className={styles.empty}>No fleet days yet. <a href="/fleet/day">Plan a day&apos;s tours together</a> and it will be listed here.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="fleet-days-table">
            <caption className={styles.srOnly}>Fleet days, newest first; page {page} of {pages}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Submitted</th>
                <th scope="col" className={styles.num}>Tours</th>
                <th scope="col">Status</th>
                <th scope="col">Conflicts</th>
              </tr>
            </thead>
            <tbody>
              {list.data.days.map((d) => (
                <tr key={d.fleet_id} data-fleet-id={d.fleet_id}>
                  <td>
                    <a className={styles.link} href={`/fleet/day/${d.fleet_id}`}>{dayTitle(d)}</a>
                    {d.first_departure ? <span className={styles.sub}>first departure {fmtTime(d.first_departure, d.time_zone)}</span> : null}
                  </td>
                  <td>{fmtDate(d.created_at)}</td>
                  <td className={styles.num}>{d.tours}</td>
                  <td>
                    <span className={`${styles.status} ${styles[STATUS[d.status].style]}`}>{STATUS[d.status].text}</span>
                    {d.error ? <span className={styles.sub}>{d.error}</span> : null}
                  </td>
                  <td>{conflictsText(d)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && list.data.total > PAGE_SIZE ? (
        <nav className={styles.pager} aria-label="Pages of fleet days">
          <button type="button" className={styles.btn} disabled={page <= 1} onClick={() => setPage(page - 1)}>← Newer</button>
          <span>Page {page} of {pages} · {list.data.total} fleet days</span>
          <button type="button" className={styles.btn} disabled={page >= pages} onClick={() => setPage(page + 1)}>Older →</button>
        </nav>
      ) : null}
    </section>
  );
}
