"use client";
// The planning form: route points with what each section carries, vehicle and
// load, departure, charger filters and the driver's hours. Builds the POST
// /planner/v2 request, checks it against the API's zod contract before
// sending (form/request.ts), and submits it through planner.submit; messages
// from either check are shown next to the fields they concern.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useTRPC } from "@/components/trpc";
import { toFieldErrors, validationDetails, type FieldErrors } from "./errors";
import { ChargingOptions, hasChargingOptions } from "./form/ChargingOptions";
import { DriverFields } from "./form/DriverFields";
import { buildSubmission, checkSubmission, renameFor, zoneOf } from "./form/request";
import { RouteFields } from "./form/RouteFields";
import { INITIAL, roleInText, stopOf, type FormState, type SubmittedRun, type Waypoint } from "./form/state";
import { SubmitBar } from "./form/SubmitBar";
import { VehicleFields } from "./form/VehicleFields";
import { parseLatLon, type Place } from "./PlaceField";
import field from "@/components/form/field.module.css";
import own from "./form/form.module.css";
import styles from "./planner.module.css";

// Other modules take these from here.
export { newWaypoint } from "./form/state";
export type { FormState, SubmittedRun, Waypoint } from "./form/state";

/** The form's field -> the error key(s) it clears when changed. */
const ERROR_KEYS: Partial<Record<keyof FormState, string[]>> = {
  vehicleId: ["vehicle_id", "payload_kg", "section."],
  payload: ["payload_kg"],
  batteryStart: ["battery_level_start"],
  batteryEnd: ["battery_level_end"],
  departure: ["start_time_tour"],
  timeZone: ["start_time_tour", "section."],
  serviceDepartureMin: ["service_time_departure_min"],
  corridor: ["corridor"],
  minChargeMin: ["min_charge_duration_min"],
  minKW: ["poi.min_kW", "poi.max_kW"],
  maxKW: ["poi.min_kW", "poi.max_kW"],
  cpo: ["poi.cpo"],
  connectorType: ["poi.connector_type"],
  connectorPos: ["poi.connector_pos"],
  truckApproved: ["poi.truck_approved"],
  bookable: ["poi.bookable"],
  extendedDriving: ["driver"],
  drivenSinceBreakMin: ["driver"],
  drivenTodayMin: ["driver"],
  sinceDailyRestMin: ["driver"],
  reducedRestsLeft: ["driver"],
  earliestRestAfterMin: ["driver"],
  valueOfTime: ["value_of_time_eur_per_h"],
  objective: ["objective"],
  costOptions: ["cost_options"],
  drivingBans: ["driving_bans"],
  ambientTemperature: ["ambient_temperature_c"],
};

interface Props {
  waypoints: Waypoint[];
  setWaypoints: (f: (w: Waypoint[]) => Waypoint[]) => void;
  picking: number | null;
  setPicking: (i: number | null) => void;
  busy: boolean;
  onSubmitted: (run: SubmittedRun) => void;
  /** Values of a stored plan to start from ("re-plan with changes"); each new object replaces the form's values. */
  prefill?: Partial<FormState> | null;
}

