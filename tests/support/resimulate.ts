// Independent re-simulation of a plan result. From the result's own geometry
// (section polylines matched onto the pack's edges), the vehicle figures the
// result records and the catalog's charging curve, it recomputes each
// section's length, driving time and energy, every charge's duration, the SoC
// chain, the clock and the drivers' hours, with its own physics and its own
// charge integration (none of the planner's code), and lists every
// disagreement beyond 0.5 % (energy, SoC, charging: approximate models). The
// drivers' hours are checked exactly: each section's driving by the result's
// clock agrees with the re-simulated driving to the geometry's precision, and
// the law's limits hold on that clock to the millisecond.
//
// Weather: a section that carries `weather` is re-simulated in it, from the formulas of
// docs/weather-energy-model.md written again here (none of src/engine/vehicles/ambient.ts,
// physics.ts or charging.ts): rolling resistance (R117 temperature correction below 20 C, winter
// tyres, wet or snow road), air density at sea level, each polyline piece's head wind from its own
// bearing, recuperation in the cold, cab climate and battery heating; detours in the section's
// weather without wind; a charging stop's battery preconditioning counted with its detour (half
// in, half out, as the planner splits the detour); charging at totals.weather.charging_temperature_c
// with a preconditioned battery. Each section's weather.extra_kWh is checked against the same walk at
// 20 C in still air on a dry road. A section without `weather` (older results) is re-simulated as before.
import { nearestOnSegment } from "@/engine/geo";
import { decodePolyline } from "@/engine/network/polyline";
import type { RoadNetwork } from "@/engine/network/types";
import { findModel, type VehicleModel } from "@/engine/vehicles/catalog";

/** Documented defaults (docs/API.md). */
const RESERVE_SOC = 0.1;
const OVERHEAD_MIN = 5;
const DETOUR_KMH = 40;
/** EU 561/2006: 4.5 h, 45 min, 9 h (10 h on two days a week), 11 h; a day spans at most 24 h - its rest (Art. 8(2)). */
const LAW = { driveMin: 270, breakMin: 45, dailyMin: 540, extendedDailyMin: 600, restMin: 660, spanMin: 24 * 60 - 660, reducedSpanMin: 24 * 60 - 540 };

const REL = 0.005;
/** The result's times are ISO strings to the millisecond. */
const MS_MIN = 1 / 60_000;
/** Minutes in a result (sec_duration_min, ...) are rounded to 0.1. */
const ROUNDED_MIN = 0.05;
/**
 * Driving re-simulated from a section's polyline against the plan's clock: a section that ends inside
 * an edge ends at the polyline's 5 decimals (about 1 m), pieces under 0.5 m are left out and detours
 * are read from whole metres; together well under a second per section (measured: 0.1 s).
 */
const GEOMETRY_MIN = 0.01;

export interface ResimOptions {
  network: RoadNetwork;
  /** Defaults to 10 %. */
  reserveSoc?: number;
  /** The request's battery_level_end, when known. */
  endSoc?: number;
  /** The request's min_charge_duration_min, when known. */
  minChargeMin?: number;
}

export interface Resim {
  violations: string[];
  minSoc: number;
  energyKWh: number;
  drivingMin: number;
  /** Largest relative difference seen per quantity. */
  worst: { energy: number; time: number; length: number; charge: number; soc: number };
}

type Figures = Pick<
  VehicleModel,
  "usableBatteryKWh" | "tareKg" | "maxGrossKg" | "referenceConsumptionKWhPerKm" | "maxCcsKW" | "maxMcsKW" |
  "rollingResistance" | "dragAreaM2" | "drivetrainEfficiency" | "recuperationEfficiency" | "auxiliaryKW"
>;

// ---- physics, written from the formulas in docs/ARCHITECTURE.md ------------

/** Wheel force on the flat (N) and auxiliary power (W), before calibration. */
function flatForces(f: Figures, massKg: number, speedMs: number) {
  return { forceN: massKg * 9.81 * f.rollingResistance + 0.6 * f.dragAreaM2 * speedMs * speedMs, auxW: f.auxiliaryKW * 1000 };
}

/** The model's calibration: its reference consumption at its reference mass, 80 km/h, flat. */
function calibration(f: Figures, referenceGrossKg: number): number {
  const v = 80 / 3.6;
  const { forceN, auxW } = flatForces(f, referenceGrossKg, v);
  const rawJPerM = forceN / f.drivetrainEfficiency + auxW / v;
  return (f.referenceConsumptionKWhPerKm * 3600) / rawJPerM;
}

class Physics {
  constructor(private f: Figures, private k: number) {}
  /**
   * Battery kWh over a stretch of uniform grade pieces (climb and fall spread over it); in weather w
   * with this head wind (m/s, negative: tail wind), else at the 20 C reference as before.
   */
  kWh(massKg: number, lengthM: number, speedKmh: number, upM: number, downM: number, w?: Weather, headwind = 0): number {
    if (w) return this.weatherKWh(massKg, lengthM, speedKmh, upM, downM, w, headwind);
    const v = Math.max(speedKmh, 5) / 3.6;
    const { forceN, auxW } = flatForces(this.f, massKg, v);
    const rising = upM + downM > 0 ? (lengthM * upM) / (upM + downM) : lengthM;
    const battery = (wheelJ: number) => (wheelJ >= 0 ? wheelJ / this.f.drivetrainEfficiency : wheelJ * this.f.recuperationEfficiency);
    const wheelUp = this.k * forceN * rising + massKg * 9.81 * upM;
    const wheelDown = this.k * forceN * (lengthM - rising) - massKg * 9.81 * downM;
    return (battery(wheelUp) + battery(wheelDown) + (this.k * auxW * lengthM) / v) / 3.6e6;
  }

