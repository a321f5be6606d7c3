// An instant as the clock on the wall shows it in an IANA zone, with its offset from
// UTC, by the platform's Intl (its tz database has the DST rules): ISO-8601 such as
// "2026-11-28T20:00:00.000+01:00", the same instant as "2026-11-28T19:00:00.000Z".

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(ms: number, zone: string): number {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
    });
    formatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
}

/** Minutes `zone` is ahead of UTC at instant `ms` (east positive; DST included). */
export function offsetMinutes(ms: number, zone: string): number {
  // It depends on the whole second alone (wallClock reads the clock to the second).
  const second = Math.floor(ms / 1000);
  const known = offsets.get(zone)?.get(second);
  if (known !== undefined) return known;
  // Throws for a zone Intl does not know: nothing is remembered for it.
  const off = Math.round((wallClock(ms, zone) - second * 1000) / 60_000);
  if (remembered >= OFFSETS_MAX) {
    offsets.clear();
    remembered = 0;
  }
  let byZone = offsets.get(zone);
  if (!byZone) offsets.set(zone, (byZone = new Map()));
  byZone.set(second, off);
  remembered++;
  return off;
}

/**
 * Offsets already read, per zone and second: reading one through Intl costs about 5 us, and a plan's
 * results give the same instants again and again (each route's, tie's and comparison's plan is localized).
 */
const offsets = new Map<string, Map<number, number>>();
/** Seconds remembered in all zones together, emptied past OFFSETS_MAX (1.7 MiB of heap when full, measured). */
let remembered = 0;
const OFFSETS_MAX = 50_000;

const pad = (n: number) => String(Math.abs(n)).padStart(2, "0");
/** "+01:00", "-03:30", "+00:00" */
export const offsetText = (min: number) => `${min < 0 ? "-" : "+"}${pad(Math.trunc(min / 60))}:${pad(min % 60)}`;

/** The instant `ms` in `zone`, ISO-8601 with the offset; `fractionDigits` (0-3) of the seconds, as toISOString has 3. */
export function localIso(ms: number, zone: string, fractionDigits = 3): string {
  const off = offsetMinutes(ms, zone);
  const wall = new Date(Math.floor(ms) + off * 60_000).toISOString();
  return wall.slice(0, fractionDigits > 0 ? 20 + Math.min(3, fractionDigits) : 19) + offsetText(off);
}

/**
 * The same instant as `iso` (a date-time with Z or an offset) in `zone`, its seconds given as
 * `iso` gives them ("…:00.000Z" -> "…:00.000+01:00", "…:00Z" -> "…:00+01:00"); null if `iso` is no instant.
 */
export function localOf(iso: string, zone: string): string | null {
  const ms = Date.parse(iso);
  if (!/^\d{4}-\d\d-\d\dT/.test(iso) || Number.isNaN(ms)) return null;
  const fraction = /T\d\d:\d\d:\d\d\.(\d+)/.exec(iso)?.[1].length ?? 0;
  return localIso(ms, zone, fraction);
}

/** An instant as a warning writes it: the place's wall time to the minute, its offset and zone: "2026-11-28 20:00+01:00 (Europe/Berlin)". */
export function instantText(ms: number, zone: string): string {
  const local = localIso(ms, zone, 0);
  return `${local.slice(0, 10)} ${local.slice(11, 16)}${local.slice(19)} (${zone})`;
}
