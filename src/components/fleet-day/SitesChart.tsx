// The charging sites several tours share: per site its full name and charge points, then a row per
// charge point with the trucks charging there (./site-lanes.ts), an overflow row for trucks beyond the
// points (a conflict left), and a row of its own for where the tours planned one by one would have put
// more trucks than points, so a conflict is never drawn under a bar. Bars carry the tour's number
// where it fits; the tooltip and each row's text name every tour with its local times.
import type { ReactNode } from "react";
import { fmtSpan, fmtZone } from "@/components/planner/format";
import type { ConflictView, SiteView, UseView } from "./day-model";
import styles from "./fleet-day.module.css";
import type { Placed } from "./site-lanes";
import { leftOf, TimeAxis, widthOf, type Scale } from "./TimeAxis";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const tourName = (u: UseView) => `tour ${u.tour.n}${u.tour.title !== `Tour ${u.tour.n}` ? ` ${u.tour.title}` : ""}`;
const useText = (u: UseView) => `${tourName(u)} ${fmtSpan(u.startIso, u.zone, u.endIso, u.zone)}`;
const conflictText = (c: ConflictView) =>
  `${fmtSpan(c.startIso, c.zone, c.endIso, c.zone)}: ${c.trucks} trucks on ${plural(c.capacity, "point")}` +
  `${c.tours.length ? ` (tours ${c.tours.map((t) => t.n).join(", ")}${c.held ? " and a held slot" : ""})` : c.held ? " (a held slot)" : ""}`;

function UseBars({ row, scale, over }: { row: Placed<UseView>[]; scale: Scale; over?: boolean }) {
  return row.map((p) => (
    <span key={`${p.item.tour.n}-${p.start}`} data-bar className={over ? styles.over : styles.use} title={useText(p.item)}
      style={{ left: leftOf(scale, p.start), width: widthOf(scale, p.start, p.shownEnd) }}>
      <span className={styles.barText} aria-hidden="true">{p.item.tour.n}</span>
    </span>
  ));
}

function Lane({ label, text, className, children }: { label: ReactNode; text: string; className?: string; children: ReactNode }) {
  return (
    <li className={`${styles.lane} ${className ?? ""}`} aria-label={text} data-lane>
      <div className={styles.label}>{label}</div>
      <div className={styles.track} title={text}>{children}</div>
    </li>
  );
}

function SiteRows({ site, scale }: { site: SiteView; scale: Scale }) {
  const { points, overflow } = site.lanes;
  // Points no truck uses all day are one row, not one each.
  const lastUsed = points.reduce((a, row, i) => (row.length ? i : a), -1);
  const free = points.length - 1 - lastUsed;
  return (
    <ol className={styles.rows} aria-label={`${site.name}: charge points`}>
      {points.slice(0, lastUsed + 1).map((row, i) => (
        <Lane key={`p${i}`} label={`Point ${i + 1}`} text={`Point ${i + 1}: ${row.length ? row.map((p) => useText(p.item)).join("; ") : "free all day"}`}>
          <UseBars row={row} scale={scale} />
        </Lane>
      ))}
      {free > 0 ? (
        <Lane className={styles.free} label={free === 1 ? `Point ${points.length}` : `Points ${lastUsed + 2}–${points.length}`}
          text={`${free === 1 ? `Point ${points.length}` : `Points ${lastUsed + 2} to ${points.length}`}: free all day`}>
          <span className={styles.freeText}>free all day</span>
        </Lane>
      ) : null}
      {overflow.map((row, i) => (
        <Lane key={`o${i}`} className={styles.overLane} label={`Over capacity${overflow.length > 1 ? ` ${i + 1}` : ""}`}
          text={`Over capacity, no point free: ${row.map((p) => useText(p.item)).join("; ")}`}>
          <UseBars row={row} scale={scale} over />
        </Lane>
      ))}
      {site.alone.map((row, i) => (
        <Lane key={`a${i}`} className={styles.aloneLane} label={<>Planned alone<small>over capacity, resolved</small></>}
          text={`Planned alone, resolved by the fleet plan: ${row.map((p) => conflictText(p.item)).join("; ")}`}>
          {row.map((p) => (
            <span key={p.start} data-bar className={styles.conflict} title={conflictText(p.item)}
              style={{ left: leftOf(scale, p.start), width: widthOf(scale, p.start, p.shownEnd) }}>
              <span className={styles.barText} aria-hidden="true">{p.item.trucks}/{p.item.capacity}</span>
            </span>
          ))}
        </Lane>
      ))}
    </ol>
  );
}

function siteFacts(site: SiteView): string {
  const tours = new Set(site.uses.map((u) => u.tour.n)).size;
  const points = site.capacity === null ? "charge points not known" : plural(site.capacity, "charge point");
  return `${points} · ${tours ? `${plural(tours, "tour")} charge${tours === 1 ? "s" : ""} here` : "no tour charges here in the fleet's plan"}`;
}

export function SitesChart({ sites, scale }: { sites: SiteView[]; scale: Scale }) {
  const clock = fmtZone(scale.from, scale.zone);
  return (
    <section className={styles.section} aria-labelledby="sites-h">
      <h2 id="sites-h">Charging sites shared or in conflict ({clock})</h2>
      {sites.length === 0 ? <p className={styles.intro}>No site is used by more than one tour.</p> : (
        <>
          <p className={styles.intro}>A row per charge point: each truck on the first point free when it arrives. The numbers are the tours&apos; numbers above.</p>
          <div className={styles.scroll} role="region" aria-label="Charging sites timeline" tabIndex={0}>
            <div className={styles.chart}>
              <TimeAxis scale={scale} label="Site and point" />
              <ul className={styles.sites}>
                {sites.map((s) => (
                  <li key={s.id} className={styles.site} aria-labelledby={`site-${s.id}`} data-site={s.id}>
                    <div className={styles.siteHead} id={`site-${s.id}`}>
                      <strong>{s.name}</strong>
                      {s.address ? <span>{s.address}</span> : null}
                      <span>{siteFacts(s)}</span>
                      {s.alone.length ? <span className={styles.warn}>Planned alone: {s.alone.flat().map((p) => conflictText(p.item)).join("; ")}</span> : null}
                      {s.left.length ? <span className={styles.warn}>Still over capacity: {s.left.map(conflictText).join("; ")}</span> : null}
                    </div>
                    <SiteRows site={s} scale={scale} />
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <p className={styles.legend}>
            <span><span className={styles.swatch} style={{ background: "#0b4a8a" }} />a truck charging (its tour&apos;s number)</span>
            <span><span className={styles.swatch} style={{ background: "#b42318" }} />over capacity: no point free</span>
            <span><span className={styles.swatch} style={{ border: "2px dashed #b42318", background: "#fef3f2" }} />planned alone: trucks/points (resolved)</span>
          </p>
        </>
      )}
    </section>
  );
}