  /**
   * docs/weather-energy-model.md, "The terms": F = k (m g c_rr f_T f_tyre f_surface + 1/2 rho_20 f_rho c_dA va|va|),
   * va = v + headwind; E = wheel+ / eta_drive + wheel- eta_recup f_recup + (k P_aux + P_hvac + P_battery) L / v.
   */
  private weatherKWh(massKg: number, lengthM: number, speedKmh: number, upM: number, downM: number, w: Weather, headwind: number): number {
    const f = this.f;
    const v = Math.max(speedKmh, 5) / 3.6;
    const va = v + headwind;
    const forceN = this.k * (massKg * 9.81 * f.rollingResistance * w.rolling + 0.6 * w.air * f.dragAreaM2 * va * Math.abs(va));
    const rising = upM + downM > 0 ? (lengthM * upM) / (upM + downM) : lengthM;
    const recuperation = f.recuperationEfficiency * w.recuperation;
    const battery = (wheelJ: number) => (wheelJ >= 0 ? wheelJ / f.drivetrainEfficiency : wheelJ * recuperation);
    const wheelUp = forceN * rising + massKg * 9.81 * upM;
    const wheelDown = forceN * (lengthM - rising) - massKg * 9.81 * downM;
    return (battery(wheelUp) + battery(wheelDown) + ((this.k * f.auxiliaryKW * 1000 + w.addedW) * lengthM) / v) / 3.6e6;
  }
}

// ---- weather, written from docs/weather-energy-model.md ------------------------------
// Constants re-declared from the doc (section "The terms", row named in each comment).

/** The reference every catalog figure stands for: 20 C, sea level, still air, dry road, summer tyres ("What did not change"). */
const REFERENCE_C = 20;
/** "Rolling, temperature": R117 Annex 6 para. 6.2 correction, Kt for class C3 tyres; applied only below 20 C ("No warm credit"). */
const R117_KT = 0.006;
/** "Winter tyres", "Snow" (on top of the winter tyres it implies), "Wet road" (snow wins over wet). */
const WINTER_TYRES_FACTOR = 1.15, SNOW_FACTOR = 1.4, WET_FACTOR = 1.1;
/** "Air density": ideal gas at the ISA sea-level pressure; only the ratio to 20 C enters (altitude not applied, by design). */
const KELVIN = 273.15;
/** "Cab heating": kW/K below 20 C, heat pump COP = clamp(2 + 0.05 t, 1, 3); "Cab cooling": kW/K above 24 C. */
const CAB_HEATING_KW_PER_K = 0.18, CAB_COOLING_KW_PER_K = 0.1, CAB_COOLING_ABOVE_C = 24;
/** "Battery heating while driving": below 5 C, 0.1 kW/K per 621 kWh installed. */
const BATTERY_COLD_BELOW_C = 5, BATTERY_HEATING_KW_PER_K_PER_KWH = 0.1 / 621;
/** "Preconditioning energy": below 5 C, C_pack = installed kWh / 0.14 kWh/kg x 1 kJ/(kg K), in kWh/K. */
const PACK_HEAT_KWH_PER_K_PER_KWH = 1 / 0.14 / 3600;
/** "Recuperation": f_recup = max(0.6, 1 - 0.01 (10 - t)) below 10 C. */
const RECUPERATION_COLD_BELOW_C = 10, RECUPERATION_PER_K = 0.01, RECUPERATION_FLOOR = 0.6;
/** "Cold DC charging, preconditioned": 1 at >= 0 C, 1 - 0.005 (0 - t), floor 0.85; on the battery's acceptance only. */
const PRECONDITIONED_CHARGE_BELOW_C = 0, PRECONDITIONED_CHARGE_PER_K = 0.005, PRECONDITIONED_CHARGE_FLOOR = 0.85;
/** The result's road (SectionWeatherResult): wet from 0.1 mm of precipitation, snow where it snows or it falls at 0 C or below; winter tyres at 7 C or below. */
const WET_ROAD_MM = 0.1, WINTER_TYRES_AT_OR_BELOW_C = 7;
/** The request's temperature range (-40..50 C); every formula is an extrapolation beyond it. */
const MIN_C = -40, MAX_C = 50;
/**
 * The share of a stop's preconditioning counted on the way in. The planner adds it to the stop's detour energy,
 * which it splits half in, half out; the doc ("Preconditioning energy", "Doubts") has all of it drawn while driving
 * to the stop (1 would be that).
 */
const PRECONDITIONING_IN_SHARE = 0.5;
/** A result's ambient_temperature_c is rounded to 0.1; the planner uses the unrounded value. */
const ROUNDED_C = 0.05;

/** What the cab and the battery's thermal management take from the figures (absent: the doc's defaults). */
interface Thermal {
  installedBatteryKWh: number;
  cabHeatingKWPerK?: number;
  cabCoolingKWPerK?: number;
  cabHeatPump?: boolean;
  batteryHeatingKWPerK?: number;
  batteryHeatCapacityKWhPerK?: number;
}

/** A section's weather as this re-simulation applies it (the wind's component is per piece). */
interface Weather {
  temperatureC: number;
  /** f_T x f_tyre x f_surface on rolling resistance. */
  rolling: number;
  /** rho / rho(20 C), sea level. */
  air: number;
  /** f_recup. */
  recuperation: number;
  /** Cab climate plus battery heating, W, outside the calibration. */
  addedW: number;
  windMs: number;
  windFromDeg: number;
  /** Before a charging stop in this weather, kWh. */
  preconditioningKWh: number;
}

