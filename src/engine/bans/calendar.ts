// The calendar of truck driving bans: every banned period of a country's rules in a time
// window, for a truck of a given weight, as UTC instants from the country's local time.
// Pure: holidays are computed (date-holidays), local times converted by the platform's Intl.
import { daysByKey, publicDays, type HolidayDay } from "./holidays";
import { dateOf, localDay, localToUtc } from "./local";
import { BAN_RULES, BAN_ZONES, SRC } from "./rules";
import type { BanPeriod, BanVehicle } from "./types";

type Confidence = BanPeriod["confidence"];
const H = 60;

/** A period before merging; `what` names the day(s) for the label. */
interface Raw extends Omit<BanPeriod, "label"> { what: string[]; title: string }

interface Ctx {
  country: string;
  zone: string;
  /** First and last local day whose periods may overlap the window. */
  first: number;
  last: number;
  out: Raw[];
}

const rule = (id: string) => BAN_RULES.find((r) => r.id === id)!;
const hhmm = (min: number) => `${String(Math.floor(min / 60)).padStart(2, "0")}:${String(min % 60).padStart(2, "0")}`;
const WEEKDAY = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function add(
  c: Ctx, id: string, title: string, what: string,
  day: number, fromMin: number, endDay: number, toMin: number,
  opts: { regions?: string[] | null; source?: string; confidence?: Confidence; transitTowards?: string[]; text?: string } = {},
) {
  const r = rule(id);
  c.out.push({
    rule: id, country: c.country, regions: opts.regions ?? null,
    startMs: localToUtc(day, fromMin, c.zone), endMs: localToUtc(endDay, toMin, c.zone),
    source: opts.source ?? r.source, confidence: opts.confidence ?? r.confidence, roads: r.roads,
    ...(opts.transitTowards ? { transitTowards: opts.transitTowards } : {}),
    what: [opts.text ?? `${what} ${hhmm(fromMin)}-${hhmm(toMin)}`], title,
  });
}

/** The years whose holidays the days first-1 .. last+1 need. */
function yearsOf(c: Ctx): number[] {
  const ys: number[] = [];
  for (let y = dateOf(c.first - 1).y; y <= dateOf(c.last + 1).y; y++) ys.push(y);
  return ys;
}

/** day -> holiday, over the context's years, from `pick(year)`. */
function dayMap(c: Ctx, pick: (year: number) => Iterable<HolidayDay>): Map<number, HolidayDay> {
  const m = new Map<number, HolidayDay>();
  for (const y of yearsOf(c)) for (const h of pick(y)) if (!m.has(h.day)) m.set(h.day, h);
  return m;
}

const keyed = (names: Record<string, string>, sources: readonly (readonly [string, string?])[]) =>
  (year: number): HolidayDay[] => [...daysByKey(year, Object.keys(names), sources).values()].map((h) => ({ ...h, name: names[h.key] ?? h.name }));

/** A Sunday or holiday by its names: "Sunday", "Christmas Day", "Sunday, Easter Sunday". */
const restDayName = (weekday: number, h: HolidayDay | undefined) => [weekday === 0 ? "Sunday" : "", h?.name ?? ""].filter(Boolean).join(", ");

function* days(c: Ctx) {
  for (let d = c.first; d <= c.last; d++) yield { day: d, ...dateOf(d) };
}

// ---- DE: § 30(3),(4) StVO ----
const DE_NATIONAL: Record<string, string> = {
  "01-01": "New Year's Day", "easter -2": "Good Friday", "easter 1": "Easter Monday", "05-01": "Labour Day",
  "easter 39": "Ascension Day", "easter 50": "Whit Monday", "10-03": "Day of German Unity",
  "12-25": "Christmas Day", "12-26": "2nd Christmas Day",
};
/** The § 30(4) days that are ban days only in some Länder, with those Länder. */
export const DE_REGIONAL: Readonly<Record<string, { name: string; regions: string[] }>> = {
  "easter 60": { name: "Corpus Christi (Fronleichnam)", regions: ["DE-BW", "DE-BY", "DE-HE", "DE-NW", "DE-RP", "DE-SL"] },
  "10-31": { name: "Reformation Day", regions: ["DE-BB", "DE-MV", "DE-SN", "DE-ST", "DE-TH"] },
  "11-01": { name: "All Saints' Day", regions: ["DE-BW", "DE-BY", "DE-NW", "DE-RP", "DE-SL"] },
};
const DE_SOURCES = [["DE"], ["DE", "BY"], ["DE", "SN"]] as const;

