// The time axis the fleet day's charts share: where an instant lies on it (as a share of the track),
// hour ticks on the clock of the day's first departure, and the hour lines behind every row.
import { fmtTick } from "@/components/planner/format";
import { hourTicks } from "@/components/result/timeline";
import styles from "./fleet-day.module.css";

export interface Scale {
  from: number;
  to: number;
  /** The clock the ticks read on. */
  zone: string | null;
}

const share = (s: Scale, ms: number) => Math.min(100, Math.max(0, ((ms - s.from) / (s.to - s.from)) * 100));
/** `left` of a bar starting at `ms`. */
export const leftOf = (s: Scale, ms: number) => `${share(s, ms).toFixed(3)}%`;
/** `width` of a bar from `a` to `b`. */
export const widthOf = (s: Scale, a: number, b: number) => `${Math.max(0, share(s, b) - share(s, a)).toFixed(3)}%`;

/** At most this many ticks: about one per 45 px of the narrowest track. */
const MAX_TICKS = 10;

/** The axis row and the hour lines; placed first in a chart (`styles.chart`). */
export function TimeAxis({ scale, label }: { scale: Scale; label: string }) {
  const ticks = hourTicks(scale.from, scale.to, MAX_TICKS, scale.zone);
  return (
    <>
      <div className={styles.grid} aria-hidden="true">
        {ticks.map((h) => <span key={h.t} style={{ left: leftOf(scale, h.t) }} />)}
      </div>
      <div className={styles.axis} aria-hidden="true">
        <span className={styles.label}>{label}</span>
        <div className={styles.ticks}>{ticks.map((h) => <span key={h.t} style={{ left: leftOf(scale, h.t) }}>{fmtTick(h.t, scale.zone, h.midnight)}</span>)}</div>
      </div>
    </>
  );
}
