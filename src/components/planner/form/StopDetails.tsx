"use client";
// What the section ending at a route point carries: its payload, the service
// time at the point and the arrival time window. Folded away behind a button
// (most tours need none of it) with a one-line summary; open while it holds
// an error so the message and its field can be seen and focused.
import { useTranslations } from "next-intl";
import { useAppFormatter } from "@/i18n/format";
import { useState } from "react";
import { aria, type FieldErrors } from "../errors";
import styles from "../planner.module.css";
import own from "./form.module.css";
import { Field, FieldError } from "@/components/form/Field";
import { fmtKg, fmtRange, fmtTyped, type Formatter } from "./numbers";
import type { StopState } from "./state";

interface Props {
  /** The point's key: ids of the fields. */
  pointKey: string;
  /** The point's name in a sentence: "stop 1", "destination" (German: "Stopp 1", "Ziel"). */
  pointName: string;
  /** Index of the section that ends at this point. */
  section: number;
  stop: StopState;
  onChange: (patch: Partial<StopState>) => void;
  errors: FieldErrors;
  /** The form's payload, used when this leg sets none. */
  formPayload: string;
  /** "Europe/Berlin (UTC+02:00)": the zone the window is read in. */
  zoneText: string;
}

export type StopDetailsTranslator = ReturnType<typeof useTranslations<"stopDetails">>;

/** A typed payload in kg, formatted; not a number: as typed. */
const kgText = (format: Formatter, s: string) => (Number.isFinite(Number(s)) ? fmtKg(format, Number(s)) : s);
/** The window's wall times as typed, "2026-06-02 09:00" in every language (ISO 8601 order, as the departure's hint shows). */
const fmtWhen = (s: string) => s.replace("T", " ");

/** "8,000 kg · 30 min service · arrive 2026-06-02 09:00 – 2026-06-02 12:00", what is set for the stop. */
export function stopSummary(s: StopState, t: StopDetailsTranslator, format: Formatter): string {
  const parts: string[] = [];
  if (s.payload.trim()) parts.push(kgText(format, s.payload.trim()));
  if (s.serviceMin.trim()) parts.push(t("summaryService", { minutes: fmtTyped(format, s.serviceMin) }));
  if (s.earliest || s.latest) parts.push(t("summaryArrive", { earliest: fmtWhen(s.earliest) || "…", latest: fmtWhen(s.latest) || "…" }));
  return parts.join(" · ");
}

export function StopDetails({ pointKey: k, pointName, section, stop, onChange, errors, formPayload, zoneText }: Props) {
  const t = useTranslations("stopDetails");
  const format = useAppFormatter();
  const [open, setOpen] = useState(false);
  const e = (f: string) => errors[`section.${section}.${f}`];
  const payloadErr = e("payload_kg");
  const serviceErr = e("service_time_min");
  const windowErr = e("opening_time");
  const invalid = !!(payloadErr || serviceErr || windowErr);
  const shown = open || invalid;
  const text = stopSummary(stop, t, format);
  const panelId = `${k}-details`;
  const windowHint = `${k}-window-hint`;

  return (
    <div className={own.stopDetails}>
      <div className={own.stopDetailsHead}>
        <button
          type="button"
          className={own.disclosure}
          aria-expanded={shown}
          aria-controls={panelId}
          aria-label={t("toggleLabel", { point: pointName })}
          onClick={() => setOpen(!shown)}
        >
          {t("toggle")}
        </button>
        {!shown && text ? <span className={own.summary}>{text}</span> : null}
      </div>
      <div id={panelId} hidden={!shown} className={own.stopDetailsBody}>
        <div className={styles.pair}>
          <Field id={`${k}-payload`} label={t("payload")} hint={formPayload.trim() ? t("payloadHintTour", { payload: kgText(format, formPayload.trim()) }) : t("payloadHintNone")} errors={payloadErr}>
            <input
              id={`${k}-payload`}
              type="number"
              inputMode="numeric"
              min={0}
              step={100}
              value={stop.payload}
              onChange={(ev) => onChange({ payload: ev.target.value })}
              {...aria(`${k}-payload`, payloadErr, `${k}-payload-hint`)}
            />
          </Field>
          <Field id={`${k}-service`} label={t("service")} hint={fmtRange(format, 0, 1440)} errors={serviceErr}>
            <input
              id={`${k}-service`}
              type="number"
              inputMode="numeric"
              min={0}
              max={1440}
              step={5}
              value={stop.serviceMin}
              onChange={(ev) => onChange({ serviceMin: ev.target.value })}
              {...aria(`${k}-service`, serviceErr, `${k}-service-hint`)}
            />
          </Field>
        </div>
        <fieldset className={styles.subFieldset}>
          <legend>{t("windowLegend")}</legend>
          <div className={own.window}>
            <Field id={`${k}-earliest`} label={t("earliest")} errors={undefined}>
              <input
                id={`${k}-earliest`}
                type="datetime-local"
                value={stop.earliest}
                onChange={(ev) => onChange({ earliest: ev.target.value })}
                {...aria(`${k}-window`, windowErr, windowHint)}
              />
            </Field>
            <Field id={`${k}-latest`} label={t("latest")} errors={undefined}>
              <input
                id={`${k}-latest`}
                type="datetime-local"
                value={stop.latest}
                onChange={(ev) => onChange({ latest: ev.target.value })}
                {...aria(`${k}-window`, windowErr, windowHint)}
              />
            </Field>
          </div>
          <p id={windowHint} className={styles.hint}>
            {t("windowHint", { zoneText })}
          </p>
          <FieldError id={`${k}-window`} errors={windowErr} />
        </fieldset>
      </div>
    </div>
  );
}
