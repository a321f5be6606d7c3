// What a stop's popup on the map tells: for a charging stop the station, its
// operator, power and connector, the charge (energy, time, SoC in and out),
// the times, a break or rest taken while charging and the alternatives.
import type { ReactNode } from "react";
import { fmtBanWait, fmtDuration, fmtKm, fmtLatLon, fmtNum, fmtSoc, fmtTime } from "@/components/planner/format";
import type { PlanStop, StopAlternative } from "@/components/planner/stops";
import { fmtMoney } from "@/components/result/tolls";
import { stopTitle } from "./marker-groups";

function pauseText(p: NonNullable<PlanStop["pause"]>): string {
  return `${p.kind === "rest" ? "Daily rest" : "Break"} of ${fmtDuration(p.min)}`;
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl>
      {rows.map(([k, v]) => (
        <div key={k} className="plan-popup-row">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function where(a: StopAlternative): string {
  const d = a.distanceFromStopM;
  if (d == null) return "";
  return `${fmtKm(Math.abs(d))} ${d < 0 ? "earlier" : "later"}`;
}

function Alternatives({ list }: { list: StopAlternative[] }) {
  if (!list.length) return <p className="plan-popup-sub">No alternative station within 15 min more tour time.</p>;
  return (
    <div className="plan-popup-alts">
      <p className="plan-popup-label">Alternatives</p>
      <ul>
        {list.map((a, i) => (
          <li key={i}>
            <span className="plan-popup-alt-name">{a.label ?? a.name ?? "Station"}</span>
            <span className="plan-popup-alt-extra">+{fmtDuration(a.extraMin ?? 0)}</span>
            <span className="plan-popup-sub">
              {[a.operator, fmtNum(a.powerKW, "kW"), where(a), a.energyKWh != null ? `${fmtNum(a.energyKWh, "kWh")} in ${fmtDuration(a.chargeMin)}` : null, a.truckAccess === "known" ? "truck site" : null].filter(Boolean).join(" · ")}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function StopPopup({ stop: s }: { stop: PlanStop }) {
  if (s.kind === "start") {
    return (
      <div className="plan-popup">
        <p className="plan-popup-title">{stopTitle(s)}</p>
        <Facts rows={[["Departure", fmtTime(s.departure, s.zone, true)], ["State of charge", fmtSoc(s.socOut)], ["Position", fmtLatLon(s.lat, s.lon)]]} />
      </div>
    );
  }
  if (s.kind === "charge") {
    return (
      <div className="plan-popup">
        <p className="plan-popup-title">
          Charging stop {s.chargeNo}: {s.name}
        </p>
        {s.address ? <p className="plan-popup-sub">{s.address}</p> : null}
        <Facts
          rows={[
            ["Operator", s.operator || "–"],
            ["Power", `${fmtNum(s.powerKW, "kW")}${s.powerEstimated ? " (estimated: the source states none)" : ""}`],
            ["Charge points", s.chargePoints != null ? String(s.chargePoints) : "–"],
            ["Connector", s.connector || "–"],
            ["Truck access", s.truckAccess === "known" ? `known: ${s.truckAccessEvidence}` : s.truckAccess === "unknown" ? "unknown: no source says a truck can use it, check before the tour" : "–"],
            ["Energy", fmtNum(s.energyKWh, "kWh", 1)],
            ["Charge time", fmtDuration(s.chargeMin)],
            ["Energy cost", s.energyCost ? `${fmtMoney(s.energyCost.amount, "EUR")} net${s.energyCost.estimated ? " (estimated)" : ""}` : "–"],
            ["Arrival", fmtTime(s.arrival, s.zone, true)],
            ["Departure", fmtTime(s.departure, s.zone, true)],
            ["SoC in → out", `${fmtSoc(s.socIn)} → ${fmtSoc(s.socOut)}`],
            ["Break taken", s.pause ? `${pauseText(s.pause)}, while charging` : "none"],
            ...(s.ban ? [["Waiting", fmtBanWait(s.ban, s.zone)] as [string, ReactNode]] : []),
          ]}
        />
        <Alternatives list={s.alternatives} />
      </div>
    );
  }
  if (s.kind === "break") {
    const rest = s.pause?.kind === "rest";
    return (
      <div className="plan-popup">
        <p className="plan-popup-title">{s.ban ? "Driving ban" : rest ? "Daily rest" : "Break"}</p>
        <p className="plan-popup-sub">
          {s.ban ? `${fmtBanWait(s.ban, s.zone)}${s.pause ? `; it is the driver's ${rest ? "daily rest" : "break"}` : ""}.` : rest ? "The driver's daily rest, away from a charger." : "The driver's break, away from a charger."}
        </p>
        <Facts
          rows={[
            ["Duration", fmtDuration(s.ban ? s.ban.waitMin : s.pause?.min)],
            ["Arrival", fmtTime(s.arrival, s.zone, true)],
            ["Departure", fmtTime(s.departure, s.zone, true)],
            ["State of charge", fmtSoc(s.socIn)],
            ["Position", fmtLatLon(s.lat, s.lon)],
          ]}
        />
      </div>
    );
  }
  const rows: [string, ReactNode][] = [["Arrival", fmtTime(s.arrival, s.zone, true)]];
  if (s.kind === "waypoint") {
    if (s.departure) rows.push(["Departure", fmtTime(s.departure, s.zone, true)]);
    if (s.waitMin) rows.push(["Waiting", fmtDuration(s.waitMin)]);
    if (s.lateMin) rows.push(["Late by", fmtDuration(s.lateMin)]);
    if (s.pause) rows.push(["Break taken", pauseText(s.pause)]);
    if (s.ban) rows.push(["Driving ban", fmtBanWait(s.ban, s.zone)]);
  }
  // A section end with its own charger charges during the stop.
  if (s.energyKWh) rows.push(["Charging here", `${fmtNum(s.energyKWh, "kWh", 1)} at ${fmtNum(s.powerKW, "kW")} in ${fmtDuration(s.chargeMin)}`], ["SoC in → out", `${fmtSoc(s.socIn)} → ${fmtSoc(s.socOut)}`]);
  else rows.push(["State of charge", fmtSoc(s.socIn)]);
  rows.push(["Position", fmtLatLon(s.lat, s.lon)]);
  return (
    <div className="plan-popup">
      <p className="plan-popup-title">{stopTitle(s)}</p>
      <Facts rows={rows} />
    </div>
  );
}