function weatherOf(w: any, th: Thermal): Weather {
  const t = Math.min(MAX_C, Math.max(MIN_C, Number(w.ambient_temperature_c)));
  const snow = w.road === "snow", wet = w.road === "wet";
  const rollingT = t < REFERENCE_C ? (1 + R117_KT * (REFERENCE_C - 25)) / (1 + R117_KT * (t - 25)) : 1;
  const tyres = w.winter_tyres || snow ? WINTER_TYRES_FACTOR : 1;
  const surface = snow ? SNOW_FACTOR : wet ? WET_FACTOR : 1;
  let cabKW = 0;
  if (t < REFERENCE_C) {
    const heatKW = (th.cabHeatingKWPerK ?? CAB_HEATING_KW_PER_K) * (REFERENCE_C - t);
    cabKW = th.cabHeatPump ? heatKW / Math.min(3, Math.max(1, 2 + 0.05 * t)) : heatKW;
  } else if (t > CAB_COOLING_ABOVE_C) cabKW = (th.cabCoolingKWPerK ?? CAB_COOLING_KW_PER_K) * (t - CAB_COOLING_ABOVE_C);
  const cold = Math.max(0, BATTERY_COLD_BELOW_C - t);
  const batteryKW = (th.batteryHeatingKWPerK ?? BATTERY_HEATING_KW_PER_K_PER_KWH * th.installedBatteryKWh) * cold;
  return {
    temperatureC: t,
    rolling: rollingT * tyres * surface,
    air: (REFERENCE_C + KELVIN) / (t + KELVIN),
    recuperation: t < RECUPERATION_COLD_BELOW_C ? Math.max(RECUPERATION_FLOOR, 1 - RECUPERATION_PER_K * (RECUPERATION_COLD_BELOW_C - t)) : 1,
    addedW: (cabKW + batteryKW) * 1000,
    windMs: Number(w.wind_speed_ms ?? 0) || 0,
    windFromDeg: Number(w.wind_from_deg ?? NaN),
    preconditioningKWh: (th.batteryHeatCapacityKWhPerK ?? PACK_HEAT_KWH_PER_K_PER_KWH * th.installedBatteryKWh) * cold,
  };
}

/** The doc's "Wind": w cos(from - heading), heading of p -> q clockwise from north (initial great-circle bearing). */
function headwindMs(w: Weather, p: [number, number], q: [number, number]): number {
  if (!(w.windMs > 0) || !Number.isFinite(w.windFromDeg)) return 0;
  const r = Math.PI / 180;
  const dLon = (q[1] - p[1]) * r;
  const heading = Math.atan2(Math.sin(dLon) * Math.cos(q[0] * r), Math.cos(p[0] * r) * Math.sin(q[0] * r) - Math.sin(p[0] * r) * Math.cos(q[0] * r) * Math.cos(dLon));
  return w.windMs * Math.cos(w.windFromDeg * r - heading);
}

/** The doc's rules for `road` and `winter_tyres` from the section's own weather (not at the rounding's edges). */
function checkRoad(w: any, where: string, v: string[]): void {
  const t = Number(w.ambient_temperature_c), mm = Number(w.precipitation_mm ?? 0), cm = Number(w.snowfall_cm ?? 0);
  if (Math.abs(t) > ROUNDED_C) {
    const snowing = cm > 0 || (mm >= WET_ROAD_MM && t <= 0);
    const road = snowing ? "snow" : mm >= WET_ROAD_MM ? "wet" : "dry";
    if (w.road !== road) v.push(`${where}: weather.road ${w.road}, but ${mm} mm and ${cm} cm at ${t} C make it ${road}`);
  }
  if (Math.abs(t - WINTER_TYRES_AT_OR_BELOW_C) > ROUNDED_C && w.winter_tyres !== t <= WINTER_TYRES_AT_OR_BELOW_C) {
    v.push(`${where}: weather.winter_tyres ${w.winter_tyres} at ${t} C`);
  }
}

/** "Cold DC charging, preconditioned": the factor on the battery's acceptance; 1 at the reference and above. */
function preconditionedChargeFactor(temperatureC: number): number {
  const t = Math.min(MAX_C, Math.max(MIN_C, temperatureC));
  if (!(t < REFERENCE_C) || t >= PRECONDITIONED_CHARGE_BELOW_C) return 1;
  return Math.max(PRECONDITIONED_CHARGE_FLOOR, 1 - PRECONDITIONED_CHARGE_PER_K * (PRECONDITIONED_CHARGE_BELOW_C - t));
}

// ---- charging: Euler steps of one second over the curve ---------------------

/** `acceptance`: a factor on the battery's acceptance (curve x refKW), not on the station's or the inlet's limit. */
function chargeMinutes(model: VehicleModel, f: Figures, stationKW: number, connector: string, from: number, to: number, acceptance = 1): number {
  const curve = model.chargingCurve ?? { soc: [0, 0.8, 1], share: [1, 1, 0.25] };
  const refKW = Math.max(curve.refKW ?? 0, f.maxCcsKW ?? 0, f.maxMcsKW ?? 0);
  const inlet = (connector === "MCS" ? f.maxMcsKW : f.maxCcsKW) ?? 0;
  const share = (s: number) => {
    const xs = curve.soc, ys = curve.share;
    let y = ys[ys.length - 1];
    for (let i = 1; i < xs.length; i++) {
      if (s <= xs[i]) { y = ys[i - 1] + ((ys[i] - ys[i - 1]) * (s - xs[i - 1])) / (xs[i] - xs[i - 1]); break; }
    }
    return Math.max(y, 0.02);
  };
  const dt = 1 / 60; // minutes
  let soc = from, t = 0;
  while (soc < to - 1e-12) {
    const kW = Math.min(stationKW, inlet, refKW * acceptance * share(soc));
    if (!(kW > 0)) return Infinity;
    const step = (kW * dt) / 60 / f.usableBatteryKWh;
    if (soc + step >= to) return t + (dt * (to - soc)) / step;
    soc += step;
    t += dt;
  }
  return t;
}

