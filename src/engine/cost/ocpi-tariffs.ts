// OCPI 2.2.1 Tariffs: what a charging session costs under a Tariff object.
// No maintained JavaScript implementation exists (the reference ones are Rust's
// ocpi-tariffs and a Python package), so this one follows the text of OCPI 2.2.1
// (tag 2.2.1 of github.com/ocpi/ocpi; section numbers as in its PDF):
// - 11.3.1 (Tariff object): per dimension (ENERGY, FLAT, TIME, PARKING_TIME) the first
//   TariffElement with a price component of that dimension whose restrictions all hold
//   prices it at each moment; no such element, no cost for that dimension;
// - 11.4.5 (TariffDimensionType): ENERGY per kWh (step unit 1 Wh), TIME per hour charging,
//   PARKING_TIME per hour connected but not charging (step unit 1 s), FLAT per session;
// - 11.4.6 (TariffRestrictions): all restrictions hold at once; start/end_time in the site's
//   local time (end exclusive, past midnight when end < start), start_date inclusive,
//   end_date exclusive, min_* inclusive and max_* exclusive (kWh so far, current, power,
//   seconds since the start), day_of_week; a `reservation` element prices reservations only,
//   never a plan's stop;
// - 11.4.2 (PriceComponent) and 10.3.1 (CDR object, step_size): a dimension's total over the
//   session is rounded up to the step_size of the last component that priced it, the extra
//   at that component's price; once for ENERGY and once for TIME and PARKING_TIME together:
//   where the session goes on from charging into paid parking, the parking total is rounded
//   and the charging time is not ("step_size is not taken into account when switching time
//   based paying for charging to paying for parking");
// - 11.4.2: prices are excl. VAT, `vat` (%) per component (none given: no VAT);
// - 11.3.1 notes on min_price / max_price: they bound the total excl. VAT by their excl_vat
//   and, apart, the total incl. VAT by their incl_vat ("they both apply").
// The session is walked in steps that end wherever a restriction can change: at every whole
// minute (times of day, dates and weekdays change only there), at every energy and duration
// threshold of the tariff, and at the end of each period.
import { localTime } from "../stations/opening";
import type { PriceComponent, Tariff, TariffDimension, TariffRestrictions } from "./ocpi-tariff-types";

export type { Tariff } from "./ocpi-tariff-types";

/** A piece of a session with constant behaviour: charging at a power (or standing connected). */
export interface SessionPeriod {
  minutes: number;
  /** Energy charged in this period, kWh (0 while parking). */
  kWh: number;
  /** Current drawn, A, where known (a min/max_current restriction needs it). */
  currentA?: number | null;
}

export interface SessionCost {
  /** Excl. VAT, and with each component's VAT, in the tariff's currency. */
  exclVat: number;
  inclVat: number;
  currency: string;
  /** What each dimension cost (excl. VAT) and how much of it was billed (kWh, hours or sessions). */
  components: { type: TariffDimension; quantity: number; exclVat: number }[];
}

const DIMENSIONS: TariffDimension[] = ["FLAT", "ENERGY", "TIME", "PARKING_TIME"];
const DAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];
/** What a step_size counts in, per billed unit (11.4.5): Wh per kWh, seconds per hour. */
const STEP_UNITS: Record<TariffDimension, number> = { ENERGY: 1000, TIME: 3600, PARKING_TIME: 3600, FLAT: 0 };
const MINUTE_MS = 60_000;

