// A planned fleet day: its figures, the tours' timeline, the shared charging sites' point rows and
// what each tour paid for the others. Every time on the clock of its place, with the zone; numbers in
// the page's language.
import { useTranslations } from "next-intl";
import { useAppFormatter } from "@/i18n/format";
import manage from "@/components/fleet/manage.module.css";
import { fmtTime } from "@/components/planner/format";
import { daySpan, siteInfo, siteViews, tourViews } from "./day-model";
import styles from "./fleet-day.module.css";
import { SitesChart } from "./SitesChart";
import { ToursChart } from "./ToursChart";
import type { FleetDayData } from "./types";

export function DayResult({ day }: { day: FleetDayData }) {
  const t = useTranslations("fleetDayResult");
  const modelT = useTranslations("fleetDayModel");
  const format = useAppFormatter();
  const span = daySpan(day);
  if (!span) return <p className={manage.empty}>{day.status !== "failed" ? t("planning") : day.error ? t("failedWith", { error: day.error }) : t("failed")}</p>;
  const tours = tourViews(day, modelT);
  // The axes run on the first tour's departure clock; each tour's and site's times read on their own place's.
  const zone = day.tours.find((t) => t.summary?.totals)?.summary!.totals!.departure_time_zone ?? null;
  const scale = { ...span, zone };
  const sites = siteInfo(day, modelT);
  const unit = day.tours.find((x) => x.fleet)?.fleet?.objective_unit ?? "min";
  const digits = unit === "EUR" ? 2 : 1;
  /** A tour's objective as the server rounds it (to the cent or a hundredth of a minute). */
  const objective = (v: number, u: string) => `${format.number(v, { maximumFractionDigits: 2 })} ${u}`;
  return (
    <>
      <dl className={styles.summary}>
        <div><dt>{t("tours")}</dt><dd>{format.number(day.tours.length)}</dd></div>
        <div><dt>{t("conflictsAlone")}</dt><dd>{day.conflicts_alone ? format.number(day.conflicts_alone.length) : "–"}</dd></div>
        <div><dt>{t("conflictsLeft")}</dt><dd>{day.conflicts ? format.number(day.conflicts.length) : "–"}</dd></div>
        <div><dt>{t("delayAdded")}</dt><dd>{format.number(Math.round(day.added?.delay_min ?? 0))} min</dd></div>
        <div><dt>{t("objectiveAdded")}</dt><dd>{format.number(day.added?.objective ?? 0, { minimumFractionDigits: digits, maximumFractionDigits: digits })} {unit}</dd></div>
        {day.depot ? <div><dt>{t("depotLate")}</dt><dd>{format.number(day.depot.cannot.length)}</dd></div> : null}
      </dl>

      <ToursChart tours={tours} scale={scale} />
      <SitesChart sites={siteViews(day, tours, span, modelT)} scale={scale} />

      <section className={styles.section} aria-labelledby="cost-h">
        <h2 id="cost-h">{t("costHeading")}</h2>
        <div className={manage.tableWrap}>
          <table className={manage.table}>
            <thead>
              <tr>
                <th scope="col">{t("colTour")}</th><th scope="col">{t("colStatus")}</th><th scope="col">{t("colLeaves")}</th><th scope="col">{t("colEnds")}</th>
                <th scope="col" className={manage.num}>{t("colDelay")}</th><th scope="col" className={manage.num}>{t("colAlone")}</th>
                <th scope="col" className={manage.num}>{t("colFleet")}</th><th scope="col">{t("colAvoided")}</th>
              </tr>
            </thead>
            <tbody>
              {tours.map((v) => {
                const tour = v.tour, totals = tour.summary?.totals, fleet = tour.fleet;
                return (
                  <tr key={tour.tour_id}>
                    <th scope="row" className={styles.tourCell}><span className={styles.tourNo} aria-hidden="true">{v.n}</span><a href={`/plans/${tour.optimization_id}`}>{v.title}</a><span className={manage.sub}>{v.route ?? tour.vehicle_id}</span></th>
                    <td>{t(`status.${tour.status}`)}{fleet?.depot && !fleet.depot.ready ? ` · ${t("depotNotReady")}` : ""}</td>
                    <td><time>{totals ? fmtTime(totals.departure_time, totals.departure_time_zone, true) : "–"}</time></td>
                    <td><time>{totals ? fmtTime(totals.end_time ?? totals.arrival_time, totals.arrival_time_zone, true) : "–"}</time></td>
                    <td className={manage.num}>{fleet ? `${format.number(Math.round(fleet.delay_min))} min` : "–"}</td>
                    <td className={manage.num}>{fleet ? objective(fleet.objective_alone, fleet.objective_unit) : "–"}</td>
                    <td className={manage.num}>{fleet ? objective(fleet.objective, fleet.objective_unit) : "–"}</td>
                    <td>{fleet?.avoided_sites.length ? fleet.avoided_sites.map((id) => sites.get(id)?.name ?? t("siteFallback", { id })).join(", ") : "–"}</td>
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