export function PlanForm({ waypoints, setWaypoints, picking, setPicking, busy, onSubmitted, prefill }: Props) {
  const trpc = useTRPC();
  const t = useTranslations("planForm");
  const tPoint = useTranslations("routePoint");
  const tRequest = useTranslations("planRequest");
  const queryClient = useQueryClient();
  const fleet = useQuery({ ...trpc.fleet.list.queryOptions(), staleTime: 5 * 60_000 });
  const [f, setF] = useState<FormState>(INITIAL);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusErrors, setFocusErrors] = useState(0);
  const [resolving, setResolving] = useState(false);
  const submit = useMutation(trpc.planner.submit.mutationOptions());
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [driverOpen, setDriverOpen] = useState(false);

  /** Drops the messages of the given keys; a key ending in "." drops every key under it. */
  const clearErrors = (...keys: string[]) =>
    setErrors((e) => {
      const left = Object.fromEntries(Object.entries(e).filter(([k]) => !keys.some((p) => (p.endsWith(".") ? k.startsWith(p) : k === p))));
      return Object.keys(left).length === Object.keys(e).length ? e : left;
    });
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => {
    setF((s) => ({ ...s, [k]: v }));
    clearErrors(...(ERROR_KEYS[k] ?? []));
  };

  useEffect(() => {
    if (!f.vehicleId && fleet.data?.length) setF((s) => ({ ...s, vehicleId: s.vehicleId || fleet.data[0].vehicle_id }));
  }, [fleet.data, f.vehicleId]);

  useEffect(() => {
    if (!prefill) return;
    const next = { ...INITIAL, ...prefill };
    setF(next);
    setErrors({});
    // Carried-over charger filters should be seen, not hidden in the closed section.
    if (hasChargingOptions(next)) setOptionsOpen(true);
    if (next.extendedDriving || next.drivenSinceBreakMin || next.drivenTodayMin) setDriverOpen(true);
  }, [prefill]);

  // After a failed check, focus the first field with a message (it reads its message through aria-describedby).
  useEffect(() => {
    if (!focusErrors) return;
    const el = document.querySelector<HTMLElement>("[data-plan-form] [aria-invalid='true']") ?? document.getElementById("form-errors");
    el?.focus();
  }, [focusErrors]);

  // A point set on the map (click or drag) changes outside the fields: its old message no longer applies.
  const [seenPlaces, setSeenPlaces] = useState(waypoints.map((w) => w.place));
  if (seenPlaces.length !== waypoints.length || waypoints.some((w, i) => w.place !== seenPlaces[i])) {
    const moved = waypoints.flatMap((w, i) => (w.place !== seenPlaces[i] ? [`waypoint.${i}`] : []));
    setSeenPlaces(waypoints.map((w) => w.place));
    if (moved.some((k) => errors[k])) clearErrors(...moved);
  }

  const n = waypoints.length;
  const zone = zoneOf(f);
  const zoneText = t("zoneText", { zone: zone.replaceAll("_", " ") });

  /** Points as coordinates: chosen, typed as "lat, lon", or the gazetteer's best match for the text. */
  async function resolvePlaces(): Promise<{ points: Place[] | null; errs: FieldErrors }> {
    const errs: FieldErrors = {};
    const points: Place[] = [];
    for (let i = 0; i < n; i++) {
      const w = waypoints[i];
      const text = w.text.trim();
      const place = w.place ?? parseLatLon(text);
      if (place) {
        points.push(place);
        continue;
      }
      if (!text) {
        errs[`waypoint.${i}`] = [t("pointMissing", { point: roleInText(i, n, tPoint) })];
        continue;
      }
      const hit = await queryClient.fetchQuery(trpc.places.geocode.queryOptions({ address: text })).catch(() => null);
      if (!hit) {
        errs[`waypoint.${i}`] = [t("placeNotFound", { text })];
        continue;
      }
      const found = { lat: hit.latitude, lon: hit.longitude, label: hit.label, kind: hit.kind };
      setWaypoints((ws) => ws.map((x) => (x.key === w.key ? { ...x, place: found, text: hit.label } : x)));
      points.push(found);
    }
    return { points: Object.keys(errs).length ? null : points, errs };
  }

  function fail(errs: FieldErrors) {
    setErrors(errs);
    setFocusErrors((k) => k + 1);
  }

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    setPicking(null);
    setErrors({});
    setResolving(true);
    const { points, errs } = await resolvePlaces().finally(() => setResolving(false));
    if (!points) return fail(errs);
    const s = buildSubmission(f, points, waypoints.map(stopOf), tRequest, fleet.data?.find((v) => v.vehicle_id === f.vehicleId)?.effective ?? undefined);
    const invalid = checkSubmission(s);
    if (Object.keys(invalid).length) return fail(invalid);

    submit.mutate(
      { query: s.query, body: s.body },
      {
        onSuccess: (r) => {
          if (r.job_id == null || r.optimization_id == null) return fail({ _form: [t("noJob")] });
          const vehicle = fleet.data?.find((v) => v.vehicle_id === f.vehicleId)?.name ?? f.vehicleId;
          const last = points[points.length - 1];
          const via = points.length - 2;
          const title = via ? t("titleVia", { from: points[0].label, count: via, to: last.label }) : `${points[0].label} → ${last.label}`;
          onSubmitted({ jobId: r.job_id, optimizationId: r.optimization_id, warnings: r.warnings ?? [], submittedAt: Date.now(), title, vehicle, submission: { query: s.query, body: s.body } });
        },
        onError: (err) => {
          const details = validationDetails(err);
          // The server's own words (the REST contract's English) as they come; only the app's fallback is translated.
          fail(details?.length ? toFieldErrors(details, renameFor(s)) : { _form: [err.message || t("submitFailed")] });
        },
      },
    );
  }

  const pending = resolving || submit.isPending;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-plan-form aria-label={t("label")}>
      <p className={own.requiredNote}>{t.rich("requiredNote", { req: (mark) => <span className={field.req}>{mark}</span> })}</p>
      <RouteFields
        waypoints={waypoints}
        setWaypoints={setWaypoints}
        picking={picking}
        setPicking={setPicking}
        errors={errors}
        clearErrors={clearErrors}
        formPayload={f.payload}
        zoneText={zoneText}
      />
      <VehicleFields f={f} set={set} errors={errors} fleet={fleet} zone={zone} />
      <ChargingOptions f={f} set={set} errors={errors} open={optionsOpen} setOpen={setOptionsOpen} />
      <DriverFields f={f} set={set} errors={errors} open={driverOpen} setOpen={setDriverOpen} />
      <SubmitBar errors={errors} pending={pending} busy={busy} />
    </form>
  );
}
