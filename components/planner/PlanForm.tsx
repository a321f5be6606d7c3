"use client";
// The planning form: route points, vehicle and load, charger filters. Builds
// the POST /planner/v2 body and submits it through planner.submit; validation
// messages from the server are shown next to the fields they concern.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import type { RouteOptimizationRequestInput } from "@/contract/request";
import { useTRPC } from "@/components/trpc";
import { toFieldErrors, validationDetails, type FieldErrors } from "./errors";
import { OperatorPicker } from "./OperatorPicker";
import { PlaceField, type Place } from "./PlaceField";
import styles from "./planner.module.css";

export interface Waypoint {
  key: string;
  text: string;
  place: Place | null;
}

export interface SubmittedRun {
  jobId: string;
  optimizationId: number;
  warnings: string[];
  submittedAt: number;
  /** "Hamburg, DE → München, DE" */
  title: string;
  vehicle: string;
}

interface FormState {
  vehicleId: string;
  payload: string;
  batteryStart: string;
  batteryEnd: string;
  departure: string;
  corridor: string;
  minChargeMin: string;
  minKW: string;
  maxKW: string;
  cpo: string[];
  connectorType: ("CCS" | "MCS")[];
  connectorPos: "" | "LEFT" | "RIGHT";
  truckApproved: "" | "T" | "TT";
  bookable: boolean;
}

const INITIAL: FormState = {
  vehicleId: "",
  payload: "",
  batteryStart: "0.8",
  batteryEnd: "0.2",
  departure: "",
  corridor: "",
  minChargeMin: "",
  minKW: "",
  maxKW: "",
  cpo: [],
  connectorType: [],
  connectorPos: "",
  truckApproved: "",
  bookable: false,
};

const MAX_STOPS = 8;

/** Empty text: absent; anything else as a number (NaN is sent as text so the server names the problem). */
function num(s: string): number | string | undefined {
  const t = s.trim();
  if (t === "") return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}

