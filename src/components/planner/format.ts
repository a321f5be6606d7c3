// Display formats of the planner page (24-hour clock, metric units).
const LOCALE = "en-GB";

const timeFmt = new Intl.DateTimeFormat(LOCALE, { hour: "2-digit", minute: "2-digit" });
const dayTimeFmt = new Intl.DateTimeFormat(LOCALE, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

export function fmtTime(iso: string | null | undefined, withDay = false): string {
  if (!iso) return "–";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "–";
  return (withDay ? dayTimeFmt : timeFmt).format(d);
}

/** True when two instants fall on different local calendar days. */
export function differentDay(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  return new Date(a).toDateString() !== new Date(b).toDateString();
}

export function fmtDuration(min: number | null | undefined): string {
  if (min == null || !Number.isFinite(min)) return "–";
  const m = Math.round(min);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  const r = m % 60;
  return r ? `${h} h ${r} min` : `${h} h`;
}

export function fmtKm(m: number | null | undefined): string {
  if (m == null) return "–";
  return `${(m / 1000).toLocaleString(LOCALE, { maximumFractionDigits: m < 10_000 ? 1 : 0 })} km`;
}

export function fmtNum(v: number | null | undefined, unit: string, digits = 0): string {
  if (v == null || !Number.isFinite(v)) return "–";
  return `${v.toLocaleString(LOCALE, { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${unit}`;
}

export function fmtSoc(v: number | null | undefined): string {
  if (v == null || !Number.isFinite(v)) return "–";
  // The simulation of a tour that is not drivable runs below zero: say so plainly.
  if (v < 0) return "empty";
  return `${Math.round(v * 100)} %`;
}

export function fmtLatLon(lat: number, lon: number): string {
  return `${lat.toFixed(4)}, ${lon.toFixed(4)}`;
}
