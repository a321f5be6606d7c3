// Synthetic instances for the charging optimizer: a seeded generator and a
// closed-form charge curve (flat to 80 %, linear taper to 25 % at 100 %, the
// same shape as engine/vehicles/charging.ts) so references can afford many calls.
import type { BreakRules, OptimizeInput, StationPoint, WaypointPoint } from "@/engine/charging/types";
import { mulberry32 } from "../../support/seeded";

export type Conn = "CCS" | "MCS";

export function rng(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    between: (lo: number, hi: number) => lo + (hi - lo) * next(),
    int: (lo: number, hi: number) => lo + Math.floor((hi - lo + 1) * next()),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}

/** Minutes to charge a `capKWh` battery from a to b; vehicle limits per connector. */
export function analyticCharge(capKWh: number, limits: Record<Conn, number> = { CCS: 400, MCS: 1000 }) {
  const k = 0.75 / 0.2;
  const cumulative = (powerKW: number, limit: number, s: number) => {
    const flat = Math.min(powerKW, limit);
    if (flat <= 0) return s > 0 ? Infinity : 0;
    // The taper binds once limit x share(s) falls below the station's power.
    const knee = powerKW >= limit ? 0.8 : 0.8 + (1 - powerKW / limit) / k;
    const sf = Math.min(s, knee);
    let min = (capKWh * sf) / flat;
    if (s > knee) min += ((capKWh / limit) * (Math.log(1 - k * (knee - 0.8)) - Math.log(1 - k * (s - 0.8)))) / k;
    return min * 60;
  };
  return (powerKW: number, connector: Conn, a: number, b: number) => {
    const lo = Math.max(0, Math.min(1, a)), hi = Math.max(0, Math.min(1, b));
    if (hi <= lo) return 0;
    return cumulative(powerKW, limits[connector], hi) - cumulative(powerKW, limits[connector], lo);
  };
}

export interface GenOptions {
  stations: [number, number];
  km: [number, number];
  waypoints?: [number, number];
  windows?: number;
  breaks?: BreakRules;
  minCharge?: number[];
  hills?: number;
  /** Chance that a section end has a charger (waypoints before the destination and the destination alike). */
  wpChargers?: number;
  /** How many driving bans (zones), from..to: each on the whole route or a part, at some time of the tour. */
  bans?: [number, number];
  /** Chance that a station has an expected wait for a free point (StationPoint.queueMin, 1-40 min: live status). */
  queues?: number;
  /** Chance that a station's parking is only while charging (StationPoint.noRest: no daily rest there by choice). */
  noRest?: number;
}

/** A route of `km` with stations and waypoints; energy follows gentle hills. */
export function generate(seed: number, o: GenOptions): OptimizeInput<Conn> {
  const r = rng(seed);
  const cap = r.pick([300, 400, 500, 600]);
  const kWhPerKm = r.between(0.9, 1.4);
  const kmh = r.between(65, 85);
  const km = r.between(o.km[0], o.km[1]);
  const amp = (o.hills ?? 1) * r.between(0, 12);
  const phase = r.between(0, 6);
  const energy = (x: number) => kWhPerKm * x + amp * (Math.sin(x / 23 + phase) - Math.sin(phase));
  const drive = (x: number) => (x / kmh) * 60;
  const at = (x: number) => ({ distM: x * 1000, driveMin: drive(x), energyKWh: energy(x) });
  const n = r.int(o.stations[0], o.stations[1]);
  const stations: StationPoint<Conn>[] = Array.from({ length: n }, (_, i) => {
    const x = r.between(0.03, 0.97) * km;
    const detourKm = r.chance(0.3) ? 0 : r.between(0.3, 8);
    const connector: Conn = r.chance(0.35) ? "MCS" : "CCS";
    return {
      key: `S${i}`, ...at(x), powerKW: r.pick(connector === "MCS" ? [600, 750, 1000] : [150, 300, 400]), connector,
      detourKWh: detourKm * kWhPerKm, detourMin: (detourKm / 40) * 60,
    };
  });
  const departureMs = Date.UTC(2025, 0, 6, 6, 0);
  const w = o.waypoints ? r.int(o.waypoints[0], o.waypoints[1]) : 0;
  const xs = Array.from({ length: w }, () => r.between(0.1, 0.9) * km).sort((a, b) => a - b);
  const waypoints: WaypointPoint<Conn>[] = xs.map((x, i) => {
    const wp: WaypointPoint<Conn> = { key: `W${i}`, ...at(x), serviceMin: r.pick([0, 15, 30, 60]) };
    if (r.chance(o.windows ?? 0)) {
      const eta = departureMs + (drive(x) + r.between(-30, 200)) * 60_000;
      wp.window = { earliestMs: eta, latestMs: eta + r.between(30, 240) * 60_000 };
    }
    return wp;
  });
  waypoints.push({ key: "end", ...at(km), serviceMin: 0 });
  if (o.wpChargers) {
    waypoints.at(-1)!.serviceMin = r.pick([0, 0, 30]);
    for (const wp of waypoints) if (r.chance(o.wpChargers)) wp.charger = { powerKW: r.pick([22, 50, 150, 400]), connector: "CCS" };
  }
  const startSoc = r.between(0.3, 1);
  const endSoc = r.between(0.1, 0.35), minChargeMin = r.pick(o.minCharge ?? [0]);
  // Drawn last: the instance without bans stays that of the same seed.
  const routeMin = drive(km);
  const bans = o.bans
    ? Array.from({ length: r.int(o.bans[0], o.bans[1]) }, (_, ref) => {
      const startMin = r.between(-60, 1.5 * routeMin), from = r.chance(0.5) ? 0 : r.between(0, routeMin);
      return { fromDriveMin: from, toDriveMin: r.chance(0.5) ? Infinity : from + r.between(20, 300), startMin, endMin: startMin + r.between(30, 900), ref };
    })
    : undefined;
  // Drawn after the bans: the instance without waits stays that of the same seed.
  if (o.queues) for (const s of stations) if (r.chance(o.queues)) s.queueMin = Math.round(r.between(1, 40) * 10) / 10;
  // Drawn last: the instances of the other options stay those of the same seed.
  if (o.noRest) for (const s of stations) if (r.chance(o.noRest)) s.noRest = true;
  return {
    capacityKWh: cap, startSoc, endSoc, reserveSoc: 0.1,
    overheadMin: 5, minChargeMin, departureMs,
    stations, waypoints, chargeMinutes: analyticCharge(cap), breaks: o.breaks,
    ...(bans ? { bans } : {}),
    peakEnergyKWh: (a, b) => {
      let m = -Infinity;
      for (let x = a / 1000; x < b / 1000; x += 0.5) m = Math.max(m, energy(x));
      return Math.max(m, energy(b / 1000));
    },
  };
}

