"use client";
// Add or edit a fleet vehicle in a dialog: id (fixed once created), name, the
// catalog model and optional overrides of its figures. An empty figure uses the
// model's; the server checks everything and its 422 messages land on the fields.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import type { FleetVehicle, VehicleOverrides } from "@/contract/fleet";
import { useTRPC } from "@/components/trpc";
import { useAppFormatter } from "@/i18n/format";
import { Dialog } from "./Dialog";
import { ariaFor, errorsOf, fleetFieldOf, type FieldErrors } from "./errors";
import { Field } from "@/components/form/Field";
import { FormErrors, useFocusOnErrors } from "@/components/form/FormErrors";
import { figureLabel, FIGURES, formatFigure, MAIN_FIGURES, PHYSICS_FIGURES, rangeText, type Figure, type ModelInfo } from "./figures";
import styles from "./manage.module.css";
import planner from "@/components/planner/planner.module.css";

type Inlet = "maxCcsKW" | "maxMcsKW";

interface State {
  vehicleId: string;
  name: string;
  modelCode: string;
  values: Partial<Record<Figure, string>>;
  /** Overridden to "no such inlet". */
  none: Record<Inlet, boolean>;
}

function initial(v?: FleetVehicle): State {
  const values: Partial<Record<Figure, string>> = {};
  for (const [k, x] of Object.entries(v?.overrides ?? {})) if (x != null) values[k as Figure] = String(x);
  return {
    vehicleId: v?.vehicle_id ?? "",
    name: v?.name ?? "",
    modelCode: v?.model_code ?? "",
    values,
    none: { maxCcsKW: v?.overrides.maxCcsKW === null, maxMcsKW: v?.overrides.maxMcsKW === null },
  };
}

/** The overrides to send; text the browser let through unparsed goes as is so the server names it. */
function overridesOf(s: State): VehicleOverrides | null {
  const o: Record<string, number | string | null> = {};
  for (const f of [...MAIN_FIGURES, ...PHYSICS_FIGURES]) {
    if (FIGURES[f].inlet && s.none[f as Inlet]) o[f] = null;
    else if (s.values[f]?.trim()) o[f] = Number.isFinite(Number(s.values[f])) ? Number(s.values[f]) : s.values[f]!.trim();
  }
  return Object.keys(o).length ? (o as VehicleOverrides) : null;
}

interface Props {
  vehicle?: FleetVehicle;
  models: ModelInfo[];
  onClose: () => void;
  onSaved: (v: FleetVehicle, message: string) => void;
}

