"use client";
// Vehicle, load, battery and departure. The departure is a wall time in a
// named time zone (the browser's unless chosen), sent with that zone's offset:
// the hint shows exactly which instant goes to the planner.
import { useMemo } from "react";
import type { FleetVehicle } from "@/contract/fleet";
import { aria } from "../errors";
import styles from "../planner.module.css";
import { Field } from "@/components/form/Field";
import type { SectionProps } from "./state";
import { zoned, zoneList } from "./time";

interface Props extends SectionProps {
  fleet: { data?: FleetVehicle[]; isPending: boolean; isError: boolean };
  zone: string;
}

const kg = (n: number) => `${Math.round(n).toLocaleString("en-GB")} kg`;

export function VehicleFields({ f, set, errors: e, fleet, zone }: Props) {
  const zones = useMemo(() => zoneList(zone), [zone]);
  const vehicle = fleet.data?.find((v) => v.vehicle_id === f.vehicleId);
  const fig = vehicle?.effective;
  const departure = f.departure ? zoned(f.departure, zone) : null;
  const departureHint = departure
    ? `Sent as ${departure.iso.replace("T", " ").slice(0, 16)} ${departure.offset}${departure.shifted ? " (that time is skipped when clocks go forward)" : ""}`
    : "Empty: the tour leaves now.";

  return (
    <section className={styles.group} aria-labelledby="vehicle-heading">
      <h2 id="vehicle-heading">Vehicle and load</h2>
      <Field
        id="vehicle"
        label="Vehicle"
        required
        hint={fleet.isError ? "The fleet could not be loaded." : fig ? `Up to ${kg(fig.maxGrossKg - fig.tareKg)} payload (max. gross ${kg(fig.maxGrossKg)}, tare ${kg(fig.tareKg)})` : undefined}
        errors={e.vehicle_id}
      >
        <select id="vehicle" value={f.vehicleId} onChange={(ev) => set("vehicleId", ev.target.value)} disabled={fleet.isPending} aria-required="true" {...aria("vehicle", e.vehicle_id, fig || fleet.isError ? "vehicle-hint" : undefined)}>
          {fleet.isPending ? <option value="">Loading fleet…</option> : null}
          {fleet.data?.length === 0 ? <option value="">No vehicles in this fleet</option> : null}
          {fleet.data?.map((v) => (
            <option key={v.vehicle_id} value={v.vehicle_id}>
              {v.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="payload" label="Payload (kg)" required hint={`${fig ? `0 – ${kg(fig.maxGrossKg - fig.tareKg)}` : "In kg"}; a stop can set another for the way to it`} errors={e.payload_kg}>
        <input id="payload" type="number" inputMode="numeric" min={0} max={fig ? fig.maxGrossKg - fig.tareKg : undefined} step={100} placeholder="e.g. 20000" value={f.payload} onChange={(ev) => set("payload", ev.target.value)} aria-required="true" {...aria("payload", e.payload_kg, "payload-hint")} />
      </Field>
      <fieldset className={styles.subFieldset}>
        <legend>Battery (share of usable capacity)</legend>
        <div className={styles.pair}>
          <Field id="battery-start" label="Battery at start (%)" required hint="10 – 100" errors={e.battery_level_start}>
            <input id="battery-start" type="number" inputMode="decimal" min={10} max={100} step={1} value={f.batteryStart} onChange={(ev) => set("batteryStart", ev.target.value)} aria-required="true" {...aria("battery-start", e.battery_level_start, "battery-start-hint")} />
          </Field>
          <Field id="battery-end" label="Battery at end (%)" hint="10 – 80, at least; default 20" errors={e.battery_level_end}>
            <input id="battery-end" type="number" inputMode="decimal" min={10} max={80} step={1} value={f.batteryEnd} onChange={(ev) => set("batteryEnd", ev.target.value)} {...aria("battery-end", e.battery_level_end, "battery-end-hint")} />
          </Field>
        </div>
      </fieldset>
      <fieldset className={styles.subFieldset}>
        <legend>Departure</legend>
        <div className={styles.pair}>
          <Field id="departure" label="Date and time" hint={departureHint} errors={e.start_time_tour}>
            <input id="departure" type="datetime-local" value={f.departure} onChange={(ev) => set("departure", ev.target.value)} {...aria("departure", e.start_time_tour, "departure-hint")} />
          </Field>
          <Field id="time-zone" label="Time zone" hint="Also for the time windows">
            <select id="time-zone" value={zone} onChange={(ev) => set("timeZone", ev.target.value)} aria-describedby="time-zone-hint">
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replaceAll("_", " ")}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field id="service-departure" label="Time at the start before leaving (min)" hint="Loading, checks; 0 – 1 440" errors={e.service_time_departure_min}>
          <input id="service-departure" type="number" inputMode="numeric" min={0} max={1440} step={5} placeholder="0" value={f.serviceDepartureMin} onChange={(ev) => set("serviceDepartureMin", ev.target.value)} {...aria("service-departure", e.service_time_departure_min, "service-departure-hint")} />
        </Field>
      </fieldset>
    </section>
  );
}
