"use client";
// What a finished plan says: why it is not drivable, totals, tolls and cost,
// warnings, SoC and elevation along the route, the tour's timeline, and the
// stops (times, charging, energy, state of charge) as a list.
import { CostOptions } from "@/components/result/CostOptions";
import { RouteChoices } from "@/components/result/RouteChoices";
import { useMemo } from "react";
import { notDrivableInfo } from "@/components/result/filters";
import { routeOnMap } from "@/components/result/profile";
import rs from "@/components/result/result.module.css";
import { chartStops, SocChart } from "@/components/result/SocChart";
import { Timeline } from "@/components/result/Timeline";
import { Totals } from "@/components/result/Totals";
import { fmtMoney } from "@/components/result/tolls";
import type { OptimizationResultResponse } from "@/contract/result";
import { differentDay, fmtBanWait, fmtDuration, fmtKm, fmtNum, fmtSoc, fmtSpan, fmtTime } from "./format";
import styles from "./planner.module.css";
import { planStops, type PlanStop, type TourPoint } from "./stops";

const NOT_DRIVABLE_TEXT: Record<string, string> = {
  no_chargers_available: "No suitable charging station is reachable along the route with the chosen filters.",
  battery_depleted_mid_route: "The battery runs empty before the next usable charging station.",
};

function badge(s: PlanStop): string {
  return s.kind === "start" ? "A" : s.kind === "destination" ? "B" : s.kind === "charge" ? String(s.chargeNo) : s.kind === "break" ? (s.pause?.kind === "rest" ? "R" : "P") : String(s.stopNo ?? "•");
}

/** What the badge says in words, before the stop's name (the badge itself is hidden from screen readers). */
function role(s: PlanStop): string | null {
  return s.kind === "start" ? "Start" : s.kind === "destination" ? "Destination" : s.kind === "charge" ? `Charging stop ${s.chargeNo}` : s.kind === "waypoint" && s.stopNo ? `Stop ${s.stopNo}` : null;
}

function pauseText(p: NonNullable<PlanStop["pause"]>): string {
  return `${p.kind === "rest" ? "Daily rest" : "Break"} of ${fmtDuration(p.min)}`;
}

