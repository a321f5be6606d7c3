// The tour's totals and what it costs: tolls per toll system (an unknown rate
// stays "unknown", never 0) and their sum per currency; energy from published
// list prices or marked estimates (what each kWh was priced at, and the depot's
// price: energy-pricing.ts), and the value of the time spent (totals.cost).
import type { OptimizationResultResponse } from "@/contract/result";
import { fmtDay, fmtDuration, fmtKm, fmtNum, fmtSoc, fmtTime } from "@/components/planner/format";
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
  const t = result.totals;
  const cost = tourCost(result);
  const pricing = energyPricing(result);
  const unknownText = `the toll of ${cost.unknown.join(", ")}, whose rate is not known`;
  const costText = cost.known.length
    ? `${cost.known.map((k) => fmtMoney(k.total, k.currency)).join(" + ")} in tolls${cost.unknown.length ? `, plus ${unknownText}` : ""}`
    : cost.unknown.length
      ? `not known: ${unknownText}`
      : "no tolls";
  const tollText = cost.known.length ? cost.known.map((k) => fmtMoney(k.total, k.currency)).join(" + ") : cost.rows.length ? "unknown" : "none";
  return (
    <>
      {t ? (
        <dl className={ps.stats} aria-label="Totals">
          <Stat label="Distance" value={fmtKm(t.distance_m)} />
          <Stat label="Duration" value={fmtDuration(t.duration_min)} />
          <Stat label="Driving" value={fmtDuration(t.driving_time_min)} />
          <Stat label="Charging" value={fmtDuration(t.charging_time_min)} sub={`${t.charging_stops} stop${t.charging_stops === 1 ? "" : "s"}`} />
          <Stat label="Breaks" value={fmtDuration(t.break_time_min)} sub="breaks and rests" />
          <Stat label="Waiting" value={fmtDuration(t.waiting_time_min)} sub="for time windows" />
          <Stat label="Energy used" value={fmtNum(t.energy_kWh, "kWh")} />
          <Stat label="Charged" value={fmtNum(t.charged_kWh, "kWh")} />
          <Stat label="Battery at end" value={fmtSoc(result.battery_level_end)} sub={`start ${fmtSoc(result.battery_level_start)}`} />
          <Stat label="Departure" value={fmtTime(t.departure_time, t.departure_time_zone)} sub={fmtDay(t.departure_time, t.departure_time_zone)} />
          <Stat label="Arrival" value={fmtTime(t.arrival_time, t.arrival_time_zone)} sub={fmtDay(t.arrival_time, t.arrival_time_zone)} />
          {t.weather ? <Stat label="Weather" value={t.weather.assumption} sub={`${t.weather.extra_kWh > 0 ? "+" : ""}${fmtNum(t.weather.extra_kWh, "kWh")} vs 20 °C still air`} /> : null}
          <Stat label="Tolls" value={tollText} sub={cost.unknown.length && cost.known.length ? "+ unknown" : `${cost.rows.length} system${cost.rows.length === 1 ? "" : "s"}`} />
        </dl>
      ) : null}
      <section className={styles.block} aria-labelledby="tolls-heading">
        <h3 className={ps.subHeading} id="tolls-heading">
          Tolls and cost
        </h3>
        {cost.rows.length ? (
          <table className={styles.table} data-testid="tolls">
            <caption className={styles.srOnly}>Tolls per toll system</caption>
            <thead>
              <tr>
                <th scope="col">Toll system</th>
                <th scope="col" className={styles.num}>
                  km on its roads
                </th>
                <th scope="col" className={styles.num}>
                  Toll
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
                  <td className={styles.num}>{r.km != null ? r.km.toLocaleString("en-GB", { maximumFractionDigits: 0 }) : "–"}</td>
                  <td className={styles.num}>{r.total != null && r.currency ? fmtMoney(r.total, r.currency) : <em>unknown</em>}</td>
                </tr>
              ))}
            </tbody>
            {t ? (
              <tfoot>
                <tr>
                  <th scope="row">Whole route (untolled roads and detours to chargers included)</th>
                  <td className={styles.num}>{(t.distance_m / 1000).toLocaleString("en-GB", { maximumFractionDigits: 0 })}</td>
                  <td />
                </tr>
              </tfoot>
            ) : null}
          </table>
        ) : (
          <p className={styles.para}>No tolled road on this route.</p>
        )}
        <p className={styles.para} data-testid="tour-cost">
          <strong>Cost: </strong>
          {costText}.
        </p>
        {t?.cost ? (
          <>
            <p className={styles.para} data-testid="plan-cost">
              <strong>Energy: </strong>
              {pricing.depot?.price === "zero" ? (t.cost.energy > 0 ? `${fmtMoney(t.cost.energy, "EUR")} + depot energy, price not set` : "depot price not set") : fmtMoney(t.cost.energy, "EUR")}
              {" · "}
              <strong>Time: </strong>
              {fmtMoney(t.cost.time_value, "EUR")} at {fmtMoney(t.cost.value_of_time_eur_per_h, "EUR")}/h · <strong>Total: </strong>
              {fmtMoney(t.cost.total, "EUR")}
              {t.cost.tolls_unpriced ? " plus tolls of unknown rate" : ""}
            </p>
            <EnergyPricingNote pricing={pricing} />
          </>
        ) : null}
        <p className={styles.hint} data-testid="plan-objective">
          All prices net of VAT. {t?.cost?.objective === "fastest" ? "Planned for the least time." : t?.cost?.objective === "cheapest" ? "Planned for the least money (time only breaks ties)." : t?.cost?.objective === "balanced" ? "Planned for the least energy cost plus value of time." : ""}
        </p>
      </section>
    </>
  );
}
