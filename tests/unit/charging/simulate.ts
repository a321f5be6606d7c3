// Independent re-simulation of an optimizer plan from the input and the plan's
// decisions alone (which stations, to what SoC, which pauses where): recomputes
// SoC and clock and lists every rule the plan breaks.
// Money is recomputed from the prices at the replayed arrival times.
import { EU_BREAK_RULES, type ChargePrice, type OptimizeInput, type OptimizePlan, type Price } from "@/engine/charging/types";

export interface Replay {
  totalMin: number;
  endSoc: number;
  minSoc: number;
  /** Most driving seen between pauses, and within a day. */
  maxSinceBreak: number;
  maxToday: number;
  violations: string[];
  /** Per waypoint: service start (min from departure). */
  serviceStart: number[];
  /** Charging bought, EUR, by the chargers' prices. */
  moneyEur: number;
}

function priceAt(p: Price | undefined, ms: number): ChargePrice {
  if (!p) return { perKWh: 0, sessionFee: 0, perMin: 0 };
  return "at" in p ? p.at(ms) : p;
}

export function replay<C extends string>(inp: OptimizeInput<C>, plan: OptimizePlan): Replay {
  const rules = inp.breaks ?? EU_BREAK_RULES;
  const cap = inp.capacityKWh;
  const v: string[] = [];
  const dest = inp.waypoints[inp.waypoints.length - 1];
  type Ev = { kind: "station" | "waypoint"; index: number; distM: number; driveMin: number; E: number; last: boolean };
  const evs: Ev[] = [
    ...inp.stations.map((s, index) => ({ kind: "station" as const, index, distM: s.distM, driveMin: s.driveMin, E: s.energyKWh, last: false })).filter((e) => e.distM <= dest.distM),
    ...inp.waypoints.map((w, index) => ({ kind: "waypoint" as const, index, distM: w.distM, driveMin: w.driveMin, E: w.energyKWh, last: index === inp.waypoints.length - 1 })),
  ];
  evs.sort((a, b) => (a.last !== b.last ? (a.last ? 1 : -1) : a.distM - b.distM || (a.kind === b.kind ? a.index - b.index : a.kind === "station" ? -1 : 1)));
  const stopAt = new Map(plan.stops.map((s) => [s.station, s]));
  // Waits for driving bans are replayed from plan.banWaits (a wait that counts as a pause is also in breaks).
  const pauses = plan.breaks.filter((b) => !b.banWait);
  const pauseAt = new Map(pauses.filter((b) => b.at !== "roadside").map((b) => [`${b.at}:${b.index}`, b]));
  const roadside = pauses.filter((b) => b.at === "roadside").sort((a, b) => a.routeDriveMin - b.routeDriveMin);
  const banWaits = plan.banWaits ?? [];
  const waitAt = (at: string, index: number | null, pos?: number) =>
    banWaits.filter((w) => w.at === at && (at === "roadside" ? Math.abs(w.routeDriveMin - pos!) < 1e-9 : at === "start" || w.index === index));
  // Driving as (clock from, clock to, route position from, to), for the bans.
  const driven: [number, number, number, number][] = [];
  const minutesOf = (ms: number | null | undefined, none: number) => (ms == null ? none : (ms - inp.departureMs) / 60_000);

  let t = 0, soc = inp.startSoc, minSoc = soc;
  let b = inp.driver?.sinceBreakMin ?? 0, d = inp.driver?.todayMin ?? 0, maxB = b, maxD = d;
  let prev = { distM: 0, driveMin: 0, E: 0 };
  let r = 0, money = 0;
  const pay = (p: ChargePrice, kWh: number, min: number) => { if (kWh > 1e-9) money += p.perKWh * kWh + p.sessionFee + p.perMin * min; };
  const serviceStart: number[] = [];
  const drive = (min: number, fromPos = NaN, toPos = fromPos) => {
    if (min > 1e-12) driven.push([t, t + min, fromPos, toPos]);
    b += min; d += min; maxB = Math.max(maxB, b); maxD = Math.max(maxD, d); t += min;
  };
  // The day's driving limit: the plan's shorter days (dayCaps) where it has them.
  let day = 0;
  const dayLimit = () => Math.min(rules.maxDailyDriveMin, rules.dayCaps?.[day] ?? Infinity);
  const takePause = (kind: "break" | "rest", min: number) => {
    if (kind === "break" && min < rules.breakMin - 1e-9) v.push(`break of ${min} min`);
    if (kind === "rest" && min < rules.restMin - 1e-9) v.push(`rest of ${min} min`);
    b = 0;
    if (kind === "rest") {
      if (d > dayLimit() + 1e-6) v.push(`${d.toFixed(1)} min driving on day ${day} (limit ${dayLimit()})`);
      d = 0;
      day++;
    }
  };
  const lowSoc = (x: number, where: string) => {
    minSoc = Math.min(minSoc, x);
    if (x < inp.reserveSoc - 1e-6) v.push(`SoC ${x.toFixed(4)} below the reserve ${where}`);
  };

  const waitForBans = (ws: typeof banWaits) => {
    for (const w of ws) {
      if (Math.abs(w.startMs - (inp.departureMs + t * 60_000)) > 1e-3) v.push(`ban wait at ${w.distM} m starts ${w.startMs} vs ${inp.departureMs + t * 60_000}`);
      t += w.minutes;
      if (w.counts_as !== "none") takePause(w.counts_as, w.minutes);
    }
  };
  waitForBans(waitAt("start", null));
  for (const ev of evs) {
    const peak = Math.max(inp.peakEnergyKWh ? inp.peakEnergyKWh(prev.distM, ev.distM) : -Infinity, ev.E, prev.E);
    lowSoc(soc - (peak - prev.E) / cap, `on the way to ${ev.distM} m`);
    let driveMark = prev.driveMin;
    // Roadside pauses fall in [prev, this) in route driving time.
    while (r < roadside.length && roadside[r].routeDriveMin < ev.driveMin - 1e-9) {
      const p = roadside[r++];
      drive(p.routeDriveMin - driveMark, driveMark, p.routeDriveMin);
      driveMark = p.routeDriveMin;
      takePause(p.kind, p.minutes);
      t += p.minutes;
    }
    drive(ev.driveMin - driveMark, driveMark, ev.driveMin);
    soc = Math.min(1, soc - (ev.E - prev.E) / cap);
    prev = { distM: ev.distM, driveMin: ev.driveMin, E: ev.E };

    if (ev.kind === "station") {
      const stop = stopAt.get(ev.index);
      if (!stop) {
        waitForBans(waitAt("roadside", null, ev.driveMin));
        continue;
      }
      const s = inp.stations[ev.index];
      drive(s.detourMin / 2, ev.driveMin);
      const arrival = soc - s.detourKWh / 2 / cap;
      lowSoc(arrival, `arriving at ${s.key}`);
      if (Math.abs(arrival - stop.arrivalSoc) > 1e-6) v.push(`${s.key}: arrival SoC ${stop.arrivalSoc} vs ${arrival}`);
      if (stop.departureSoc > 1 + 1e-9) v.push(`${s.key}: charged above 100 %`);
      const needed = inp.chargeMinutes(s.powerKW, s.connector, arrival, stop.departureSoc);
      const charge = Math.max(needed, inp.minChargeMin);
      if (Math.abs(charge - stop.chargeMin) > 1e-3 * Math.max(1, charge)) v.push(`${s.key}: charge ${stop.chargeMin} min vs ${charge}`);
      if (stop.chargeMin < inp.minChargeMin - 1e-9) v.push(`${s.key}: below the charge floor`);
      pay(priceAt(s.price, inp.departureMs + t * 60_000), (stop.departureSoc - arrival) * cap, charge);
      const pause = pauseAt.get(`charger:${ev.index}`);
      // A pause taken here runs on through a wait for a driving ban (replayed after it).
      const banned = waitAt("charger", ev.index).reduce((a, w) => a + w.minutes, 0);
      t += (s.queueMin ?? 0) + inp.overheadMin + Math.max(charge, (pause?.minutes ?? 0) - banned);
      if (pause?.kind === "rest" && s.noRest) v.push(`${s.key}: a daily rest where parking is only while charging`);
      if (pause) takePause(pause.kind, pause.minutes);
      waitForBans(waitAt("charger", ev.index));
      drive(s.detourMin / 2, ev.driveMin);
      soc = stop.departureSoc - s.detourKWh / 2 / cap;
      lowSoc(soc, `leaving ${s.key}`);
    } else {
      const w = inp.waypoints[ev.index];
      const pause = pauseAt.get(`waypoint:${ev.index}`);
      const start = Math.max(t + (pause?.minutes ?? 0), minutesOf(w.window?.earliestMs, -Infinity));
      if (pause) takePause(pause.kind, pause.minutes);
      serviceStart[ev.index] = start;
      // Charging at the section end's charger runs from arrival, alongside the wait and the service.
      const c = plan.waypoints.find((x) => x.waypoint === ev.index)?.charge;
      let end = start + w.serviceMin;
      if (c) {
        if (!w.charger) v.push(`W${ev.index}: charges where there is no charger`);
        else {
          if (Math.abs(c.arrivalSoc - soc) > 1e-6) v.push(`W${ev.index}: arrival SoC ${c.arrivalSoc} vs ${soc}`);
          if (c.departureSoc > 1 + 1e-9) v.push(`W${ev.index}: charged above 100 %`);
          const minutes = inp.chargeMinutes(w.charger.powerKW, w.charger.connector, soc, c.departureSoc);
          if (Math.abs(minutes - c.chargeMin) > 1e-3 * Math.max(1, minutes)) v.push(`W${ev.index}: charge ${c.chargeMin} min vs ${minutes}`);
          end = Math.max(end, t + minutes);
          pay(priceAt(w.charger.price, inp.departureMs + t * 60_000), (c.departureSoc - soc) * cap, minutes);
          soc = c.departureSoc;
        }
      }
      t = end;
      waitForBans(waitAt("waypoint", ev.index));
    }
    if (b > rules.maxDriveMin + 1e-6) v.push(`${b.toFixed(1)} min driving without a break at ${ev.distM} m`);
    if (d > rules.maxDailyDriveMin + 1e-6) v.push(`${d.toFixed(1)} min driving in a day at ${ev.distM} m`);
  }
  if (r < roadside.length) v.push("roadside pauses after the destination");
  // No minute of driving on a banned stretch during its ban (positions linear in time while driving).
  for (const z of inp.bans ?? []) {
    for (const [t0, t1, p0, p1] of driven) {
      const lo = Math.max(Math.min(p0, p1), z.fromDriveMin), hi = Math.min(Math.max(p0, p1), z.toDriveMin);
      if (lo > hi + 1e-9) continue;
      const at = (p: number) => (p1 === p0 ? t0 : t0 + ((p - p0) / (p1 - p0)) * (t1 - t0));
      const [a, c] = p1 === p0 ? [t0, t1] : [at(lo), at(hi)];
      if (Math.min(a, c) < z.endMin - 1e-6 && Math.max(a, c) > z.startMin + 1e-6) v.push(`drives at ${p0.toFixed(1)}-${p1.toFixed(1)} min of route from ${t0.toFixed(1)} to ${t1.toFixed(1)} in ban ${z.ref} (${z.startMin}-${z.endMin})`);
    }
  }
  if (maxB > rules.maxDriveMin + 1e-6) v.push(`driving since break reached ${maxB}`);
  if (maxD > rules.maxDailyDriveMin + 1e-6) v.push(`daily driving reached ${maxD}`);
  if (d > dayLimit() + 1e-6) v.push(`${d.toFixed(1)} min driving on the last day ${day} (limit ${dayLimit()})`);
  if (soc < Math.max(inp.endSoc, inp.reserveSoc) - 1e-6) v.push(`end SoC ${soc} below ${inp.endSoc}`);
  return { totalMin: t, endSoc: soc, minSoc, maxSinceBreak: maxB, maxToday: maxD, violations: v, serviceStart, moneyEur: money };
}