// ---- matching the polylines onto the pack's edges -------------------------------

interface Matcher {
  /** The edges whose line (nodes and shape points) has a point here, and its index on the line. */
  pointsAt(lat: number, lon: number): { e: number; i: number }[];
  /** Edge e's line from its source to its target, and the straight length of each of its pieces. */
  line(e: number): { points: [number, number][]; pieces: number[]; total: number };
  source: Uint32Array;
}

const matchers = new WeakMap<RoadNetwork, Matcher>();
const key = (lat: number, lon: number) => `${Math.round(lat * 1e5)},${Math.round(lon * 1e5)}`;

/** The pack's edges as lines: each edge from its source node through its shape's points (junction-only packs) to its target. */
function matcherFor(net: RoadNetwork): Matcher {
  const cached = matchers.get(net);
  if (cached) return cached;
  const source = new Uint32Array(net.edgeCount);
  for (let u = 0; u < net.nodeCount; u++) for (let e = net.firstEdge[u]; e < net.firstEdge[u + 1]; e++) source[e] = u;
  const sh = net.shapes;
  const lineOf = (e: number): [number, number][] => {
    const a = source[e], b = net.edgeTarget[e];
    const pts: [number, number][] = [[net.nodeLat[a], net.nodeLon[a]]];
    if (sh) {
      const s = sh.ofEdge[e], k = s < 0 ? ~s : s, first = sh.first[k], n = sh.first[k + 1] - first;
      for (let i = 0; i < n; i++) {
        const j = s < 0 ? first + n - 1 - i : first + i;
        pts.push([sh.lat[j], sh.lon[j]]);
      }
    }
    pts.push([net.nodeLat[b], net.nodeLon[b]]);
    return pts;
  };
  const points = new Map<string, { e: number; i: number }[]>();
  for (let e = 0; e < net.edgeCount; e++) {
    lineOf(e).forEach(([lat, lon], i) => {
      const k = key(lat, lon);
      const list = points.get(k);
      if (list) list.push({ e, i });
      else points.set(k, [{ e, i }]);
    });
  }
  const lines = new Map<number, ReturnType<Matcher["line"]>>();
  const m: Matcher = {
    pointsAt: (lat, lon) => points.get(key(lat, lon)) ?? [],
    line: (e) => {
      let l = lines.get(e);
      if (!l) {
        const pts = lineOf(e), pieces = pts.slice(1).map((q, i) => haversineM(pts[i], q));
        lines.set(e, (l = { points: pts, pieces, total: pieces.reduce((x, y) => x + y, 0) }));
      }
      return l;
    },
    source,
  };
  matchers.set(net, m);
  return m;
}

/** Distance of a point from edge e's line (m), and the piece of the line nearest to it. */
function offEdge(m: Matcher, e: number, [lat, lon]: [number, number]): { m: number; piece: number } {
  const pts = m.line(e).points;
  let best = { m: Infinity, piece: 0 };
  for (let i = 0; i + 1 < pts.length; i++) {
    const d = nearestOnSegment(lat, lon, pts[i][0], pts[i][1], pts[i + 1][0], pts[i + 1][1]).distanceM;
    if (d < best.m) best = { m: d, piece: i };
  }
  return best;
}

const ON_EDGE_M = 3;

/**
 * The directed edge carrying the piece p -> q and the share of its length the piece is, or null. A piece
 * between consecutive points of an edge's line is that part of the edge (its straight length over the
 * line's, as the road's length is spread over its shape); any other piece (to a snapped point) lies along
 * the edge, its share its straight length. `last` is the edge of the previous piece.
 */
function edgeOf(net: RoadNetwork, m: Matcher, p: [number, number], q: [number, number], last: number): { e: number; share: number } | null {
  const fastest = (es: number[]) => es.reduce((a, b) => (net.edgeTimeS[b] < net.edgeTimeS[a] ? b : a));
  const atQ = m.pointsAt(...q);
  const whole = m.pointsAt(...p).filter(({ e, i }) => atQ.some((x) => x.e === e && x.i === i + 1));
  if (whole.length) {
    const e = fastest(whole.map((x) => x.e)), i = whole.find((x) => x.e === e)!.i, l = m.line(e);
    return { e, share: l.total > 0 ? l.pieces[i] / l.total : 1 };
  }
  const along = (e: number) => offEdge(m, e, p).m < ON_EDGE_M && offEdge(m, e, q).m < ON_EDGE_M && forwards(m, e, p, q);
  const part = (e: number) => ({ e, share: Math.min(1, haversineM(p, q) / net.edgeLengthM[e]) });
  if (last >= 0 && along(last)) return part(last);
  const near = [...m.pointsAt(...p), ...atQ].map((x) => x.e).filter(along);
  if (near.length) return part(fastest(near));
  for (let e = 0; e < net.edgeCount; e++) if (along(e)) return part(e);
  return null;
}

