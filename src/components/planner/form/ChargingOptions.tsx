"use client";
// Charger filters (every `poi_info` field), the search corridor and the
// minimum charge time. Folded by default with a summary of what is set; kept
// open while one of its fields has an error so the message can be seen.
import { useTranslations } from "next-intl";
import { useAppFormatter } from "@/i18n/format";
import { aria, hasAny } from "../errors";
import { OperatorPicker } from "../OperatorPicker";
import styles from "../planner.module.css";
import { Field, FieldError } from "@/components/form/Field";
import { fmtRange, fmtTyped, type Formatter } from "./numbers";
import type { FoldedSectionProps, FormState } from "./state";

type Props = FoldedSectionProps;
export type ChargingOptionsTranslator = ReturnType<typeof useTranslations<"chargingOptions">>;

/** The fields of this section its summary speaks of. */
const SUMMARIZED = ["minKW", "maxKW", "cpo", "connectorType", "connectorPos", "truckApproved", "bookable", "corridor", "minChargeMin", "valueOfTime", "objective"] as const;

/** Whether any of them is set: a plan carried over with some opens the section, so they are seen. */
export const hasChargingOptions = (f: FormState) => SUMMARIZED.some((k) => (Array.isArray(f[k]) ? f[k].length > 0 : !!f[k]));

/** "150–∞ kW · 2 operators · CCS · bookable", or that any charger will do. */
export function filterSummary(f: FormState, t: ChargingOptionsTranslator, format: Formatter): string {
  const parts: string[] = [];
  if (f.minKW || f.maxKW) parts.push(`${f.minKW ? fmtTyped(format, f.minKW) : format.number(0)}–${f.maxKW ? fmtTyped(format, f.maxKW) : "∞"} kW`);
  if (f.cpo.length) parts.push(t("summaryOperators", { count: f.cpo.length }));
  if (f.connectorType.length) parts.push(f.connectorType.join("/"));
  if (f.connectorPos) parts.push(t(f.connectorPos === "LEFT" ? "leftInSummary" : "rightInSummary"));
  if (f.truckApproved) parts.push(f.truckApproved);
  if (f.bookable) parts.push(t("summaryBookable"));
  if (f.corridor) parts.push(t("summaryCorridor", { metres: fmtTyped(format, f.corridor) }));
  if (f.minChargeMin) parts.push(`≥ ${fmtTyped(format, f.minChargeMin)} min`);
  if (f.valueOfTime) parts.push(`${fmtTyped(format, f.valueOfTime)} EUR/h`);
  if (f.objective) parts.push(t(`objectiveInSummary.${f.objective}`));
  return parts.length ? parts.join(" · ") : t("anyCharger");
}

