"use client";
// A plan on paper (/plans/{id}/print): totals, the stops as a table, tolls and
// warnings. No map: a static list prints on any printer and reads in black and
// white. The shell's top bar and the buttons are left off the printout.
// Words from the catalogs ("historyPrint", "historyCompareRows", "historySummary").
import { useTranslations } from "next-intl";
import { fmtDuration, fmtKm, fmtNum, fmtSoc, fmtTime, pageLocale } from "@/components/planner/format";
import { serverText, warningTexts } from "@/i18n/server-text";
import { planStops, type PlanStop, type TourPoint } from "@/components/planner/stops";
import type { OptimizationResultResponse } from "@/contract/result";
import styles from "./history.module.css";
import { PlanNotFound } from "./NotFound";
import { pauses, tollText } from "./compare";
import { fmtDate, routeTitle, statusText } from "./summary";
import { usePlan } from "./usePlan";

/** The printout's words ("historyPrint" in src/i18n/messages). */
type PrintTranslator = ReturnType<typeof useTranslations<"historyPrint">>;

export function PrintPage({ id }: { id: number }) {
  const t = useTranslations("historyPrint");
  const ts = useTranslations("historySummary");
  const plan = usePlan(id);
  if (plan.notFound) return <PlanNotFound id={id} />;
  const s = plan.data?.summary;
  const r = plan.data?.result ?? null;
  return (
    <main className={styles.printPage} id="main">
      <div className={styles.printInner}>
        <div className={styles.printToolbar}>
          <button type="button" className={styles.btnPrimary} onClick={() => window.print()} disabled={!r}>
            {t("print")}
          </button>
          <a className={styles.btn} href={`/plans/${id}`}>
            {t("back")}
          </a>
        </div>
        <h1>{s ? routeTitle(s, ts) : ts("untitled", { id: String(id) })}</h1>
        {s ? (
          <p className={styles.muted}>{t("meta", { id: String(id), vehicle: s.vehicle_name, date: fmtDate(s.created_at), status: statusText(s.status, ts) })}</p>
        ) : null}
        {plan.isPending ? <p role="status">{t("loading")}</p> : null}
        {plan.isError ? <p role="alert">{t("loadFailed", { message: plan.error.message })}</p> : null}
        {s && !r ? <p role="status">{s.status === "failed" ? (s.error ? t("failedWith", { error: s.error }) : t("failed")) : t("noResult")}</p> : null}
        {r ? <PrintedPlan result={r} points={s?.points ?? []} t={t} /> : null}
      </div>
    </main>
  );
}

