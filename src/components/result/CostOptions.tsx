"use client";
// The time-money trade-off of a plan (cost_options): each option a point of
// duration against total cost on axes with values (trade-off-scale.ts), named
// by what it is (cost-option-labels.ts), and a list of buttons, the chart's
// accessible alternative, each showing that plan instead. One option: no
// trade-off, said in words.
import { useTranslations } from "next-intl";
import { displayLocale } from "@/components/planner/format";
import type { CostOption } from "@/contract/result";
import { labelOptions, type CostOptionsTranslator, type OptionLabel } from "./cost-option-labels";
import styles from "./result.module.css";
import { costAxis, durationAxis, fmtEur, fmtHm, type Axis } from "./trade-off-scale";

const W = 360, H = 214;
const PLOT = { left: 62, right: W - 20, top: 24, bottom: H - 38 };
const FONT = 10;
/** Roughly the width of a label's character at FONT (no layout pass in an SVG drawn on the server). */
const CHAR_W = 5.3;
const LINE = 12;

const hm = (min: number, t: CostOptionsTranslator) => t("hm", { h: Math.floor(min / 60), mm: String(Math.round(min % 60)).padStart(2, "0") });
const eur = (x: number) => `${x.toLocaleString(displayLocale(), { maximumFractionDigits: 0 })} EUR`;

