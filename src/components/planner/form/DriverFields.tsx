"use client";
// The driver's hours at departure (request `driver`, EU 561/2006). Folded by
// default: all empty means a rested driver on a 9 h day, the API's default.
import { useTranslations } from "next-intl";
import { useAppFormatter } from "@/i18n/format";
import { DAILY_DRIVING_MIN, EXTENDED_DAILY_DRIVING_MIN, MAX_DRIVING_BEFORE_BREAK_MIN, MAX_DUTY_SPAN_MIN } from "@/contract/request";
import { aria, hasAny } from "../errors";
import styles from "../planner.module.css";
import { Field, FieldError } from "@/components/form/Field";
import { fmtRange, fmtTyped, type Formatter } from "./numbers";
import type { FoldedSectionProps, FormState } from "./state";

type Props = FoldedSectionProps;
export type DriverFieldsTranslator = ReturnType<typeof useTranslations<"driverFields">>;

/** "10 h day · 120 min driven", or a rested driver when nothing is set. */
export function driverSummary(f: FormState, t: DriverFieldsTranslator, format: Formatter): string {
  const minutes = (s: string) => ({ minutes: fmtTyped(format, s) });
  const parts: string[] = [t("summaryDay", { hours: (f.extendedDriving ? EXTENDED_DAILY_DRIVING_MIN : DAILY_DRIVING_MIN) / 60 })];
  if (f.drivenTodayMin.trim()) parts.push(t("summaryDrivenToday", minutes(f.drivenTodayMin)));
  if (f.drivenSinceBreakMin.trim()) parts.push(t("summarySinceBreak", minutes(f.drivenSinceBreakMin)));
  if (f.sinceDailyRestMin.trim()) parts.push(t("summarySinceRest", minutes(f.sinceDailyRestMin)));
  // A number field gives digits or nothing; empty and 0 (the default) are not worth a word.
  const reduced = Number(f.reducedRestsLeft.trim());
  if (Number.isFinite(reduced) && reduced !== 0) parts.push(t("summaryReducedLeft", { count: reduced }));
  if (f.earliestRestAfterMin.trim() && f.earliestRestAfterMin.trim() !== "0") parts.push(t("summaryRestAfter", minutes(f.earliestRestAfterMin)));
  return parts.length > 1 || f.extendedDriving ? parts.join(" · ") : t("rested");
}

export function DriverFields({ f, set, errors: e, open, setOpen }: Props) {
  const t = useTranslations("driverFields");
  const format = useAppFormatter();
  const shown = open || hasAny(e, "driver");
  const dayLimit = f.extendedDriving ? EXTENDED_DAILY_DRIVING_MIN : DAILY_DRIVING_MIN;
  return (
    <details className={styles.group} open={shown} onToggle={(ev) => setOpen(ev.currentTarget.open)}>
      <summary>
        <h2>{t("heading")}</h2>
        <span className={styles.summaryHint}>{driverSummary(f, t, format)}</span>
      </summary>
      <fieldset className={styles.subFieldset}>
        <legend className={styles.srOnly}>{t("legend")}</legend>
        <div className={styles.field}>
          <label htmlFor="driver-extended" className={styles.check}>
            <input id="driver-extended" type="checkbox" checked={f.extendedDriving} onChange={(ev) => set("extendedDriving", ev.target.checked)} aria-describedby="driver-extended-hint" />
            {t("extended")}
          </label>
          <p id="driver-extended-hint" className={styles.hint}>
            {t("extendedHint")}
          </p>
          <FieldError id="driver-extended" errors={e["driver.extended_daily_driving"]} />
        </div>
        <div className={styles.pair}>
          <Field id="driver-today" label={t("drivenToday")} hint={t("drivenTodayHint", { range: fmtRange(format, 0, dayLimit) })} errors={e["driver.driven_today_min"]}>
            <input id="driver-today" type="number" inputMode="numeric" min={0} max={dayLimit} step={15} placeholder="0" value={f.drivenTodayMin} onChange={(ev) => set("drivenTodayMin", ev.target.value)} {...aria("driver-today", e["driver.driven_today_min"], "driver-today-hint")} />
          </Field>
          <Field id="driver-since-break" label={t("sinceBreak")} hint={t("sinceBreakHint", { range: fmtRange(format, 0, MAX_DRIVING_BEFORE_BREAK_MIN) })} errors={e["driver.driven_since_break_min"]}>
            <input id="driver-since-break" type="number" inputMode="numeric" min={0} max={MAX_DRIVING_BEFORE_BREAK_MIN} step={15} placeholder="0" value={f.drivenSinceBreakMin} onChange={(ev) => set("drivenSinceBreakMin", ev.target.value)} {...aria("driver-since-break", e["driver.driven_since_break_min"], "driver-since-break-hint")} />
          </Field>
        </div>
        <div className={styles.pair}>
          <Field id="driver-since-rest" label={t("sinceRest")} hint={t("sinceRestHint", { range: fmtRange(format, 0, MAX_DUTY_SPAN_MIN) })} errors={e["driver.since_daily_rest_min"]}>
            <input id="driver-since-rest" type="number" inputMode="numeric" min={0} max={MAX_DUTY_SPAN_MIN} step={15} placeholder="0" value={f.sinceDailyRestMin} onChange={(ev) => set("sinceDailyRestMin", ev.target.value)} {...aria("driver-since-rest", e["driver.since_daily_rest_min"], "driver-since-rest-hint")} />
          </Field>
          <Field id="driver-reduced" label={t("reduced")} hint={t("reducedHint", { range: fmtRange(format, 0, 3) })} errors={e["driver.reduced_daily_rests_left"]}>
            <input id="driver-reduced" type="number" inputMode="numeric" min={0} max={3} step={1} placeholder="0" value={f.reducedRestsLeft} onChange={(ev) => set("reducedRestsLeft", ev.target.value)} {...aria("driver-reduced", e["driver.reduced_daily_rests_left"], "driver-reduced-hint")} />
          </Field>
        </div>
        <Field id="driver-earliest-rest" label={t("earliestRest")} hint={t("earliestRestHint", { range: fmtRange(format, 0, dayLimit) })} errors={e["driver.earliest_daily_rest_after_driving_min"]}>
          <input id="driver-earliest-rest" type="number" inputMode="numeric" min={0} max={dayLimit} step={30} placeholder="0" value={f.earliestRestAfterMin} onChange={(ev) => set("earliestRestAfterMin", ev.target.value)} {...aria("driver-earliest-rest", e["driver.earliest_daily_rest_after_driving_min"], "driver-earliest-rest-hint")} />
        </Field>
        <FieldError id="driver" errors={e.driver} />
      </fieldset>
    </details>
  );
}