/** A long-haul corridor: `n` stations over `km`, like the planner's real candidates. */
export function corridor(seed: number, n: number, km = 800): OptimizeInput<Conn> {
  const inp = generate(seed, { stations: [n, n], km: [km, km], waypoints: [1, 2], hills: 2 });
  return { ...inp, capacityKWh: 600, startSoc: 0.9, endSoc: 0.2, chargeMinutes: analyticCharge(600) };
}

export interface LineOptions {
  km: number;
  kmh?: number;
  kWhPerKm?: number;
  cap?: number;
  startSoc?: number;
  endSoc?: number;
  minChargeMin?: number;
  stations?: { km: number; powerKW?: number; connector?: Conn; detourKm?: number }[];
  /** Section ends before the destination; window in minutes after departure. */
  waypoints?: { km: number; serviceMin?: number; window?: [number | null, number | null]; chargerKW?: number }[];
  /** Destination service and charger. */
  end?: { serviceMin?: number; chargerKW?: number };
  breaks?: BreakRules;
}

export const DEPARTURE_MS = Date.UTC(2025, 0, 6, 6, 0);

/** A flat, even road: hand-made scenarios. */
export function line(o: LineOptions): OptimizeInput<Conn> {
  const kmh = o.kmh ?? 80, e = o.kWhPerKm ?? 1.2, cap = o.cap ?? 600;
  const at = (x: number) => ({ distM: x * 1000, driveMin: (x / kmh) * 60, energyKWh: x * e });
  const ms = (min: number | null) => (min == null ? null : DEPARTURE_MS + min * 60_000);
  return {
    capacityKWh: cap, startSoc: o.startSoc ?? 1, endSoc: o.endSoc ?? 0.2, reserveSoc: 0.1,
    overheadMin: 5, minChargeMin: o.minChargeMin ?? 0, departureMs: DEPARTURE_MS,
    stations: (o.stations ?? []).map((s, i) => ({
      key: `S${i}@${s.km}`, ...at(s.km), powerKW: s.powerKW ?? 400, connector: s.connector ?? "CCS",
      detourKWh: (s.detourKm ?? 0) * e, detourMin: ((s.detourKm ?? 0) / 40) * 60,
    })),
    waypoints: [
      ...(o.waypoints ?? []).map((w, i) => ({
        key: `W${i}`, ...at(w.km), serviceMin: w.serviceMin ?? 0,
        window: w.window ? { earliestMs: ms(w.window[0]), latestMs: ms(w.window[1]) } : null,
        charger: w.chargerKW ? { powerKW: w.chargerKW, connector: "CCS" as const } : null,
      })),
      { key: "end", ...at(o.km), serviceMin: o.end?.serviceMin ?? 0, charger: o.end?.chargerKW ? { powerKW: o.end.chargerKW, connector: "CCS" as const } : null },
    ],
    chargeMinutes: analyticCharge(cap), breaks: o.breaks,
  };
}

export interface PriceOptions {
  /** Chance that a station's price depends on the time of day. */
  timeOfDay: number;
  /** Objectives to pick from, EUR per minute (1e-6: the cheapest). */
  eurPerMin: number[];
}

/**
 * The same instance with prices at every charger and a cost objective (its own
 * random stream, so the route stays that of `generate(seed)`): stations at
 * 0.30-0.80 EUR/kWh, some with a session fee or a fee per minute, some cheaper
 * outside 07:00-19:00 UTC; section-end chargers at a depot's 0.15-0.25.
 */
export function withPrices(inp: OptimizeInput<Conn>, seed: number, o: PriceOptions): OptimizeInput<Conn> {
  const r = rng(seed * 7919 + 17);
  const stations = inp.stations.map((s) => {
    const day = { perKWh: r.between(0.3, 0.8), sessionFee: r.pick([0, 0, 0.35, 1.5]), perMin: r.pick([0, 0, 0.02]) };
    if (!r.chance(o.timeOfDay)) return { ...s, price: day };
    const night = { ...day, perKWh: day.perKWh * r.between(0.5, 0.9) };
    const at = (ms: number) => {
      const h = new Date(ms).getUTCHours();
      return h >= 7 && h < 19 ? day : night;
    };
    return { ...s, price: { at, leastPerKWh: night.perKWh } };
  });
  const waypoints = inp.waypoints.map((w) => (w.charger ? { ...w, charger: { ...w.charger, price: { perKWh: r.between(0.15, 0.25), sessionFee: 0, perMin: 0 } } } : w));
  return { ...inp, stations, waypoints, objective: { eurPerMin: r.pick(o.eurPerMin) } };
}
