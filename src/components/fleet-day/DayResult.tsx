// A planned fleet day: its figures, the tours' timeline, the shared charging sites' point rows and
// what each tour paid for the others. Every time on the clock of its place, with the zone.
import manage from "@/components/fleet/manage.module.css";
import { fmtTime } from "@/components/planner/format";
import { daySpan, siteInfo, siteViews, tourViews } from "./day-model";
import styles from "./fleet-day.module.css";
import { SitesChart } from "./SitesChart";
import { ToursChart } from "./ToursChart";
import type { FleetDayData } from "./types";

const STATUS: Record<string, string> = { queued: "queued", running: "planning…", succeeded: "planned", not_drivable: "not drivable", failed: "failed" };

export function DayResult({ day }: { day: FleetDayData }) {
  const span = daySpan(day);
  if (!span) return <p className={manage.empty}>{day.status === "failed" ? `The day could not be planned${day.error ? `: ${day.error}` : "."}` : "Planning…"}</p>;
  const tours = tourViews(day);
  // The axes run on the first tour's departure clock; each tour's and site's times read on their own place's.
  const zone = day.tours.find((t) => t.summary?.totals)?.summary!.totals!.departure_time_zone ?? null;
  const scale = { ...span, zone };
  const sites = siteInfo(day);
  const unit = day.tours.find((t) => t.fleet)?.fleet?.objective_unit ?? "min";
  return (
    <>
      <dl className={styles.summary}>
        <div><dt>Tours</dt><dd>{day.tours.length}</dd></div>
        <div><dt>Conflicts planned alone</dt><dd>{day.conflicts_alone?.length ?? "–"}</dd></div>
        <div><dt>Conflicts left</dt><dd>{day.conflicts?.length ?? "–"}</dd></div>
        <div><dt>Delay added</dt><dd>{Math.round(day.added?.delay_min ?? 0)} min</dd></div>
        <div><dt>Objective added</dt><dd>{(day.added?.objective ?? 0).toFixed(unit === "EUR" ? 2 : 1)} {unit}</dd></div>
        {day.depot ? <div><dt>Depot: cannot be charged in time</dt><dd>{day.depot.cannot.length}</dd></div> : null}
      </dl>

      <ToursChart tours={tours} scale={scale} />
      <SitesChart sites={siteViews(day, tours, span)} scale={scale} />

      <section className={styles.section} aria-labelledby="cost-h">
        <h2 id="cost-h">What each tour paid for the others</h2>
        <div className={manage.tableWrap}>
          <table className={manage.table}>
            <thead>
              <tr>
                <th scope="col">Tour</th><th scope="col">Status</th><th scope="col">Leaves</th><th scope="col">Ends</th>
                <th scope="col" className={manage.num}>Delay</th><th scope="col" className={manage.num}>Alone</th>
                <th scope="col" className={manage.num}>In the fleet</th><th scope="col">Sites avoided</th>
              </tr>
            </thead>
            <tbody>
              {tours.map((v) => {
                const t = v.tour, totals = t.summary?.totals;
                return (
                  <tr key={t.tour_id}>
                    <th scope="row" className={styles.tourCell}><span className={styles.tourNo} aria-hidden="true">{v.n}</span><a href={`/plans/${t.optimization_id}`}>{v.title}</a><span className={manage.sub}>{v.route ?? t.vehicle_id}</span></th>
                    <td>{STATUS[t.status] ?? t.status}{t.fleet?.depot && !t.fleet.depot.ready ? " · not charged in time at the depot" : ""}</td>
                    <td><time>{totals ? fmtTime(totals.departure_time, totals.departure_time_zone, true) : "–"}</time></td>
                    <td><time>{totals ? fmtTime(totals.end_time ?? totals.arrival_time, totals.arrival_time_zone, true) : "–"}</time></td>
                    <td className={manage.num}>{t.fleet ? `${Math.round(t.fleet.delay_min)} min` : "–"}</td>
                    <td className={manage.num}>{t.fleet ? `${t.fleet.objective_alone} ${t.fleet.objective_unit}` : "–"}</td>
                    <td className={manage.num}>{t.fleet ? `${t.fleet.objective} ${t.fleet.objective_unit}` : "–"}</td>
                    <td>{t.fleet?.avoided_sites.length ? t.fleet.avoided_sites.map((id) => sites.get(id)?.name ?? `site ${id}`).join(", ") : "–"}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
