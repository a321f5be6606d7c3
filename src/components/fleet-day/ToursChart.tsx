// The day's tours on one time axis, a row per tour: the delay fleet planning gave it, the tour and its
// charging stops. Each row's label links to the tour's plan page; its text says the same in words.
import { fmtTime, fmtZone } from "@/components/planner/format";
import type { TourView } from "./day-model";
import styles from "./fleet-day.module.css";
import { leftOf, TimeAxis, widthOf, type Scale } from "./TimeAxis";

const iso = (ms: number) => new Date(ms).toISOString();

/** The row's words: what a screen reader reads and the track's tooltip shows. */
export function tourText(v: TourView): string {
  const t = v.tour, totals = t.summary?.totals;
  const head = `Tour ${v.n}${v.title !== `Tour ${v.n}` ? ` ${v.title}` : ""} (${v.route ? `${v.route}; ` : ""}${t.vehicle_id}, priority ${t.priority})`;
  if (!totals) return `${head}: ${t.status === "not_drivable" ? "not drivable" : t.status}`;
  const dep = Date.parse(totals.departure_time), delay = Math.round(t.fleet?.delay_min ?? 0);
  const stops = chargingStops(v).length;
  return `${head}: leaves ${fmtTime(iso(dep), totals.departure_time_zone)}${delay ? `, ${delay} min later than asked` : ""}, ends ${fmtTime(totals.end_time ?? totals.arrival_time, totals.arrival_time_zone)}, ${stops} charging stop${stops === 1 ? "" : "s"}`;
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
  const clock = fmtZone(scale.from, scale.zone);
  return (
    <section className={styles.section} aria-labelledby="tours-h">
      <h2 id="tours-h">Tours ({clock})</h2>
      <p className={styles.intro}>Each tour&apos;s name opens its plan.</p>
      <div className={styles.scroll} role="region" aria-label="Tours timeline" tabIndex={0}>
        <div className={styles.chart}>
          <TimeAxis scale={scale} label="Tour" />
          <ol className={styles.rows}>
            {tours.map((v) => {
              const t = v.tour, totals = t.summary?.totals;
              const text = tourText(v);
              const dep = totals ? Date.parse(totals.departure_time) : null;
              const delay = (t.fleet?.delay_min ?? 0) * 60_000;
              const end = totals ? Date.parse(totals.end_time ?? totals.arrival_time) : null;
              return (
                <li key={t.tour_id} className={styles.lane} aria-label={text} data-tour={v.n}>
                  <div className={styles.label}>
                    <span>
                      <span className={styles.tourNo} aria-hidden="true">{v.n}</span>
                      <a href={`/plans/${t.optimization_id}`}>{v.title}</a>
                    </span>
                    <small>{[v.route, `p${t.priority}`, t.fleet?.avoided_sites.length ? "moved site" : null].filter(Boolean).join(" · ")}</small>
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
        <span><span className={styles.swatch} style={{ background: "#0b5cad" }} />driving and stops</span>
        <span><span className={styles.swatch} style={{ background: "#0f5f32" }} />charging</span>
        <span><span className={styles.swatch} style={{ background: "#dc6803" }} />delay to fit the chargers</span>
      </p>
    </section>
  );
}
