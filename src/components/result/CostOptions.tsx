"use client";
// The time-money trade-off of a plan (cost_options): each option a point of
// duration against total cost on axes with values (trade-off-scale.ts), named
// by what it is (cost-option-labels.ts), and a list of buttons, the chart's
// accessible alternative, each showing that plan instead. One option: no
// trade-off, said in words.
import type { CostOption } from "@/contract/result";
import { labelOptions, type OptionLabel } from "./cost-option-labels";
import styles from "./result.module.css";
import { costAxis, durationAxis, fmtEur, fmtHm, type Axis } from "./trade-off-scale";

const W = 360, H = 214;
const PLOT = { left: 62, right: W - 20, top: 24, bottom: H - 38 };
const FONT = 10;
/** Roughly the width of a label's character at FONT (no layout pass in an SVG drawn on the server). */
const CHAR_W = 5.3;
const LINE = 12;

const hm = (min: number) => `${Math.floor(min / 60)} h ${String(Math.round(min % 60)).padStart(2, "0")} min`;
const eur = (x: number) => `${x.toLocaleString("en-GB", { maximumFractionDigits: 0 })} EUR`;

export function CostOptions({ options, shown, onShow, valueOfTime = null }: {
  options: CostOption[]; shown: number | null; onShow: (option: number | null) => void;
  /** The request's value of time, EUR/h: the one every option's total cost counts. */
  valueOfTime?: number | null;
}) {
  const labels = labelOptions(options);
  const current = shown ?? options.find((o) => o.chosen)?.option ?? null;
  const show = (o: CostOption) => onShow(o.chosen ? null : o.option);
  const totalIs = `Total cost: energy, tolls${valueOfTime != null ? ` and time at ${valueOfTime.toLocaleString("en-GB", { maximumFractionDigits: 2 })} EUR/h` : " and the value of time"}.`;
  return (
    <section className={styles.costOptions} aria-labelledby="cost-options-heading" data-testid="cost-options">
      <h3 id="cost-options-heading">Time and cost</h3>
      {options.length === 1 ? (
        <p className={styles.para} data-testid="cost-options-single">
          No trade-off: no other plan tried (fastest, balanced, cheapest) was faster or cost less than this one, {hm(options[0].duration_min)} and{" "}
          {eur(options[0].total_cost)} in total ({eur(options[0].energy_cost)} energy). {totalIs}
        </p>
      ) : (
        <>
          <TradeOffChart options={options} labels={labels} current={current} onShow={show} totalIs={totalIs} />
          <ul aria-label="Options from the fastest to the cheapest">
            {options.map((o) => (
              <li key={o.option}>
                <button type="button" aria-pressed={o.option === current} onClick={() => show(o)}>
                  {hm(o.duration_min)} · {eur(o.total_cost)} total · {eur(o.energy_cost)} energy · {labels.get(o.option)!.text}
                  {o.chosen ? " (requested)" : ""}
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

function scaleText(x: Axis, y: Axis): string {
  const cut = [x.min > 0 ? "duration" : null, y.min > 0 ? "cost" : null].filter(Boolean);
  const zero = cut.length === 2 ? " Neither axis starts at zero." : cut.length ? ` The ${cut[0]} axis does not start at zero.` : "";
  return `Scale: duration ${fmtHm(x.min)} to ${fmtHm(x.max)} (h:mm), total cost ${fmtEur(y.min)} to ${fmtEur(y.max)}.${zero}`;
}

function TradeOffChart({ options, labels, current, onShow, totalIs }: {
  options: CostOption[]; labels: Map<number, OptionLabel>; current: number | null; onShow: (o: CostOption) => void; totalIs: string;
}) {
  const x = durationAxis(options.map((o) => o.duration_min));
  const y = costAxis(options.map((o) => o.total_cost));
  const px = (v: number) => PLOT.left + ((v - x.min) / (x.max - x.min)) * (PLOT.right - PLOT.left);
  const py = (v: number) => PLOT.bottom - ((v - y.min) / (y.max - y.min)) * (PLOT.bottom - PLOT.top);
  const points = placeLabels(options.map((o) => ({ o, x: px(o.duration_min), y: py(o.total_cost), text: labels.get(o.option)!.short })));
  return (
    <figure className={styles.tradeOff}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Duration against total cost of each option" aria-describedby="cost-options-scale">
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
          Duration of the tour (h:mm) →
        </text>
        <text className={styles.axisTitle} x={4} y={11}>
          ↑ Total cost
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
        {scaleText(x, y)} {totalIs}
      </figcaption>
    </figure>
  );
}