/** Does p -> q run the way the edge's line runs where it passes them? */
function forwards(m: Matcher, e: number, p: [number, number], q: [number, number]): boolean {
  const pts = m.line(e).points, j = offEdge(m, e, [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2]).piece;
  const dLat = pts[j + 1][0] - pts[j][0], dLon = pts[j + 1][1] - pts[j][1];
  return (q[0] - p[0]) * dLat + (q[1] - p[1]) * dLon * Math.cos((p[0] * Math.PI) / 180) ** 2 >= 0;
}

function haversineM(a: [number, number], b: [number, number]): number {
  const r = Math.PI / 180;
  const s = Math.sin(((b[0] - a[0]) * r) / 2) ** 2 + Math.cos(a[0] * r) * Math.cos(b[0] * r) * Math.sin(((b[1] - a[1]) * r) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(s)));
}

// ---- the walk -------------------------------------------------------------------

/* eslint-disable @typescript-eslint/no-explicit-any */
export function resimulate(result: any, opts: ResimOptions): Resim {
  const v: string[] = [];
  const worst = { energy: 0, time: 0, length: 0, charge: 0, soc: 0 };
  const out: Resim = { violations: v, minSoc: Infinity, energyKWh: 0, drivingMin: 0, worst };
  const model = findModel(result.vehicle?.model_code ?? "");
  if (!model || !result.vehicle?.figures) {
    v.push(`result names no known vehicle (${result.vehicle?.model_code})`);
    return out;
  }
  const f: Figures = result.vehicle.figures;
  const physics = new Physics(f, calibration(f, model.referenceGrossKg));
  const cap = f.usableBatteryKWh;
  const net = opts.network;
  const m = matcherFor(net);
  const drivable = result.status === "succeeded";
  const reserve = opts.reserveSoc ?? RESERVE_SOC;
  const detourOf = new Map<number, number>((result.poi_list ?? []).map((p: any) => [p.poi_id, p.detour_from_route]));
  // The cab's figures are among the result's (a fleet may override them); the battery's thermal ones are the catalog model's, else the doc's defaults.
  const thermal: Thermal = { ...model, ...f } as Thermal;
  const weathered = result.sections.some((s: any) => s.weather);
  const chargingC = result.totals?.weather?.charging_temperature_c;
  if (weathered && typeof chargingC !== "number") v.push(`sections carry weather, but totals.weather.charging_temperature_c is ${chargingC}`);
  // Charging is planned at the tour's coldest section, with a preconditioned battery.
  const acceptance = typeof chargingC === "number" ? preconditionedChargeFactor(chargingC) : 1;

  const agree = (what: keyof typeof worst, label: string, mine: number, theirs: number, abs: number, relTol = REL) => {
    const diff = Math.abs(mine - theirs);
    const rel = diff / Math.max(Math.abs(mine), 1e-9);
    if (diff > abs) worst[what] = Math.max(worst[what], rel);
    if (diff > relTol * Math.abs(mine) + abs) v.push(`${label}: re-simulated ${mine.toFixed(4)}, reported ${theirs}`);
  };

  /**
   * SoCs are compared within 0.5 % of the energy drawn since the last point
   * where the plan fixes the SoC (the start or a charge's target).
   */
  const agreeSoc = (label: string, mine: number, theirs: number) => {
    const diff = Math.abs(mine - theirs);
    if (drawnKWh > 0) worst.soc = Math.max(worst.soc, (diff * cap) / drawnKWh);
    if (diff > (REL * drawnKWh) / cap + 1e-4) v.push(`${label}: re-simulated ${mine.toFixed(4)}, reported ${theirs}`);
  };
  let drawnKWh = 0;
  let arrivedAt = NaN;
  let soc: number = result.battery_level_start;
  let clock = Date.parse(result.totals.departure_time);
  // The rules the plan says it keeps, checked against the law's bounds.
  const dr = result.driving_rules;
  const EU = { driveMin: dr?.max_driving_before_break_min ?? LAW.driveMin, breakMin: dr?.break_min ?? LAW.breakMin, dailyMin: dr?.max_daily_driving_min ?? LAW.dailyMin, restMin: dr?.daily_rest_min ?? LAW.restMin };
  if (EU.driveMin > LAW.driveMin || EU.breakMin < LAW.breakMin || EU.dailyMin > LAW.extendedDailyMin || EU.restMin < LAW.restMin) v.push(`driving_rules beyond EU 561/2006: ${JSON.stringify(dr)}`);
  let sinceBreak = dr?.driven_since_break_min ?? 0, today = dr?.driven_today_min ?? 0, lastEdge = -1;
  // Sections summed into each, for the milliseconds of their times.
  let sinceBreakN = 0, todayN = 0;
  let outHalfM = 0;
  /** The last stop's preconditioning that counts on the way out of it. */
  let outWarmKWh = 0;
  let charged = 0;
  let extraKWh = 0;
  const low = (x: number, where: string) => {
    out.minSoc = Math.min(out.minSoc, x);
    if (drivable && x < reserve - 1e-3) v.push(`SoC ${x.toFixed(4)} below the reserve ${where}`);
  };

  result.sections.forEach((s: any, i: number) => {
    const ps = s.poi_summary ?? {};
    const where = `section ${i} (${ps.name})`;
    const massKg = Math.min(f.tareKg + s.payload_kg, f.maxGrossKg);
    // A section end charges at its own charger (charger_source), with no detour; anything else that charges is a station.
    const atSectionEnd = ps.charger_source != null;
    // A station stop charges, or under a cost objective only hosts a pause (0 kWh): it has its detour either way.
    const isCharge = (ps.energy_kWh ?? 0) > 0 || (!atSectionEnd && ps.connector != null && detourOf.has(ps.id));
    const inHalfM = isCharge && !atSectionEnd ? (detourOf.get(ps.id) ?? NaN) / 2 : 0;
    if (Number.isNaN(inHalfM)) v.push(`${where}: charging station ${ps.id} is not in poi_list`);

    // The section's weather (none: the 20 C reference, as before); its energy at the reference too, for extra_kWh.
    const wx = s.weather ? weatherOf(s.weather, thermal) : undefined;
    if (s.weather) {
      // NaN would pass every comparison below.
      for (const k of ["ambient_temperature_c", "extra_kWh"]) if (!Number.isFinite(s.weather[k])) v.push(`${where}: weather.${k} is ${s.weather[k]}`);
      checkRoad(s.weather, where, v);
    }
    // A stop's preconditioning: at a charging station it charges or pauses at (its detour's), not at a section end.
    const warmKWh = wx && isCharge && !atSectionEnd ? wx.preconditioningKWh : 0;
    if (s.weather) {
      const perK = wx!.preconditioningKWh / Math.max(BATTERY_COLD_BELOW_C - wx!.temperatureC, 1e-9);
      agree("energy", `${where} weather.preconditioning_kWh`, warmKWh, s.weather.preconditioning_kWh ?? 0, 0.005 + perK * ROUNDED_C);
    }
    const inWarmKWh = warmKWh * PRECONDITIONING_IN_SHARE;

    // Route part: polyline pieces on the pack's edges.
    const line = decodePolyline(s.polyline);
    let lengthM = 0, timeS = 0, kWh = 0, peakKWh = 0, refKWh = 0;
    // Detours: flat, at the detour speed, in the section's weather without wind.
    const detourKWhPerM = physics.kWh(massKg, 1000, DETOUR_KMH, 0, 0, wx) / 1000;
    const refDetourKWhPerM = physics.kWh(massKg, 1000, DETOUR_KMH, 0, 0) / 1000;
    kWh += outHalfM * detourKWhPerM + outWarmKWh;
    refKWh += outHalfM * refDetourKWhPerM;
    peakKWh = kWh;
    for (let j = 0; j + 1 < line.length; j++) {
      const p = line[j], q = line[j + 1];
      const piece = haversineM(p, q);
      if (piece < 0.5) continue;
      const on = edgeOf(net, m, p, q, lastEdge);
      if (!on) {
        v.push(`${where}: piece ${j} (${p} -> ${q}) lies on no edge of ${net.id}`);
        continue;
      }
      const { e, share } = on;
      lastEdge = e;
      const len = net.edgeLengthM[e] * share;
      const speed = (net.edgeLengthM[e] / net.edgeTimeS[e]) * 3.6;
      const a = net.attributes;
      lengthM += len;
      timeS += net.edgeTimeS[e] * share;
      const up = a ? a.ascentM[e] * share : 0, down = a ? a.descentM[e] * share : 0;
      kWh += physics.kWh(massKg, len, speed, up, down, wx, wx ? headwindMs(wx, p, q) : 0);
      if (wx) refKWh += physics.kWh(massKg, len, speed, up, down);
      peakKWh = Math.max(peakKWh, kWh);
    }
    kWh += inHalfM * detourKWhPerM + inWarmKWh;
    refKWh += inHalfM * refDetourKWhPerM;
    peakKWh = Math.max(peakKWh, kWh);
    lengthM += outHalfM + inHalfM;
    timeS += ((outHalfM + inHalfM) / 1000 / DETOUR_KMH) * 3600;
    outHalfM = inHalfM;
    outWarmKWh = warmKWh - inWarmKWh;
    // What the weather adds against 20 C in still air on a dry road, detours and preconditioning included.
    if (s.weather) {
      extraKWh += kWh - refKWh;
      agree("energy", `${where} weather.extra_kWh`, kWh - refKWh, s.weather.extra_kWh, 0.05);
    }

    const reportedKWh = s.poi_summary.sec_energy_consumption_kWhkm * s.poi_summary.sec_length_km;
    agree("length", `${where} length (m)`, lengthM, s.length_m, 5);
    agree("energy", `${where} energy (kWh)`, kWh, reportedKWh, 0.05 + Math.abs(reportedKWh) * 1e-3);
    // A not-drivable plan runs the battery below empty on paper and reports empty (docs/API.md).
    agreeSoc(`${where} SoC at the start`, drivable ? soc : Math.max(0, soc), s.start_pos[2]);
    low(soc - peakKWh / cap, `in ${where}`);
    soc -= kWh / cap;
    out.energyKWh += kWh;
    out.drivingMin += timeS / 60;
    drawnKWh += kWh;
    agreeSoc(`${where} SoC on arrival`, drivable ? soc : Math.max(0, soc), s.stop_pos[2]);

    // Clock: from leaving the last stop to arriving here the truck drives, exactly the re-simulated
    // driving (to the geometry's precision), and sec_duration_min is that time rounded.
    const drivenMin = (Date.parse(ps.arrival_time) - clock) / 60_000;
    agree("time", `${where} driving by the clock (arrival - last departure, min)`, timeS / 60, drivenMin, GEOMETRY_MIN, 0);
    if (!(Math.abs(drivenMin - ps.sec_duration_min) <= ROUNDED_MIN + 2 * MS_MIN)) v.push(`${where}: sec_duration_min ${ps.sec_duration_min}, but the clock drives ${drivenMin.toFixed(4)} min`);
    sinceBreak += drivenMin;
    today += drivenMin;
    sinceBreakN++;
    todayN++;
    // A not-drivable plan: its stops up to where it runs out, then driving on (on paper, with no pauses).
    clock = Date.parse(ps.arrival_time);
    arrivedAt = clock;

    // What happens at the end of the section.
    const dwellMin = ps.departure_time ? (Date.parse(ps.departure_time) - Date.parse(ps.arrival_time)) / 60_000 : 0;
    if (isCharge) {
      const from = ps.start_soc, to = ps.stop_soc;
      agree("charge", `${where} energy charged (kWh)`, (to - from) * cap, ps.energy_kWh, 0.1);
      const minutes = chargeMinutes(model, f, ps.power_available_kW, ps.connector, from, to, acceptance);
      // The charge floor and the stop overhead belong to stops made to charge, not to a section end's charger.
      const expected = atSectionEnd ? minutes : Math.max(minutes, opts.minChargeMin ?? 0);
      agree("charge", `${where} charge time (min)`, expected, ps.charge_time_min, 0.1);
      // A stop made longer for a driving ban stays that much more, unless the wait is its pause (break_min then runs to the departure).
      // A wait for a free charging point (live status) comes before the overhead.
      const stay = (ps.charge_point_wait_min ?? 0) + OVERHEAD_MIN + Math.max(ps.charge_time_min, ps.break_min ?? 0);
      if (!atSectionEnd) agree("time", `${where} dwell (min)`, Math.abs(dwellMin - stay) <= 0.1 ? stay : stay + (ps.driving_ban_wait_min ?? 0), dwellMin, 0.1);
      else if (dwellMin < ps.charge_time_min - 0.1) v.push(`${where}: charges ${ps.charge_time_min} min in a stay of ${dwellMin} min`);
      if (to > 1 + 1e-9) v.push(`${where}: charged above 100 %`);
      charged += ps.energy_kWh;
      soc = to;
      drawnKWh = 0;
    }
    // The law's limits, on the clock: exact but for the milliseconds of its times.
    if (drivable && sinceBreak > EU.driveMin + sinceBreakN * MS_MIN) v.push(`${where}: ${sinceBreak.toFixed(3)} min driven without a break, more than ${EU.driveMin}`);
    if (drivable && today > EU.dailyMin + todayN * MS_MIN) v.push(`${where}: ${today.toFixed(3)} min driven since the last daily rest, more than ${EU.dailyMin}`);
    if (ps.break_kind === "break" || ps.break_kind === "rest") {
      const need = ps.break_kind === "rest" ? EU.restMin : EU.breakMin;
      if (ps.break_min < need - 1e-6) v.push(`${where}: ${ps.break_kind} of ${ps.break_min} min`);
      if (dwellMin < ps.break_min - 2 * MS_MIN) v.push(`${where}: stands ${dwellMin} min for a ${ps.break_min} min ${ps.break_kind}`);
      sinceBreak = sinceBreakN = 0;
      if (ps.break_kind === "rest") today = todayN = 0;
    }
    clock += dwellMin * 60_000;
  });

  checkProfile(result, drivable ? reserve : -Infinity, v);
  if (drivable) checkDutySpans(result, v);
  if (!drivable) {
    checkReasonPlace(result, reserve, v);
    return out;
  }
  const t = result.totals;
  agree("length", "total distance (m)", result.sections.reduce((a: number, s: any) => a + s.length_m, 0), t.distance_m, 5);
  agree("time", "total driving (min)", out.drivingMin, t.driving_time_min, 0.2);
  agree("energy", "total energy (kWh)", out.energyKWh, t.energy_kWh, 0.2);
  agree("charge", "total charged (kWh)", charged, t.charged_kWh, 0.2);
  if (weathered) checkWeatherTotals(result, extraKWh, v);
  const last = result.sections.at(-1).poi_summary;
  agree("time", "arrival at the destination (min after departure)", (arrivedAt - Date.parse(t.departure_time)) / 60_000, (Date.parse(t.arrival_time) - Date.parse(t.departure_time)) / 60_000, 0.2);
  if (last.arrival_time !== t.arrival_time) v.push(`totals.arrival_time ${t.arrival_time} is not the destination's ${last.arrival_time}`);
  // The tour ends when the destination's waiting and service are done, and every total adds up from the stops.
  if (t.end_time !== undefined) {
    agree("time", "end of the tour (min after departure)", (clock - Date.parse(t.departure_time)) / 60_000, (Date.parse(t.end_time) - Date.parse(t.departure_time)) / 60_000, 0.2);
    if (last.departure_time !== t.end_time) v.push(`totals.end_time ${t.end_time} is not the destination's departure_time ${last.departure_time}`);
    const sum = (f: (s: any) => number) => result.sections.reduce((a: number, s: any) => a + (f(s) ?? 0), 0);
    const stopsMin = sum((s) => s.poi_summary.sec_duration_min + s.poi_summary.service_time_min);
    agree("time", "driving plus stops (min) against end_time - departure_time", stopsMin, (Date.parse(t.end_time) - Date.parse(t.departure_time)) / 60_000, 0.1 * result.sections.length + 0.2);
    agree("time", "waiting at the stops (min)", sum((s) => s.poi_summary.wait_min ?? 0), t.waiting_time_min, 0.1 * result.sections.length);
    agree("charge", "charging at the stops (min)", sum((s) => s.poi_summary.charge_time_min ?? 0), t.charging_time_min, 0.1 * result.sections.length);
  }
  agreeSoc("battery_level_end", soc, result.battery_level_end);
  if (opts.endSoc != null && soc < opts.endSoc - 1e-3) v.push(`ends at SoC ${soc.toFixed(4)}, below battery_level_end ${opts.endSoc}`);
  return out;
}

