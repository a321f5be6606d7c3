"use client";
// What the section ending at a route point carries: its payload, the service
// time at the point and the arrival time window. Folded away behind a button
// (most tours need none of it) with a one-line summary; open while it holds
// an error so the message and its field can be seen and focused.
import { useState } from "react";
import { aria, type FieldErrors } from "../errors";
import styles from "../planner.module.css";
import own from "./form.module.css";
import { Field, FieldError } from "@/components/form/Field";
import type { StopState } from "./state";

interface Props {
  /** The point's key: ids of the fields. */
  pointKey: string;
  /** "Stop 1", "Destination". */
  label: string;
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

const fmtKg = (s: string) => `${Number(s).toLocaleString("en-GB")} kg`;
const fmtWhen = (s: string) => s.replace("T", " ");

function summary(s: StopState): string {
  const parts: string[] = [];
  if (s.payload.trim()) parts.push(fmtKg(s.payload));
  if (s.serviceMin.trim()) parts.push(`${s.serviceMin} min service`);
  if (s.earliest || s.latest) parts.push(`arrive ${fmtWhen(s.earliest) || "…"} – ${fmtWhen(s.latest) || "…"}`);
  return parts.join(" · ");
}

export function StopDetails({ pointKey: k, label, section, stop, onChange, errors, formPayload, zoneText }: Props) {
  const [open, setOpen] = useState(false);
  const e = (f: string) => errors[`section.${section}.${f}`];
  const payloadErr = e("payload_kg");
  const serviceErr = e("service_time_min");
  const windowErr = e("opening_time");
  const invalid = !!(payloadErr || serviceErr || windowErr);
  const shown = open || invalid;
  const text = summary(stop);
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
          aria-label={`Load and times at ${label.toLowerCase()}`}
          onClick={() => setOpen(!shown)}
        >
          Load and times
        </button>
        {!shown && text ? <span className={own.summary}>{text}</span> : null}
      </div>
      <div id={panelId} hidden={!shown} className={own.stopDetailsBody}>
        <div className={styles.pair}>
          <Field id={`${k}-payload`} label="Other payload on the way here (kg)" hint={formPayload.trim() ? `Empty: the tour's ${fmtKg(formPayload)}` : "Empty: the tour's payload"} errors={payloadErr}>
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
          <Field id={`${k}-service`} label="Service time here (min)" hint="0 – 1 440" errors={serviceErr}>
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
          <legend>Arrival time window</legend>
          <div className={own.window}>
            <Field id={`${k}-earliest`} label="Earliest" errors={undefined}>
              <input
                id={`${k}-earliest`}
                type="datetime-local"
                value={stop.earliest}
                onChange={(ev) => onChange({ earliest: ev.target.value })}
                {...aria(`${k}-window`, windowErr, windowHint)}
              />
            </Field>
            <Field id={`${k}-latest`} label="Latest" errors={undefined}>
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
            Both or neither; {zoneText}. Arriving early waits.
          </p>
          <FieldError id={`${k}-window`} errors={windowErr} />
        </fieldset>
      </div>
    </div>
  );
}
