// Wall-clock times in a named time zone -> ISO-8601 with an explicit offset.
// The API reads a date-time without offset as UTC; a dispatcher means local
// time at the depot, so the form always sends the offset of the zone it shows.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** Every zone the browser knows, the given ones first. */
export function zoneList(...first: string[]): string[] {
  let all: string[] = [];
  try {
    all = Intl.supportedValuesOf("timeZone");
  } catch {
    // Older engines: the zones passed in and UTC are enough to work with.
  }
  return [...new Set([...first.filter(Boolean), "UTC", ...all])];
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallParts(ms: number, zone: string): number[] {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });
    formatters.set(zone, f);
  }
  const parts = f.formatToParts(new Date(ms));
  return ["year", "month", "day", "hour", "minute"].map((t) => Number(parts.find((p) => p.type === t)?.value));
}

/** Offset of `zone` from UTC at instant `ms`, minutes (east positive). */
function offsetMin(ms: number, zone: string): number {
  const [y, mo, d, h, mi] = wallParts(ms, zone);
  return Math.round((Date.UTC(y, mo - 1, d, h, mi) - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, "0");
export const offsetText = (min: number) => `${min < 0 ? "-" : "+"}${pad(Math.trunc(min / 60))}:${pad(min % 60)}`;

export interface ZonedTime {
  /** "2026-06-02T08:00:00+02:00" */
  iso: string;
  /** "UTC+02:00" */
  offset: string;
  /** The wall time does not exist in the zone (clocks moved forward); `iso` is the same instant an hour on. */
  shifted: boolean;
}

/** `local` ("YYYY-MM-DDTHH:mm", as <input type="datetime-local"> gives it) in `zone`; null if not such a value. */
export function zoned(local: string, zone: string): ZonedTime | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  let off: number;
  try {
    off = offsetMin(wall, zone);
  } catch {
    return null;
  }
  // The offset at the wall time read as UTC may be the other side of a clock change: check once more.
  let ms = wall - off * 60_000;
  const again = offsetMin(ms, zone);
  if (again !== off) ms = wall - again * 60_000;
  const final = offsetMin(ms, zone);
  const [fy, fmo, fd, fh, fmi] = wallParts(ms, zone);
  const iso = `${fy}-${pad(fmo)}-${pad(fd)}T${pad(fh)}:${pad(fmi)}:00${offsetText(final)}`;
  return { iso, offset: `UTC${offsetText(final)}`, shifted: fh !== h || fmi !== mi };
}