/**
 * totals.weather: extra_kWh is the sections' summed (to its 0.1, with theirs to 0.01), and charging is planned at
 * the tour's coldest section (SectionWeatherResult / PlanResult totals.weather in src/contract/result.ts).
 */
function checkWeatherTotals(result: any, myExtraKWh: number, v: string[]): void {
  const tw = result.totals?.weather;
  if (!tw) return; // said above (charging_temperature_c)
  const ws = result.sections.map((s: any) => s.weather).filter(Boolean);
  const sum = ws.reduce((a: number, w: any) => a + w.extra_kWh, 0);
  if (!(Math.abs(sum - tw.extra_kWh) <= 0.05 + 0.005 * ws.length + 1e-9)) {
    v.push(`totals.weather.extra_kWh ${tw.extra_kWh}, the sections' sum ${sum.toFixed(2)} (re-simulated ${myExtraKWh.toFixed(2)})`);
  }
  const coldest = Math.min(...ws.map((w: any) => w.ambient_temperature_c));
  if (!(Math.abs(coldest - tw.charging_temperature_c) <= ROUNDED_C + 1e-9)) {
    v.push(`totals.weather.charging_temperature_c ${tw.charging_temperature_c}, but the coldest section is at ${coldest} C`);
  }
}

/**
 * EU 561/2006 Art. 8(2): from the end of a daily rest (the one before the tour, from driving_rules)
 * to the start of the next, or to the tour's end, at most 24 h - 11 h (15 h before a reduced rest
 * after the tour). A rest at a charger starts after the stop's overhead and lasts until the truck
 * leaves; at a request stop it starts on arrival, before the service.
 */
