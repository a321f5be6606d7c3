// What a stop's popup on the map tells: for a charging stop the station, its
// operator, power and connector, the charge (energy, time, SoC in and out),
// the times, a break or rest taken while charging and the alternatives.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { fmtBanWait, fmtDuration, fmtKm, fmtLatLon, fmtNum, fmtSoc, fmtTime } from "@/components/planner/format";
import type { PlanStop, StopAlternative } from "@/components/planner/stops";
import { fmtMoney } from "@/components/result/tolls";
import { stopTitle, type MapTranslator } from "./marker-groups";

function pauseText(p: NonNullable<PlanStop["pause"]>, t: MapTranslator): string {
  return t(`pause.${p.kind}`, { duration: fmtDuration(p.min) });
}

/** The site's live status when planned (OCPI) and the expected wait for a free point. */
function liveText(l: NonNullable<PlanStop["live"]>, zone: string | null, t: MapTranslator): string {
  const status = t("live", { status: l.status, at: l.at ? fmtTime(l.at, zone, true) : "–" });
  return l.waitMin ? `${status} · ${t("liveWait", { duration: fmtDuration(l.waitMin) })}` : status;
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl>
      {rows.map(([k, v]) => (
        <div key={k} className="plan-popup-row">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function where(a: StopAlternative, t: MapTranslator): string {
  const d = a.distanceFromStopM;
  if (d == null) return "";
  return t(d < 0 ? "earlier" : "later", { distance: fmtKm(Math.abs(d)) });
}

function Alternatives({ list }: { list: StopAlternative[] }) {
  const t = useTranslations("map");
  if (!list.length) return <p className="plan-popup-sub">{t("noAlternative")}</p>;
  return (
    <div className="plan-popup-alts">
      <p className="plan-popup-label">{t("alternatives")}</p>
      <ul>
        {list.map((a, i) => (
          <li key={i}>
            <span className="plan-popup-alt-name">{a.label ?? a.name ?? t("station")}</span>
            <span className="plan-popup-alt-extra">+{fmtDuration(a.extraMin ?? 0)}</span>
            <span className="plan-popup-sub">
              {[a.operator, fmtNum(a.powerKW, "kW"), where(a, t), a.energyKWh != null ? t("chargeIn", { energy: fmtNum(a.energyKWh, "kWh"), duration: fmtDuration(a.chargeMin) }) : null, a.truckAccess === "known" ? t("truckSite") : null].filter(Boolean).join(" · ")}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function StopPopup({ stop: s }: { stop: PlanStop }) {
  const t = useTranslations("map");
  if (s.kind === "start") {
    return (
      <div className="plan-popup">
        <p className="plan-popup-title">{stopTitle(s, t)}</p>
        <Facts rows={[[t("departure"), fmtTime(s.departure, s.zone, true)], [t("soc"), fmtSoc(s.socOut)], [t("position"), fmtLatLon(s.lat, s.lon)]]} />
      </div>
    );
  }
  if (s.kind === "charge") {
    return (
      <div className="plan-popup">
        <p className="plan-popup-title">
          {t("named", { role: t("titleCharge", { n: s.chargeNo ?? 0 }), name: s.name })}
        </p>
        {s.address ? <p className="plan-popup-sub">{s.address}</p> : null}
        <Facts
          rows={[
            [t("operator"), s.operator || "–"],
            [t("power"), `${fmtNum(s.powerKW, "kW")}${s.powerEstimated ? t("powerEstimated") : ""}`],
            [t("chargePoints"), s.chargePoints != null ? String(s.chargePoints) : "–"],
            [t("connector"), s.connector || "–"],
            [t("truckAccess"), s.truckAccess === "known" ? t("truckKnown", { evidence: s.truckAccessEvidence ?? "" }) : s.truckAccess === "unknown" ? t("truckUnknown") : "–"],
            [t("energy"), fmtNum(s.energyKWh, "kWh", 1)],
            [t("chargeTime"), fmtDuration(s.chargeMin)],
            [t("energyCost"), s.energyCost ? `${t("net", { amount: fmtMoney(s.energyCost.amount, "EUR") })}${s.energyCost.estimated ? t("estimated") : ""}` : "–"],
            [t("arrival"), fmtTime(s.arrival, s.zone, true)],
            [t("departure"), fmtTime(s.departure, s.zone, true)],
            [t("socInOut"), `${fmtSoc(s.socIn)} → ${fmtSoc(s.socOut)}`],
            [t("breakTaken"), s.pause ? t("pauseWhileCharging", { pause: pauseText(s.pause, t) }) : t("none")],
            ...(s.ban ? [[t("waiting"), fmtBanWait(s.ban, s.zone)] as [string, ReactNode]] : []),
            ...(s.live ? [[t("liveStatus"), liveText(s.live, s.zone, t)] as [string, ReactNode]] : []),
          ]}
        />
        <Alternatives list={s.alternatives} />
      </div>
    );
  }
  if (s.kind === "break") {
    const rest = s.pause?.kind === "rest";
    return (
      <div className="plan-popup">
        <p className="plan-popup-title">{s.ban ? t("drivingBan") : rest ? t("dailyRest") : t("break")}</p>
        <p className="plan-popup-sub">
          {s.ban ? `${fmtBanWait(s.ban, s.zone)}${s.pause ? t(`banPause.${s.pause.kind}`) : ""}.` : rest ? t("restAway") : t("breakAway")}
        </p>
        <Facts
          rows={[
            [t("duration"), fmtDuration(s.ban ? s.ban.waitMin : s.pause?.min)],
            [t("arrival"), fmtTime(s.arrival, s.zone, true)],
            [t("departure"), fmtTime(s.departure, s.zone, true)],
            [t("soc"), fmtSoc(s.socIn)],
            [t("position"), fmtLatLon(s.lat, s.lon)],
          ]}
        />
      </div>
    );
  }
  const rows: [string, ReactNode][] = [[t("arrival"), fmtTime(s.arrival, s.zone, true)]];
  if (s.kind === "waypoint") {
    if (s.departure) rows.push([t("departure"), fmtTime(s.departure, s.zone, true)]);
    if (s.waitMin) rows.push([t("waiting"), fmtDuration(s.waitMin)]);
    if (s.lateMin) rows.push([t("lateBy"), fmtDuration(s.lateMin)]);
    if (s.pause) rows.push([t("breakTaken"), pauseText(s.pause, t)]);
    if (s.ban) rows.push([t("drivingBan"), fmtBanWait(s.ban, s.zone)]);
  }
  // A section end with its own charger charges during the stop.
  if (s.energyKWh) rows.push([t("chargingHere"), t("chargesAt", { energy: fmtNum(s.energyKWh, "kWh", 1), power: fmtNum(s.powerKW, "kW"), duration: fmtDuration(s.chargeMin) })], [t("socInOut"), `${fmtSoc(s.socIn)} → ${fmtSoc(s.socOut)}`]);
  else rows.push([t("soc"), fmtSoc(s.socIn)]);
  rows.push([t("position"), fmtLatLon(s.lat, s.lon)]);
  return (
    <div className="plan-popup">
      <p className="plan-popup-title">{stopTitle(s, t)}</p>
      <Facts rows={rows} />
    </div>
  );
}
