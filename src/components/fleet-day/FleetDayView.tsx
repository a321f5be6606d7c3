"use client";
// The fleet day view: submit a day's tours from a CSV (POST /planner/fleet's
// checks, tRPC fleetDay), then the tours on a timeline (the delay fleet planning
// gave each, its charging stops), each site's occupancy (a Gantt per site, with
// the conflicts planning alone would have had) and what resolving them cost.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { FleetStatusResponse } from "@/contract/fleet-day";
import { Field } from "@/components/form/Field";
import { useTRPC } from "@/components/trpc";
import manage from "@/components/fleet/manage.module.css";
import { fmtSpan, fmtTick, fmtTime, fmtZone } from "@/components/planner/format";
import { hourTicks } from "@/components/result/timeline";
import { CSV_COLUMNS, CSV_EXAMPLE, toursFromCsv } from "./csv";
import styles from "./fleet-day.module.css";

const FINAL = new Set(["succeeded", "failed"]);
const iso = (ms: number) => new Date(ms).toISOString();

export function FleetDayView() {
  const trpc = useTRPC();
  const [csv, setCsv] = useState(CSV_EXAMPLE);
  const [problems, setProblems] = useState<string[]>([]);
  const [fleetId, setFleetId] = useState<string | null>(null);
  const submit = useMutation(trpc.fleetDay.submit.mutationOptions({
    onSuccess: (r) => setFleetId(r.fleet_id),
  }));
  const day = useQuery({
    ...trpc.fleetDay.get.queryOptions({ fleetId: fleetId ?? "00000000-0000-4000-8000-000000000000" }),
    enabled: fleetId !== null,
    refetchInterval: (q) => (q.state.data && FINAL.has(q.state.data.status) ? false : 2000),
  });

  const send = () => {
    const { tours, errors } = toursFromCsv(csv);
    setProblems(errors);
    if (errors.length === 0) submit.mutate({ body: { tours } });
  };
  const details = (submit.error?.data as { details?: { loc: (string | number)[]; msg: string }[] } | undefined)?.details;

  return (
    <main className={manage.page}>
      <div className={manage.content}>
        <div className={manage.head}>
          <div>
            <h1>Fleet day</h1>
            <p>
              A day&apos;s tours planned together: no charging site holds more trucks than its points at any minute. Tours that would meet
              are moved to another site or leave later, higher priority first. <a href="/fleet">Vehicles</a>
            </p>
          </div>
        </div>
        <form className={styles.form} onSubmit={(e) => { e.preventDefault(); send(); }}>
          <Field id="fleet-csv" label="Tours (CSV, one tour a line)" hint={`Columns: ${CSV_COLUMNS.join(", ")} (priority and depot_soc optional)`} errors={problems}>
            <textarea id="fleet-csv" aria-describedby={`fleet-csv-hint${problems.length ? " fleet-csv-error" : ""}`} aria-invalid={problems.length > 0 || undefined}
              value={csv} onChange={(e) => setCsv(e.target.value)} spellCheck={false} />
          </Field>
          <div className={styles.row}>
            <Field id="fleet-csv-file" label="Or load a CSV file">
              <input id="fleet-csv-file" type="file" accept=".csv,text/csv" onChange={async (e) => { const f = e.target.files?.[0]; if (f) setCsv(await f.text()); }} />
            </Field>
            <button type="submit" className={manage.buttonPrimary} disabled={submit.isPending}>Plan the day</button>
          </div>
          {submit.isError ? (
            <ul className={styles.errors} role="alert">
              {details ? details.map((d) => <li key={d.loc.join(".")}>{d.loc.slice(1).join(" › ")}: {d.msg}</li>) : submit.isError ? <li>{submit.error.message}</li> : null}
            </ul>
          ) : null}
        </form>
        <p className={manage.status} role="status">
          {fleetId && day.data ? `Fleet day ${day.data.status}` : fleetId ? "Submitted" : ""}
        </p>
        {day.data && day.data.status !== "queued" ? <DayResult day={day.data} /> : null}
      </div>
    </main>
  );
}

type Day = FleetStatusResponse;

