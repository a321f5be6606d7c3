"use client";
// State of charge and ground elevation along the route (route_profile), as an
// SVG drawn here: SoC line on the left axis, elevation area on the right axis,
// the reserve, charging stops and pauses marked. Screen readers get a title, a
// summary in words and the data as a table.
import { useTranslations } from "next-intl";
import { useId, useMemo, useState, type PointerEvent } from "react";
import { fmtKm, fmtSoc } from "@/components/planner/format";
import type { PlanStop } from "@/components/planner/stops";
import { RESERVE_SOC, valueAt, type RouteOnMap } from "./profile";
import styles from "./result.module.css";

const W = 380;
const H = 180;
const M = { left: 36, right: 44, top: 24, bottom: 24 };
const PW = W - M.left - M.right;
const PH = H - M.top - M.bottom;

function niceStep(span: number, max: number): number {
  const raw = span / max;
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
}

export interface ChartPlace {
  distM: number;
  name: string;
  charge: boolean;
}

export type SocChartTranslator = ReturnType<typeof useTranslations<"socChart">>;

export interface ChartMark {
  distM: number;
  label: string;
  kind: "charge" | "break" | "rest" | "stuck";
}

/** Where each stop lies on the route (its section's end): marks on the chart, names in its table. */
export function chartStops(stops: PlanStop[], route: RouteOnMap, stuckM: number | null, t: SocChartTranslator): { marks: ChartMark[]; places: ChartPlace[] } {
  const end = new Map(route.sections.map((s) => [s.index, s.at[s.at.length - 1]]));
  const marks: ChartMark[] = [];
  const places: ChartPlace[] = [];
  for (const s of stops) {
    const d = end.get(s.section);
    if (d == null) continue;
    const name = s.kind === "charge" ? t("chargingStop", { n: s.chargeNo ?? 0, name: s.name }) : s.name;
    places.push({ distM: d, name: s.pause && s.kind !== "break" ? t(`withPause.${s.pause.kind}`, { name }) : name, charge: s.kind === "charge" });
    if (s.kind === "charge") marks.push({ distM: d, label: String(s.chargeNo), kind: "charge" });
    else if (s.pause) marks.push({ distM: d, label: t(`mark.${s.pause.kind}`), kind: s.pause.kind });
  }
  if (stuckM != null) marks.push({ distM: stuckM, label: "!", kind: "stuck" });
  return { marks, places };
}

