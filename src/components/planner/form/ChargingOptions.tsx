"use client";
// Charger filters (every `poi_info` field), the search corridor and the
// minimum charge time. Folded by default with a summary of what is set; kept
// open while one of its fields has an error so the message can be seen.
import { aria, hasAny } from "../errors";
import { OperatorPicker } from "../OperatorPicker";
import styles from "../planner.module.css";
import { Field, FieldError } from "@/components/form/Field";
import type { FoldedSectionProps, FormState } from "./state";

type Props = FoldedSectionProps;

export function filterSummary(f: FormState): string {
  const parts: string[] = [];
  if (f.minKW || f.maxKW) parts.push(`${f.minKW || "0"}–${f.maxKW || "∞"} kW`);
  if (f.cpo.length) parts.push(`${f.cpo.length} operator${f.cpo.length > 1 ? "s" : ""}`);
  if (f.connectorType.length) parts.push(f.connectorType.join("/"));
  if (f.connectorPos) parts.push(f.connectorPos.toLowerCase());
  if (f.truckApproved) parts.push(f.truckApproved);
  if (f.bookable) parts.push("bookable");
  if (f.corridor) parts.push(`${f.corridor} m corridor`);
  if (f.minChargeMin) parts.push(`≥ ${f.minChargeMin} min`);
  if (f.valueOfTime) parts.push(`${f.valueOfTime} EUR/h`);
  if (f.objective) parts.push(f.objective);
  return parts.length ? parts.join(" · ") : "Any charger";
}