function de(c: Ctx) {
  const national = dayMap(c, keyed(DE_NATIONAL, DE_SOURCES));
  const regional = dayMap(c, keyed(Object.fromEntries(Object.entries(DE_REGIONAL).map(([k, v]) => [k, v.name])), DE_SOURCES));
  const title = "Sunday and holiday ban, trucks over 7.5 t (§ 30(3),(4) StVO)";
  for (const { day, weekday } of days(c)) {
    const h = national.get(day);
    if (weekday === 0 || h) {
      add(c, "DE-sunday", title, restDayName(weekday, h), day, 0, day, 22 * H);
      continue;
    }
    const r = regional.get(day);
    if (r) add(c, "DE-sunday", title, `${r.name}, only in ${DE_REGIONAL[r.key].regions.join(", ")},`, day, 0, day, 22 * H, { regions: DE_REGIONAL[r.key].regions });
  }
}

// ---- AT: § 42(1),(6) StVO; holidays § 1(1) Feiertagsruhegesetz 1957 ----
const AT_HOLIDAYS: Record<string, string> = {
  "01-01": "New Year's Day", "01-06": "Epiphany", "easter 1": "Easter Monday", "05-01": "Staatsfeiertag (1 May)",
  "easter 39": "Ascension Day", "easter 50": "Whit Monday", "easter 60": "Corpus Christi", "08-15": "Assumption Day",
  "10-26": "National Day", "11-01": "All Saints' Day", "12-08": "Immaculate Conception", "12-25": "Christmas Day",
  "12-26": "St Stephen's Day",
};

function at(c: Ctx) {
  const hol = dayMap(c, keyed(AT_HOLIDAYS, [["AT"]]));
  const title = "Weekend and holiday ban, trucks over 7.5 t (§ 42(1) StVO)";
  for (const { day, weekday } of days(c)) {
    const h = hol.get(day);
    if (weekday === 0 || h) add(c, "AT-weekend", title, restDayName(weekday, h), day, 0, day, 22 * H);
    if (weekday === 6) add(c, "AT-weekend", title, "Saturday", day, 15 * H, day, 24 * H);
    add(c, "AT-night", "Night ban, trucks over 7.5 t (§ 42(6) StVO; low-noise trucks with § 8b(4) KDV confirmation exempt)", `${WEEKDAY[weekday]} night`, day, 22 * H, day + 1, 5 * H);
  }
}

// ---- CH: Art. 91 VRV ----
const CH_HOLIDAYS: Record<string, string> = {
  "01-01": "New Year's Day", "easter -2": "Good Friday", "easter 1": "Easter Monday", "easter 39": "Ascension Day",
  "easter 50": "Whit Monday", "08-01": "Swiss National Day (1 August)", "12-25": "Christmas Day", "12-26": "St Stephen's Day (26 December)",
};

function ch(c: Ctx) {
  const hol = dayMap(c, (y) => keyed(CH_HOLIDAYS, [["CH"]])(y).filter((h) => {
    // Art. 91(1) VRV: 26 December only when Christmas Day is not a Monday or Friday.
    if (h.key !== "12-26") return true;
    const xmas = dateOf(h.day - 1).weekday;
    return xmas !== 1 && xmas !== 5;
  }));
  const title = "Sunday and holiday ban, vehicles over 3.5 t (Art. 91 VRV; applied in every canton)";
  for (const { day, weekday } of days(c)) {
    const h = hol.get(day);
    if (weekday === 0 || h) add(c, "CH-sunday", title, restDayName(weekday, h), day, 0, day, 24 * H);
    add(c, "CH-night", "Night ban, vehicles over 3.5 t (Art. 91(2) VRV)", `${WEEKDAY[weekday]} night`, day, 22 * H, day + 1, 5 * H);
  }
}

// ---- FR: arrêté du 16 avril 2021 ----
function fr(c: Ctx) {
  const hol = dayMap(c, (y) => publicDays("FR", y));
  const title = "Weekend and holiday ban, trucks over 7.5 t (arrêté du 16 avril 2021)";
  for (const { day, weekday } of days(c)) {
    const h = hol.get(day);
    if (weekday !== 0 && !h) continue;
    const name = restDayName(weekday, h);
    add(c, "FR-weekend", title, name, day - 1, 22 * H, day, 22 * H, { text: `${WEEKDAY[(weekday + 6) % 7]} 22:00 to ${name} 22:00` });
  }
  idf(c, hol);
}

