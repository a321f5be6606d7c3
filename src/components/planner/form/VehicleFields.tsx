"use client";
// Vehicle, load, battery and departure. The departure is a wall time in a
// named time zone (the browser's unless chosen), sent with that zone's offset:
// the hint shows exactly which instant goes to the planner.
import { useTranslations } from "next-intl";
import { useAppFormatter } from "@/i18n/format";
import { useMemo } from "react";
import type { FleetVehicle } from "@/contract/fleet";
import { aria } from "../errors";
import styles from "../planner.module.css";
import { Field } from "@/components/form/Field";
import { fmtKg, fmtRange } from "./numbers";
import type { SectionProps } from "./state";
import { zoned, zoneList } from "./time";
import { fmtTime } from "../format";

interface Props extends SectionProps {
  fleet: { data?: FleetVehicle[]; isPending: boolean; isError: boolean };
  zone: string;
}

export function VehicleFields({ f, set, errors: e, fleet, zone }: Props) {
  const t = useTranslations("vehicleFields");
  const format = useAppFormatter();
  const kg = (n: number) => fmtKg(format, Math.round(n));
  const zones = useMemo(() => zoneList(zone), [zone]);
  const vehicle = fleet.data?.find((v) => v.vehicle_id === f.vehicleId);
  const fig = vehicle?.effective;
  const departure = f.departure ? zoned(f.departure, zone) : null;
  // The instant as sent, ISO-like in every language (what goes to the planner, read exactly), then in the
  // page's language with its weekday: the date input itself shows the browser's format, not the page's.
  const departureHint = departure
    ? t(departure.shifted ? "sentAsSkipped" : "sentAs", {
      time: departure.iso.replace("T", " ").slice(0, 16), offset: departure.offset,
      when: fmtTime(departure.iso, zone, true),
    })
    : t("leavesNow");

  return (
    <section className={styles.group} aria-labelledby="vehicle-heading">
      <h2 id="vehicle-heading">{t("heading")}</h2>
      <Field
        id="vehicle"
        label={t("vehicle")}
        required
        hint={fleet.isError ? t("fleetError") : fig ? t("vehicleHint", { payload: kg(fig.maxGrossKg - fig.tareKg), gross: kg(fig.maxGrossKg), tare: kg(fig.tareKg) }) : undefined}
        errors={e.vehicle_id}
      >
        <select id="vehicle" value={f.vehicleId} onChange={(ev) => set("vehicleId", ev.target.value)} disabled={fleet.isPending} aria-required="true" {...aria("vehicle", e.vehicle_id, fig || fleet.isError ? "vehicle-hint" : undefined)}>
          {fleet.isPending ? <option value="">{t("loadingFleet")}</option> : null}
          {fleet.data?.length === 0 ? <option value="">{t("noVehicles")}</option> : null}
          {fleet.data?.map((v) => (
            <option key={v.vehicle_id} value={v.vehicle_id}>
              {v.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="payload" label={t("payload")} required hint={t("payloadHint", { limit: fig ? `${format.number(0)} – ${kg(fig.maxGrossKg - fig.tareKg)}` : t("payloadInKg") })} errors={e.payload_kg}>
        <input id="payload" type="number" inputMode="numeric" min={0} max={fig ? fig.maxGrossKg - fig.tareKg : undefined} step={100} placeholder={t("payloadPlaceholder")} value={f.payload} onChange={(ev) => set("payload", ev.target.value)} aria-required="true" {...aria("payload", e.payload_kg, "payload-hint")} />
      </Field>
      <fieldset className={styles.subFieldset}>
        <legend>{t("batteryLegend")}</legend>
        <div className={styles.pair}>
          <Field id="battery-start" label={t("batteryStart")} required hint={fmtRange(format, 10, 100)} errors={e.battery_level_start}>
            <input id="battery-start" type="number" inputMode="decimal" min={10} max={100} step={1} value={f.batteryStart} onChange={(ev) => set("batteryStart", ev.target.value)} aria-required="true" {...aria("battery-start", e.battery_level_start, "battery-start-hint")} />
          </Field>
          <Field id="battery-end" label={t("batteryEnd")} hint={t("batteryEndHint", { range: fmtRange(format, 10, 80), default: format.number(20) })} errors={e.battery_level_end}>
            <input id="battery-end" type="number" inputMode="decimal" min={10} max={80} step={1} value={f.batteryEnd} onChange={(ev) => set("batteryEnd", ev.target.value)} {...aria("battery-end", e.battery_level_end, "battery-end-hint")} />
          </Field>
        </div>
      </fieldset>
      <fieldset className={styles.subFieldset}>
        <legend>{t("departureLegend")}</legend>
        <div className={styles.pair}>
          <Field id="departure" label={t("dateTime")} hint={departureHint} errors={e.start_time_tour}>
            <input id="departure" type="datetime-local" value={f.departure} onChange={(ev) => set("departure", ev.target.value)} {...aria("departure", e.start_time_tour, "departure-hint")} />
          </Field>
          <Field id="time-zone" label={t("timeZone")} hint={t("timeZoneHint")}>
            <select id="time-zone" value={zone} onChange={(ev) => set("timeZone", ev.target.value)} aria-describedby="time-zone-hint">
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replaceAll("_", " ")}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field id="service-departure" label={t("serviceDeparture")} hint={t("serviceDepartureHint", { range: fmtRange(format, 0, 1440) })} errors={e.service_time_departure_min}>
          <input id="service-departure" type="number" inputMode="numeric" min={0} max={1440} step={5} placeholder="0" value={f.serviceDepartureMin} onChange={(ev) => set("serviceDepartureMin", ev.target.value)} {...aria("service-departure", e.service_time_departure_min, "service-departure-hint")} />
        </Field>
      </fieldset>
    </section>
  );
}