function checkDutySpans(result: any, v: string[]): void {
  const dr = result.driving_rules;
  if (!dr?.daily_rest_ended_at) return;
  const limit = dr.max_duty_span_min ?? LAW.spanMin, lastLimit = dr.max_last_duty_span_min ?? LAW.spanMin;
  if (limit > LAW.spanMin || lastLimit > LAW.reducedSpanMin) v.push(`duty spans beyond EU 561/2006 Art. 8(2): ${limit} / ${lastLimit} min`);
  let restEnd = Date.parse(dr.daily_rest_ended_at);
  const check = (toMs: number, max: number, where: string) => {
    const span = (toMs - restEnd) / 60_000;
    if (span > max + 2 * MS_MIN) v.push(`${where}: ${span.toFixed(1)} min from the end of the last daily rest, more than ${max}`);
  };
  for (const s of result.sections) {
    const ps = s.poi_summary ?? {};
    if (ps.break_kind !== "rest") continue;
    const arrival = Date.parse(ps.arrival_time), departure = Date.parse(ps.departure_time);
    const atCharger = ps.id != null && ps.charger_source == null;
    const atRequestStop = !atCharger && "wait_min" in ps;
    // Where the stop says when its rest runs (a wait for a driving ban after a service), that.
    const start = ps.break_start_time ? Date.parse(ps.break_start_time) : atCharger ? arrival + ((ps.charge_point_wait_min ?? 0) + OVERHEAD_MIN) * 60_000 : arrival;
    check(start, limit, `daily rest at ${ps.name}`);
    restEnd = ps.break_end_time ? Date.parse(ps.break_end_time) : atRequestStop ? arrival + ps.break_min * 60_000 : departure;
  }
  check(Date.parse(result.totals.end_time ?? result.totals.arrival_time), lastLimit, "the tour's end");
}