function DayResult({ day }: { day: Day }) {
  const tours = day.tours.filter((t) => t.summary?.totals);
  if (tours.length === 0) return <p>Planning…</p>;
  const starts = tours.map((t) => Date.parse(t.summary!.totals!.departure_time) - (t.fleet?.delay_min ?? 0) * 60_000);
  const ends = tours.map((t) => Date.parse(t.summary!.totals!.end_time ?? t.summary!.totals!.arrival_time));
  const from = Math.min(...starts), to = Math.max(...ends);
  const pos = (ms: number) => `${(((ms - from) / (to - from)) * 100).toFixed(3)}%`;
  const width = (a: number, b: number) => `${Math.max(0.4, ((b - a) / (to - from)) * 100).toFixed(3)}%`;
  // The axes run on the first tour's departure clock; each tour's and site's times read on their own place's.
  const zone = tours[0].summary!.totals!.departure_time_zone ?? null;
  const clock = fmtZone(from, zone);
  const hours = hourTicks(from, to, 24, zone);
  const sites = [...new Set(tours.flatMap((t) => t.fleet?.uses.map((u) => u.site) ?? []))];
  const capacity = new Map<string, { name: string; capacity: number }>();
  for (const t of tours) for (const s of t.summary!.sections) {
    const p = s.poi_summary;
    if (p && typeof p.id === "number" && typeof p.capacity === "number") capacity.set(String(p.id), { name: p.name ?? String(p.id), capacity: p.capacity });
  }
  const busy = sites.filter((s) => tours.filter((t) => t.fleet?.uses.some((u) => u.site === s)).length > 1 || (day.conflicts_alone ?? []).some((c) => c.site === s));
  const unit = tours[0].fleet?.objective_unit ?? "min";
  const axis = (
    <div className={styles.axis} aria-hidden="true">
      <span />
      <div className={styles.ticks}>{hours.map((h) => <span key={h.t} style={{ left: pos(h.t) }}>{fmtTick(h.t, zone, h.midnight)}</span>)}</div>
    </div>
  );
  return (
    <>
      <dl className={styles.summary}>
        <div><dt>Tours</dt><dd>{day.tours.length}</dd></div>
        <div><dt>Conflicts planned alone</dt><dd>{day.conflicts_alone?.length ?? "–"}</dd></div>
        <div><dt>Conflicts left</dt><dd>{day.conflicts?.length ?? "–"}</dd></div>
        <div><dt>Delay added</dt><dd>{Math.round(day.added?.delay_min ?? 0)} min</dd></div>
        <div><dt>Objective added</dt><dd>{(day.added?.objective ?? 0).toFixed(unit === "EUR" ? 2 : 1)} {unit}</dd></div>
        {day.depot ? <div><dt>Depot: cannot be charged in time</dt><dd>{day.depot.cannot.length}</dd></div> : null}
      </dl>

      <section className={styles.section} aria-labelledby="tl">
        <h2 id="tl">Tours ({clock})</h2>
        {axis}
        <ol className={styles.gantt}>
          {tours.map((t) => {
            const totals = t.summary!.totals!;
            const dep = Date.parse(totals.departure_time), delay = (t.fleet?.delay_min ?? 0) * 60_000;
            const end = Date.parse(totals.end_time ?? totals.arrival_time);
            const stops = t.summary!.sections.map((s) => s.poi_summary).filter((p) => p && (p.charge_time_min ?? 0) > 0 && typeof p.arrival_time === "string");
            const text = `Tour ${t.tour_id} (${t.vehicle_id}, priority ${t.priority}): leaves ${fmtTime(iso(dep), totals.departure_time_zone)}${delay ? `, ${Math.round(delay / 60_000)} min later than asked` : ""}, ends ${fmtTime(iso(end), totals.arrival_time_zone)}, ${stops.length} charging stop${stops.length === 1 ? "" : "s"}`;
            return (
              <li key={t.tour_id} className={styles.lane} aria-label={text}>
                <div className={styles.label}>Tour {t.tour_id}<small>{t.vehicle_id} · p{t.priority}{t.fleet?.avoided_sites.length ? " · moved site" : ""}</small></div>
                <div className={styles.track} title={text}>
                  {delay ? <span className={styles.delay} style={{ left: pos(dep - delay), width: width(dep - delay, dep) }} /> : null}
                  <span className={styles.bar} style={{ left: pos(dep), width: width(dep, end) }} />
                  {stops.map((p, i) => (
                    <span key={i} className={styles.charge} style={{ left: pos(Date.parse(String(p!.arrival_time))), width: width(Date.parse(String(p!.arrival_time)), Date.parse(p!.departure_time!)) }} />
                  ))}
                </div>
              </li>
            );
          })}
        </ol>
        <p className={styles.legend}>
          <span><span className={styles.swatch} style={{ background: "#0b5cad" }} />driving and stops</span>
          <span><span className={styles.swatch} style={{ background: "#0f5f32" }} />charging</span>
          <span><span className={styles.swatch} style={{ background: "#dc6803" }} />delay to fit the chargers</span>
        </p>
      </section>

      <section className={styles.section} aria-labelledby="sites">
        <h2 id="sites">Charging sites shared or in conflict ({clock})</h2>
        {busy.length === 0 ? <p className={manage.empty}>No site is used by more than one tour.</p> : (
          <>
            {axis}
            <ol className={styles.gantt}>
              {busy.map((s) => {
                const info = capacity.get(s);
                const uses = tours.flatMap((t) => (t.fleet?.uses ?? []).filter((u) => u.site === s).map((u) => ({ ...u, tour: t.tour_id })));
                const was = (day.conflicts_alone ?? []).filter((c) => c.site === s);
                const text = `${info?.name ?? `Site ${s}`}: ${info?.capacity ?? 1} point${(info?.capacity ?? 1) === 1 ? "" : "s"}, used by tours ${uses.map((u) => `${u.tour} ${fmtSpan(u.start, u.time_zone, u.end, u.time_zone)}`).join(", ")}${was.length ? `; ${was.length} conflict${was.length === 1 ? "" : "s"} resolved` : ""}`;
                return (
                  <li key={s} className={styles.lane} aria-label={text}>
                    <div className={styles.label}>{info?.name ?? `Site ${s}`}<small>{info?.capacity ?? 1} point{(info?.capacity ?? 1) === 1 ? "" : "s"}</small></div>
                    <div className={styles.track} title={text}>
                      {was.map((c, i) => <span key={`c${i}`} className={styles.conflict} style={{ left: pos(Date.parse(c.start)), width: width(Date.parse(c.start), Date.parse(c.end)) }} />)}
                      {uses.map((u, i) => (
                        <span key={i} className={styles.use} style={{ left: pos(Date.parse(u.start)), width: width(Date.parse(u.start), Date.parse(u.end)), top: 4 + (i % 2) * 2 }}>{u.tour}</span>
                      ))}
                    </div>
                  </li>
                );
              })}
            </ol>
            <p className={styles.legend}>
              <span><span className={styles.swatch} style={{ background: "#0b4a8a" }} />a tour charging (its id)</span>
              <span><span className={styles.swatch} style={{ border: "2px dashed #b42318" }} />where planning alone put more trucks than points (resolved)</span>
            </p>
          </>
        )}
      </section>

      <section className={styles.section} aria-labelledby="cost">
        <h2 id="cost">What each tour paid for the others</h2>
        <div className={manage.tableWrap}>
          <table className={manage.table}>
            <thead><tr><th scope="col">Tour</th><th scope="col">Status</th><th scope="col" className={manage.num}>Delay</th><th scope="col" className={manage.num}>Alone</th><th scope="col" className={manage.num}>In the fleet</th><th scope="col">Sites avoided</th></tr></thead>
            <tbody>
              {day.tours.map((t) => (
                <tr key={t.tour_id}>
                  <th scope="row">{t.tour_id} <span className={manage.sub}>{t.vehicle_id}</span></th>
                  <td>{t.status}{t.fleet?.depot && !t.fleet.depot.ready ? " · not charged in time at the depot" : ""}</td>
                  <td className={manage.num}>{t.fleet ? `${Math.round(t.fleet.delay_min)} min` : "–"}</td>
                  <td className={manage.num}>{t.fleet ? `${t.fleet.objective_alone} ${t.fleet.objective_unit}` : "–"}</td>
                  <td className={manage.num}>{t.fleet ? `${t.fleet.objective} ${t.fleet.objective_unit}` : "–"}</td>
                  <td>{t.fleet?.avoided_sites.length ? t.fleet.avoided_sites.join(", ") : "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
