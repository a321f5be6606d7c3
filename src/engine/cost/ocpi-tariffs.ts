// OCPI 2.2.1 Tariffs: what a charging session costs under a Tariff object.
// No maintained JavaScript implementation exists (the reference ones are Rust's
// ocpi-tariffs and a Python package), so this one follows the module's text:
// - per dimension (ENERGY per kWh, TIME per hour charging, PARKING_TIME per hour
//   connected but not charging, FLAT per session), at each moment the first
//   TariffElement that has a component of that dimension and whose restrictions
//   all hold prices it;
// - restrictions: start/end_time (local time of the site, end exclusive, past
//   midnight when end < start), start/end_date (end exclusive), min/max_kwh
//   (energy charged so far), min/max_current, min/max_power, min/max_duration
//   (seconds since the start), day_of_week, reservation (those elements price
//   reservations only, never a plan's stop);
// - step_size (Wh or seconds) rounds a dimension's total up, at the step size
//   and price of the last element that priced it;
// - prices are excl. VAT; `vat` (%) per component; min_price / max_price bound
//   the total excl. VAT.
// The session is walked in steps of at most a minute.
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
const STEP_MIN = 1;

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

/** Whether an element's restrictions hold at a moment of a (non-reserved) session. */
export function restrictionsHold(r: TariffRestrictions | null | undefined, m: Moment): boolean {
  if (!r) return true;
  if (r.reservation) return false;
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

/** The element and component that price a dimension at a moment; null when none does. */
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

/** The cost of a session starting at `startMs` at a site in `zone`, period after period. */
export function sessionCost(t: Tariff, startMs: number, zone: string, periods: SessionPeriod[]): SessionCost {
  // Per dimension: billed quantity per element (kWh, hours, sessions), and the last component used.
  const used = new Map<TariffDimension, { byElement: Map<number, { q: number; c: PriceComponent }>; last: PriceComponent | null }>();
  for (const d of DIMENSIONS) used.set(d, { byElement: new Map(), last: null });
  const bill = (type: TariffDimension, m: Moment, q: number) => {
    const a = active(t, type, m);
    if (!a || q <= 0) return;
    const u = used.get(type)!;
    const e = u.byElement.get(a.element) ?? { q: 0, c: a.c };
    e.q += q;
    u.byElement.set(a.element, e);
    u.last = a.c;
  };
  let ms = startMs, kWhSoFar = 0, seconds = 0;
  const moment = (powerKW: number, currentA: number | null): Moment => ({ ms, zone, kWhSoFar, secondsSoFar: seconds, powerKW, currentA });
  bill("FLAT", moment(0, null), 1);
  for (const p of periods) {
    const powerKW = p.minutes > 0 ? (p.kWh / p.minutes) * 60 : 0;
    for (let done = 0; done < p.minutes - 1e-9; ) {
      const step = Math.min(STEP_MIN, p.minutes - done);
      const m = moment(powerKW, p.currentA ?? null);
      const kWh = (p.kWh * step) / p.minutes;
      if (p.kWh > 0) {
        bill("ENERGY", m, kWh);
        bill("TIME", m, step / 60);
      } else bill("PARKING_TIME", m, step / 60);
      done += step;
      ms += step * 60_000;
      seconds += step * 60;
      kWhSoFar += kWh;
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
    // Round the dimension's total up to the last element's step (Wh or seconds), at its price.
    const unit = type === "ENERGY" ? 1000 : type === "FLAT" ? 1 : 3600;
    const step = u.last.step_size > 0 && type !== "FLAT" ? u.last.step_size / unit : 0;
    if (step > 0) {
      const rounded = Math.ceil(quantity / step - 1e-9) * step;
      amount += (rounded - quantity) * u.last.price;
      withVat += (rounded - quantity) * u.last.price * (1 + (u.last.vat ?? 0) / 100);
      quantity = rounded;
    }
    components.push({ type, quantity, exclVat: amount });
    excl += amount;
    incl += withVat;
  }
  // Price limits on the total excl. VAT; VAT follows in proportion.
  const bounded = Math.min(Math.max(excl, t.min_price?.excl_vat ?? -Infinity), t.max_price?.excl_vat ?? Infinity);
  const factor = excl > 0 ? incl / excl : 1;
  return { exclVat: bounded, inclVat: excl > 0 ? bounded * factor : bounded, currency: t.currency, components };
}
