// Brute-force reference for the charging optimizer, written independently of
// it: depth-first over every discrete choice (skip or stop at each station with
// no pause, a break or a rest; a pause or none at each waypoint; a break or a
// rest wherever one falls due), and for the charge amounts every target on a
// fine SoC grid plus the exact ones (reach each later station or crest with the
// reserve, the end requirement, full, the charge floor, filling a pause). For a
// fixed discrete path, states with more SoC and less time dominate. Pruned only
// by "elapsed + remaining route driving >= best found", state by state.
// Under a cost objective a state also carries the money spent (price by the
// arrival time, per kWh into the battery, per session, per minute charging) and
// the objective is eurPerMin x time + money; states then dominate on (SoC,
// time, money), or on (SoC, objective) where nothing ahead depends on the time.
// With windows "late" (no plan keeps every window) a window's latest refuses
// nothing: a state carries its lateness (minutes of service started after a
// latest, summed), and the least lateness comes first, then the objective. It
// is kept as money at LATE_PER_MIN a minute, so states dominate on (SoC, time,
// objective and lateness), under `fastest` too (then at 1 a minute of time).
import { EU_BREAK_RULES, type ChargePrice, type OptimizeInput, type Price } from "@/engine/charging/types";

interface Ev {
  kind: "station" | "waypoint";
  index: number;
  distM: number;
  driveMin: number;
  E: number;
  last: boolean;
}
interface St { soc: number; t: number; m?: number; late?: number; why?: string }

export interface RefResult {
  ok: boolean;
  totalMin: number;
  /** eurPerMin x time + money under a cost objective; else the time (lateness left out). */
  objective: number;
  /** Minutes of service started after a window's latest, summed (0 unless windows "late"). */
  lateMin: number;
  nodes: number;
  /** The best path's decisions, for debugging. */
  why?: string;
}

/** What a minute late weighs against the objective (minutes or EUR): more than any objective can differ. */
const LATE_PER_MIN = 1e6;

