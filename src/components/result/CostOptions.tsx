"use client";
// The time-money trade-off of a plan (cost_options): each option a point of
// duration against total cost, and a button that shows that plan instead.
import type { CostOption } from "@/contract/result";
import styles from "./result.module.css";

const W = 320, H = 140, PAD = 28;
const hm = (min: number) => `${Math.floor(min / 60)} h ${String(Math.round(min % 60)).padStart(2, "0")} min`;
const eur = (x: number) => `${x.toLocaleString("en-GB", { maximumFractionDigits: 0 })} EUR`;
const label = (o: CostOption) => (o.objective === "balanced" ? `balanced at ${o.value_of_time_eur_per_h} EUR/h` : o.objective);

export function CostOptions({ options, shown, onShow }: { options: CostOption[]; shown: number | null; onShow: (option: number | null) => void }) {
  const xs = options.map((o) => o.duration_min), ys = options.map((o) => o.total_cost);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)], [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  const px = (x: number) => PAD + ((x - x0) / (x1 - x0 || 1)) * (W - 2 * PAD);
  const py = (y: number) => H - PAD + 8 - ((y - y0) / (y1 - y0 || 1)) * (H - 2 * PAD);
  const current = shown ?? options.find((o) => o.chosen)?.option ?? null;
  return (
    <section className={styles.costOptions} aria-labelledby="cost-options-heading" data-testid="cost-options">
      <h3 id="cost-options-heading">Time and cost</h3>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Duration against total cost of each option">
        <line x1={PAD} y1={H - PAD + 8} x2={W - PAD} y2={H - PAD + 8} stroke="currentColor" opacity={0.3} />
        <text x={W / 2} y={H - 2} textAnchor="middle" fontSize={10}>duration →</text>
        <text x={4} y={12} fontSize={10}>total cost ↑</text>
        <polyline fill="none" stroke="currentColor" opacity={0.4} points={options.map((o) => `${px(o.duration_min)},${py(o.total_cost)}`).join(" ")} />
        {options.map((o) => (
          <circle key={o.option} cx={px(o.duration_min)} cy={py(o.total_cost)} r={o.option === current ? 6 : 4}
            fill={o.option === current ? "var(--accent, #0b5cad)" : "currentColor"} style={{ cursor: "pointer" }} onClick={() => onShow(o.chosen ? null : o.option)}>
            <title>{`${label(o)}: ${hm(o.duration_min)}, ${eur(o.total_cost)}`}</title>
          </circle>
        ))}
      </svg>
      <ul>
        {options.map((o) => (
          <li key={o.option}>
            <button type="button" aria-pressed={o.option === current} onClick={() => onShow(o.chosen ? null : o.option)}>
              {hm(o.duration_min)} · {eur(o.total_cost)} total · {eur(o.energy_cost)} energy · {label(o)}{o.chosen ? " (requested)" : ""}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
