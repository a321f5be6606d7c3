"use client";
// Two plans side by side (/compare?a={id}&b={id}): the totals with B − A, and
// the stops position by position. Differing rows are highlighted and say so
// in text, not by colour alone. Words from the catalogs ("historyCompare",
// "historyCompareRows", "historySummary").
import { useTranslations } from "next-intl";
import { fmtDuration, fmtNum, fmtTime } from "@/components/planner/format";
import type { PlanStop } from "@/components/planner/stops";
import styles from "./history.module.css";
import { PlanNotFound } from "./NotFound";
import { compareRows, inputRows, stopPairs, type CompareRow } from "./compare";
import { fmtDate, routeTitle, statusText } from "./summary";
import { usePlan } from "./usePlan";

/** The comparison's own words ("historyCompare" in src/i18n/messages). */
type PageTranslator = ReturnType<typeof useTranslations<"historyCompare">>;

export function ComparePage({ a, b }: { a: number | null; b: number | null }) {
  const t = useTranslations("historyCompare");
  if (a == null || b == null) {
    return (
      <main className={styles.page} id="main">
        <div className={styles.inner}>
          <div className={styles.notice} role="alert">
            <h1>{t("heading")}</h1>
            <p>{t.rich("choose", { link: (chunks) => <a href="/history">{chunks}</a> })}</p>
          </div>
        </div>
      </main>
    );
  }
  return <Comparison a={a} b={b} />;
}

function Comparison({ a, b }: { a: number; b: number }) {
  const t = useTranslations("historyCompare");
  const tr = useTranslations("historyCompareRows");
  const ts = useTranslations("historySummary");
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
        {q.data ? routeTitle(q.data.summary, ts) : ts("untitled", { id: String(id) })}
      </a>
      {q.data ? (
        <span className={styles.sub}>
          {t("planSub", { id: String(id), date: fmtDate(q.data.summary.created_at), status: statusText(q.data.summary.status, ts) })}
        </span>
      ) : null}
    </th>
  );

  return (
    <main className={styles.page} id="main">
      <div className={styles.inner}>
        <div className={styles.head}>
          <div>
            <h1>{t("heading")}</h1>
            <p className={styles.lead}>{t("lead", { a: String(a), b: String(b) })}</p>
          </div>
          <a className={styles.btn} href="/history">
            {t("back")}
          </a>
        </div>
        {error ? (
          <p className={styles.alert} role="alert">
            {t("loadFailed", { message: error.message })}
          </p>
        ) : !da || !db ? (
          <p className={styles.notice} role="status">
            {t("loading")}
          </p>
        ) : (
          <>
            <section className={styles.card} aria-labelledby="totals-heading">
              <div className={styles.cardHead}>
                <h2 id="totals-heading">{t("totalsHeading")}</h2>
              </div>
              <RowsTable t={t} testId="compare-totals" first={t("colFigure")} head={[head("A", a, A), head("B", b, B)]} rows={compareRows(planOf(da), planOf(db), tr)} />
            </section>
            <section className={styles.card} aria-labelledby="inputs-compare-heading">
              <div className={styles.cardHead}>
                <h2 id="inputs-compare-heading">{t("inputsHeading")}</h2>
                <span className={styles.muted}>{t("inputsNote")}</span>
              </div>
              <RowsTable t={t} testId="compare-inputs" first={t("colInput")} head={[head("A", a, A), head("B", b, B)]} rows={inputRows(planOf(da), planOf(db), tr)} />
            </section>
            <section className={styles.card} aria-labelledby="stops-compare-heading">
              <div className={styles.cardHead}>
                <h2 id="stops-compare-heading">{t("stopsHeading")}</h2>
                <span className={styles.muted}>{t("stopsNote")}</span>
              </div>
              <div className={styles.tableWrap}>
                <table className={styles.table} data-testid="compare-stops">
                  <thead>
                    <tr>
                      <th scope="col">#</th>
                      <th scope="col">{t("colPlanA")}</th>
                      <th scope="col">{t("colPlanB")}</th>
                      <th scope="col">
                        <span className={styles.srOnly}>{t("colSameOrDifferent")}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {stopPairs(da.result, db.result, da.summary.points, db.summary.points).map((p, i) => (
                      <tr key={i} className={p.differs ? styles.diffRow : undefined} data-differs={p.differs ? "true" : "false"}>
                        <th scope="row">{i + 1}</th>
                        <td>
                          <StopCell stop={p.a} t={t} />
                        </td>
                        <td>
                          <StopCell stop={p.b} t={t} />
                        </td>
                        <td>{p.differs ? <span className={styles.diffText}>{t("differs")}</span> : <span className={styles.same}>{t("same")}</span>}</td>
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

const KINDS = ["start", "waypoint", "destination"] as const;
const namedKind = (k: PlanStop["kind"]): k is (typeof KINDS)[number] => (KINDS as readonly string[]).includes(k);
/** The names planStops gives a point without one: not repeated after the kind's own word. */
const FALLBACK_NAME: Partial<Record<PlanStop["kind"], string>> = { start: "Start", waypoint: "Stop", destination: "Destination" };

function StopCell({ stop: s, t }: { stop: PlanStop | null; t: PageTranslator }) {
  if (!s) return <span className={styles.same}>—</span>;
  const when = s.kind === "start" ? t("departs", { time: fmtTime(s.departure, s.zone, true) }) : t("arrives", { time: fmtTime(s.arrival, s.zone, true) });
  const kind = s.kind === "charge" ? t("chargingStop", { n: s.chargeNo ?? 0 }) : s.stopNo ? t("stop", { n: s.stopNo }) : namedKind(s.kind) ? t(`kind.${s.kind}`) : "";
  const power = fmtNum(s.powerKW, "kW");
  return (
    <>
      <span className={styles.kind}>{kind}</span>{" "}
      <strong>{s.name === kind || s.name === FALLBACK_NAME[s.kind] ? "" : s.name}</strong>
      <span className={styles.sub}>
        {when}
        {s.kind === "charge" ? ` · ${fmtDuration(s.chargeMin)} · ${fmtNum(s.energyKWh, "kWh")} · ${s.powerEstimated ? t("estimated", { power }) : power}` : ""}
        {s.pause ? ` · ${t(s.pause.kind === "rest" ? "rest" : "break", { duration: fmtDuration(s.pause.min) })}` : ""}
      </span>
    </>
  );
}

/** A table of compared rows: each plan's text and B − A, a differing row marked in text too. */
function RowsTable({ t, testId, first, head, rows }: { t: PageTranslator; testId: string; first: string; head: React.ReactNode[]; rows: CompareRow[] }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            {head}
            <th scope="col">{t("colDifference")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} className={r.diff ? styles.diffRow : undefined} data-differs={r.diff ? "true" : "false"}>
              <th scope="row">{r.label}</th>
              <td>{r.a}</td>
              <td>{r.b}</td>
              <td>{r.diff ? <span className={styles.diffText}>{r.diff}</span> : <span className={styles.same}>{t("same")}</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