/** Île-de-France (arrêté du 16 avril 2021): leaving Paris and towards it on the listed sections (rules.ts BAN_AREAS). */
function idf(c: Ctx, hol: Map<number, HolidayDay>) {
  const out = "Île-de-France, leaving Paris (arrêté du 16 avril 2021)", towards = "Île-de-France, towards Paris (arrêté du 16 avril 2021)";
  const regions = ["FR-IDF"];
  for (const { day, weekday } of days(c)) {
    const h = hol.get(day), eve = hol.get(day + 1), after = hol.get(day - 1);
    if (weekday === 5) add(c, "FR-idf-out", out, "Friday", day, 16 * H, day, 21 * H, { regions });
    if (eve) add(c, "FR-idf-out", out, `Eve of ${eve.name}`, day, 16 * H, day, 22 * H, { regions });
    if (weekday === 6) add(c, "FR-idf-out", out, "Saturday", day, 10 * H, day, 18 * H, { regions });
    if (weekday === 0 || h) {
      const name = restDayName(weekday, h);
      add(c, "FR-idf-out", out, name, day, 22 * H, day, 24 * H, { regions });
      add(c, "FR-idf-in", towards, name, day, 22 * H, day, 24 * H, { regions });
    }
    if (weekday === 1 || after) add(c, "FR-idf-in", towards, weekday === 1 ? "Monday" : `Day after ${after!.name}`, day, 6 * H, day, 10 * H, { regions });
  }
}

// ---- IT: yearly MIT decree (2025: DM 314/2024) ----
function itYear(y: number): { confidence: Confidence; source: string } {
  if (y === 2025) return { confidence: "secondary", source: SRC.IT_2025 };
  if (y === 2026) return { confidence: "secondary", source: SRC.IT_2026 };
  return { confidence: "estimate", source: SRC.IT_EST };
}

/** 2025 extra ban days of DM 314/2024 as the facts give them: [month, day, from h, to h]. */
const IT_2025_EXTRA: readonly [number, number, number, number, string][] = [
  [4, 18, 14, 22, "Good Friday"], [4, 19, 9, 16, "Easter Saturday"], [4, 22, 9, 14, "Tuesday after Easter"],
  [7, 5, 8, 16, "Saturday"], [7, 12, 8, 16, "Saturday"], [7, 19, 8, 16, "Saturday"], [7, 26, 8, 16, "Saturday"],
  [8, 2, 8, 22, "Saturday"], [8, 9, 8, 22, "Saturday"], [8, 16, 8, 16, "Saturday"], [8, 23, 8, 16, "Saturday"], [8, 30, 8, 16, "Saturday"],
];

function it(c: Ctx) {
  const hol = dayMap(c, (y) => publicDays("IT", y));
  const title = "Sunday and holiday ban outside built-up areas, trucks over 7.5 t (yearly MIT decree)";
  for (const { day, y, m, d, weekday } of days(c)) {
    const h = hol.get(day);
    if (weekday === 0 || h) {
      const what = restDayName(weekday, h);
      add(c, "IT-holiday", title, what, day, (m >= 6 && m <= 9 ? 7 : 9) * H, day, 22 * H, itYear(y));
    }
    if (y === 2025) {
      const x = IT_2025_EXTRA.find(([mm, dd]) => mm === m && dd === d);
      if (x) add(c, "IT-extra", "Extra ban day 2025 outside built-up areas, trucks over 7.5 t (DM 314/2024)", x[4], day, x[2] * H, day, x[3] * H);
    }
  }
}

// ---- CZ: § 43(1) zákon 361/2000 Sb. ----
function cz(c: Ctx) {
  const rest = dayMap(c, (y) => publicDays("CZ", y));
  for (const { day, m, weekday } of days(c)) {
    const h = rest.get(day);
    if (weekday === 0 || h) {
      add(c, "CZ-sunday", "Sunday and holiday ban on motorways and 1st-class roads, trucks over 7.5 t (§ 43(1) zákon 361/2000 Sb.)",
        restDayName(weekday, h), day, 13 * H, day, 22 * H);
      continue; // a day of rest keeps its own regime (Ministerstvo dopravy, 2019)
    }
    if (m !== 7 && m !== 8) continue;
    const title = "Summer ban on motorways and 1st-class roads, trucks over 7.5 t (§ 43(1) b, c zákon 361/2000 Sb.)";
    if (weekday === 5) add(c, "CZ-summer", title, "Friday", day, 17 * H, day, 21 * H);
    if (weekday === 6) add(c, "CZ-summer", title, "Saturday", day, 7 * H, day, 13 * H);
  }
}