const hm = (s: string) => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(s);
  return m ? +m[1] * 60 + +m[2] : NaN;
};
const ymd = (y: number, mo: number, d: number) => `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

interface Moment {
  ms: number;
  zone: string;
  kWhSoFar: number;
  secondsSoFar: number;
  powerKW: number;
  currentA: number | null;
}

/** Whether an element's restrictions hold at a moment of a (non-reserved) session (11.4.6). */
export function restrictionsHold(r: TariffRestrictions | null | undefined, m: Moment): boolean {
  if (!r) return true;
  if (r.reservation) return false;
  if (r.start_time || r.end_time || r.start_date || r.end_date || r.day_of_week?.length) {
    const t = localTime(m.ms, m.zone);
    if (r.start_time || r.end_time) {
      const from = r.start_time ? hm(r.start_time) : 0, to = r.end_time ? hm(r.end_time) : 24 * 60;
      const inside = from <= to ? t.minute >= from && t.minute < to : t.minute >= from || t.minute < to;
      if (!inside) return false;
    }
    const date = ymd(t.y, t.mo, t.d);
    if (r.start_date && date < r.start_date) return false;
    if (r.end_date && date >= r.end_date) return false;
    if (r.day_of_week?.length && !r.day_of_week.includes(DAYS[t.weekday - 1])) return false;
  }
  if (r.min_kwh != null && m.kWhSoFar < r.min_kwh) return false;
  if (r.max_kwh != null && m.kWhSoFar >= r.max_kwh) return false;
  if (r.min_power != null && m.powerKW < r.min_power) return false;
  if (r.max_power != null && m.powerKW >= r.max_power) return false;
  if ((r.min_current != null || r.max_current != null) && m.currentA == null) return false;
  if (r.min_current != null && m.currentA! < r.min_current) return false;
  if (r.max_current != null && m.currentA! >= r.max_current) return false;
  if (r.min_duration != null && m.secondsSoFar < r.min_duration) return false;
  if (r.max_duration != null && m.secondsSoFar >= r.max_duration) return false;
  return true;
}

/** The element and component that price a dimension at a moment; null when none does (11.3.1). */
function active(t: Tariff, type: TariffDimension, m: Moment): { element: number; c: PriceComponent } | null {
  for (let i = 0; i < t.elements.length; i++) {
    const c = t.elements[i].price_components.find((x) => x.type === type);
    if (c && restrictionsHold(t.elements[i].restrictions, m)) return { element: i, c };
  }
  return null;
}

/**
 * The prices that open a (non-reserved) session at `ms` at `powerKW`, in the tariff's currency excl. VAT:
 * per kWh, per minute charging, per session. What a plan's search uses; the stop's own cost then comes
 * from sessionCost, restrictions on energy and duration included.
 */
export function openingPrices(t: Tariff, ms: number, zone: string, powerKW: number): { perKWh: number; perMin: number; flat: number } {
  const m: Moment = { ms, zone, kWhSoFar: 0, secondsSoFar: 0, powerKW, currentA: null };
  return {
    perKWh: active(t, "ENERGY", m)?.c.price ?? 0,
    perMin: (active(t, "TIME", m)?.c.price ?? 0) / 60,
    flat: active(t, "FLAT", m)?.c.price ?? 0,
  };
}

/** Whether a tariff's price can change with the time of the session (its time, date or weekday restrictions). */
export function dependsOnTime(t: Tariff): boolean {
  return t.elements.some((e) => {
    const r = e.restrictions;
    return !!r && !r.reservation && !!(r.start_time || r.end_time || r.start_date || r.end_date || r.day_of_week?.length);
  });
}

/** The energy (kWh) and duration (s) thresholds of a tariff's session elements, ascending: where a step must end. */
function thresholds(t: Tariff): { kWh: number[]; seconds: number[] } {
  const kWh = new Set<number>(), seconds = new Set<number>();
  for (const e of t.elements) {
    const r = e.restrictions;
    if (!r || r.reservation) continue;
    for (const x of [r.min_kwh, r.max_kwh]) if (x != null && x > 0) kWh.add(x);
    for (const x of [r.min_duration, r.max_duration]) if (x != null && x > 0) seconds.add(x);
  }
  const up = (s: Set<number>) => [...s].sort((a, b) => a - b);
  return { kWh: up(kWh), seconds: up(seconds) };
}

/** The cost of a session starting at `startMs` at a site in `zone`, period after period. */
export function sessionCost(t: Tariff, startMs: number, zone: string, periods: SessionPeriod[]): SessionCost {
  // Per dimension: billed quantity per element (kWh, hours, sessions), and the last component used.
  const used = new Map<TariffDimension, { byElement: Map<number, { q: number; c: PriceComponent }>; last: PriceComponent | null }>();
  for (const d of DIMENSIONS) used.set(d, { byElement: new Map(), last: null });
  // TIME or PARKING_TIME, whichever was billed last: only it is rounded to its step (10.3.1).
  let lastTimeBased = null as TariffDimension | null;
  const bill = (type: TariffDimension, m: Moment, q: number) => {
    const a = active(t, type, m);
    if (!a || q <= 0) return;
    const u = used.get(type)!;
    const e = u.byElement.get(a.element) ?? { q: 0, c: a.c };
    e.q += q;
    u.byElement.set(a.element, e);
    u.last = a.c;
    if (type === "TIME" || type === "PARKING_TIME") lastTimeBased = type;
  };
  const limits = thresholds(t);
  let ms = startMs, kWhSoFar = 0, seconds = 0;
  const moment = (powerKW: number, currentA: number | null): Moment => ({ ms, zone, kWhSoFar, secondsSoFar: seconds, powerKW, currentA });
  bill("FLAT", moment(0, null), 1);
  for (const p of periods) {
    const powerKW = p.minutes > 0 ? (p.kWh / p.minutes) * 60 : p.kWh > 0 ? Infinity : 0;
    // f: the share of the period done; a step runs from f to g.
    for (let f = 0; f < 1 - 1e-12; ) {
      let g = 1;
      if (p.minutes > 0) {
        const toMinute = MINUTE_MS - (((ms % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
        g = Math.min(g, f + toMinute / MINUTE_MS / p.minutes);
        const s = limits.seconds.find((x) => x > seconds + 1e-6);
        if (s !== undefined) g = Math.min(g, f + (s - seconds) / 60 / p.minutes);
      }
      if (p.kWh > 0) {
        const k = limits.kWh.find((x) => x > kWhSoFar + 1e-9);
        if (k !== undefined) g = Math.min(g, f + (k - kWhSoFar) / p.kWh);
      }
      const minutes = (g - f) * p.minutes, kWh = (g - f) * p.kWh;
      const m = moment(powerKW, p.currentA ?? null);
      if (p.kWh > 0) {
        bill("ENERGY", m, kWh);
        bill("TIME", m, minutes / 60);
      } else bill("PARKING_TIME", m, minutes / 60);
      ms = snap(ms + minutes * MINUTE_MS, MINUTE_MS, 1e-3);
      seconds = snapTo(seconds + minutes * 60, limits.seconds, 1e-6);
      kWhSoFar = snapTo(kWhSoFar + kWh, limits.kWh, 1e-9);
      f = g;
    }
  }
  const components: SessionCost["components"] = [];
  let excl = 0, incl = 0;
  for (const type of DIMENSIONS) {
    const u = used.get(type)!;
    if (!u.last) continue;
    let quantity = 0, amount = 0, withVat = 0;
    for (const { q, c } of u.byElement.values()) {
      quantity += q;
      amount += q * c.price;
      withVat += q * c.price * (1 + (c.vat ?? 0) / 100);
    }
    // The dimension's total rounded up to the last component's step, at its price.
    const rounded = type === "ENERGY" || type === lastTimeBased;
    const step = rounded && u.last.step_size > 0 ? u.last.step_size / STEP_UNITS[type] : 0;
    if (step > 0) {
      const billed = Math.ceil(quantity / step - 1e-9) * step;
      amount += (billed - quantity) * u.last.price;
      withVat += (billed - quantity) * u.last.price * (1 + (u.last.vat ?? 0) / 100);
      quantity = billed;
    }
    components.push({ type, quantity, exclVat: amount });
    excl += amount;
    incl += withVat;
  }
  // min_price and max_price bound each total on its own (11.3.1); a Price without incl_vat
  // bounds the total incl. VAT at its excl_vat with the session's VAT.
  const vatFactor = excl > 0 ? incl / excl : sharedVatFactor(t);
  const bound = (x: number, lo: number | undefined, hi: number | undefined) => Math.min(Math.max(x, lo ?? -Infinity), hi ?? Infinity);
  return {
    exclVat: bound(excl, t.min_price?.excl_vat, t.max_price?.excl_vat),
    inclVat: bound(incl, inclLimit(t.min_price, vatFactor), inclLimit(t.max_price, vatFactor)),
    currency: t.currency,
    components,
  };
}

const inclLimit = (p: Tariff["min_price"], vatFactor: number) => (p ? (p.incl_vat ?? p.excl_vat * vatFactor) : undefined);

/** A session that cost nothing has no VAT of its own: the tariff's, where all its components share one rate; else none. */
function sharedVatFactor(t: Tariff): number {
  const rates = new Set(t.elements.filter((e) => !e.restrictions?.reservation).flatMap((e) => e.price_components.map((c) => c.vat ?? 0)));
  return rates.size === 1 ? 1 + [...rates][0] / 100 : 1;
}

/** x moved onto the nearest multiple of `unit` within `eps` (floating sums of steps land a hair off a boundary). */
function snap(x: number, unit: number, eps: number): number {
  const k = Math.round(x / unit) * unit;
  return Math.abs(x - k) < eps ? k : x;
}

/** x moved onto the threshold within `eps` of it, if any. */
function snapTo(x: number, marks: number[], eps: number): number {
  for (const k of marks) if (Math.abs(x - k) < eps) return k;
  return x;
}