function Field({ id, label, hint, errors, children, className }: { id: string; label: ReactNode; hint?: ReactNode; errors?: string[]; children: ReactNode; className?: string }) {
  return (
    <div className={`${styles.field} ${className ?? ""}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !errors?.length ? <p className={styles.hint}>{hint}</p> : null}
      {errors?.length ? (
        <p id={`${id}-error`} className={styles.error}>
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/** Props for an input that may carry errors. */
function aria(id: string, errors?: string[]) {
  return errors?.length ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

interface Props {
  waypoints: Waypoint[];
  setWaypoints: (f: (w: Waypoint[]) => Waypoint[]) => void;
  picking: number | null;
  setPicking: (i: number | null) => void;
  busy: boolean;
  onSubmitted: (run: SubmittedRun) => void;
}

let keySeq = 0;
export const newWaypoint = (): Waypoint => ({ key: `wp-${++keySeq}`, text: "", place: null });

export function PlanForm({ waypoints, setWaypoints, picking, setPicking, busy, onSubmitted }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const fleet = useQuery({ ...trpc.fleet.list.queryOptions(), staleTime: 5 * 60_000 });
  const [f, setF] = useState<FormState>(INITIAL);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [resolving, setResolving] = useState(false);
  const submit = useMutation(trpc.planner.submit.mutationOptions());
  const [optionsOpen, setOptionsOpen] = useState(false);
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setF((s) => ({ ...s, [k]: v }));

  useEffect(() => {
    if (!f.vehicleId && fleet.data?.length) setF((s) => ({ ...s, vehicleId: s.vehicleId || fleet.data[0].vehicle_id }));
  }, [fleet.data, f.vehicleId]);

  // Errors on charging options must be visible: open the section.
  useEffect(() => {
    if (hasAny(errors, "poi.", "corridor", "min_charge_duration_min")) setOptionsOpen(true);
  }, [errors]);

  const updateWaypoint = (i: number, patch: Partial<Waypoint>) => setWaypoints((ws) => ws.map((w, k) => (k === i ? { ...w, ...patch } : w)));
  const roleLabel = (i: number) => (i === 0 ? "Start" : i === waypoints.length - 1 ? "Destination" : `Stop ${i}`);

  async function resolvePlaces(): Promise<{ points: Place[] | null; errs: FieldErrors }> {
    const errs: FieldErrors = {};
    const points: Place[] = [];
    for (let i = 0; i < waypoints.length; i++) {
      const w = waypoints[i];
      if (w.place) {
        points.push(w.place);
        continue;
      }
      const text = w.text.trim();
      if (!text) {
        errs[`waypoint.${i}`] = [`Choose the ${roleLabel(i).toLowerCase()}: type a place or set it on the map.`];
        continue;
      }
      const hit = await queryClient.fetchQuery(trpc.places.geocode.queryOptions({ address: text })).catch(() => null);
      if (!hit) {
        errs[`waypoint.${i}`] = [`No place found for “${text}”.`];
        continue;
      }
      const place = { lat: hit.latitude, lon: hit.longitude, label: hit.label, kind: hit.kind };
      updateWaypoint(i, { place, text: hit.label });
      points.push(place);
    }
    return { points: Object.keys(errs).length ? null : points, errs };
  }

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    setPicking(null);
    setErrors({});
    setResolving(true);
    const { points, errs } = await resolvePlaces().finally(() => setResolving(false));
    if (!f.vehicleId) errs.vehicle_id = ["Choose a vehicle."];
    if (!points || Object.keys(errs).length) {
      setErrors(errs);
      focusFirstError();
      return;
    }
    const payload = num(f.payload);
    const poi_info: Record<string, unknown> = {};
    if (num(f.minKW) !== undefined) poi_info.min_kW = num(f.minKW);
    if (num(f.maxKW) !== undefined) poi_info.max_kW = num(f.maxKW);
    if (f.cpo.length) poi_info.cpo = f.cpo;
    if (f.connectorType.length) poi_info.connector_type = f.connectorType;
    if (f.connectorPos) poi_info.connector_pos = f.connectorPos;
    if (f.truckApproved) poi_info.truck_approved = f.truckApproved;
    if (f.bookable) poi_info.bookable = true;
    const body = {
      vehicle_id: f.vehicleId,
      battery_level_start: num(f.batteryStart),
      battery_level_end: num(f.batteryEnd),
      section_list: points.slice(1).map((p, i) => ({
        start_pos: [points[i].lat, points[i].lon],
        stop_pos: [p.lat, p.lon],
        payload_kg: payload,
      })),
      poi_info,
      ...(f.departure ? { start_time_tour: new Date(f.departure).toISOString() } : {}),
    } as unknown as RouteOptimizationRequestInput;
    const query: Record<string, string> = {};
    if (f.corridor.trim()) query.corridor = f.corridor.trim();
    if (f.minChargeMin.trim()) query.min_charge_duration_min = f.minChargeMin.trim();

    submit.mutate(
      { query, body },
      {
        onSuccess: (r) => {
          if (r.job_id == null || r.optimization_id == null) {
            setErrors({ _form: ["The server accepted the tour but returned no job to follow."] });
            return;
          }
          const vehicle = fleet.data?.find((v) => v.vehicle_id === f.vehicleId)?.name ?? f.vehicleId;
          const title = points.length > 2 ? `${points[0].label} → ${points.length - 2} stop${points.length > 3 ? "s" : ""} → ${points[points.length - 1].label}` : `${points[0].label} → ${points[points.length - 1].label}`;
          onSubmitted({ jobId: r.job_id, optimizationId: r.optimization_id, warnings: r.warnings ?? [], submittedAt: Date.now(), title, vehicle });
        },
        onError: (err) => {
          const details = validationDetails(err);
          setErrors(details?.length ? toFieldErrors(details) : { _form: [err.message || "The plan could not be submitted."] });
          focusFirstError();
        },
      },
    );
  }

  function focusFirstError() {
    requestAnimationFrame(() => {
      const el = document.querySelector<HTMLElement>("[data-plan-form] [aria-invalid='true']") ?? document.getElementById("form-errors");
      el?.focus();
    });
  }

  const e = errors;
  const pending = resolving || submit.isPending;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-plan-form aria-label="Plan a tour">
      <section className={styles.group} aria-labelledby="route-heading">
        <h2 id="route-heading">Route</h2>
        {waypoints.map((w, i) => {
          const role = i === 0 ? "start" : i === waypoints.length - 1 ? "destination" : "via";
          return (
            <PlaceField
              key={w.key}
              id={role === "via" ? `stop-${w.key}` : role}
              label={roleLabel(i)}
              marker={role}
              text={w.text}
              place={w.place}
              onText={(text) => updateWaypoint(i, { text, place: null })}
              onPlace={(place) => updateWaypoint(i, { place, text: place.label })}
              picking={picking === i}
              onTogglePick={() => setPicking(picking === i ? null : i)}
              errors={e[`waypoint.${i}`]}
              onRemove={role === "via" ? () => {
                setPicking(null);
                setWaypoints((ws) => ws.filter((_, k) => k !== i));
              } : undefined}
            />
          );
        })}
        <div className={styles.rowButtons}>
          <button
            type="button"
            className={styles.linkButton}
            disabled={waypoints.length >= MAX_STOPS + 2}
            onClick={() => {
              setPicking(null);
              setWaypoints((ws) => [...ws.slice(0, -1), newWaypoint(), ws[ws.length - 1]]);
            }}
          >
            + Add intermediate stop
          </button>
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => {
              setPicking(null);
              setWaypoints((ws) => [...ws].reverse());
            }}
          >
            ⇅ Swap direction
          </button>
        </div>
      </section>

      <section className={styles.group} aria-labelledby="vehicle-heading">
        <h2 id="vehicle-heading">Vehicle and load</h2>
        <Field id="vehicle" label="Vehicle" hint={f.vehicleId ? `Vehicle ID ${f.vehicleId}` : undefined} errors={e.vehicle_id}>
          <select id="vehicle" value={f.vehicleId} onChange={(ev) => set("vehicleId", ev.target.value)} disabled={fleet.isPending} {...aria("vehicle", e.vehicle_id)}>
            {fleet.isPending ? <option value="">Loading fleet…</option> : null}
            {fleet.data?.length === 0 ? <option value="">No vehicles in this fleet</option> : null}
            {fleet.data?.map((v) => (
              <option key={v.vehicle_id} value={v.vehicle_id}>
                {v.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="payload" label="Payload (kg)" hint="0 – 40 000 kg, on every section" errors={e.payload_kg}>
          <input id="payload" type="number" inputMode="numeric" min={0} max={40000} step={100} placeholder="e.g. 20000" value={f.payload} onChange={(ev) => set("payload", ev.target.value)} {...aria("payload", e.payload_kg)} />
        </Field>
        <div className={styles.pair}>
          <Field id="battery-start" label="Battery at start" hint="0.1 – 1 (share of capacity)" errors={e.battery_level_start}>
            <input id="battery-start" type="number" inputMode="decimal" min={0.1} max={1} step={0.05} value={f.batteryStart} onChange={(ev) => set("batteryStart", ev.target.value)} {...aria("battery-start", e.battery_level_start)} />
          </Field>
          <Field id="battery-end" label="Battery at end" hint="0.1 – 0.8, at least" errors={e.battery_level_end}>
            <input id="battery-end" type="number" inputMode="decimal" min={0.1} max={0.8} step={0.05} value={f.batteryEnd} onChange={(ev) => set("batteryEnd", ev.target.value)} {...aria("battery-end", e.battery_level_end)} />
          </Field>
        </div>
        <Field id="departure" label="Departure" hint="Your local time; empty: now" errors={e.start_time_tour}>
          <input id="departure" type="datetime-local" value={f.departure} onChange={(ev) => set("departure", ev.target.value)} {...aria("departure", e.start_time_tour)} />
        </Field>
      </section>

      <details className={styles.group} open={optionsOpen} onToggle={(ev) => setOptionsOpen(ev.currentTarget.open)}>
        <summary>
          <h2>Charging options</h2>
          <span className={styles.summaryHint}>{filterSummary(f)}</span>
        </summary>
        <div className={styles.pair}>
          <Field id="min-kw" label="Min. power (kW)" errors={e["poi.min_kW"]}>
            <input id="min-kw" type="number" inputMode="numeric" min={0} step={50} placeholder="any" value={f.minKW} onChange={(ev) => set("minKW", ev.target.value)} {...aria("min-kw", e["poi.min_kW"])} />
          </Field>
          <Field id="max-kw" label="Max. power (kW)" errors={e["poi.max_kW"]}>
            <input id="max-kw" type="number" inputMode="numeric" min={0} step={50} placeholder="any" value={f.maxKW} onChange={(ev) => set("maxKW", ev.target.value)} {...aria("max-kw", e["poi.max_kW"])} />
          </Field>
        </div>
        <OperatorPicker value={f.cpo} onChange={(v) => set("cpo", v)} errors={e["poi.cpo"]} />
        <fieldset className={styles.subFieldset}>
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
          {e["poi.connector_type"]?.length ? <p className={styles.error}>{e["poi.connector_type"].join(" ")}</p> : null}
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
            <input id="bookable" type="checkbox" checked={f.bookable} onChange={(ev) => set("bookable", ev.target.checked)} />
            Bookable stations only
          </label>
          {e["poi.bookable"]?.length ? <p className={styles.error}>{e["poi.bookable"].join(" ")}</p> : null}
        </div>
        <div className={styles.pair}>
          <Field id="corridor" label="Search corridor (m)" hint="1 000 – 20 000; default 8 000" errors={e.corridor}>
            <input id="corridor" type="number" inputMode="numeric" min={1000} max={20000} step={500} placeholder="8000" value={f.corridor} onChange={(ev) => set("corridor", ev.target.value)} {...aria("corridor", e.corridor)} />
          </Field>
          <Field id="min-charge" label="Min. charge time (min)" hint="0 – 100; default 0" errors={e.min_charge_duration_min}>
            <input id="min-charge" type="number" inputMode="numeric" min={0} max={100} step={5} placeholder="0" value={f.minChargeMin} onChange={(ev) => set("minChargeMin", ev.target.value)} {...aria("min-charge", e.min_charge_duration_min)} />
          </Field>
        </div>
      </details>

      <div className={styles.submitBar}>
        {e._form?.length ? (
          <div id="form-errors" className={styles.formError} role="alert" tabIndex={-1}>
            {e._form.map((m) => (
              <p key={m}>{m}</p>
            ))}
          </div>
        ) : null}
        {Object.keys(e).some((k) => k !== "_form") && !e._form?.length ? (
          <p className={styles.formError} role="alert">
            Please check the highlighted fields.
          </p>
        ) : null}
        <button type="submit" className={styles.primary} disabled={pending || busy}>
          {pending ? "Submitting…" : busy ? "Planning…" : "Plan route"}
        </button>
      </div>
    </form>
  );
}

function hasAny(e: FieldErrors, ...prefixes: string[]): boolean {
  return Object.keys(e).some((k) => prefixes.some((p) => k === p || k.startsWith(p)));
}

function filterSummary(f: FormState): string {
  const parts: string[] = [];
  if (f.minKW || f.maxKW) parts.push(`${f.minKW || "0"}–${f.maxKW || "∞"} kW`);
  if (f.cpo.length) parts.push(`${f.cpo.length} operator${f.cpo.length > 1 ? "s" : ""}`);
  if (f.connectorType.length) parts.push(f.connectorType.join("/"));
  if (f.truckApproved) parts.push(f.truckApproved);
  if (f.bookable) parts.push("bookable");
  if (f.corridor) parts.push(`${f.corridor} m corridor`);
  return parts.length ? parts.join(" · ") : "Any charger";
}
