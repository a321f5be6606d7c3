"use client";
// The fleet page: the tenant's vehicles with the figures the planner uses, and
// dialogs to add, edit and remove them (tRPC fleet router; same checks as REST).
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { FleetVehicle } from "@/contract/fleet";
import type { VehicleState } from "@/contract/telematics";
import { fmtLatLon, fmtSoc, fmtTime } from "@/components/planner/format";
import { browserZone } from "@/components/planner/form/time";
import { useTRPC } from "@/components/trpc";
import { useAppFormatter } from "@/i18n/format";
import planner from "@/components/planner/planner.module.css";
import { FIGURES, formatFigure, type Figure, type ModelInfo } from "./figures";
import styles from "./manage.module.css";
import { RemoveVehicle } from "./RemoveVehicle";
import { VehicleForm } from "./VehicleForm";

// Each column's heading is its figure's short name (fleet.column.<figure>).
const COLUMNS = ["usableBatteryKWh", "tareKg", "maxGrossKg", "maxCcsKW", "maxMcsKW"] as const satisfies readonly Figure[];

type Open = { kind: "add" } | { kind: "edit"; vehicle: FleetVehicle } | { kind: "remove"; vehicle: FleetVehicle } | null;

export function FleetManager({ models }: { models: ModelInfo[] }) {
  const t = useTranslations("fleet");
  const trpc = useTRPC();
  const fleet = useQuery(trpc.fleet.list.queryOptions());
  // Reported states change on their own (telematics polling): kept fresh while the page is open.
  const states = useQuery({ ...trpc.fleet.states.queryOptions(), refetchInterval: 60_000 });
  const stateOf = new Map((states.data ?? []).map((s) => [s.vehicle_id, s]));
  const [open, setOpen] = useState<Open>(null);
  const [status, setStatus] = useState("");

  const done = (message: string) => {
    setOpen(null);
    setStatus(message);
  };

  return (
    <main className={styles.page}>
      <div className={styles.content}>
        <div className={styles.head}>
          <div>
            <h1>{t("heading")}</h1>
            <p>{t("intro")}</p>
            <p>{t.rich("fleetDay", { link: (text) => <a href="/fleet/day">{text}</a> })}</p>
          </div>
          <button type="button" className={styles.buttonPrimary} onClick={() => { setStatus(""); setOpen({ kind: "add" }); }}>
            {t("add")}
          </button>
        </div>
        <p className={styles.status} role="status">{status}</p>

        {fleet.isError ? (
          <p className={planner.formError} role="alert">{t("loadFailed", { message: fleet.error.message })}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} aria-busy={fleet.isPending || undefined}>
              <caption className={planner.srOnly}>{t("caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("vehicleId")}</th>
                  <th scope="col">{t("name")}</th>
                  <th scope="col">{t("model")}</th>
                  {COLUMNS.map((f) => (
                    <th key={f} scope="col" className={styles.num}>
                      {t(`column.${f}`)} <span className={styles.sub}>{FIGURES[f].unit}</span>
                    </th>
                  ))}
                  <th scope="col">{t("lastReport")}</th>
                  <th scope="col" className={styles.actions}>
                    <span className={planner.srOnly}>{t("actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {fleet.isPending ? (
                  <tr><td colSpan={COLUMNS.length + 5} className={styles.empty}>{t("loading")}</td></tr>
                ) : fleet.data.length === 0 ? (
                  <tr><td colSpan={COLUMNS.length + 5} className={styles.empty}>{t("empty")}</td></tr>
                ) : (
                  fleet.data.map((v) => <VehicleRow key={v.vehicle_id} v={v} state={stateOf.get(v.vehicle_id) ?? null} onEdit={() => { setStatus(""); setOpen({ kind: "edit", vehicle: v }); }} onRemove={() => { setStatus(""); setOpen({ kind: "remove", vehicle: v }); }} />)
                )}
              </tbody>
            </table>
          </div>
        )}
        {fleet.data?.length ? <p className={styles.legend}>{t("count", { count: fleet.data.length, overridden: fleet.data.filter((v) => Object.keys(v.overrides).length > 0).length })}</p> : null}
        <p className={styles.legend}>
          <span className={styles.overridden} aria-hidden="true"></span> {t("legend")}
        </p>
      </div>

      {open?.kind === "add" || open?.kind === "edit" ? (
        <VehicleForm vehicle={open.kind === "edit" ? open.vehicle : undefined} models={models} onClose={() => setOpen(null)} onSaved={(_, m) => done(m)} />
      ) : null}
      {open?.kind === "remove" ? <RemoveVehicle vehicle={open.vehicle} onClose={() => setOpen(null)} onRemoved={done} /> : null}
    </main>
  );
}

function VehicleRow({ v, state, onEdit, onRemove }: { v: FleetVehicle; state: VehicleState | null; onEdit: () => void; onRemove: () => void }) {
  const t = useTranslations("fleet");
  const figures = useTranslations("vehicleFigures");
  const format = useAppFormatter();
  return (
    <tr data-vehicle-id={v.vehicle_id}>
      <th scope="row" className={styles.mono}>{v.vehicle_id}</th>
      <td>{v.name}</td>
      <td>
        {v.model_name}
        <span className={styles.sub}>{v.effective ? v.manufacturer : t("modelGone", { code: v.model_code })}</span>
      </td>
      {COLUMNS.map((f) => {
        const overridden = f in v.overrides;
        return (
          <td key={f} className={styles.num}>
            <span className={overridden ? styles.overridden : undefined}>{v.effective ? formatFigure(figures, format, v.effective[f]) : "–"}</span>
            {overridden ? <span className={planner.srOnly}> {t("override")}</span> : null}
          </td>
        );
      })}
      <td data-testid="last-report">
        <LastReport state={state} vin={v.vin ?? null} />
      </td>
      <td className={styles.actions}>
        <button type="button" className={styles.small} onClick={onEdit}>
          {t("edit")}<span className={planner.srOnly}> {v.vehicle_id}</span>
        </button>
        <button type="button" className={styles.smallDanger} onClick={onRemove}>
          {t("remove")}<span className={planner.srOnly}> {v.vehicle_id}</span>
        </button>
      </td>
    </tr>
  );
}

/** What the vehicle last reported (rFMS): its state of charge and position with their times; "no VIN" or "no report yet" else. */
function LastReport({ state, vin }: { state: VehicleState | null; vin: string | null }) {
  const t = useTranslations("fleet");
  const soc = state?.state_of_charge, pos = state?.position;
  if (!soc && !pos) return <span className={styles.sub}>{vin ? t("noReport") : t("noVin")}</span>;
  return (
    <>
      {soc ? <span>{t("reportSoc", { soc: fmtSoc(soc.percent / 100), at: fmtTime(soc.at, browserZone(), true) })}</span> : null}
      {pos ? <span className={styles.sub}>{t("reportPosition", { position: fmtLatLon(pos.latitude, pos.longitude), at: fmtTime(pos.at, browserZone(), true) })}</span> : null}
    </>
  );
}