// ---- PL: § 2 Rozporządzenie Ministra Transportu z 31 lipca 2007 ----
/** § 2 pkt 1 lit. a-l; `eve`: lit. b-j, whose day before is banned 18:00-22:00 (pkt 2). */
const PL_HOLIDAYS: Record<string, string> = {
  "01-01": "New Year's Day", easter: "Easter Sunday", "easter 1": "Easter Monday", "05-01": "Labour Day",
  "05-03": "Constitution Day (3 May)", "easter 49": "Whit Sunday", "easter 60": "Corpus Christi", "08-15": "Assumption Day",
  "11-01": "All Saints' Day", "11-11": "Independence Day", "12-25": "Christmas Day", "12-26": "2nd Christmas Day",
};
const PL_NO_EVE = new Set(["01-01", "12-25", "12-26"]);

/** The summer period of `year`: the first Friday after 20 June to the last Sunday before the first school day of September. */
export function polishSummer(year: number): { first: number; last: number } {
  const june20 = Date.UTC(year, 5, 20) / 86_400_000;
  const first = june20 + ((5 - dateOf(june20).weekday + 7) % 7 || 7);
  const sep1 = Date.UTC(year, 8, 1) / 86_400_000;
  const wd = dateOf(sep1).weekday;
  const school = wd === 5 ? sep1 + 3 : wd === 6 ? sep1 + 2 : wd === 0 ? sep1 + 1 : sep1;
  const last = school - (dateOf(school).weekday || 7);
  return { first, last };
}

function pl(c: Ctx) {
  const hol = dayMap(c, keyed(PL_HOLIDAYS, [["PL"]]));
  const title = "Holiday ban, trucks over 12 t (§ 2 Rozporządzenie Ministra Transportu z 31 lipca 2007)";
  const summer = new Map(yearsOf(c).map((y) => [y, polishSummer(y)]));
  for (const { day, y, weekday } of days(c)) {
    const h = hol.get(day);
    if (h) {
      add(c, "PL-holiday", title, h.name, day, 8 * H, day, 22 * H);
      continue;
    }
    const next = hol.get(day + 1);
    if (next && !PL_NO_EVE.has(next.key)) add(c, "PL-holiday", title, `eve of ${next.name}`, day, 18 * H, day, 22 * H);
    const s = summer.get(y)!;
    if (day < s.first || day > s.last) continue;
    const st = "Summer holiday ban, trucks over 12 t (§ 2 pkt 3 of the regulation)";
    if (weekday === 5) add(c, "PL-summer", st, "Friday", day, 18 * H, day, 22 * H);
    if (weekday === 6) add(c, "PL-summer", st, "Saturday", day, 8 * H, day, 14 * H);
    if (weekday === 0) add(c, "PL-summer", st, "Sunday", day, 8 * H, day, 22 * H);
  }
}

// ---- LU: règlement grand-ducal du 19 juillet 1997 (transit towards FR and DE) ----
const LU_TO_DE: Record<string, string> = {
  "01-01": "New Year's Day", "easter -2": "Good Friday", "easter 1": "Easter Monday", "05-01": "Labour Day",
  "easter 39": "Ascension Day", "easter 50": "Whit Monday", "easter 60": "Corpus Christi", "08-15": "Assumption Day",
  "10-03": "Day of German Unity", "11-01": "All Saints' Day", "12-25": "Christmas Day", "12-26": "St Stephen's Day",
};
const LU_TO_FR: Record<string, string> = {
  "01-01": "New Year's Day", "easter 1": "Easter Monday", "05-01": "Labour Day", "05-08": "Victory Day (8 May)",
  "easter 39": "Ascension Day", "easter 50": "Whit Monday", "07-14": "Bastille Day", "08-15": "Assumption Day",
  "11-01": "All Saints' Day", "11-11": "Armistice Day", "12-25": "Christmas Day",
};