function StopItem({ stop: s, first, onFocus }: { stop: PlanStop; first: PlanStop | undefined; onFocus: () => void }) {
  // Each time on its own place's clock; the day only once it is not the departure's.
  const t = (iso: string | null | undefined) => fmtTime(iso, s.zone, differentDay(first?.departure, iso, first?.zone, s.zone));
  const roleText = role(s);
  const kindClass = s.kind === "break" ? null : styles[`stop_${s.kind}`];
  const badgeClass = s.kind === "break" ? rs[`badge_${s.pause?.kind ?? "break"}`] : styles[`badge_${s.kind}`];
  return (
    <li className={`${styles.stop} ${kindClass ?? ""}`} data-stop-kind={s.kind}>
      {s.kind !== "start" ? (
        <div className={styles.leg}>
          <span className={styles.srOnly}>Drive </span>
          {s.legKm != null ? fmtNum(s.legKm, "km") : "–"}
          {s.legMin != null ? ` · ${fmtDuration(s.legMin)}` : ""}
          {s.weather ? <span data-testid="leg-weather"> · {s.weather}</span> : null}
        </div>
      ) : null}
      <div className={styles.stopMain}>
        <span className={`${styles.badge} ${badgeClass ?? ""}`} aria-hidden="true">
          {badge(s)}
        </span>
        <div className={styles.stopBody}>
          <div className={styles.stopHead}>
            <button type="button" className={styles.stopButton} onClick={onFocus} title="Show on map">
              {roleText && roleText !== s.name ? <span className={styles.srOnly}>{roleText}: </span> : null}
              {s.name}
            </button>
            <span className={styles.stopTimes}>
              {s.kind === "start" ? (
                <>dep. {t(s.departure)}</>
              ) : s.kind === "destination" ? (
                <>
                  arr. {t(s.arrival)}
                  {s.departure ? <>, done {t(s.departure)}</> : null}
                </>
              ) : (
                // No departure of its own (no service time, no wait): the one time it is there.
                <>{s.arrival && s.departure ? fmtSpan(s.arrival, s.zone, s.departure, s.zone, differentDay(first?.departure, s.arrival, first?.zone, s.zone)) : t(s.arrival)}</>
              )}
            </span>
          </div>
          {s.kind === "charge" && !s.energyKWh ? (
            // Under a cost objective a pause may be taken at a site without charging: a later charge then falls in a cheaper hour.
            <div className={styles.stopSub} data-testid="pause-without-charge">
              {s.operator ? `${s.operator} · ` : null}
              {s.pause ? pauseText(s.pause) : "A stop"} here without charging · State of charge {fmtSoc(s.socIn)}
            </div>
          ) : s.kind === "charge" ? (
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
                  <dd>
                    {fmtNum(s.powerKW, "kW")}
                    {s.powerEstimated ? <span title="The source states no power for this site: the power and the charge time are estimates"> (estimated)</span> : null}
                  </dd>
                </div>
                {s.energyCost ? (
                  <div>
                    <dt>Cost</dt>
                    <dd title={s.energyCost.source}>
                      {fmtMoney(s.energyCost.amount, "EUR")}
                      {s.energyCost.estimated ? " (estimated)" : ""}
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt>SoC in → out</dt>
                  <dd>
                    {fmtSoc(s.socIn)} → {fmtSoc(s.socOut)}
                  </dd>
                </div>
              </dl>
              {s.reason ? <div className={styles.stopSub} data-testid="stop-reason">Why: {s.reason}</div> : null}
              {s.pause ? <div className={styles.stopSub}>{pauseText(s.pause)} taken while charging</div> : null}
              {s.ban ? <div className={styles.stopSub} data-testid="ban-wait">{fmtBanWait(s.ban, s.zone)}</div> : null}
              {s.alternatives.length ? (
                <div className={styles.stopSub}>
                  Instead: {s.alternatives.map((a) => `${a.name ?? "station"} (${fmtNum(a.powerKW ?? null, "kW")}, +${fmtDuration(a.extraMin ?? 0)})`).join("; ")}
                </div>
              ) : null}
            </>
          ) : (
            <div className={styles.stopSub}>
              {s.ban ? <span data-testid="ban-wait">{fmtBanWait(s.ban, s.zone)} · </span> : null}
              {s.pause ? `${pauseText(s.pause)} · ` : null}
              {s.waitMin ? `Waiting ${fmtDuration(s.waitMin)} · ` : null}
              {s.lateMin ? `Late by ${fmtDuration(s.lateMin)} · ` : null}
              {s.energyKWh
                ? `Charges ${fmtNum(s.energyKWh, "kWh")} at ${fmtNum(s.powerKW, "kW")} in ${fmtDuration(s.chargeMin)} · State of charge ${fmtSoc(s.socIn)} → ${fmtSoc(s.socOut)}`
                : `State of charge ${fmtSoc(s.kind === "start" ? s.socOut : s.socIn)}`}
              {s.reason && (s.kind === "break" || s.kind === "waypoint") ? <span data-testid="stop-reason"> · Why: {s.reason}</span> : null}
            </div>
          )}
        </div>
      </div>
    </li>
  );
}

export function ResultPanel({ result, points, submitWarnings, onFocusStop, option = null, onOption, onChooseRoute, choosingRoute }: {
  result: OptimizationResultResponse; submitWarnings: string[]; onFocusStop: (index: number) => void;
  /** The tour's points named (planner.result, history.get): the stops' names. */
  points?: readonly TourPoint[] | null;
  /** The cost option shown (null: the requested plan), and how to show another. */
  option?: number | null; onOption?: (option: number | null) => void;
  /** Plans the tour again on one of route_alternatives (its route_choice). */
  onChooseRoute?: (choice: number[]) => void; choosingRoute?: boolean;
}) {
  const stops = useMemo(() => planStops(result, points ?? []), [result, points]);
  const route = useMemo(() => routeOnMap(result), [result]);
  const warnings = [...new Set([...submitWarnings, ...(result.warnings ?? [])])];
  const info = notDrivableInfo(result, submitWarnings);
  const chart = useMemo(() => chartStops(stops, route, info?.distanceM ?? null), [stops, route, info?.distanceM]);

  return (
    <section className={styles.result} aria-label="Plan result">
      {info ? (
        <div className={styles.alertDanger} role="alert">
          <strong>This tour cannot be driven as requested.</strong>
          <p>
            {info.message || (info.code ? NOT_DRIVABLE_TEXT[info.code] : null) || "The planner found no way to complete the tour with the given battery and charging constraints."}
            {info.distanceM ? ` It gets stuck about ${fmtKm(info.distanceM)} from the start.` : ""}
          </p>
          {info.filters.length ? <p>No charger was left by the filter{info.filters.length === 1 ? "" : "s"}: {info.filters.map((f) => `${f.label} (${f.text})`).join("; ")}.</p> : null}
          <p className={styles.hint}>Try a higher battery level at start, a wider search corridor, or fewer charger filters.</p>
        </div>
      ) : null}

      <Totals result={result} />
      {onOption && result.cost_options?.length ? (
        <CostOptions options={result.cost_options} shown={option} onShow={onOption} valueOfTime={result.totals?.cost?.value_of_time_eur_per_h ?? null} />
      ) : null}
      {result.route_alternatives && result.route_alternatives.length > 1 ? <RouteChoices routes={result.route_alternatives} onChoose={onChooseRoute} busy={choosingRoute} /> : null}

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

      {route.profile ? (
        <section className={rs.block} aria-labelledby="profile-heading">
          <h3 className={styles.subHeading} id="profile-heading">
            State of charge and elevation
          </h3>
          <SocChart route={route} marks={chart.marks} places={chart.places} />
        </section>
      ) : null}

      {stops.length > 1 ? (
        <section className={rs.block} aria-labelledby="timeline-heading">
          <h3 className={styles.subHeading} id="timeline-heading">
            Timeline
          </h3>
          <Timeline stops={stops} totals={result.totals ?? null} onFocusStop={onFocusStop} />
        </section>
      ) : null}

      {stops.length ? (
        <>
          <h3 className={styles.subHeading} id="stops-heading">
            Stops
          </h3>
          <ol className={styles.stops} aria-labelledby="stops-heading">
            {stops.map((s, i) => (
              <StopItem key={i} stop={s} first={stops[0]} onFocus={() => onFocusStop(i)} />
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