export function VehicleForm({ vehicle, models, onClose, onSaved }: Props) {
  const t = useTranslations("vehicleForm");
  const figures = useTranslations("vehicleFigures");
  const requestErrors = useTranslations("requestErrors");
  const format = useAppFormatter();
  const trpc = useTRPC();
  const [s, setS] = useState<State>(() => initial(vehicle));
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnErrors(formRef, errors, "vehicle-form-errors");
  const queryClient = useQueryClient();
  // Refresh the list here, not in mutate()'s callbacks: these run even if the dialog was closed meanwhile.
  const refresh = { onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.fleet.list.queryKey() }) };
  const create = useMutation(trpc.fleet.create.mutationOptions(refresh));
  const update = useMutation(trpc.fleet.update.mutationOptions(refresh));
  const pending = create.isPending || update.isPending;
  const model = models.find((m) => m.code === s.modelCode);
  // Physics figures are rarely changed: folded away unless some are overridden or wrong.
  const [physicsOpen, setPhysicsOpen] = useState(() => PHYSICS_FIGURES.some((f) => s.values[f]?.trim()));
  const hasOverrides = overridesOf(s) !== null;

  const onError = (err: unknown) => {
    // A taken vehicle_id (409) belongs next to that field too.
    const next = errorsOf(requestErrors, err, fleetFieldOf, { CONFLICT: "vehicle_id" });
    setErrors(next);
    if (PHYSICS_FIGURES.some((f) => next[`overrides.${f}`])) setPhysicsOpen(true);
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    const overrides = overridesOf(s);
    if (vehicle) {
      // PATCH semantics: overrides replace all stored ones; null clears them.
      // model_code only when changed: a model that left the catalog must not block renaming.
      const patch = { name: s.name, ...(s.modelCode !== vehicle.model_code ? { model_code: s.modelCode } : {}), overrides };
      update.mutate({ vehicle_id: vehicle.vehicle_id, patch }, { onSuccess: (v) => onSaved(v, t("saved", { id: v.vehicle_id })), onError });
    } else {
      const input = { vehicle_id: s.vehicleId.trim(), name: s.name, model_code: s.modelCode, ...(overrides ? { overrides } : {}) };
      create.mutate(input, { onSuccess: (v) => onSaved(v, t("added", { id: v.vehicle_id })), onError });
    }
  }

  const figureField = (f: Figure) => {
    const spec = FIGURES[f];
    const id = `figure-${f}`;
    const err = errors[`overrides.${f}`];
    const none = spec.inlet ? s.none[f as Inlet] : false;
    const catalog = model ? t("modelFigure", { value: formatFigure(figures, format, model.figures[f], spec.unit) }) : t("modelFigureIfEmpty");
    const range = rangeText(figures, format, f);
    return (
      <div key={f}>
        <Field id={id} label={figureLabel(figures, f)} hint={range ? `${catalog} · ${range}` : catalog} errors={err}>
          <input
            id={id}
            type="number"
            step="any"
            inputMode="decimal"
            disabled={none}
            placeholder={model ? String(model.figures[f] ?? "") : ""}
            value={none ? "" : (s.values[f] ?? "")}
            onChange={(ev) => setS((x) => ({ ...x, values: { ...x.values, [f]: ev.target.value } }))}
            {...ariaFor(id, err, true)}
          />
        </Field>
        {spec.inlet ? (
          <label className={styles.check} style={{ margin: "-6px 0 12px" }}>
            <input type="checkbox" checked={none} onChange={(ev) => setS((x) => ({ ...x, none: { ...x.none, [f]: ev.target.checked } }))} />
            {t("noInlet", { inlet: spec.inlet })}
          </label>
        ) : null}
      </div>
    );
  };

  const manufacturers = [...new Set(models.map((m) => m.manufacturer))];
  return (
    <Dialog
      open
      title={vehicle ? t("editTitle", { id: vehicle.vehicle_id }) : t("addTitle")}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={styles.button} onClick={onClose}>
            {t("cancel")}
          </button>
          <button type="submit" form="vehicle-form" className={styles.buttonPrimary} disabled={pending}>
            {pending ? t("saving") : vehicle ? t("save") : t("add")}
          </button>
        </>
      }
    >
      <form id="vehicle-form" ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-label={vehicle ? t("editLabel") : t("addTitle")}>
        <FormErrors id="vehicle-form-errors" errors={errors} />
        <div className={styles.row}>
          <Field id="vehicle-id" label={t("vehicleId")} hint={vehicle ? t("vehicleIdFixed") : t("vehicleIdHint")} errors={errors.vehicle_id}>
            <input
              id="vehicle-id"
              type="text"
              autoComplete="off"
              spellCheck={false}
              readOnly={!!vehicle}
              className={vehicle ? styles.fixed : undefined}
              data-autofocus={vehicle ? undefined : true}
              value={s.vehicleId}
              onChange={(ev) => setS((x) => ({ ...x, vehicleId: ev.target.value }))}
              {...ariaFor("vehicle-id", errors.vehicle_id, true)}
            />
          </Field>
          <Field id="vehicle-name" label={t("name")} errors={errors.name}>
            <input
              id="vehicle-name"
              type="text"
              autoComplete="off"
              data-autofocus={vehicle ? true : undefined}
              value={s.name}
              onChange={(ev) => setS((x) => ({ ...x, name: ev.target.value }))}
              {...ariaFor("vehicle-name", errors.name)}
            />
          </Field>
        </div>
        <Field id="vehicle-model" label={t("model")} errors={errors.model_code}>
          <select id="vehicle-model" value={s.modelCode} onChange={(ev) => setS((x) => ({ ...x, modelCode: ev.target.value }))} {...ariaFor("vehicle-model", errors.model_code)}>
            {vehicle && !model ? <option value={s.modelCode}>{t("modelGone", { code: s.modelCode })}</option> : null}
            {!vehicle ? <option value="">{t("chooseModel")}</option> : null}
            {manufacturers.map((mf) => (
              <optgroup key={mf} label={mf}>
                {models.filter((m) => m.manufacturer === mf).map((m) => (
                  <option key={m.code} value={m.code}>
                    {m.manufacturer} {m.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>

        <fieldset className={styles.fieldset} aria-describedby="overrides-hint">
          <legend>{t("overrides")}</legend>
          <p id="overrides-hint" className={planner.hint}>
            {t("overridesHint")}
          </p>
          <p style={{ margin: "0 0 8px", minHeight: 8 }}>
            {hasOverrides ? (
              <button type="button" className={planner.linkButton} onClick={() => setS((x) => ({ ...x, values: {}, none: { maxCcsKW: false, maxMcsKW: false } }))}>
                {t("clearOverrides")}
              </button>
            ) : null}
          </p>
          {errors.overrides ? <p id="overrides-error" className={planner.error} style={{ marginBottom: 10 }}>{errors.overrides.join(" ")}</p> : null}
          <div className={styles.grid}>{MAIN_FIGURES.map(figureField)}</div>
          <details className={styles.more} open={physicsOpen} onToggle={(e) => setPhysicsOpen(e.currentTarget.open)}>
            <summary>{t("physics")}</summary>
            <div className={styles.grid}>{PHYSICS_FIGURES.map(figureField)}</div>
          </details>
        </fieldset>
      </form>
    </Dialog>
  );
}