function lu(c: Ctx) {
  const toFr = dayMap(c, keyed(LU_TO_FR, [["FR"]]));
  const toDe = dayMap(c, keyed(LU_TO_DE, [["DE", "BY"], ["DE"]]));
  for (const [id, hol, startMin, towards, name] of [
    ["LU-transit-FR", toFr, 21 * H + 30, "FR", "France"],
    ["LU-transit-DE", toDe, 23 * H + 30, "DE", "Germany"],
  ] as const) {
    const title = `Transit ban towards ${name}, trucks over 7.5 t (règlement grand-ducal du 19 juillet 1997)`;
    for (const { day, weekday } of days(c)) {
      const h = hol.get(day);
      if (weekday !== 0 && !h) continue;
      const name = restDayName(weekday, h);
      c.out.push({
        rule: id, country: "LU", regions: null, transitTowards: [towards],
        startMs: localToUtc(day - 1, startMin, c.zone), endMs: localToUtc(day, 21 * H + 45, c.zone),
        source: SRC.LU, confidence: "official", roads: "all", title, what: [`${WEEKDAY[(weekday + 6) % 7]} ${hhmm(startMin)} to ${name} 21:45`],
      });
    }
  }
}

const GENERATORS: Record<string, (c: Ctx) => void> = { DE: de, AT: at, CH: ch, FR: fr, IT: it, CZ: cz, PL: pl, LU: lu };

/** The rule ids banPeriods can produce for `country`. */
export const appliedRuleIds = (country: string) => BAN_RULES.filter((r) => r.applied && r.country === country.toUpperCase()).map((r) => r.id);

/** Longer than any chain of touching periods of one rule (at most Saturday to a holiday Monday or Tuesday). */
const MARGIN_DAYS = 7;

const sameRegions = (a: string[] | null, b: string[] | null) => (a === null ? b === null : b !== null && a.join() === b.join());

/** Periods of one rule that overlap or touch are one; a regional period inside a national one of the same rule goes. */
function merge(raw: Raw[]): BanPeriod[] {
  raw.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const out: Raw[] = [];
  for (const p of raw) {
    const prev = [...out].reverse().find((q) => q.rule === p.rule && sameRegions(q.regions, p.regions) && q.confidence === p.confidence && q.source === p.source);
    if (prev && p.startMs <= prev.endMs) {
      prev.endMs = Math.max(prev.endMs, p.endMs);
      for (const w of p.what) if (!prev.what.includes(w)) prev.what.push(w);
    } else out.push({ ...p, what: [...p.what] });
  }
  const kept = out.filter((p) => p.regions === null || !out.some((q) => q.rule === p.rule && q.regions === null && q.startMs <= p.startMs && q.endMs >= p.endMs));
  return kept.map(({ what, title, ...p }) => ({ ...p, label: `${title}: ${what.join(" + ")} local time` }));
}

/**
 * Every ban period of `country` overlapping [fromMs, toMs), sorted by start, for a truck of
 * `vehicle.gvwKg`, without the rules named in `waived`. Periods are whole (not cut at the window).
 * NL, BE, DK and countries without data give none.
 */
export function banPeriods(country: string, fromMs: number, toMs: number, vehicle: BanVehicle, waived: readonly string[] = []): BanPeriod[] {
  const cc = country.toUpperCase();
  const gen = GENERATORS[cc];
  if (!gen || !(toMs > fromMs)) return [];
  const zone = BAN_ZONES[cc];
  const ids = appliedRuleIds(cc).filter((id) => !waived.includes(id) && vehicle.gvwKg > rule(id).overGvwKg);
  if (!ids.length) return [];
  // A period belongs to a local day but may start the evening before (FR, LU, PL eves) or end the next
  // morning (nights), and periods of one rule on following days join (AT Saturday 15:00 to Sunday 22:00,
  // FR Saturday 22:00 to a holiday Monday 22:00): days around the window are computed too, so that
  // the periods that overlap it come whole.
  const c: Ctx = { country: cc, zone, first: localDay(fromMs, zone) - MARGIN_DAYS, last: localDay(toMs, zone) + MARGIN_DAYS, out: [] };
  gen(c);
  return merge(c.out.filter((p) => ids.includes(p.rule)))
    .filter((p) => p.endMs > fromMs && p.startMs < toMs)
    .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs || a.rule.localeCompare(b.rule));
}