/**
 * A not-drivable result's reason names the place where its own route_profile first goes below the
 * reserve (between two samples: within their spacing).
 */
function checkReasonPlace(result: any, reserve: number, v: string[]): void {
  const at = result.not_drivable_reason?.distance_from_start_m;
  const p = result.route_profile;
  if (at == null || !p || result.not_drivable_reason.code === undefined) return;
  const i = p.soc.findIndex((x: number) => x < reserve - 1e-4);
  if (i < 0) {
    if (!/battery_level_end/.test(result.not_drivable_reason.message ?? "")) v.push(`not_drivable_reason at ${at} m, but route_profile never goes below the reserve`);
    return;
  }
  const lo = p.distance_m[Math.max(0, i - 1)], hi = p.distance_m[i];
  if (at < lo - 1 || at > hi + 1) v.push(`not_drivable_reason at ${at} m, route_profile crosses the reserve between ${lo} and ${hi} m`);
}

/** route_profile: distances in order within the route, SoC within [reserve, 1], ending at the plan's end SoC. */
function checkProfile(result: any, reserve: number, v: string[]): void {
  const p = result.route_profile;
  if (!p) return v.push("result has no route_profile"), undefined;
  const n = p.distance_m.length;
  if (n < 2 || p.soc.length !== n || p.elevation_m.length !== n) return v.push(`route_profile arrays of lengths ${n}/${p.soc.length}/${p.elevation_m.length}`), undefined;
  for (let i = 1; i < n; i++) if (p.distance_m[i] < p.distance_m[i - 1]) return v.push(`route_profile distance falls at sample ${i}`), undefined;
  const low = Math.min(...p.soc), high = Math.max(...p.soc);
  if (low < reserve - 1e-3) v.push(`route_profile SoC ${low} below the reserve`);
  if (high > 1 + 1e-9) v.push(`route_profile SoC ${high} above 1`);
  if (Math.abs(p.soc[n - 1] - result.sections.at(-1).stop_pos[2]) > 1e-3) v.push(`route_profile ends at SoC ${p.soc[n - 1]}, the plan at ${result.sections.at(-1).stop_pos[2]}`);
}
