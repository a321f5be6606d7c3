"use client";
// What a finished plan says: why it is not drivable, totals, tolls and cost,
// warnings, SoC and elevation along the route, the tour's timeline, and the
// stops (times, charging, energy, state of charge) as a list.
import { CostOptions } from "@/components/result/CostOptions";
import { RouteChoices } from "@/components/result/RouteChoices";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { notDrivableInfo } from "@/components/result/filters";
import { routeOnMap } from "@/components/result/profile";
import rs from "@/components/result/result.module.css";
import { chartStops, SocChart } from "@/components/result/SocChart";
import { Timeline } from "@/components/result/Timeline";
import { Totals } from "@/components/result/Totals";
import { fmtMoney } from "@/components/result/tolls";
import type { OptimizationResultResponse } from "@/contract/result";
import { differentDay, fmtBanWait, fmtDuration, fmtKm, fmtNum, fmtSoc, fmtSpan, fmtTime, pageLocale } from "./format";
import { warningTexts } from "@/i18n/server-text";
import styles from "./planner.module.css";
import { planStops, type PlanStop, type TourPoint } from "./stops";

type PanelTranslator = ReturnType<typeof useTranslations<"resultPanel">>;

function badge(s: PlanStop): string {
  return s.kind === "start" ? "A" : s.kind === "destination" ? "B" : s.kind === "charge" ? String(s.chargeNo) : s.kind === "break" ? (s.pause?.kind === "rest" ? "R" : "P") : String(s.stopNo ?? "•");
}

/** What the badge says in words, before the stop's name (the badge itself is hidden from screen readers). */
function role(s: PlanStop, tr: PanelTranslator): string | null {
  return s.kind === "start" ? tr("roleStart") : s.kind === "destination" ? tr("roleDestination") : s.kind === "charge" ? tr("roleCharge", { n: s.chargeNo ?? 0 }) : s.kind === "waypoint" && s.stopNo ? tr("roleStop", { n: s.stopNo }) : null;
}

function pauseText(p: NonNullable<PlanStop["pause"]>, tr: PanelTranslator): string {
  return tr(`pause.${p.kind}`, { duration: fmtDuration(p.min) });
}

