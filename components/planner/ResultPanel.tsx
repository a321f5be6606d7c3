"use client";
// What a finished plan says: totals, warnings, why it is not drivable, and
// the stops (times, charging, energy, state of charge) as a timeline.
import type { OptimizationResultResponse } from "@/contract/result";
import { differentDay, fmtDuration, fmtKm, fmtNum, fmtSoc, fmtTime } from "./format";
import styles from "./planner.module.css";
import { planStops, type PlanStop } from "./stops";

const NOT_DRIVABLE_TEXT: Record<string, string> = {
  no_chargers_available: "No suitable charging station is reachable along the route with the chosen filters.",
  battery_depleted_mid_route: "The battery runs empty before the next usable charging station.",
};

function Stat({ label, value, sub }: { label: string; value: string; sub?: string }) {
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd>
        {value}
        {sub ? <span className={styles.statSub}>{sub}</span> : null}
      </dd>
    </div>
  );
}

function badge(s: PlanStop): string {
  return s.kind === "start" ? "A" : s.kind === "destination" ? "B" : s.kind === "charge" ? String(s.chargeNo) : "•";
}

function StopItem({ stop: s, firstDay, onFocus }: { stop: PlanStop; firstDay: string | null | undefined; onFocus: () => void }) {
  const t = (iso: string | null | undefined) => fmtTime(iso, differentDay(firstDay, iso));
  const title = s.kind === "start" ? "Start" : s.kind === "destination" ? "Destination" : s.name;
  return (
    <li className={`${styles.stop} ${styles[`stop_${s.kind}`]}`} data-stop-kind={s.kind}>
      {s.kind !== "start" ? (
        <div className={styles.leg}>
          <span className={styles.srOnly}>Drive </span>
          {s.legKm != null ? fmtNum(s.legKm, "km") : "–"}
          {s.legMin != null ? ` · ${fmtDuration(s.legMin)}` : ""}
        </div>
      ) : null}
      <div className={styles.stopMain}>
        <span className={`${styles.badge} ${styles[`badge_${s.kind}`]}`} aria-hidden="true">
          {badge(s)}
        </span>
        <div className={styles.stopBody}>
          <div className={styles.stopHead}>
            <button type="button" className={styles.stopButton} onClick={onFocus} title="Show on map">
              {s.kind === "charge" ? <span className={styles.srOnly}>Charging stop {s.chargeNo}: </span> : null}
              {title}
            </button>
            <span className={styles.stopTimes}>
              {s.kind === "start" ? (
                <>dep. {t(s.departure)}</>
              ) : s.kind === "destination" ? (
                <>arr. {t(s.arrival)}</>
              ) : (
                <>
                  {t(s.arrival)}–{t(s.departure)}
                </>
              )}
            </span>
          </div>
          {s.kind === "charge" ? (
            <>
              {s.operator ? <div className={styles.stopSub}>{s.operator}</div> : null}
              <dl className={styles.chargeFacts}>
                <div>
                  <dt>Charging</dt>
                  <dd>{fmtDuration(s.chargeMin)}</dd>
                </div>
                <div>
                  <dt>Energy</dt>
                  <dd>{fmtNum(s.energyKWh, "kWh")}</dd>
                </div>
                <div>
                  <dt>Power</dt>
                  <dd>{fmtNum(s.powerKW, "kW")}</dd>
                </div>
                <div>
                  <dt>SoC in → out</dt>
                  <dd>
                    {fmtSoc(s.socIn)} → {fmtSoc(s.socOut)}
                  </dd>
                </div>
              </dl>
              {s.pause ? <div className={styles.stopSub}>{pauseText(s.pause)} taken while charging</div> : null}
              {s.alternatives.length ? (
                <div className={styles.stopSub}>
                  Instead: {s.alternatives.map((a) => `${a.name ?? "station"} (${fmtNum(a.powerKW ?? null, "kW")}, +${fmtDuration(a.extraMin ?? 0)})`).join("; ")}
                </div>
              ) : null}
            </>
          ) : (
            <div className={styles.stopSub}>
              {s.pause ? `${pauseText(s.pause)} · ` : null}State of charge {fmtSoc(s.kind === "start" ? s.socOut : s.socIn)}
            </div>
          )}
        </div>
      </div>
    </li>
  );
}

function pauseText(p: NonNullable<PlanStop["pause"]>): string {
  return `${p.kind === "rest" ? "Daily rest" : "Break"} of ${fmtDuration(p.min)}`;
}

export function ResultPanel({ result, submitWarnings, onFocusStop }: { result: OptimizationResultResponse; submitWarnings: string[]; onFocusStop: (index: number) => void }) {
  const stops = planStops(result);
  const t = result.totals;
  const warnings = [...new Set([...submitWarnings, ...(result.warnings ?? [])])];
  const reason = result.not_drivable_reason as { code?: string | null; message?: string | null; distance_from_start_m?: number | null } | null | undefined;
  const notDrivable = result.status === "not_drivable" || result.qualification === "not_drivable";
  const firstDay = stops[0]?.departure ?? t?.departure_time;

  return (
    <section className={styles.result} aria-label="Plan result">
      {notDrivable ? (
        <div className={styles.alertDanger} role="alert">
          <strong>This tour cannot be driven as requested.</strong>
          <p>
            {reason?.message || (reason?.code ? NOT_DRIVABLE_TEXT[reason.code] : null) || "The planner found no way to complete the tour with the given battery and charging constraints."}
            {reason?.distance_from_start_m ? ` It gets stuck about ${fmtKm(reason.distance_from_start_m)} from the start.` : ""}
          </p>
          <p className={styles.hint}>Try a higher battery level at start, a wider search corridor, or fewer charger filters.</p>
        </div>
      ) : null}

      {t ? (
        <dl className={styles.stats} aria-label="Totals">
          <Stat label="Distance" value={fmtKm(t.distance_m)} />
          <Stat label="Duration" value={fmtDuration(t.duration_min)} />
          <Stat label="Energy used" value={fmtNum(t.energy_kWh, "kWh")} />
          <Stat label="Driving" value={fmtDuration(t.driving_time_min)} />
          <Stat label="Charging" value={fmtDuration(t.charging_time_min)} sub={`${t.charging_stops} stop${t.charging_stops === 1 ? "" : "s"}`} />
          <Stat label="Charged" value={fmtNum(t.charged_kWh, "kWh")} />
          <Stat label="Departure" value={fmtTime(t.departure_time)} sub={fmtDay(t.departure_time)} />
          <Stat label="Arrival" value={fmtTime(t.arrival_time)} sub={fmtDay(t.arrival_time)} />
          <Stat label="Battery at end" value={fmtSoc(result.battery_level_end)} sub={`start ${fmtSoc(result.battery_level_start)}`} />
        </dl>
      ) : null}

      {warnings.length ? (
        <div className={styles.alertWarn} role="status">
          <strong>Warnings</strong>
          <ul>
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {stops.length ? (
        <>
          <h3 className={styles.subHeading} id="stops-heading">
            Stops
          </h3>
          <ol className={styles.stops} aria-labelledby="stops-heading">
            {stops.map((s, i) => (
              <StopItem key={i} stop={s} firstDay={firstDay} onFocus={() => onFocusStop(i)} />
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}

function fmtDay(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleDateString("en-GB", { weekday: "short", day: "numeric", month: "short" });
}
