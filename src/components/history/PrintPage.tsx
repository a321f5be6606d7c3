"use client";
// A plan on paper (/plans/{id}/print): totals, the stops as a table, tolls and
// warnings. No map: a static list prints on any printer and reads in black and
// white. The shell's top bar and the buttons are left off the printout.
import { fmtDuration, fmtKm, fmtNum, fmtSoc, fmtTime } from "@/components/planner/format";
import { planStops, type PlanStop, type TourPoint } from "@/components/planner/stops";
import type { OptimizationResultResponse } from "@/contract/result";
import styles from "./history.module.css";
import { PlanNotFound } from "./NotFound";
import { pauses, tollText } from "./compare";
import { fmtDate, routeTitle, STATUS_TEXT } from "./summary";
import { usePlan } from "./usePlan";

export function PrintPage({ id }: { id: number }) {
  const plan = usePlan(id);
  if (plan.notFound) return <PlanNotFound id={id} />;
  const s = plan.data?.summary;
  const r = plan.data?.result ?? null;
  return (
    <main className={styles.printPage} id="main">
      <div className={styles.printInner}>
        <div className={styles.printToolbar}>
          <button type="button" className={styles.btnPrimary} onClick={() => window.print()} disabled={!r}>
            Print
          </button>
          <a className={styles.btn} href={`/plans/${id}`}>
            Back to the plan
          </a>
        </div>
        <h1>{s ? routeTitle(s) : `Plan #${id}`}</h1>
        {s ? (
          <p className={styles.muted}>
            Plan #{id} · {s.vehicle_name} · planned {fmtDate(s.created_at)} · {STATUS_TEXT[s.status]}
          </p>
        ) : null}
        {plan.isPending ? <p role="status">Loading the plan…</p> : null}
        {plan.isError ? <p role="alert">The plan could not be loaded: {plan.error.message}</p> : null}
        {s && !r ? <p role="status">{s.status === "failed" ? `Planning failed${s.error ? `: ${s.error}` : "."}` : "This tour has no result yet."}</p> : null}
        {r ? <PrintedPlan result={r} points={s?.points ?? []} /> : null}
      </div>
    </main>
  );
}

function PrintedPlan({ result: r, points }: { result: OptimizationResultResponse; points: readonly TourPoint[] }) {
  const t = r.totals;
  const stops = planStops(r, points);
  const tolls = r.toll_summary ?? [];
  const notDrivable = r.status === "not_drivable" || r.qualification === "not_drivable";
  return (
    <>
      {notDrivable ? <p role="alert"><strong>This tour cannot be driven as requested.</strong> {(r.not_drivable_reason as { message?: string } | null)?.message ?? ""}</p> : null}
      <h2 id="totals-heading">Totals</h2>
      <dl className={styles.facts} aria-labelledby="totals-heading">
        <Fact label="Departure" value={fmtTime(t?.departure_time, t?.departure_time_zone, true)} />
        <Fact label="Arrival" value={fmtTime(t?.arrival_time, t?.arrival_time_zone, true)} />
        <Fact label="Total time" value={fmtDuration(t?.duration_min)} />
        <Fact label="Driving time" value={fmtDuration(t?.driving_time_min)} />
        <Fact label="Distance" value={fmtKm(t?.distance_m)} />
        <Fact label="Energy used" value={fmtNum(t?.energy_kWh, "kWh")} />
        <Fact label="Energy charged" value={fmtNum(t?.charged_kWh, "kWh")} />
        <Fact label="Charging" value={`${t?.charging_stops ?? "–"} stops · ${fmtDuration(t?.charging_time_min)}`} />
        <Fact label="Breaks and rests" value={`${pauses(r)} · ${fmtDuration(t?.break_time_min)}`} />
        <Fact label="Battery" value={`${fmtSoc(r.battery_level_start)} → ${fmtSoc(r.battery_level_end)}`} />
        <Fact label="Tolls" value={tollText(r)} />
      </dl>

      <h2 id="stops-heading">Stops</h2>
      <table className={`${styles.table} ${styles.printTable}`} aria-labelledby="stops-heading" data-testid="print-stops">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Stop</th>
            <th scope="col" className={styles.num}>Drive to here</th>
            <th scope="col">Arrival</th>
            <th scope="col">Departure</th>
            <th scope="col">Charging</th>
            <th scope="col" className={styles.num}>State of charge</th>
          </tr>
        </thead>
        <tbody>
          {stops.map((s, i) => (
            <StopRow key={i} n={i + 1} stop={s} />
          ))}
        </tbody>
      </table>

      {tolls.length ? (
        <>
          <h2 id="tolls-heading">Tolls</h2>
          <table className={`${styles.table} ${styles.printTable}`} aria-labelledby="tolls-heading">
            <thead>
              <tr>
                <th scope="col">Toll system</th>
                <th scope="col" className={styles.num}>Amount</th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {tolls.map((x, i) => (
                <tr key={i}>
                  <td>{x.tollSystem ?? "–"}</td>
                  <td className={styles.num}>{x.total != null && x.currency ? fmtNum(x.total, x.currency, 2) : "no rate on file"}</td>
                  <td>{x.note ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}

      {r.warnings?.length ? (
        <>
          <h2>Warnings</h2>
          <ul>
            {r.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p className={styles.printFoot}>
        Computed on {Object.entries(r.planned_on ?? {}).map(([k, v]) => `${k} ${v}`).join(", ") || "–"}. Printed {fmtDate(new Date().toISOString())}.
      </p>
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function StopRow({ n, stop: s }: { n: number; stop: PlanStop }) {
  const role = s.kind === "start" ? "Start" : s.kind === "destination" ? "Destination" : s.kind === "charge" ? `Charging stop ${s.chargeNo}` : s.stopNo ? `Stop ${s.stopNo}` : null;
  const name = role && role !== s.name ? `${role}: ${s.name}` : s.name;
  const details = [s.operator, s.address, s.pause ? `${s.pause.kind === "rest" ? "Daily rest" : "Break"} ${fmtDuration(s.pause.min)}` : null].filter(Boolean).join(" · ");
  return (
    <tr data-stop-kind={s.kind}>
      <td>{n}</td>
      <td>
        <strong>{name}</strong>
        {details ? <span className={styles.sub}>{details}</span> : null}
        <span className={styles.sub}>
          {s.lat.toFixed(5)}, {s.lon.toFixed(5)}
        </span>
      </td>
      <td className={styles.num}>{s.kind === "start" ? "" : `${fmtNum(s.legKm, "km")} · ${fmtDuration(s.legMin)}`}</td>
      <td>{s.kind === "start" ? "" : fmtTime(s.arrival, s.zone, true)}</td>
      <td>{s.kind !== "start" && !s.departure ? "" : fmtTime(s.departure, s.zone, true)}</td>
      <td>{s.kind === "charge" ? `${fmtDuration(s.chargeMin)} · ${fmtNum(s.energyKWh, "kWh")} at ${fmtNum(s.powerKW, "kW")}${s.powerEstimated ? " (estimated)" : ""}` : ""}</td>
      <td className={styles.num}>{s.kind === "start" ? fmtSoc(s.socOut) : s.kind === "charge" ? `${fmtSoc(s.socIn)} → ${fmtSoc(s.socOut)}` : fmtSoc(s.socIn)}</td>
    </tr>
  );
}