function StopItem({ stop: s, first, onFocus }: { stop: PlanStop; first: PlanStop | undefined; onFocus: () => void }) {
  const tr = useTranslations("resultPanel");
  // Each time on its own place's clock; the day only once it is not the departure's.
  const t = (iso: string | null | undefined) => fmtTime(iso, s.zone, differentDay(first?.departure, iso, first?.zone, s.zone));
  const roleText = role(s, tr);
  const kindClass = s.kind === "break" ? null : styles[`stop_${s.kind}`];
  const badgeClass = s.kind === "break" ? rs[`badge_${s.pause?.kind ?? "break"}`] : styles[`badge_${s.kind}`];
  return (
    <li className={`${styles.stop} ${kindClass ?? ""}`} data-stop-kind={s.kind}>
      {s.kind !== "start" ? (
        <div className={styles.leg}>
          <span className={styles.srOnly}>{tr("drive")}</span>
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
            <button type="button" className={styles.stopButton} onClick={onFocus} title={tr("showOnMap")}>
              {roleText && roleText !== s.name ? <span className={styles.srOnly}>{roleText}: </span> : null}
              {s.name}
            </button>
            <span className={styles.stopTimes}>
              {s.kind === "start" ? (
                <>{tr("departs", { time: t(s.departure) })}</>
              ) : s.kind === "destination" ? (
                <>
                  {tr("arrives", { time: t(s.arrival) })}
                  {s.departure ? tr("done", { time: t(s.departure) }) : null}
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
              {tr("withoutCharging", { pause: s.pause ? pauseText(s.pause, tr) : tr("aStop"), soc: fmtSoc(s.socIn) })}
            </div>
          ) : s.kind === "charge" ? (
            <>
              {s.operator ? <div className={styles.stopSub}>{s.operator}</div> : null}
              <dl className={styles.chargeFacts}>
                <div>
                  <dt>{tr("charging")}</dt>
                  <dd>{fmtDuration(s.chargeMin)}</dd>
                </div>
                <div>
                  <dt>{tr("energy")}</dt>
                  <dd>{fmtNum(s.energyKWh, "kWh")}</dd>
                </div>
                <div>
                  <dt>{tr("power")}</dt>
                  <dd>
                    {fmtNum(s.powerKW, "kW")}
                    {s.powerEstimated ? <span title={tr("powerEstimatedTitle")}>{tr("estimated")}</span> : null}
                  </dd>
                </div>
                {s.energyCost ? (
                  <div>
                    <dt>{tr("cost")}</dt>
                    <dd title={s.energyCost.source}>
                      {fmtMoney(s.energyCost.amount, "EUR")}
                      {s.energyCost.estimated ? tr("estimated") : ""}
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt>{tr("socInOut")}</dt>
                  <dd>
                    {fmtSoc(s.socIn)} → {fmtSoc(s.socOut)}
                  </dd>
                </div>
              </dl>
              {s.reason ? <div className={styles.stopSub} data-testid="stop-reason">{tr("why", { reason: s.reason })}</div> : null}
              {s.live ? (
                <div className={styles.stopSub} data-testid="live-status" data-live-status={s.live.status}>
                  {tr("liveStatus", { status: s.live.status, at: s.live.at ? fmtTime(s.live.at, s.zone) : "–" })}
                  {s.live.waitMin ? tr("liveWait", { duration: fmtDuration(s.live.waitMin) }) : ""}
                </div>
              ) : null}
              {s.pause ? <div className={styles.stopSub}>{tr("pauseWhileCharging", { pause: pauseText(s.pause, tr) })}</div> : null}
              {s.ban ? <div className={styles.stopSub} data-testid="ban-wait">{fmtBanWait(s.ban, s.zone)}</div> : null}
              {s.alternatives.length ? (
                <div className={styles.stopSub}>
                  {tr("instead", { list: s.alternatives.map((a) => `${a.name ?? tr("station")} (${fmtNum(a.powerKW ?? null, "kW")}, +${fmtDuration(a.extraMin ?? 0)})`).join("; ") })}
                </div>
              ) : null}
            </>
          ) : (
            <div className={styles.stopSub}>
              {s.ban ? <span data-testid="ban-wait">{fmtBanWait(s.ban, s.zone)} · </span> : null}
              {s.pause ? `${pauseText(s.pause, tr)} · ` : null}
              {s.waitMin ? tr("waiting", { duration: fmtDuration(s.waitMin) }) : null}
              {s.lateMin ? tr("late", { duration: fmtDuration(s.lateMin) }) : null}
              {s.energyKWh
                ? tr("charges", { energy: fmtNum(s.energyKWh, "kWh"), power: fmtNum(s.powerKW, "kW"), duration: fmtDuration(s.chargeMin), socIn: fmtSoc(s.socIn), socOut: fmtSoc(s.socOut) })
                : tr("soc", { soc: fmtSoc(s.kind === "start" ? s.socOut : s.socIn) })}
              {s.reason && (s.kind === "break" || s.kind === "waypoint") ? <span data-testid="stop-reason">{tr("whyAfter", { reason: s.reason })}</span> : null}
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
  const tr = useTranslations("resultPanel");
  const stopWords = useTranslations("planStops");
  const stops = useMemo(() => planStops(result, points ?? [], stopWords), [result, points, stopWords]);
  const route = useMemo(() => routeOnMap(result), [result]);
  const warnings = [...new Set([...submitWarnings, ...warningTexts(result, pageLocale())])];
  const filterWords = useTranslations("filters");
  const info = notDrivableInfo(result, submitWarnings, filterWords);
  const chartWords = useTranslations("socChart");
  const chart = useMemo(() => chartStops(stops, route, info?.distanceM ?? null, chartWords), [stops, route, info?.distanceM, chartWords]);

  return (
    <section className={styles.result} aria-label={tr("section")}>
      {info ? (
        <div className={styles.alertDanger} role="alert">
          <strong>{tr("notDrivable")}</strong>
          <p>
            {info.message || tr("notDrivableCode", { code: info.code ?? "other" })}
            {info.distanceM ? tr("stuckAt", { distance: fmtKm(info.distanceM) }) : ""}
          </p>
          {info.filters.length ? <p>{tr("filtersLeftNone", { count: info.filters.length, filters: info.filters.map((f) => `${f.label} (${f.text})`).join("; ") })}</p> : null}
          <p className={styles.hint}>{tr("notDrivableHint")}</p>
        </div>
      ) : null}

      <Totals result={result} />
      {onOption && result.cost_options?.length ? (
        <CostOptions options={result.cost_options} shown={option} onShow={onOption} valueOfTime={result.totals?.cost?.value_of_time_eur_per_h ?? null} />
      ) : null}
      {result.route_alternatives && result.route_alternatives.length > 1 ? <RouteChoices routes={result.route_alternatives} onChoose={onChooseRoute} busy={choosingRoute} /> : null}

      {warnings.length ? (
        <div className={styles.alertWarn} role="status">
          <strong>{tr("warnings")}</strong>
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
            {tr("profileHeading")}
          </h3>
          <SocChart route={route} marks={chart.marks} places={chart.places} />
        </section>
      ) : null}

      {stops.length > 1 ? (
        <section className={rs.block} aria-labelledby="timeline-heading">
          <h3 className={styles.subHeading} id="timeline-heading">
            {tr("timelineHeading")}
          </h3>
          <Timeline stops={stops} totals={result.totals ?? null} onFocusStop={onFocusStop} />
        </section>
      ) : null}

      {stops.length ? (
        <>
          <h3 className={styles.subHeading} id="stops-heading">
            {tr("stopsHeading")}
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