export function referenceOptimum<C extends string>(inp: OptimizeInput<C>, opts: { socStep: number; windows?: "keep" | "late" }): RefResult {
  const lateMode = opts.windows === "late";
  const rules = inp.breaks ?? EU_BREAK_RULES;
  const cap = inp.capacityKWh, res = inp.reserveSoc;
  const dest = inp.waypoints[inp.waypoints.length - 1];
  const evs: Ev[] = [
    ...inp.stations.map((s, index) => ({ kind: "station" as const, index, distM: s.distM, driveMin: s.driveMin, E: s.energyKWh, last: false })).filter((e) => e.distM <= dest.distM),
    ...inp.waypoints.map((w, index) => ({ kind: "waypoint" as const, index, distM: w.distM, driveMin: w.driveMin, E: w.energyKWh, last: index === inp.waypoints.length - 1 })),
  ];
  evs.sort((a, b) => (a.last !== b.last ? (a.last ? 1 : -1) : a.distM - b.distM || (a.kind === b.kind ? a.index - b.index : a.kind === "station" ? -1 : 1)));
  // Peak energy on the stretch into each event.
  const peak: number[] = [];
  let pm = 0, pe = 0, pt = 0;
  for (const e of evs) {
    e.driveMin = Math.max(e.driveMin, pt);
    peak.push(Math.max(inp.peakEnergyKWh ? inp.peakEnergyKWh(pm, e.distM) : -Infinity, e.E, pe));
    pm = e.distM; pe = e.E; pt = e.driveMin;
  }
  const mins = (ms: number | null | undefined, none: number) => (ms == null ? none : (ms - inp.departureMs) / 60_000);
  type Charger = { powerKW: number; connector: C };
  const chargeAt = (c: Charger, a: number, b: number) => inp.chargeMinutes(c.powerKW, c.connector, a, b);
  const charge = (st: number, a: number, b: number) => chargeAt(inp.stations[st], a, b);
  const afterAt = (c: Charger, a: number, minutes: number) => {
    if (minutes <= 0) return a;
    if (chargeAt(c, a, 1) <= minutes) return 1;
    let lo = a, hi = 1;
    for (let i = 0; i < 32; i++) {
      const mid = (lo + hi) / 2;
      if (chargeAt(c, a, mid) < minutes) lo = mid;
      else hi = mid;
    }
    return hi;
  };
  const after = (st: number, a: number, minutes: number) => afterAt(inp.stations[st], a, minutes);
  // The driver's preference (BreakRules.earliestRestDriveMin): no daily rest by choice before that much driving today.
  const mayRest = (d: number) => d + 1e-9 >= (rules.earliestRestDriveMin ?? 0);
  const pause = (o: number) => (o === 0 ? 0 : o === 1 ? rules.breakMin : rules.restMin);

  let best = Infinity, bestT = Infinity, bestLate = 0, nodes = 0, bestWhy = "";
  // Lateness is carried as money: a time-only objective runs as one (1 a minute) there.
  const alpha = inp.objective?.eurPerMin ?? (lateMode ? 1 : null);
  const obj = (x: St) => (alpha === null ? x.t : alpha * x.t + (x.m ?? 0));
  const priceOf = (p: Price | undefined, min: number): ChargePrice =>
    !p ? { perKWh: 0, sessionFee: 0, perMin: 0 } : "at" in p ? p.at(inp.departureMs + min * 60_000) : p;
  const money = (p: ChargePrice, kWh: number, min: number) => (kWh > 1e-9 ? p.perKWh * kWh + p.sessionFee + p.perMin * min : 0);
  const timeMatters = alpha !== null && (lateMode || (inp.bans?.length ?? 0) > 0 || inp.waypoints.some((w) => w.window?.earliestMs != null || w.window?.latestMs != null) ||
    inp.stations.some((s) => s.price && "at" in s.price));

  const pareto = <T extends St>(xs: T[]): T[] => {
    if (alpha === null) {
      xs.sort((a, b) => b.soc - a.soc || a.t - b.t);
      const out: T[] = [];
      let bt = Infinity;
      for (const x of xs) if (x.t < bt - 1e-12) { out.push(x); bt = x.t; }
      return out;
    }
    if (!timeMatters) {
      xs.sort((a, b) => b.soc - a.soc || obj(a) - obj(b));
      const out: T[] = [];
      let bo = Infinity;
      for (const x of xs) if (obj(x) < bo - 1e-12) { out.push(x); bo = obj(x); }
      return out;
    }
    // (SoC, time, money): by SoC down, a Fenwick tree of the least money by time so far.
    xs.sort((a, b) => b.soc - a.soc || a.t - b.t || (a.m ?? 0) - (b.m ?? 0));
    const ts = [...new Set(xs.map((x) => x.t))].sort((a, b) => a - b);
    const tree = new Float64Array(ts.length + 1).fill(Infinity);
    const upTo = (t: number) => { // how many times are <= t (+ epsilon)
      let lo = 0, hi = ts.length;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (ts[mid] <= t + 1e-12) lo = mid + 1; else hi = mid; }
      return lo;
    };
    const out: T[] = [];
    for (const x of xs) {
      let least = Infinity;
      for (let i = upTo(x.t); i > 0; i -= i & -i) least = Math.min(least, tree[i]);
      if (least <= (x.m ?? 0) + 1e-12) continue;
      out.push(x);
      for (let i = upTo(x.t - 2e-12) + 1; i <= ts.length; i += i & -i) tree[i] = Math.min(tree[i], x.m ?? 0);
    }
    return out;
  };

  // Exact targets at event i (SoC at its charger, h: half its detour), besides the grid.
  const specials = (i: number, h = inp.stations[evs[i].index].detourKWh / 2 / cap): number[] => {
    const E = evs[i].E;
    const out = [1];
    let crest = -Infinity;
    for (let j = i + 1; j < evs.length; j++) {
      crest = Math.max(crest, peak[j]);
      out.push(h + res + (crest - E) / cap);
      if (evs[j].kind === "station") out.push(h + res + (Math.max(crest, evs[j].E + inp.stations[evs[j].index].detourKWh / 2) - E) / cap);
      if (evs[j].last) out.push(h + Math.max(inp.endSoc + (evs[j].E - E) / cap, res + (crest - E) / cap));
    }
    return out;
  };
  // Fewest minutes per kWh anywhere (charging time is additive: sample 1 % steps).
  let fastest = Infinity;
  for (const c of [...inp.stations, ...inp.waypoints.flatMap((w) => (w.charger ? [w.charger] : []))]) {
    for (let x = 0; x < 1; x += 0.01) fastest = Math.min(fastest, (0.999 * chargeAt(c, x, x + 0.01)) / (0.01 * cap));
  }
  const grid: number[] = [];
  for (let x = res; x < 1 + 1e-12; x += opts.socStep) grid.push(Math.min(1, x));

  // Charging time depends on the SoC path only, so a charge is a difference of
  // minutes-from-empty; per target the best arrival is kept.
  const expand = (i: number, S: St[], option: number): St[] => {
    const st = evs[i].index, s = inp.stations[st];
    const h = s.detourKWh / 2 / cap, B = pause(option), fixed = s.detourMin + (s.queueMin ?? 0) + inp.overheadMin;
    const targets = grid.concat(specials(i)).filter((x) => x <= 1 + 1e-12 && x - h >= res - 1e-9);
    const fromEmpty = targets.map((x) => charge(st, 0, x));
    const bestT = new Float64Array(targets.length).fill(Infinity);
    const out: St[] = [];
    const whyT: string[] = [];
    for (const { soc, t, m = 0, late, why } of S) {
      const a = soc - h;
      if (a < res - 1e-9) continue;
      const fa = charge(st, 0, a);
      const p = priceOf(s.price, t + s.detourMin / 2);
      for (let j = 0; j < targets.length; j++) {
        if (targets[j] <= a + 1e-12) continue;
        const c = fromEmpty[j] - fa;
        if (c < inp.minChargeMin || !Number.isFinite(c)) continue; // the floor target below covers it
        const v = t + fixed + Math.max(c, B);
        const w = `${why ?? ""} ${s.key}:${option}:${a.toFixed(4)}>${targets[j].toFixed(4)}`;
        if (alpha !== null) out.push({ soc: targets[j] - h, t: v, m: m + money(p, (targets[j] - a) * cap, c), late, why: w });
        else if (v < bestT[j]) { bestT[j] = v; whyT[j] = w; }
      }
      // Under a cost objective a pause may be taken here without charging (no floor to keep).
      if (alpha !== null && B > 0 && inp.minChargeMin === 0 && a - h >= res - 1e-9) out.push({ soc: a - h, t: t + fixed + B, m, late, why: `${why ?? ""} ${s.key}:${option}:pause` });
      for (const x of [after(st, a, inp.minChargeMin), after(st, a, B)]) {
        if (x <= a + 1e-12 || x - h < res - 1e-9) continue;
        const c = Math.max(charge(st, a, x), inp.minChargeMin);
        if (Number.isFinite(c)) out.push({ soc: x - h, t: t + fixed + Math.max(c, B), m: m + money(p, (x - a) * cap, c), late, why: `${why ?? ""} ${s.key}:${option}:${a.toFixed(4)}>${x.toFixed(4)}` });
      }
    }
    targets.forEach((x, j) => { if (bestT[j] < Infinity) out.push({ soc: x - h, t: bestT[j], why: whyT[j] }); });
    return pareto(out);
  };

  // Legal roadside pauses over `drive` minutes: [b, d, pause minutes].
  // A rest in place of a due break only where a rest can still fall due (`future`: most driving after the
  // stretch), as the optimizer's model has it: no plan rests early only to reach a later hour.
  const roadside = (b: number, d: number, drive: number, future = Infinity): [number, number, number][] => {
    const out: [number, number, number][] = [];
    const go = (b: number, d: number, left: number, p: number) => {
      const toB = rules.maxDriveMin - b, toD = rules.maxDailyDriveMin - d;
      if (left <= Math.min(toB, toD) + 1e-7) { out.push([b + left, d + left, p]); return; }
      if (toD <= toB + 1e-7) { go(0, 0, left - Math.max(0, toD), p + rules.restMin); return; }
      go(0, d + Math.max(0, toB), left - Math.max(0, toB), p + rules.breakMin);
      if (d + Math.max(0, toB) + left - Math.max(0, toB) + future > rules.maxDailyDriveMin + 1e-7 && mayRest(d + Math.max(0, toB))) go(0, 0, left - Math.max(0, toB), p + rules.restMin);
    };
    go(b, d, drive, 0);
    return out;
  };

  // Under a cost objective a pause is taken only where the law can still need one (as the optimizer's model
  // says: no plan waits for a cheaper tariff): driving left after event i, with the detours of later stations.
  const driveAfter: number[] = [];
  for (let i = evs.length - 1, det = 0; i >= 0; i--) {
    driveAfter[i] = dest.driveMin - evs[i].driveMin + det;
    if (evs[i].kind === "station") det += inp.stations[evs[i].index].detourMin;
  }
  const mayPause = (o: number, b: number, d: number, i: number, noneLegal = true) =>
    alpha === null || o === 0 || !noneLegal || (o === 1 ? b + driveAfter[i] > rules.maxDriveMin + 1e-9 : d + driveAfter[i] > rules.maxDailyDriveMin + 1e-9);

  // Bound: remaining driving and service, and the pauses that driving needs unless a window could absorb them.
  const serviceAfter: number[] = [], windowAfter: boolean[] = [], chargerAfter: boolean[] = [];
  for (let i = evs.length - 1, sv = 0, win = false, ch = false; i >= 0; i--) {
    if (evs[i].kind === "waypoint") {
      const w = inp.waypoints[evs[i].index];
      sv += w.serviceMin;
      win ||= w.window?.earliestMs != null;
      ch ||= w.charger != null;
    }
    serviceAfter[i] = sv;
    windowAfter[i] = win;
    chargerAfter[i] = ch;
  }
  // Least price per kWh at any charger from event i on (a time-of-day price at its least).
  const cheapestAfter: number[] = [];
  for (let i = evs.length - 1, least = Infinity; i >= 0; i--) {
    const e = evs[i];
    const p = e.kind === "station" ? inp.stations[e.index].price : inp.waypoints[e.index].charger?.price;
    const has = e.kind === "station" || inp.waypoints[e.index].charger != null;
    if (has) least = Math.min(least, !p ? 0 : "at" in p ? p.leastPerKWh : p.perKWh);
    cheapestAfter[i] = least === Infinity ? 0 : least;
  }
  // Could the fullest state finish at all, charging to full at every charger left?
  const canFinish = (i: number, soc: number, lastE: number) => {
    for (let j = i; j < evs.length; j++) {
      if (soc - (peak[j] - lastE) / cap < res - 1e-9) return false;
      soc = Math.min(1, soc - (evs[j].E - lastE) / cap);
      lastE = evs[j].E;
      if (evs[j].kind === "station") {
        const h = inp.stations[evs[j].index].detourKWh / 2 / cap;
        if (soc - h >= res - 1e-9) soc = Math.max(soc, 1 - h);
      } else if (inp.waypoints[evs[j].index].charger) soc = 1;
    }
    return soc >= Math.max(inp.endSoc, res) - 1e-9;
  };
  // Driving bans: the stretch into event i, its roadside pauses and the detours of chargers at both ends
  // included, is driven in none of a ban's minutes where the stretch touches the ban's part of the route;
  // the truck leaves the event before as soon as it can. A wait long enough for a pause the driver can
  // use (a break after driving, a rest after a day's driving) is that pause: the stretch is driven fresh.
  const bans = inp.bans ?? [];
  const halfDetour = (j: number) => (j >= 0 && evs[j].kind === "station" ? inp.stations[evs[j].index].detourMin / 2 : 0);
  // `stopped`: the truck stopped at event i - 1 (only then does it drive a detour back from it).
  const leaveAt = (i: number, t: number, span: number, stopped: boolean) => {
    const from = i === 0 ? 0 : evs[i - 1].driveMin, to = evs[i].driveMin;
    const pre = i === 0 || !stopped ? 0 : halfDetour(i - 1), post = halfDetour(i);
    const on = bans.filter((z) => z.fromDriveMin <= to && z.toDriveMin >= from);
    let dep = t;
    for (let again = true; again; ) {
      again = false;
      for (const z of on) if (dep - pre < z.endMin && dep + span + post > z.startMin) { dep = z.endMin + pre; again = true; }
    }
    return dep;
  };
  /** The states after the stretch into event i, by the driver's clocks they end with: [b, d, states]. */
  const drivenInto = (i: number, b: number, d: number, S1: St[], drive: number, stopped: boolean): [number, number, St[]][] => {
    const groups = new Map<string, [number, number, St[]]>();
    const add = (b1: number, d1: number, x: St) => {
      const k = `${b1.toFixed(6)}|${d1.toFixed(6)}`;
      if (!groups.has(k)) groups.set(k, [b1, d1, []]);
      groups.get(k)![2].push(x);
    };
    for (const [b1, d1, p] of roadside(b, d, drive, driveAfter[i])) {
      for (const x of S1) {
        const dep = bans.length ? leaveAt(i, x.t, drive + p, stopped) : x.t, wait = dep - x.t;
        const why = (q: number) => `${x.why ?? ""}${wait > 1e-9 ? ` ban${wait.toFixed(1)}` : ""}${q ? ` roadside${q}` : ""}`;
        // (After a wait at a charger the detour back is driven: the clocks hold it.)
        const back = i === 0 || !stopped ? 0 : halfDetour(i - 1);
        const fresh = wait >= rules.restMin - 1e-9 && (b > back || d > back) ? [back, back] : wait >= rules.breakMin - 1e-9 && b > back ? [back, d] : null;
        if (!fresh) add(b1, d1, { soc: x.soc, t: dep + drive + p, m: x.m, late: x.late, why: why(p) });
        else for (const [b2, d2, q] of roadside(fresh[0], fresh[1], drive, driveAfter[i])) add(b2, d2, { soc: x.soc, t: dep + drive + q, m: x.m, late: x.late, why: why(q) });
      }
    }
    return [...groups.values()];
  };

  const visit = (i: number, b: number, d: number, S: St[], lastE: number, lastDrive: number, stopped = false) => {
    nodes++;
    const ev = evs[i];
    if (!canFinish(i, Math.max(...S.map((x) => x.soc)), lastE)) return;
    // Charging still needed, at the fastest rate any station offers, may overlap the pauses.
    const left = dest.driveMin - lastDrive;
    const pauses = windowAfter[i] ? 0 : Math.min(...roadside(b, d, left).map((x) => x[2]));
    const need = (dest.energyKWh - lastE) / cap + Math.max(inp.endSoc, res);
    // Charging at a section end's charger also overlaps the service.
    const service = serviceAfter[i], overlap = chargerAfter[i];
    // A state whose bound is no better than the best plan found cannot lead to a better one: dropped.
    const promising = S.filter((x) => {
      const c = x.soc >= need ? 0 : (need - x.soc) * cap * fastest;
      const t = x.t + left + (overlap ? Math.max(pauses + service, c) : Math.max(pauses, c) + service);
      // Under a cost objective the energy still needed costs at least the least price per kWh ahead.
      const money = x.soc >= need ? 0 : (need - x.soc) * cap * cheapestAfter[i];
      return (alpha === null ? t : alpha * t + (x.m ?? 0) + money) < best - 1e-9;
    });
    if (promising.length === 0) return;
    const S1 = promising.filter((x) => x.soc - (peak[i] - lastE) / cap >= res - 1e-9).map((x) => ({ ...x, soc: Math.min(1, x.soc - (ev.E - lastE) / cap) }));
    if (S1.length === 0) return;
    for (const [b1, d1, S2] of drivenInto(i, b, d, S1, ev.driveMin - lastDrive, stopped)) {
      if (ev.kind === "station") {
        const s = inp.stations[ev.index];
        const h = s.detourMin / 2;
        if (i + 1 < evs.length) visit(i + 1, b1, d1, S2, ev.E, ev.driveMin);
        if (b1 + h > rules.maxDriveMin + 1e-7 || d1 + h > rules.maxDailyDriveMin + 1e-7) continue;
        const states: [number, number, number][] = [];
        if (b1 + 2 * h <= rules.maxDriveMin + 1e-7 && d1 + 2 * h <= rules.maxDailyDriveMin + 1e-7) states.push([0, b1 + 2 * h, d1 + 2 * h]);
        if (d1 + 2 * h <= rules.maxDailyDriveMin + 1e-7) states.push([1, h, d1 + 2 * h]);
        if (mayRest(d1 + h) && !s.noRest) states.push([2, h, h]);
        if (states.length === 0) continue;
        const noneLegal = states[0][0] === 0;
        for (const [o, b2, d2] of states) {
          if (!mayPause(o, b1 + 2 * h, d1 + 2 * h, i, noneLegal)) continue;
          const S3 = expand(i, S2, o);
          if (S3.length) visit(i + 1, b2, d2, S3, ev.E, ev.driveMin, true);
        }
      } else {
        const w = inp.waypoints[ev.index];
        const e = mins(w.window?.earliestMs, -Infinity);
        const l = mins(w.window?.latestMs, Infinity);
        for (const o of ev.last ? [0] : [0, 1, 2]) {
          if (!mayPause(o, b1, d1, i) || (o === 2 && !mayRest(d1))) continue;
          let S3 = S2.map((x) => ({ soc: x.soc, t: Math.max(x.t + pause(o), e), t0: x.t, m: x.m, late: x.late, why: o ? `${x.why ?? ""} W${ev.index}:${o}` : x.why }))
            .filter((x) => lateMode || x.t <= l + 1e-9)
            .map((x) => {
              const late = lateMode ? Math.max(0, x.t - l) : 0;
              return late > 1e-9 ? { ...x, t: x.t + w.serviceMin, m: (x.m ?? 0) + LATE_PER_MIN * late, late: (x.late ?? 0) + late } : { ...x, t: x.t + w.serviceMin };
            });
          // A charger there charges from arrival; the truck leaves at the later of the service's end and the charge's.
          if (w.charger) {
            const c = w.charger;
            const targets = grid.concat(specials(i, 0));
            S3 = pareto(S3.flatMap((x) => [x, ...targets.concat(afterAt(c, x.soc, x.t - x.t0))
              .filter((y) => y > x.soc + 1e-12 && y <= 1 + 1e-12)
              .map((y) => ({
                soc: y, t: Math.max(x.t, x.t0 + chargeAt(c, x.soc, y)), t0: x.t0, late: x.late, why: `${x.why ?? ""} W${ev.index}:${o}>${y.toFixed(4)}`,
                m: (x.m ?? 0) + money(priceOf(c.price, x.t0), (y - x.soc) * cap, chargeAt(c, x.soc, y)),
              }))
              .filter((y) => Number.isFinite(y.t))]));
          }
          if (!S3.length) continue;
          const [b2, d2] = o === 2 ? [0, 0] : o === 1 ? [0, d1] : [b1, d1];
          if (ev.last) {
            for (const x of S3) if (x.soc >= Math.max(inp.endSoc, res) - 1e-9 && obj(x) < best) { best = obj(x); bestT = x.t; bestLate = x.late ?? 0; bestWhy = `${x.why ?? ""} end ${x.soc.toFixed(4)}`; }
          } else visit(i + 1, b2, d2, S3, ev.E, ev.driveMin);
        }
      }
    }
  };

  if (inp.startSoc >= res) {
    visit(0, inp.driver?.sinceBreakMin ?? 0, inp.driver?.todayMin ?? 0, [{ soc: inp.startSoc, t: 0 }], 0, 0);
  }
  return { ok: best < Infinity, totalMin: bestT, objective: best - LATE_PER_MIN * bestLate, lateMin: bestLate, nodes, why: bestWhy };
}
