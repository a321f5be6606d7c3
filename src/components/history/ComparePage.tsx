"use client";
// Two plans side by side (/compare?a={id}&b={id}): the totals with B − A, and
// the stops position by position. Differing rows are highlighted and say so
// in text, not by colour alone.
import { fmtDuration, fmtNum, fmtTime } from "@/components/planner/format";
import type { PlanStop } from "@/components/planner/stops";
import styles from "./history.module.css";
import { PlanNotFound } from "./NotFound";
import { compareRows, inputRows, stopPairs, type CompareRow } from "./compare";
import { fmtDate, routeTitle, STATUS_TEXT } from "./summary";
import { usePlan } from "./usePlan";

export function ComparePage({ a, b }: { a: number | null; b: number | null }) {
  if (a == null || b == null) {
    return (
      <main className={styles.page} id="main">
        <div className={styles.inner}>
          <div className={styles.notice} role="alert">
            <h1>Compare plans</h1>
            <p>
              Choose two plans in the <a href="/history">plan history</a> to compare them.
            </p>
          </div>
        </div>
      </main>
    );
  }
  return <Comparison a={a} b={b} />;
}

function Comparison({ a, b }: { a: number; b: number }) {
  const A = usePlan(a);
  const B = usePlan(b);
  if (A.notFound) return <PlanNotFound id={a} />;
  if (B.notFound) return <PlanNotFound id={b} />;
  const error = A.error ?? B.error;
  const da = A.data, db = B.data;
  const planOf = (d: NonNullable<typeof da>) => ({ vehicle: d.summary.vehicle_name, result: d.result });
  const head = (label: string, id: number, q: typeof A) => (
    <th scope="col" className={styles.planCol}>
      {label}:{" "}
      <a className={styles.link} href={`/plans/${id}`}>
        {q.data ? routeTitle(q.data.summary) : `Plan #${id}`}
      </a>
      {q.data ? (
        <span className={styles.sub}>
          #{id} · {fmtDate(q.data.summary.created_at)} · {STATUS_TEXT[q.data.summary.status]}
        </span>
      ) : null}
    </th>
  );

  return (
    <main className={styles.page} id="main">
      <div className={styles.inner}>
        <div className={styles.head}>
          <div>
            <h1>Compare plans</h1>
            <p className={styles.lead}>
              Plan A #{a} and plan B #{b}. Highlighted rows differ; the last column gives B − A.
            </p>
          </div>
          <a className={styles.btn} href="/history">
            Back to history
          </a>
        </div>
        {error ? (
          <p className={styles.alert} role="alert">
            The plans could not be loaded: {error.message}
          </p>
        ) : !da || !db ? (
          <p className={styles.notice} role="status">
            Loading the plans…
          </p>
        ) : (
          <>
            <section className={styles.card} aria-labelledby="totals-heading">
              <div className={styles.cardHead}>
                <h2 id="totals-heading">Totals</h2>
              </div>
              <RowsTable testId="compare-totals" first="Figure" head={[head("A", a, A), head("B", b, B)]} rows={compareRows(planOf(da), planOf(db))} />
            </section>
            <section className={styles.card} aria-labelledby="inputs-compare-heading">
              <div className={styles.cardHead}>
                <h2 id="inputs-compare-heading">What the plans were asked for</h2>
                <span className={styles.muted}>Where these differ, the totals above differ for that reason.</span>
              </div>
              <RowsTable testId="compare-inputs" first="Input" head={[head("A", a, A), head("B", b, B)]} rows={inputRows(planOf(da), planOf(db))} />
            </section>
            <section className={styles.card} aria-labelledby="stops-compare-heading">
              <div className={styles.cardHead}>
                <h2 id="stops-compare-heading">Stops</h2>
                <span className={styles.muted}>A stop differs when its place, charging time or energy differ.</span>
              </div>
              <div className={styles.tableWrap}>
                <table className={styles.table} data-testid="compare-stops">
                  <thead>
                    <tr>
                      <th scope="col">#</th>
                      <th scope="col">Plan A</th>
                      <th scope="col">Plan B</th>
                      <th scope="col">
                        <span className={styles.srOnly}>Same or different</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {stopPairs(da.result, db.result, da.summary.points, db.summary.points).map((p, i) => (
                      <tr key={i} className={p.differs ? styles.diffRow : undefined} data-differs={p.differs ? "true" : "false"}>
                        <th scope="row">{i + 1}</th>
                        <td>
                          <StopCell stop={p.a} />
                        </td>
                        <td>
                          <StopCell stop={p.b} />
                        </td>
                        <td>{p.differs ? <span className={styles.diffText}>differs</span> : <span className={styles.same}>same</span>}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          </>
        )}
      </div>
    </main>
  );
}

const KIND: Partial<Record<PlanStop["kind"], string>> = { start: "Start", waypoint: "Stop", destination: "Destination" };

function StopCell({ stop: s }: { stop: PlanStop | null }) {
  if (!s) return <span className={styles.same}>—</span>;
  const when = s.kind === "start" ? `dep. ${fmtTime(s.departure, s.zone, true)}` : `arr. ${fmtTime(s.arrival, s.zone, true)}`;
  return (
    <>
      <span className={styles.kind}>{s.kind === "charge" ? `Charging stop ${s.chargeNo}` : s.stopNo ? `Stop ${s.stopNo}` : (KIND[s.kind] ?? "")}</span>{" "}
      <strong>{s.name === KIND[s.kind] ? "" : s.name}</strong>
      <span className={styles.sub}>
        {when}
        {s.kind === "charge" ? ` · ${fmtDuration(s.chargeMin)} · ${fmtNum(s.energyKWh, "kWh")} · ${fmtNum(s.powerKW, "kW")}${s.powerEstimated ? " (estimated)" : ""}` : ""}
        {s.pause ? ` · ${s.pause.kind === "rest" ? "daily rest" : "break"} ${fmtDuration(s.pause.min)}` : ""}
      </span>
    </>
  );
}

/** A table of compared rows: each plan's text and B − A, a differing row marked in text too. */
function RowsTable({ testId, first, head, rows }: { testId: string; first: string; head: React.ReactNode[]; rows: CompareRow[] }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            {head}
            <th scope="col">Difference (B − A)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} className={r.diff ? styles.diffRow : undefined} data-differs={r.diff ? "true" : "false"}>
              <th scope="row">{r.label}</th>
              <td>{r.a}</td>
              <td>{r.b}</td>
              <td>{r.diff ? <span className={styles.diffText}>{r.diff}</span> : <span className={styles.same}>same</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
