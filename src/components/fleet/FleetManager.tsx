"use client";
// The fleet page: the tenant's vehicles with the figures the planner uses, and
// dialogs to add, edit and remove them (tRPC fleet router; same checks as REST).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { FleetVehicle } from "@/contract/fleet";
import { useTRPC } from "@/components/trpc";
import planner from "@/components/planner/planner.module.css";
import { FIGURES, formatFigure, type Figure, type ModelInfo } from "./figures";
import styles from "./manage.module.css";
import { RemoveVehicle } from "./RemoveVehicle";
import { VehicleForm } from "./VehicleForm";

const COLUMNS: Figure[] = ["usableBatteryKWh", "tareKg", "maxGrossKg", "maxCcsKW", "maxMcsKW"];
const HEADINGS: Partial<Record<Figure, string>> = { usableBatteryKWh: "Usable battery", maxCcsKW: "CCS", maxMcsKW: "MCS" };

type Open = { kind: "add" } | { kind: "edit"; vehicle: FleetVehicle } | { kind: "remove"; vehicle: FleetVehicle } | null;

export function FleetManager({ models }: { models: ModelInfo[] }) {
  const trpc = useTRPC();
  const fleet = useQuery(trpc.fleet.list.queryOptions());
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
            <h1>Fleet</h1>
            <p>Your vehicles: each is a catalog model, optionally with its own figures. The planner uses the effective figures shown here for tours submitted from now on.</p>
            <p><a href="/fleet/day">Plan a day&apos;s tours together</a>: sharing the chargers, charging at the depot.</p>
          </div>
          <button type="button" className={styles.buttonPrimary} onClick={() => { setStatus(""); setOpen({ kind: "add" }); }}>
            Add vehicle
          </button>
        </div>
        <p className={styles.status} role="status">{status}</p>

        {fleet.isError ? (
          <p className={planner.formError} role="alert">The fleet could not be loaded: {fleet.error.message}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} aria-busy={fleet.isPending || undefined}>
              <caption className={planner.srOnly}>Vehicles of the fleet with their effective figures</caption>
              <thead>
                <tr>
                  <th scope="col">Vehicle ID</th>
                  <th scope="col">Name</th>
                  <th scope="col">Model</th>
                  {COLUMNS.map((f) => (
                    <th key={f} scope="col" className={styles.num}>
                      {HEADINGS[f] ?? FIGURES[f].label} <span className={styles.sub}>{FIGURES[f].unit}</span>
                    </th>
                  ))}
                  <th scope="col" className={styles.actions}>
                    <span className={planner.srOnly}>Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {fleet.isPending ? (
                  <tr><td colSpan={COLUMNS.length + 4} className={styles.empty}>Loading the fleet…</td></tr>
                ) : fleet.data.length === 0 ? (
                  <tr><td colSpan={COLUMNS.length + 4} className={styles.empty}>No vehicles yet: add one to plan tours with it.</td></tr>
                ) : (
                  fleet.data.map((v) => <VehicleRow key={v.vehicle_id} v={v} onEdit={() => { setStatus(""); setOpen({ kind: "edit", vehicle: v }); }} onRemove={() => { setStatus(""); setOpen({ kind: "remove", vehicle: v }); }} />)
                )}
              </tbody>
            </table>
          </div>
        )}
        <p className={styles.legend}>
          <span className={styles.overridden} aria-hidden="true"></span> A figure of this vehicle that overrides the model&apos;s. &ldquo;none&rdquo;: no such charging inlet.
        </p>
      </div>

      {open?.kind === "add" || open?.kind === "edit" ? (
        <VehicleForm vehicle={open.kind === "edit" ? open.vehicle : undefined} models={models} onClose={() => setOpen(null)} onSaved={(_, m) => done(m)} />
      ) : null}
      {open?.kind === "remove" ? <RemoveVehicle vehicle={open.vehicle} onClose={() => setOpen(null)} onRemoved={done} /> : null}
    </main>
  );
}

function VehicleRow({ v, onEdit, onRemove }: { v: FleetVehicle; onEdit: () => void; onRemove: () => void }) {
  return (
    <tr data-vehicle-id={v.vehicle_id}>
      <th scope="row" className={styles.mono}>{v.vehicle_id}</th>
      <td>{v.name}</td>
      <td>
        {v.model_name}
        <span className={styles.sub}>{v.effective ? v.manufacturer : `${v.model_code}: no longer in the catalog, cannot be planned`}</span>
      </td>
      {COLUMNS.map((f) => {
        const overridden = f in v.overrides;
        return (
          <td key={f} className={styles.num}>
            <span className={overridden ? styles.overridden : undefined}>{v.effective ? formatFigure(v.effective[f]) : "–"}</span>
            {overridden ? <span className={planner.srOnly}> (override)</span> : null}
          </td>
        );
      })}
      <td className={styles.actions}>
        <button type="button" className={styles.small} onClick={onEdit}>
          Edit<span className={planner.srOnly}> {v.vehicle_id}</span>
        </button>
        <button type="button" className={styles.smallDanger} onClick={onRemove}>
          Remove<span className={planner.srOnly}> {v.vehicle_id}</span>
        </button>
      </td>
    </tr>
  );
}
