// The tour's totals and what it costs: tolls per toll system (an unknown rate
// stays "unknown", never 0) and their sum per currency; energy from published
// list prices or marked estimates (what each kWh was priced at, and the depot's
// price: energy-pricing.ts), and the value of the time spent (totals.cost).
import { useTranslations } from "next-intl";
import type { OptimizationResultResponse } from "@/contract/result";
import { displayLocale, fmtDay, fmtDuration, fmtKm, fmtNum, fmtSoc, fmtTime } from "@/components/planner/format";
import ps from "@/components/planner/planner.module.css";
import styles from "./result.module.css";
import { energyPricing } from "./energy-pricing";
import { EnergyPricingNote } from "./EnergyPricingNote";
import { fmtMoney, tourCost } from "./tolls";

function Stat({ label, value, sub }: { label: string; value: string; sub?: string }) {
  return (
    <div className={ps.stat}>
      <dt>{label}</dt>
      <dd>
        {value}
        {sub ? <span className={ps.statSub}>{sub}</span> : null}
      </dd>
    </div>
  );
}

export function Totals({ result }: { result: OptimizationResultResponse }) {
  const tr = useTranslations("totals");
  const t = result.totals;
  const cost = tourCost(result);
  const pricing = energyPricing(result);
  const unknownText = tr("unknownToll", { systems: cost.unknown.join(", ") });
  const costText = cost.known.length
    ? `${tr("costKnown", { amount: cost.known.map((k) => fmtMoney(k.total, k.currency)).join(" + ") })}${cost.unknown.length ? tr("costPlusUnknown", { unknown: unknownText }) : ""}`
    : cost.unknown.length
      ? tr("costUnknown", { unknown: unknownText })
      : tr("noTolls");
  const tollText = cost.known.length ? cost.known.map((k) => fmtMoney(k.total, k.currency)).join(" + ") : cost.rows.length ? tr("unknown") : tr("none");
  const wholeKm = (m: number) => (m / 1000).toLocaleString(displayLocale(), { maximumFractionDigits: 0 });
  return (
    <>
      {t ? (
        <dl className={ps.stats} aria-label={tr("totals")}>
          <Stat label={tr("distance")} value={fmtKm(t.distance_m)} />
          <Stat label={tr("duration")} value={fmtDuration(t.duration_min)} />
          <Stat label={tr("driving")} value={fmtDuration(t.driving_time_min)} />
          <Stat label={tr("charging")} value={fmtDuration(t.charging_time_min)} sub={tr("chargingStops", { count: t.charging_stops })} />
          <Stat label={tr("breaks")} value={fmtDuration(t.break_time_min)} sub={tr("breaksSub")} />
          <Stat label={tr("waiting")} value={fmtDuration(t.waiting_time_min)} sub={tr("waitingSub")} />
          <Stat label={tr("energyUsed")} value={fmtNum(t.energy_kWh, "kWh")} />
          <Stat label={tr("charged")} value={fmtNum(t.charged_kWh, "kWh")} />
          <Stat label={tr("batteryEnd")} value={fmtSoc(result.battery_level_end)} sub={tr("batteryStart", { soc: fmtSoc(result.battery_level_start) })} />
          <Stat label={tr("departure")} value={fmtTime(t.departure_time, t.departure_time_zone)} sub={fmtDay(t.departure_time, t.departure_time_zone)} />
          <Stat label={tr("arrival")} value={fmtTime(t.arrival_time, t.arrival_time_zone)} sub={fmtDay(t.arrival_time, t.arrival_time_zone)} />
          {t.weather ? <Stat label={tr("weather")} value={t.weather.assumption} sub={tr("weatherSub", { extra: `${t.weather.extra_kWh > 0 ? "+" : ""}${fmtNum(t.weather.extra_kWh, "kWh")}` })} /> : null}
          <Stat label={tr("tolls")} value={tollText} sub={cost.unknown.length && cost.known.length ? tr("plusUnknown") : tr("systems", { count: cost.rows.length })} />
        </dl>
      ) : null}
      <section className={styles.block} aria-labelledby="tolls-heading">
        <h3 className={ps.subHeading} id="tolls-heading">
          {tr("tollsHeading")}
        </h3>
        {cost.rows.length ? (
          <table className={styles.table} data-testid="tolls">
            <caption className={styles.srOnly}>{tr("tollsCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{tr("tollSystem")}</th>
                <th scope="col" className={styles.num}>
                  {tr("kmOnRoads")}
                </th>
                <th scope="col" className={styles.num}>
                  {tr("toll")}
                </th>
              </tr>
            </thead>
            <tbody>
              {cost.rows.map((r) => (
                <tr key={r.system}>
                  <th scope="row">
                    {r.system}
                    {r.note ? <span className={styles.note}>{r.note}</span> : null}
                  </th>
                  <td className={styles.num}>{r.km != null ? r.km.toLocaleString(displayLocale(), { maximumFractionDigits: 0 }) : "–"}</td>
                  <td className={styles.num}>{r.total != null && r.currency ? fmtMoney(r.total, r.currency) : <em>{tr("unknown")}</em>}</td>
                </tr>
              ))}
            </tbody>
            {t ? (
              <tfoot>
                <tr>
                  <th scope="row">{tr("wholeRoute")}</th>
                  <td className={styles.num}>{wholeKm(t.distance_m)}</td>
                  <td />
                </tr>
              </tfoot>
            ) : null}
          </table>
        ) : (
          <p className={styles.para}>{tr("noTolledRoad")}</p>
        )}
        <p className={styles.para} data-testid="tour-cost">
          <strong>{tr("cost")}</strong>
          {costText}.
        </p>
        {t?.cost ? (
          <>
            <p className={styles.para} data-testid="plan-cost">
              <strong>{tr("energy")}</strong>
              {pricing.depot?.price === "zero" ? (t.cost.energy > 0 ? tr("depotUnpriced", { amount: fmtMoney(t.cost.energy, "EUR") }) : tr("depotPriceUnset")) : fmtMoney(t.cost.energy, "EUR")}
              {" · "}
              <strong>{tr("time")}</strong>
              {tr("timeValue", { amount: fmtMoney(t.cost.time_value, "EUR"), rate: fmtMoney(t.cost.value_of_time_eur_per_h, "EUR") })}
              <strong>{tr("total")}</strong>
              {fmtMoney(t.cost.total, "EUR")}
              {t.cost.tolls_unpriced ? tr("tollsUnpriced") : ""}
            </p>
            <EnergyPricingNote pricing={pricing} />
          </>
        ) : null}
        <p className={styles.hint} data-testid="plan-objective">
          {tr("netOfVat")} {tr("objective", { objective: t?.cost?.objective ?? "other" })}
        </p>
      </section>
    </>
  );
}
