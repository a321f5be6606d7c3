"use client";
// The driver's hours at departure (request `driver`, EU 561/2006). Folded by
// default: all empty means a rested driver on a 9 h day, the API's default.
import { DAILY_DRIVING_MIN, EXTENDED_DAILY_DRIVING_MIN, MAX_DRIVING_BEFORE_BREAK_MIN, MAX_DUTY_SPAN_MIN } from "@/contract/request";
import { aria, hasAny } from "../errors";
import styles from "../planner.module.css";
import { Field, FieldError } from "@/components/form/Field";
import type { FoldedSectionProps, FormState } from "./state";

type Props = FoldedSectionProps;

function summary(f: FormState): string {
  const parts: string[] = [f.extendedDriving ? "10 h day" : "9 h day"];
  if (f.drivenTodayMin.trim()) parts.push(`${f.drivenTodayMin} min driven`);
  if (f.drivenSinceBreakMin.trim()) parts.push(`${f.drivenSinceBreakMin} min since break`);
  if (f.sinceDailyRestMin.trim()) parts.push(`${f.sinceDailyRestMin} min since rest`);
  if (f.reducedRestsLeft.trim() && f.reducedRestsLeft.trim() !== "0") parts.push(`${f.reducedRestsLeft} reduced rests left`);
  if (f.earliestRestAfterMin.trim() && f.earliestRestAfterMin.trim() !== "0") parts.push(`rest after ${f.earliestRestAfterMin} min at the earliest`);
  return parts.length > 1 || f.extendedDriving ? parts.join(" · ") : "Rested driver";
}

export function DriverFields({ f, set, errors: e, open, setOpen }: Props) {
  const shown = open || hasAny(e, "driver");
  const dayLimit = f.extendedDriving ? EXTENDED_DAILY_DRIVING_MIN : DAILY_DRIVING_MIN;
  return (
    <details className={styles.group} open={shown} onToggle={(ev) => setOpen(ev.currentTarget.open)}>
      <summary>
        <h2>Driver&apos;s hours</h2>
        <span className={styles.summaryHint}>{summary(f)}</span>
      </summary>
      <fieldset className={styles.subFieldset}>
        <legend className={styles.srOnly}>The driver&apos;s hours at departure</legend>
        <div className={styles.field}>
          <label htmlFor="driver-extended" className={styles.check}>
            <input id="driver-extended" type="checkbox" checked={f.extendedDriving} onChange={(ev) => set("extendedDriving", ev.target.checked)} aria-describedby="driver-extended-hint" />
            Extended daily driving (10 h)
          </label>
          <p id="driver-extended-hint" className={styles.hint}>
            Allowed on two days a week; applies to every day of this tour.
          </p>
          <FieldError id="driver-extended" errors={e["driver.extended_daily_driving"]} />
        </div>
        <div className={styles.pair}>
          <Field id="driver-today" label="Driven today (min)" hint={`0 – ${dayLimit}; since the last daily rest`} errors={e["driver.driven_today_min"]}>
            <input id="driver-today" type="number" inputMode="numeric" min={0} max={dayLimit} step={15} placeholder="0" value={f.drivenTodayMin} onChange={(ev) => set("drivenTodayMin", ev.target.value)} {...aria("driver-today", e["driver.driven_today_min"], "driver-today-hint")} />
          </Field>
          <Field id="driver-since-break" label="Driven since break (min)" hint={`0 – ${MAX_DRIVING_BEFORE_BREAK_MIN}; not more than today`} errors={e["driver.driven_since_break_min"]}>
            <input id="driver-since-break" type="number" inputMode="numeric" min={0} max={MAX_DRIVING_BEFORE_BREAK_MIN} step={15} placeholder="0" value={f.drivenSinceBreakMin} onChange={(ev) => set("drivenSinceBreakMin", ev.target.value)} {...aria("driver-since-break", e["driver.driven_since_break_min"], "driver-since-break-hint")} />
          </Field>
        </div>
        <div className={styles.pair}>
          <Field id="driver-since-rest" label="Since daily rest (min)" hint={`0 – ${MAX_DUTY_SPAN_MIN}; all duty since the last daily rest ended; default: driven today`} errors={e["driver.since_daily_rest_min"]}>
            <input id="driver-since-rest" type="number" inputMode="numeric" min={0} max={MAX_DUTY_SPAN_MIN} step={15} placeholder="0" value={f.sinceDailyRestMin} onChange={(ev) => set("sinceDailyRestMin", ev.target.value)} {...aria("driver-since-rest", e["driver.since_daily_rest_min"], "driver-since-rest-hint")} />
          </Field>
          <Field id="driver-reduced" label="Reduced rests left" hint="0 – 3 before the next weekly rest; one lets the tour's last day span 15 h" errors={e["driver.reduced_daily_rests_left"]}>
            <input id="driver-reduced" type="number" inputMode="numeric" min={0} max={3} step={1} placeholder="0" value={f.reducedRestsLeft} onChange={(ev) => set("reducedRestsLeft", ev.target.value)} {...aria("driver-reduced", e["driver.reduced_daily_rests_left"], "driver-reduced-hint")} />
          </Field>
        </div>
        <Field id="driver-earliest-rest" label="Daily rest not before (min of driving)" hint={`0 – ${dayLimit}; the driver's preference: no daily rest by choice before this much driving in the day`} errors={e["driver.earliest_daily_rest_after_driving_min"]}>
          <input id="driver-earliest-rest" type="number" inputMode="numeric" min={0} max={dayLimit} step={30} placeholder="0" value={f.earliestRestAfterMin} onChange={(ev) => set("earliestRestAfterMin", ev.target.value)} {...aria("driver-earliest-rest", e["driver.earliest_daily_rest_after_driving_min"], "driver-earliest-rest-hint")} />
        </Field>
        <FieldError id="driver" errors={e.driver} />
      </fieldset>
    </details>
  );
}
