// The charging sites several tours share: per site its full name and charge points, then a row per
// charge point with the trucks charging there (./site-lanes.ts), an overflow row for trucks beyond the
// points (a conflict left), and a row of its own for where the tours planned one by one would have put
// more trucks than points, so a conflict is never drawn under a bar. Bars carry the tour's number
// where it fits; the tooltip and each row's text name every tour with its local times.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { fmtSpan, fmtZone } from "@/components/planner/format";
import type { ConflictView, SiteView, UseView } from "./day-model";
import styles from "./fleet-day.module.css";
import type { Placed } from "./site-lanes";
import { leftOf, TimeAxis, widthOf, type Scale } from "./TimeAxis";

/** The chart's words ("fleetDaySites" in src/i18n/messages). */
export type SitesChartTranslator = ReturnType<typeof useTranslations<"fleetDaySites">>;

const tourName = (u: UseView, t: SitesChartTranslator) => (u.tour.name ? t("tourNamed", { n: u.tour.n, name: u.tour.name }) : t("tour", { n: u.tour.n }));
/** "tour 2 HH-MUC 10:36–11:05 CET": a truck charging. */
export const chargingText = (u: UseView, t: SitesChartTranslator) => `${tourName(u, t)} ${fmtSpan(u.startIso, u.zone, u.endIso, u.zone)}`;
/** "10:36–11:05 CET: 2 trucks on 1 point (tours 1, 2)": more trucks than points. */
export function conflictText(c: ConflictView, t: SitesChartTranslator): string {
  const conflict = t("conflict", { span: fmtSpan(c.startIso, c.zone, c.endIso, c.zone), trucks: c.trucks, capacity: c.capacity });
  const tours = c.tours.map((v) => v.n).join(", ");
  if (c.tours.length) return c.held ? t("conflictToursHeld", { conflict, tours }) : t("conflictTours", { conflict, tours });
  return c.held ? t("conflictHeld", { conflict }) : conflict;
}

/** "1 charge point · 2 tours charge here": what a site's head says under its name. */
export function siteFacts(site: SiteView, t: SitesChartTranslator): string {
  const tours = new Set(site.uses.map((u) => u.tour.n)).size;
  const points = site.capacity === null ? t("pointsUnknown") : t("points", { count: site.capacity });
  return `${points} · ${tours ? t("toursHere", { count: tours }) : t("noTourHere")}`;
}

function UseBars({ row, scale, over }: { row: Placed<UseView>[]; scale: Scale; over?: boolean }) {
  const t = useTranslations("fleetDaySites");
  return row.map((p) => (
    <span key={`${p.item.tour.n}-${p.start}`} data-bar className={over ? styles.over : styles.use} title={chargingText(p.item, t)}
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
  const t = useTranslations("fleetDaySites");
  const uses = (row: Placed<UseView>[]) => row.map((p) => chargingText(p.item, t)).join("; ");
  const { points, overflow } = site.lanes;
  // Points no truck uses all day are one row, not one each.
  const lastUsed = points.reduce((a, row, i) => (row.length ? i : a), -1);
  const free = points.length - 1 - lastUsed;
  return (
    <ol className={styles.rows} aria-label={t("rows", { site: site.name })}>
      {points.slice(0, lastUsed + 1).map((row, i) => (
        <Lane key={`p${i}`} label={t("point", { n: i + 1 })} text={row.length ? t("pointUses", { n: i + 1, uses: uses(row) }) : t("pointFree", { n: i + 1 })}>
          <UseBars row={row} scale={scale} />
        </Lane>
      ))}
      {free > 0 ? (
        <Lane className={styles.free} label={free === 1 ? t("point", { n: points.length }) : t("pointsRange", { from: lastUsed + 2, to: points.length })}
          text={free === 1 ? t("pointFree", { n: points.length }) : t("pointsFree", { from: lastUsed + 2, to: points.length })}>
          <span className={styles.freeText}>{t("freeAllDay")}</span>
        </Lane>
      ) : null}
      {overflow.map((row, i) => (
        <Lane key={`o${i}`} className={styles.overLane} label={overflow.length > 1 ? t("overNumbered", { n: i + 1 }) : t("over")}
          text={t("overText", { uses: uses(row) })}>
          <UseBars row={row} scale={scale} over />
        </Lane>
      ))}
      {site.alone.map((row, i) => (
        <Lane key={`a${i}`} className={styles.aloneLane} label={<>{t("alone")}<small>{t("aloneNote")}</small></>}
          text={t("aloneText", { conflicts: row.map((p) => conflictText(p.item, t)).join("; ") })}>
          {row.map((p) => (
            <span key={p.start} data-bar className={styles.conflict} title={conflictText(p.item, t)}
              style={{ left: leftOf(scale, p.start), width: widthOf(scale, p.start, p.shownEnd) }}>
              <span className={styles.barText} aria-hidden="true">{p.item.trucks}/{p.item.capacity}</span>
            </span>
          ))}
        </Lane>
      ))}
    </ol>
  );
}

export function SitesChart({ sites, scale }: { sites: SiteView[]; scale: Scale }) {
  const t = useTranslations("fleetDaySites");
  const clock = fmtZone(scale.from, scale.zone);
  return (
    <section className={styles.section} aria-labelledby="sites-h">
      <h2 id="sites-h">{t("heading", { clock })}</h2>
      {sites.length === 0 ? <p className={styles.intro}>{t("none")}</p> : (
        <>
          <p className={styles.intro}>{t("intro")}</p>
          <div className={styles.scroll} role="region" aria-label={t("region")} tabIndex={0}>
            <div className={styles.chart}>
              <TimeAxis scale={scale} label={t("axis")} />
              <ul className={styles.sites}>
                {sites.map((s) => (
                  <li key={s.id} className={styles.site} aria-labelledby={`site-${s.id}`} data-site={s.id}>
                    <div className={styles.siteHead} id={`site-${s.id}`}>
                      <strong>{s.name}</strong>
                      {s.address ? <span>{s.address}</span> : null}
                      <span>{siteFacts(s, t)}</span>
                      {s.alone.length ? <span className={styles.warn}>{t("warnAlone", { conflicts: s.alone.flat().map((p) => conflictText(p.item, t)).join("; ") })}</span> : null}
                      {s.left.length ? <span className={styles.warn}>{t("warnLeft", { conflicts: s.left.map((c) => conflictText(c, t)).join("; ") })}</span> : null}
                    </div>
                    <SiteRows site={s} scale={scale} />
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <p className={styles.legend}>
            <span><span className={styles.swatch} style={{ background: "#0b4a8a" }} />{t("legendUse")}</span>
            <span><span className={styles.swatch} style={{ background: "#b42318" }} />{t("legendOver")}</span>
            <span><span className={styles.swatch} style={{ border: "2px dashed #b42318", background: "#fef3f2" }} />{t("legendAlone")}</span>
          </p>
        </>
      )}
    </section>
  );
}