export function ChargingOptions({ f, set, errors: e, open, setOpen }: Props) {
  const shown = open || hasAny(e, "poi.", "corridor", "min_charge_duration_min", "value_of_time_eur_per_h", "objective");
  return (
    <details className={styles.group} open={shown} onToggle={(ev) => setOpen(ev.currentTarget.open)}>
      <summary>
        <h2>Charging options</h2>
        <span className={styles.summaryHint}>{filterSummary(f)}</span>
      </summary>
      <fieldset className={styles.subFieldset}>
        <legend>Charging power</legend>
        <div className={styles.pair}>
          <Field id="min-kw" label="Min. power (kW)" errors={e["poi.min_kW"]}>
            <input id="min-kw" type="number" inputMode="numeric" min={0} step={50} placeholder="any" value={f.minKW} onChange={(ev) => set("minKW", ev.target.value)} {...aria("min-kw", e["poi.min_kW"])} />
          </Field>
          <Field id="max-kw" label="Max. power (kW)" errors={e["poi.max_kW"]}>
            <input id="max-kw" type="number" inputMode="numeric" min={0} step={50} placeholder="any" value={f.maxKW} onChange={(ev) => set("maxKW", ev.target.value)} {...aria("max-kw", e["poi.max_kW"])} />
          </Field>
        </div>
      </fieldset>
      <OperatorPicker value={f.cpo} onChange={(v) => set("cpo", v)} errors={e["poi.cpo"]} />
      <fieldset className={styles.subFieldset} aria-describedby={e["poi.connector_type"]?.length ? "connector-type-error" : undefined}>
        <legend>Connector type</legend>
        <div className={styles.inline}>
          {(["CCS", "MCS"] as const).map((c) => (
            <label key={c} htmlFor={`connector-${c}`} className={styles.check}>
              <input
                id={`connector-${c}`}
                type="checkbox"
                checked={f.connectorType.includes(c)}
                onChange={(ev) => set("connectorType", ev.target.checked ? [...f.connectorType, c] : f.connectorType.filter((x) => x !== c))}
              />
              {c}
            </label>
          ))}
        </div>
        <p className={styles.hint}>None ticked: any connector; both: either.</p>
        <FieldError id="connector-type" errors={e["poi.connector_type"]} />
      </fieldset>
      <div className={styles.pair}>
        <Field id="connector-pos" label="Connector position" errors={e["poi.connector_pos"]}>
          <select id="connector-pos" value={f.connectorPos} onChange={(ev) => set("connectorPos", ev.target.value as FormState["connectorPos"])} {...aria("connector-pos", e["poi.connector_pos"])}>
            <option value="">Any</option>
            <option value="LEFT">Left</option>
            <option value="RIGHT">Right</option>
          </select>
        </Field>
        <Field id="truck-approved" label="Truck approved" errors={e["poi.truck_approved"]}>
          <select id="truck-approved" value={f.truckApproved} onChange={(ev) => set("truckApproved", ev.target.value as FormState["truckApproved"])} {...aria("truck-approved", e["poi.truck_approved"])}>
            <option value="">Not required</option>
            <option value="T">Tractor (T)</option>
            <option value="TT">Truck and trailer (TT)</option>
          </select>
        </Field>
      </div>
      <div className={styles.field}>
        <label htmlFor="bookable" className={styles.check}>
          <input id="bookable" type="checkbox" checked={f.bookable} onChange={(ev) => set("bookable", ev.target.checked)} {...aria("bookable", e["poi.bookable"])} />
          Bookable stations only
        </label>
        <FieldError id="bookable" errors={e["poi.bookable"]} />
      </div>
      <div className={styles.pair}>
        <Field id="corridor" label="Search corridor (m)" hint="1 000 – 20 000; default 8 000" errors={e.corridor}>
          <input id="corridor" type="number" inputMode="numeric" min={1000} max={20000} step={500} placeholder="8000" value={f.corridor} onChange={(ev) => set("corridor", ev.target.value)} {...aria("corridor", e.corridor, "corridor-hint")} />
        </Field>
        <Field id="min-charge" label="Min. charge time (min)" hint="0 – 100; default 0" errors={e.min_charge_duration_min}>
          <input id="min-charge" type="number" inputMode="numeric" min={0} max={100} step={5} placeholder="0" value={f.minChargeMin} onChange={(ev) => set("minChargeMin", ev.target.value)} {...aria("min-charge", e.min_charge_duration_min, "min-charge-hint")} />
        </Field>
      </div>
      <Field id="objective" label="Optimize for" hint="Balanced: energy cost + value of time; fastest: time; cheapest: money, time breaks ties" errors={e.objective}>
        <select id="objective" value={f.objective} onChange={(ev) => set("objective", ev.target.value as typeof f.objective)} {...aria("objective", e.objective, "objective-hint")}>
          <option value="">Balanced (default)</option>
          <option value="fastest">Fastest</option>
          <option value="cheapest">Cheapest</option>
        </select>
      </Field>
      <div className={styles.field}>
        <label htmlFor="cost-options" className={styles.check}>
          <input id="cost-options" type="checkbox" checked={f.costOptions} onChange={(ev) => set("costOptions", ev.target.checked)} {...aria("cost-options", e.cost_options)} />
          Show the time-cost trade-off (up to 5 plans; takes longer)
        </label>
        <FieldError id="cost-options" errors={e.cost_options} />
      </div>
      <div className={styles.field}>
        <label htmlFor="driving-bans" className={styles.check}>
          <input id="driving-bans" type="checkbox" checked={f.drivingBans} onChange={(ev) => set("drivingBans", ev.target.checked)} {...aria("driving-bans", e.driving_bans)} />
          Keep truck driving bans (Sundays, holidays, nights; off: the truck has a permit)
        </label>
        <FieldError id="driving-bans" errors={e.driving_bans} />
      </div>
      <Field id="ambient-temperature" label="Air temperature (°C)" hint="-40 to 50, for the whole tour, in still air on a dry road; empty: the forecast where one is configured, else the month's climate normal" errors={e.ambient_temperature_c}>
        <input id="ambient-temperature" type="number" inputMode="decimal" min={-40} max={50} step={1} placeholder="forecast / normal" value={f.ambientTemperature} onChange={(ev) => set("ambientTemperature", ev.target.value)} {...aria("ambient-temperature", e.ambient_temperature_c, "ambient-temperature-hint")} />
      </Field>
      <Field id="value-of-time" label="Value of time (EUR/h)" hint="Truck and driver, net; for the plan's cost and the balanced objective; default: the tenant's, else 50" errors={e.value_of_time_eur_per_h}>
        <input id="value-of-time" type="number" inputMode="decimal" min={0} max={1000} step={5} placeholder="50" value={f.valueOfTime} onChange={(ev) => set("valueOfTime", ev.target.value)} {...aria("value-of-time", e.value_of_time_eur_per_h, "value-of-time-hint")} />
      </Field>
    </details>
  );
}