function PrintedPlan({ result: r, points, t }: { result: OptimizationResultResponse; points: readonly TourPoint[]; t: PrintTranslator }) {
  const tr = useTranslations("historyCompareRows");
  const tt = r.totals;
  const stops = planStops(r, points);
  const tolls = r.toll_summary ?? [];
  const notDrivable = r.status === "not_drivable" || r.qualification === "not_drivable";
  return (
    <>
      {notDrivable ? <p role="alert"><strong>{t("notDrivable")}</strong> {notDrivableText(r)}</p> : null}
      <h2 id="totals-heading">{t("totalsHeading")}</h2>
      <dl className={styles.facts} aria-labelledby="totals-heading">
        <Fact label={t("departure")} value={fmtTime(tt?.departure_time, tt?.departure_time_zone, true)} />
        <Fact label={t("arrival")} value={fmtTime(tt?.arrival_time, tt?.arrival_time_zone, true)} />
        <Fact label={t("totalTime")} value={fmtDuration(tt?.duration_min)} />
        <Fact label={t("drivingTime")} value={fmtDuration(tt?.driving_time_min)} />
        <Fact label={t("distance")} value={fmtKm(tt?.distance_m)} />
        <Fact label={t("energyUsed")} value={fmtNum(tt?.energy_kWh, "kWh")} />
        <Fact label={t("energyCharged")} value={fmtNum(tt?.charged_kWh, "kWh")} />
        <Fact label={t("charging")} value={chargingText(tt?.charging_stops, tt?.charging_time_min, t)} />
        <Fact label={t("pauses")} value={`${pauses(r)} · ${fmtDuration(tt?.break_time_min)}`} />
        <Fact label={t("battery")} value={`${fmtSoc(r.battery_level_start)} → ${fmtSoc(r.battery_level_end)}`} />
        <Fact label={t("tolls")} value={tollText(r, tr)} />
      </dl>

      <h2 id="stops-heading">{t("stopsHeading")}</h2>
      <table className={`${styles.table} ${styles.printTable}`} aria-labelledby="stops-heading" data-testid="print-stops">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t("colStop")}</th>
            <th scope="col" className={styles.num}>{t("colDrive")}</th>
            <th scope="col">{t("colArrival")}</th>
            <th scope="col">{t("colDeparture")}</th>
            <th scope="col">{t("colCharging")}</th>
            <th scope="col" className={styles.num}>{t("colSoc")}</th>
          </tr>
        </thead>
        <tbody>
          {stops.map((s, i) => (
            <StopRow key={i} n={i + 1} stop={s} t={t} />
          ))}
        </tbody>
      </table>

      {tolls.length ? (
        <>
          <h2 id="tolls-heading">{t("tollsHeading")}</h2>
          <table className={`${styles.table} ${styles.printTable}`} aria-labelledby="tolls-heading">
            <thead>
              <tr>
                <th scope="col">{t("colTollSystem")}</th>
                <th scope="col" className={styles.num}>{t("colAmount")}</th>
                <th scope="col">{t("colNote")}</th>
              </tr>
            </thead>
            <tbody>
              {tolls.map((x, i) => (
                <tr key={i}>
                  <td>{x.tollSystem ?? "–"}</td>
                  <td className={styles.num}>{x.total != null && x.currency ? fmtNum(x.total, x.currency, 2) : t("noRate")}</td>
                  <td>{x.note ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}

      {r.warnings?.length ? (
        <>
          <h2>{t("warningsHeading")}</h2>
          <ul>
            {warningTexts(r, pageLocale()).map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p className={styles.printFoot}>
        {t("foot", { sources: Object.entries(r.planned_on ?? {}).map(([k, v]) => `${k} ${v}`).join(", ") || "–", date: fmtDate(new Date().toISOString()) })}
      </p>
    </>
  );
}

/** Why the plan is not drivable, in the page's language. */
function notDrivableText(r: OptimizationResultResponse): string {
  const reason = r.not_drivable_reason;
  return reason?.message ? serverText(reason.message, reason.text_message, pageLocale()) : "";
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** "2 stops · 1 h 05 min": the charging stops' count and time. */
export function chargingText(stops: number | null | undefined, minutes: number | null | undefined, t: PrintTranslator): string {
  const duration = fmtDuration(minutes);
  return stops == null ? t("chargingUnknown", { duration }) : t("chargingValue", { count: stops, duration });
}

/** "Start", "Charging stop 2", "Stop 1": a stop's role on the printout, null for a roadside break. */
export function stopRole(s: Pick<PlanStop, "kind" | "chargeNo" | "stopNo">, t: PrintTranslator): string | null {
  if (s.kind === "start") return t("start");
  if (s.kind === "destination") return t("destination");
  if (s.kind === "charge") return t("chargingStop", { n: s.chargeNo ?? 0 });
  return s.stopNo ? t("stop", { n: s.stopNo }) : null;
}

/** "Destination" is not repeated as "Destination: Destination", in either language (planStops' names are English). */
const FALLBACK_NAME: Partial<Record<PlanStop["kind"], string>> = { start: "Start", destination: "Destination" };

function StopRow({ n, stop: s, t }: { n: number; stop: PlanStop; t: PrintTranslator }) {
  const role = stopRole(s, t);
  const name = !role || s.name === role || s.name === FALLBACK_NAME[s.kind] ? (role ?? s.name) : `${role}: ${s.name}`;
  const details = [s.operator, s.address, s.pause ? t(s.pause.kind === "rest" ? "rest" : "break", { duration: fmtDuration(s.pause.min) }) : null].filter(Boolean).join(" · ");
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
      <td>{s.kind === "charge" ? t(s.powerEstimated ? "chargeEstimated" : "charge", { duration: fmtDuration(s.chargeMin), energy: fmtNum(s.energyKWh, "kWh"), power: fmtNum(s.powerKW, "kW") }) : ""}</td>
      <td className={styles.num}>{s.kind === "start" ? fmtSoc(s.socOut) : s.kind === "charge" ? `${fmtSoc(s.socIn)} → ${fmtSoc(s.socOut)}` : fmtSoc(s.socIn)}</td>
    </tr>
  );
}
