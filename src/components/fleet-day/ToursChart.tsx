// The day's tours on one time axis, a row per tour: the delay fleet planning gave it, the tour and its
// charging stops. Each row's label links to the tour's plan page; its text says the same in words.
import { useTranslations } from "next-intl";
import { fmtTime, fmtZone } from "@/components/planner/format";
import type { TourView } from "./day-model";
import styles from "./fleet-day.module.css";
import { leftOf, TimeAxis, widthOf, type Scale } from "./TimeAxis";

/** The chart's words ("fleetDayTours" in src/i18n/messages). */
export type ToursChartTranslator = ReturnType<typeof useTranslations<"fleetDayTours">>;

/** The row's words: what a screen reader reads and the track's tooltip shows. */
export function tourText(v: TourView, t: ToursChartTranslator): string {
  const tour = v.tour, totals = tour.summary?.totals;
  const head = t("head", {
    tour: v.name ? t("tourNamed", { n: v.n, name: v.name }) : t("tour", { n: v.n }),
    what: v.route ? `${v.route}; ${tour.vehicle_id}` : tour.vehicle_id,
    priority: tour.priority,
  });
  if (!totals) return t("unplanned", { head, status: t(`status.${tour.status}`) });
  return t("planned", {
    head,
    leaves: fmtTime(totals.departure_time, totals.departure_time_zone),
    delay: Math.round(tour.fleet?.delay_min ?? 0),
    ends: fmtTime(totals.end_time ?? totals.arrival_time, totals.arrival_time_zone),
    stops: chargingStops(v).length,
  });
}

/** Each stop's charging: from its charge start to end (a rest at the charger is the stop's, not charging), else the whole stop. */
function chargingStops(v: TourView) {
  return (v.tour.summary?.sections ?? []).flatMap((s) => {
    const p = s.poi_summary;
    if (!p || !((p.charge_time_min ?? 0) > 0)) return [];
    const start = p.charge_start_time ?? (typeof p.arrival_time === "string" ? p.arrival_time : null), end = p.charge_end_time ?? p.departure_time;
    return start && end ? [{ start: Date.parse(start), end: Date.parse(end) }] : [];
  });
}

export function ToursChart({ tours, scale }: { tours: TourView[]; scale: Scale }) {
  const t = useTranslations("fleetDayTours");
  const clock = fmtZone(scale.from, scale.zone);
  return (
    <section className={styles.section} aria-labelledby="tours-h">
      <h2 id="tours-h">{t("heading", { clock })}</h2>
      <p className={styles.intro}>{t("intro")}</p>
      <div className={styles.scroll} role="region" aria-label={t("region")} tabIndex={0}>
        <div className={styles.chart}>
          <TimeAxis scale={scale} label={t("axis")} />
          <ol className={styles.rows}>
            {tours.map((v) => {
              const tour = v.tour, totals = tour.summary?.totals;
              const text = tourText(v, t);
              const dep = totals ? Date.parse(totals.departure_time) : null;
              const delay = (tour.fleet?.delay_min ?? 0) * 60_000;
              const end = totals ? Date.parse(totals.end_time ?? totals.arrival_time) : null;
              return (
                <li key={tour.tour_id} className={styles.lane} aria-label={text} data-tour={v.n}>
                  <div className={styles.label}>
                    <span>
                      <span className={styles.tourNo} aria-hidden="true">{v.n}</span>
                      <a href={`/plans/${tour.optimization_id}`}>{v.title}</a>
                    </span>
                    <small>{[v.route, t("priorityShort", { priority: tour.priority }), tour.fleet?.avoided_sites.length ? t("movedSite") : null].filter(Boolean).join(" · ")}</small>
                  </div>
                  <div className={styles.track} title={text}>
                    {dep !== null && end !== null ? (
                      <>
                        {delay ? <span className={styles.delay} style={{ left: leftOf(scale, dep - delay), width: widthOf(scale, dep - delay, dep) }} /> : null}
                        <span className={styles.bar} style={{ left: leftOf(scale, dep), width: widthOf(scale, dep, end) }} />
                        {chargingStops(v).map((c, i) => (
                          <span key={i} className={styles.charge} style={{ left: leftOf(scale, c.start), width: widthOf(scale, c.start, c.end) }} />
                        ))}
                      </>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
        </div>
      </div>
      <p className={styles.legend}>
        <span><span className={styles.swatch} style={{ background: "#0b5cad" }} />{t("legendDriving")}</span>
        <span><span className={styles.swatch} style={{ background: "#0f5f32" }} />{t("legendCharging")}</span>
        <span><span className={styles.swatch} style={{ background: "#dc6803" }} />{t("legendDelay")}</span>
      </p>
    </section>
  );
}