export function CostOptions({ options, shown, onShow, valueOfTime = null }: {
  options: CostOption[]; shown: number | null; onShow: (option: number | null) => void;
  /** The request's value of time, EUR/h: the one every option's total cost counts. */
  valueOfTime?: number | null;
}) {
  const t = useTranslations("costOptions");
  const labels = labelOptions(options, t);
  const current = shown ?? options.find((o) => o.chosen)?.option ?? null;
  const show = (o: CostOption) => onShow(o.chosen ? null : o.option);
  const totalIs = valueOfTime != null ? t("totalIsRate", { rate: valueOfTime.toLocaleString(displayLocale(), { maximumFractionDigits: 2 }) }) : t("totalIs");
  return (
    <section className={styles.costOptions} aria-labelledby="cost-options-heading" data-testid="cost-options">
      <h3 id="cost-options-heading">{t("heading")}</h3>
      {options.length === 1 ? (
        <p className={styles.para} data-testid="cost-options-single">
          {t("single", { duration: hm(options[0].duration_min, t), total: eur(options[0].total_cost), energy: eur(options[0].energy_cost) })} {totalIs}
        </p>
      ) : (
        <>
          <TradeOffChart options={options} labels={labels} current={current} onShow={show} totalIs={totalIs} />
          <ul aria-label={t("list")}>
            {options.map((o) => (
              <li key={o.option}>
                <button type="button" aria-pressed={o.option === current} onClick={() => show(o)}>
                  {t("option", { duration: hm(o.duration_min, t), total: eur(o.total_cost), energy: eur(o.energy_cost), label: labels.get(o.option)!.text })}
                  {o.chosen ? t("requested") : ""}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

interface Placed {
  o: CostOption;
  x: number;
  y: number;
  text: string;
  tx: number;
  ty: number;
  anchor: "start" | "end";
}

/** Each point's label beside it, to its right (left near the edge), moved down past a label it would cover. */
function placeLabels(points: { o: CostOption; x: number; y: number; text: string }[]): Placed[] {
  const placed: Placed[] = [];
  for (const p of [...points].sort((a, b) => a.y - b.y)) {
    const w = p.text.length * CHAR_W;
    const right = p.x + 8 + w <= W - 2;
    const [from, to] = right ? [p.x + 8, p.x + 8 + w] : [p.x - 8 - w, p.x - 8];
    let ty = p.y + FONT / 2 - 1;
    for (const q of placed) {
      const [qf, qt] = q.anchor === "start" ? [q.tx, q.tx + q.text.length * CHAR_W] : [q.tx - q.text.length * CHAR_W, q.tx];
      if (from < qt && qf < to && Math.abs(ty - q.ty) < LINE) ty = q.ty + LINE;
    }
    placed.push({ ...p, tx: right ? p.x + 8 : p.x - 8, ty: Math.min(ty, H - 4), anchor: right ? "start" : "end" });
  }
  return placed;
}

function scaleText(x: Axis, y: Axis, t: CostOptionsTranslator): string {
  const cut = [x.min > 0 ? t("axisDuration") : null, y.min > 0 ? t("axisCost") : null].filter((c): c is string => c != null);
  const zero = cut.length === 2 ? t("neitherZero") : cut.length ? t("oneZero", { axis: cut[0] }) : "";
  return `${t("scale", { dMin: fmtHm(x.min), dMax: fmtHm(x.max), cMin: fmtEur(y.min), cMax: fmtEur(y.max) })}${zero}`;
}

function TradeOffChart({ options, labels, current, onShow, totalIs }: {
  options: CostOption[]; labels: Map<number, OptionLabel>; current: number | null; onShow: (o: CostOption) => void; totalIs: string;
}) {
  const t = useTranslations("costOptions");
  const x = durationAxis(options.map((o) => o.duration_min));
  const y = costAxis(options.map((o) => o.total_cost));
  const px = (v: number) => PLOT.left + ((v - x.min) / (x.max - x.min)) * (PLOT.right - PLOT.left);
  const py = (v: number) => PLOT.bottom - ((v - y.min) / (y.max - y.min)) * (PLOT.bottom - PLOT.top);
  const points = placeLabels(options.map((o) => ({ o, x: px(o.duration_min), y: py(o.total_cost), text: labels.get(o.option)!.short })));
  return (
    <figure className={styles.tradeOff}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t("chart")} aria-describedby="cost-options-scale">
        {y.ticks.map((t) => (
          <g key={`y${t}`}>
            <line className={styles.grid} x1={PLOT.left} x2={PLOT.right} y1={py(t)} y2={py(t)} />
            <text className={styles.axisText} x={PLOT.left - 5} y={py(t) + 3.5} textAnchor="end">
              {fmtEur(t)}
            </text>
          </g>
        ))}
        {x.ticks.map((t) => (
          <g key={`x${t}`}>
            <line className={styles.grid} x1={px(t)} x2={px(t)} y1={PLOT.top} y2={PLOT.bottom} />
            <text className={styles.axisText} x={px(t)} y={PLOT.bottom + 13} textAnchor="middle">
              {fmtHm(t)}
            </text>
          </g>
        ))}
        <line className={styles.axisLine} x1={PLOT.left} x2={PLOT.right} y1={PLOT.bottom} y2={PLOT.bottom} />
        <line className={styles.axisLine} x1={PLOT.left} x2={PLOT.left} y1={PLOT.top} y2={PLOT.bottom} />
        <text className={styles.axisTitle} x={(PLOT.left + PLOT.right) / 2} y={H - 6} textAnchor="middle">
          {t("xTitle")}
        </text>
        <text className={styles.axisTitle} x={4} y={11}>
          {t("yTitle")}
        </text>
        <polyline className={styles.front} points={options.map((o) => `${px(o.duration_min)},${py(o.total_cost)}`).join(" ")} />
        {points.map((p) => {
          const on = p.o.option === current;
          return (
            <g key={p.o.option} className={on ? styles.pointOn : styles.point} onClick={() => onShow(p.o)} data-option={p.o.option}>
              <circle cx={p.x} cy={p.y} r={on ? 6 : 4.5} />
              <text x={p.tx} y={p.ty} textAnchor={p.anchor} className={styles.pointLabel}>
                {p.text}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption id="cost-options-scale" className={styles.hint}>
        {scaleText(x, y, t)} {totalIs}
      </figcaption>
    </figure>
  );
}