export function SocChart({ route, marks, places }: { route: RouteOnMap; marks: ChartMark[]; places: ChartPlace[] }) {
  const t = useTranslations("socChart");
  const id = useId();
  const p = route.profile!;
  const [hover, setHover] = useState<number | null>(null);
  const total = Math.max(1, p.d[p.d.length - 1]);
  const eles = p.ele.filter((e): e is number => e != null);
  const eMax = eles.length ? Math.max(100, Math.ceil(Math.max(...eles) / 100) * 100) : 0;
  const x = (d: number) => M.left + (d / total) * PW;
  const ySoc = (s: number) => M.top + (1 - Math.max(0, Math.min(1, s))) * PH;
  const yEle = (e: number) => M.top + (1 - e / (eMax || 1)) * PH;

  const { socPath, elePath } = useMemo(() => {
    let soc = "";
    let ele = "";
    let open = false;
    p.d.forEach((d, i) => {
      soc += `${i ? "L" : "M"}${x(d).toFixed(1)},${ySoc(p.soc[i]).toFixed(1)}`;
      const e = p.ele[i];
      if (e == null) {
        if (open) ele += `L${x(p.d[i - 1]).toFixed(1)},${M.top + PH}Z`;
        open = false;
      } else {
        ele += `${open ? "L" : `M${x(d).toFixed(1)},${M.top + PH}L`}${x(d).toFixed(1)},${yEle(e).toFixed(1)}`;
        open = true;
      }
    });
    if (open) ele += `L${x(p.d[p.d.length - 1]).toFixed(1)},${M.top + PH}Z`;
    return { socPath: soc, elePath: ele };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p, eMax]);

  // Labels of marks closer than a label's width go to a second row.
  const rows: number[] = [];
  let lastX = [-Infinity, -Infinity];
  for (const m of marks) {
    const mx = x(m.distM);
    const row = mx - lastX[0] >= 12 ? 0 : mx - lastX[1] >= 12 ? 1 : 0;
    rows.push(row);
    lastX = row ? [lastX[0], mx] : [mx, lastX[1]];
  }

  const kmStep = niceStep(total / 1000, 5);
  const kmTicks: number[] = [];
  for (let k = 0; k <= total / 1000 + 1e-6; k += kmStep) kmTicks.push(k);

  const minI = p.soc.indexOf(Math.min(...p.soc));
  const summary =
    t("summary", { distance: fmtKm(total), start: fmtSoc(p.soc[0]), lowest: fmtSoc(p.soc[minI]), lowestKm: Math.round(p.d[minI] / 1000), end: fmtSoc(p.soc[p.soc.length - 1]) }) +
    (marks.some((m) => m.kind === "charge") ? t("chargedAt", { km: marks.filter((m) => m.kind === "charge").map((m) => Math.round(m.distM / 1000)).join(", ") }) : t("noCharging")) +
    (eles.length ? t("elevation", { min: Math.round(Math.min(...eles)), max: Math.round(Math.max(...eles)) }) : t("noElevation"));

  const onMove = (e: PointerEvent<SVGSVGElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const px = ((e.clientX - r.left) / r.width) * W;
    setHover(Math.max(0, Math.min(total, ((px - M.left) / PW) * total)));
  };
  const hSoc = hover != null ? valueAt(p, "soc", hover) : null;
  const hEle = hover != null ? valueAt(p, "ele", hover) : null;

  return (
    <figure className={styles.figure}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${id}-t`}
        aria-describedby={`${id}-d`}
        onPointerMove={onMove}
        onPointerLeave={() => setHover(null)}
        data-testid="soc-chart"
      >
        <title id={`${id}-t`}>{t("title")}</title>
        <desc id={`${id}-d`}>{summary}</desc>
        {eMax ? <path d={elePath} className={styles.eleArea} /> : null}
        {[0, 0.5, 1].map((s) => (
          <g key={s}>
            <line x1={M.left} x2={M.left + PW} y1={ySoc(s)} y2={ySoc(s)} className={styles.grid} />
            <text x={M.left - 5} y={ySoc(s) + 3.5} textAnchor="end" className={styles.axisText}>
              {s * 100} %
            </text>
          </g>
        ))}
        {eMax ? (
          <>
            <text x={M.left + PW + 5} y={yEle(eMax) + 3.5} className={styles.axisText}>
              {eMax} m
            </text>
            <text x={M.left + PW + 5} y={yEle(0) + 3.5} className={styles.axisText}>
              0 m
            </text>
          </>
        ) : null}
        <line x1={M.left} x2={M.left + PW} y1={ySoc(RESERVE_SOC)} y2={ySoc(RESERVE_SOC)} className={styles.reserve} />
        {kmTicks.map((k) => (
          <text key={k} x={x(k * 1000)} y={H - 8} textAnchor={k === 0 ? "start" : "middle"} className={styles.axisText}>
            {k === 0 ? "0 km" : k}
          </text>
        ))}
        {marks.map((m, i) => (
          <g key={i} className={styles[`mark_${m.kind}`]}>
            <line x1={x(m.distM)} x2={x(m.distM)} y1={M.top} y2={M.top + PH} className={styles.markLine} />
            <text x={x(m.distM)} y={rows[i] ? M.top - 13 : M.top - 3} textAnchor="middle" className={styles.markText}>
              {m.label}
            </text>
          </g>
        ))}
        <path d={socPath} className={styles.socLine} />
        {hover != null ? <line x1={x(hover)} x2={x(hover)} y1={M.top} y2={M.top + PH} className={styles.cursor} /> : null}
      </svg>
      <figcaption className={styles.chartCaption}>
        <span className={styles.keyItem}>
          <span className={`${styles.keyLine} ${styles.keySoc}`} aria-hidden="true" />
          {t("keySoc")}
        </span>
        <span className={styles.keyItem}>
          <span className={`${styles.keyBox} ${styles.keyEle}`} aria-hidden="true" />
          {t("keyElevation")}
        </span>
        <span className={styles.keyItem}>
          <span className={`${styles.keyLine} ${styles.keyReserve}`} aria-hidden="true" />
          {t("keyReserve", { percent: Math.round(RESERVE_SOC * 100) })}
        </span>
        <span className={styles.readout} aria-hidden="true">
          {hover != null ? `${t("readout", { km: Math.round(hover / 1000), soc: fmtSoc(hSoc) })}${hEle != null ? `, ${Math.round(hEle)} m` : ""}` : t("hint")}
        </span>
      </figcaption>
      <ChartTable route={route} places={places} />
    </figure>
  );
}

/** The chart's data in rows: the start, every stop (arrival and departure) and regular steps between. */
function ChartTable({ route, places }: { route: RouteOnMap; places: ChartPlace[] }) {
  const t = useTranslations("socChart");
  const p = route.profile!;
  const last = p.d.length - 1;
  const step = niceStep(p.d[last] / 1000, 16) * 1000;
  const rows: { d: number; soc: number; ele: number | null; note: string }[] = [];
  let next = 0;
  for (let i = 0; i <= last; i++) {
    const d = p.d[i];
    // A stop is a run of samples at one distance (arrival, after the charge, after the detour): keep its first and last.
    const runStart = i === 0 || p.d[i - 1] !== d;
    const runEnd = i === last || p.d[i + 1] !== d;
    if (!runStart && !runEnd) continue;
    const place = places.find((pl) => Math.abs(pl.distM - d) < 1);
    if (!(d >= next || place || i === last)) continue;
    const inRun = !(runStart && runEnd);
    const note = i === 0 ? t("start") : place ? `${place.name}${inRun && place.charge ? (runStart ? t("arrival") : t("departure")) : ""}` : "";
    if (inRun && !runStart && !place?.charge) continue;
    rows.push({ d, soc: p.soc[i], ele: p.ele[i], note });
    if (d >= next) next = (Math.floor(d / step) + 1) * step;
  }
  return (
    <details className={styles.tableWrap}>
      <summary>{t("tableSummary")}</summary>
      <table className={styles.table}>
        <caption className={styles.srOnly}>{t("tableCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">km</th>
            <th scope="col">{t("colSoc")}</th>
            <th scope="col">{t("colElevation")}</th>
            <th scope="col">{t("colWhere")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <td>{Math.round(r.d / 1000)}</td>
              <td>{fmtSoc(r.soc)}</td>
              <td>{r.ele != null ? `${Math.round(r.ele)} m` : "–"}</td>
              <td>{r.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
