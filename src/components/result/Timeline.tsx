"use client";
// The tour on a clock: one lane per activity (driving, charging, break, daily
// rest, waiting, time at a stop), since a pause at a charger overlaps the
// charging. Each bar is a button: hover or focus shows its details, a click
// shows its stop on the map. One tab stop; arrow keys move between bars.
import { useTranslations } from "next-intl";
import { useMemo, useRef, useState, type KeyboardEvent } from "react";
import { differentDay, fmtDuration, fmtSpan, fmtTick, fmtZone } from "@/components/planner/format";
import type { PlanStop } from "@/components/planner/stops";
import styles from "./result.module.css";
import { hourTicks, LANES, tourActivities, type Activity, type TimelineTranslator } from "./timeline";

const iso = (ms: number) => new Date(ms).toISOString();

/** "Charging Sat 21 Nov, 10:36–11:05 CET (29 min): …": the day once on a tour over several days, again only when it changes. */
function describe(a: Activity, withDay: boolean, t: TimelineTranslator): string {
  return t("describe", { lane: t(`lane.${a.kind}`), span: fmtSpan(iso(a.start), a.fromZone, iso(a.end), a.zone, withDay), duration: fmtDuration((a.end - a.start) / 60_000), place: a.place });
}

/** The tour's totals as the result gives them: the summary line reads these, never its own sums of the bars. */
export interface TimelineTotals {
  driving_time_min: number;
  charging_time_min: number;
  break_time_min: number;
  waiting_time_min: number;
}

export function Timeline({ stops, totals, onFocusStop }: { stops: PlanStop[]; totals: TimelineTotals | null; onFocusStop: (index: number) => void }) {
  const t = useTranslations("timeline");
  const acts = useMemo(() => tourActivities(stops, t).sort((a, b) => a.start - b.start || LANES.findIndex((l) => l.kind === a.kind) - LANES.findIndex((l) => l.kind === b.kind)), [stops, t]);
  const [active, setActive] = useState(0);
  const [shown, setShown] = useState<number | null>(null);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  if (!acts.length) return null;

  const t0 = Math.min(...acts.map((a) => a.start));
  const t1 = Math.max(...acts.map((a) => a.end));
  const span = Math.max(1, t1 - t0);
  const pct = (t: number) => ((t - t0) / span) * 100;
  // The axis runs on the departure's clock (each bar's details on its own place's).
  const zone = stops[0]?.zone ?? null;
  const multiDay = differentDay(iso(t0), iso(t1), zone);
  const lanes = LANES.filter((l) => acts.some((a) => a.kind === l.kind));
  const ticks = hourTicks(t0, t1, 6, zone);
  const sum = (k: Activity["kind"]) => acts.filter((a) => a.kind === k).reduce((s, a) => s + (a.end - a.start) / 60_000, 0);

  const move = (e: KeyboardEvent, i: number) => {
    const to = e.key === "ArrowRight" || e.key === "ArrowDown" ? i + 1 : e.key === "ArrowLeft" || e.key === "ArrowUp" ? i - 1 : e.key === "Home" ? 0 : e.key === "End" ? acts.length - 1 : null;
    if (to == null || to < 0 || to >= acts.length) return;
    e.preventDefault();
    setActive(to);
    setShown(to);
    refs.current[to]?.focus();
  };

  return (
    <div className={styles.timelineBox}>
      <p className={styles.timelineSummary}>
        {totals
          ? t("summary", { driving: fmtDuration(totals.driving_time_min), charging: fmtDuration(totals.charging_time_min), breaks: fmtDuration(totals.break_time_min), waiting: totals.waiting_time_min ? fmtDuration(totals.waiting_time_min) : t("noWaiting"), zone: fmtZone(t0, zone) })
          : t("summary", { driving: fmtDuration(sum("drive")), charging: fmtDuration(sum("charge")), breaks: fmtDuration(sum("break") + sum("rest")), waiting: sum("wait") ? fmtDuration(sum("wait")) : t("noWaiting"), zone: fmtZone(t0, zone) })}
      </p>
      <div className={styles.timeline} role="group" aria-label={t("group")} data-testid="timeline">
        {lanes.map((l) => (
          <div key={l.kind} className={styles.lane} data-lane={l.kind}>
            <span className={styles.laneLabel}>
              <span className={styles.laneSwatch} style={{ background: l.color }} aria-hidden="true" />
              {t(`lane.${l.kind}`)}
            </span>
            <div className={styles.track}>
              {acts.map((a, i) =>
                a.kind === l.kind ? (
                  <button
                    key={i}
                    ref={(el) => {
                      refs.current[i] = el;
                    }}
                    type="button"
                    className={styles.bar}
                    style={{ left: `${pct(a.start)}%`, width: `${pct(a.end) - pct(a.start)}%`, background: l.color }}
                    tabIndex={i === active ? 0 : -1}
                    aria-label={describe(a, multiDay, t)}
                    onFocus={() => {
                      setActive(i);
                      setShown(i);
                    }}
                    onMouseEnter={() => setShown(i)}
                    onMouseLeave={() => setShown(null)}
                    onBlur={() => setShown(null)}
                    onKeyDown={(e) => move(e, i)}
                    onClick={() => onFocusStop(a.stopIndex)}
                  />
                ) : null,
              )}
            </div>
          </div>
        ))}
        <div className={styles.axis} aria-hidden="true">
          {ticks.map((t) => (
            <span key={t.t} className={`${styles.tick} ${t.midnight ? styles.tickDay : ""}`} style={{ left: `${pct(t.t)}%` }}>
              {fmtTick(t.t, zone, t.midnight)}
            </span>
          ))}
        </div>
      </div>
      <p className={styles.timelineDetail} aria-hidden="true" data-testid="timeline-detail">
        {shown != null && acts[shown] ? describe(acts[shown], multiDay, t) : t("hint")}
      </p>
    </div>
  );
}