export function ChargingOptions({ f, set, errors: e, open, setOpen }: Props) {
  const t = useTranslations("chargingOptions");
  const format = useAppFormatter();
  const shown = open || hasAny(e, "poi.", "corridor", "min_charge_duration_min", "value_of_time_eur_per_h", "objective");
  return (
    <details className={styles.group} open={shown} onToggle={(ev) => setOpen(ev.currentTarget.open)}>
      <summary>
        <h2>{t("heading")}</h2>
        <span className={styles.summaryHint}>{filterSummary(f, t, format)}</span>
      </summary>
      <fieldset className={styles.subFieldset}>
        <legend>{t("powerLegend")}</legend>
        <div className={styles.pair}>
          <Field id="min-kw" label={t("minPower")} errors={e["poi.min_kW"]}>
            <input id="min-kw" type="number" inputMode="numeric" min={0} step={50} placeholder={t("anyPower")} value={f.minKW} onChange={(ev) => set("minKW", ev.target.value)} {...aria("min-kw", e["poi.min_kW"])} />
          </Field>
          <Field id="max-kw" label={t("maxPower")} errors={e["poi.max_kW"]}>
            <input id="max-kw" type="number" inputMode="numeric" min={0} step={50} placeholder={t("anyPower")} value={f.maxKW} onChange={(ev) => set("maxKW", ev.target.value)} {...aria("max-kw", e["poi.max_kW"])} />
          </Field>
        </div>
      </fieldset>
      <OperatorPicker value={f.cpo} onChange={(v) => set("cpo", v)} errors={e["poi.cpo"]} />
      <fieldset className={styles.subFieldset} aria-describedby={e["poi.connector_type"]?.length ? "connector-type-error" : undefined}>
        <legend>{t("connectorLegend")}</legend>
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
        <p className={styles.hint}>{t("connectorHint")}</p>
        <FieldError id="connector-type" errors={e["poi.connector_type"]} />
      </fieldset>
      <div className={styles.pair}>
        <Field id="connector-pos" label={t("connectorPos")} errors={e["poi.connector_pos"]}>
          <select id="connector-pos" value={f.connectorPos} onChange={(ev) => set("connectorPos", ev.target.value as FormState["connectorPos"])} {...aria("connector-pos", e["poi.connector_pos"])}>
            <option value="">{t("connectorPosAny")}</option>
            <option value="LEFT">{t("left")}</option>
            <option value="RIGHT">{t("right")}</option>
          </select>
        </Field>
        <Field id="truck-approved" label={t("truckApproved")} errors={e["poi.truck_approved"]}>
          <select id="truck-approved" value={f.truckApproved} onChange={(ev) => set("truckApproved", ev.target.value as FormState["truckApproved"])} {...aria("truck-approved", e["poi.truck_approved"])}>
            <option value="">{t("truckApprovedAny")}</option>
            <option value="T">{t("tractor")}</option>
            <option value="TT">{t("truckAndTrailer")}</option>
          </select>
        </Field>
      </div>
      <div className={styles.field}>
        <label htmlFor="bookable" className={styles.check}>
          <input id="bookable" type="checkbox" checked={f.bookable} onChange={(ev) => set("bookable", ev.target.checked)} {...aria("bookable", e["poi.bookable"])} />
          {t("bookable")}
        </label>
        <FieldError id="bookable" errors={e["poi.bookable"]} />
      </div>
      <div className={styles.pair}>
        <Field id="corridor" label={t("corridor")} hint={t("corridorHint", { range: fmtRange(format, 1000, 20000), default: format.number(8000) })} errors={e.corridor}>
          <input id="corridor" type="number" inputMode="numeric" min={1000} max={20000} step={500} placeholder="8000" value={f.corridor} onChange={(ev) => set("corridor", ev.target.value)} {...aria("corridor", e.corridor, "corridor-hint")} />
        </Field>
        <Field id="min-charge" label={t("minCharge")} hint={t("minChargeHint", { range: fmtRange(format, 0, 100), default: format.number(0) })} errors={e.min_charge_duration_min}>
          <input id="min-charge" type="number" inputMode="numeric" min={0} max={100} step={5} placeholder="0" value={f.minChargeMin} onChange={(ev) => set("minChargeMin", ev.target.value)} {...aria("min-charge", e.min_charge_duration_min, "min-charge-hint")} />
        </Field>
      </div>
      <Field id="objective" label={t("objective")} hint={t("objectiveHint")} errors={e.objective}>
        <select id="objective" value={f.objective} onChange={(ev) => set("objective", ev.target.value as typeof f.objective)} {...aria("objective", e.objective, "objective-hint")}>
          <option value="">{t("balancedDefault")}</option>
          <option value="fastest">{t("fastest")}</option>
          <option value="cheapest">{t("cheapest")}</option>
        </select>
      </Field>
      <div className={styles.field}>
        <label htmlFor="cost-options" className={styles.check}>
          <input id="cost-options" type="checkbox" checked={f.costOptions} onChange={(ev) => set("costOptions", ev.target.checked)} {...aria("cost-options", e.cost_options)} />
          {t("costOptions")}
        </label>
        <FieldError id="cost-options" errors={e.cost_options} />
      </div>
      <div className={styles.field}>
        <label htmlFor="driving-bans" className={styles.check}>
          <input id="driving-bans" type="checkbox" checked={f.drivingBans} onChange={(ev) => set("drivingBans", ev.target.checked)} {...aria("driving-bans", e.driving_bans)} />
          {t("drivingBans")}
        </label>
        <FieldError id="driving-bans" errors={e.driving_bans} />
      </div>
      <Field id="ambient-temperature" label={t("airTemperature")} hint={t("airTemperatureHint", { min: format.number(-40), max: format.number(50) })} errors={e.ambient_temperature_c}>
        <input id="ambient-temperature" type="number" inputMode="decimal" min={-40} max={50} step={1} placeholder={t("airTemperaturePlaceholder")} value={f.ambientTemperature} onChange={(ev) => set("ambientTemperature", ev.target.value)} {...aria("ambient-temperature", e.ambient_temperature_c, "ambient-temperature-hint")} />
      </Field>
      <Field id="value-of-time" label={t("valueOfTime")} hint={t("valueOfTimeHint", { default: format.number(50) })} errors={e.value_of_time_eur_per_h}>
        <input id="value-of-time" type="number" inputMode="decimal" min={0} max={1000} step={5} placeholder="50" value={f.valueOfTime} onChange={(ev) => set("valueOfTime", ev.target.value)} {...aria("value-of-time", e.value_of_time_eur_per_h, "value-of-time-hint")} />
      </Field>
    </details>
  );
}
