// Holidays by date-holidays (commenthol/date-holidays: public holidays per country and
// subdivision, computed, no I/O), read as local calendar days. The bans never take a country's
// whole holiday list blindly where the ban law lists its own days (DE § 30(4) StVO, AT
// Feiertagsruhegesetz, CH Art. 91 VRV, PL, LU): those pick their days by the holiday's rule key.
import Holidays from "date-holidays";
import { dayOf } from "./local";

export interface HolidayDay {
  day: number;
  /** date-holidays' rule without its qualifiers: "01-01", "easter", "easter 60", "10-04" (from "10-04 since 2026"). */
  key: string;
  /** English name as date-holidays gives it. */
  name: string;
  type: string;
}

const RULE_KEY = /^(easter(?: [-+]?\d+)?|\d\d-\d\d)(?=\s|$)/;

/** "easter 60 since 1990" -> "easter 60"; null for rules of other kinds (weekday rules, other calendars). */
export function ruleKey(rule: string): string | null {
  return RULE_KEY.exec(rule.trim())?.[1] ?? null;
}

const instances = new Map<string, Holidays>();
const years = new Map<string, HolidayDay[]>();

function instance(country: string, state?: string): Holidays {
  const id = `${country}-${state ?? ""}`;
  let hd = instances.get(id);
  if (!hd) {
    hd = state ? new Holidays(country, state, { languages: ["en"] }) : new Holidays(country, { languages: ["en"] });
    instances.set(id, hd);
  }
  return hd;
}

/** Every holiday (all types) date-holidays gives for `country` (and `state`) in `year`. */
export function holidaysOf(country: string, year: number, state?: string): HolidayDay[] {
  const id = `${country}-${state ?? ""}-${year}`;
  let list = years.get(id);
  if (!list) {
    list = [];
    for (const h of instance(country, state).getHolidays(year)) {
      const m = /^(\d{4})-(\d\d)-(\d\d)/.exec(h.date);
      const key = ruleKey(h.rule);
      if (!m || !key) continue;
      list.push({ day: dayOf(+m[1], +m[2], +m[3]), key, name: h.name, type: h.type });
    }
    years.set(id, list);
  }
  return list;
}

/**
 * The days of `year` whose rule key is one of `keys`, looked up in the given instances
 * (a country and optionally a subdivision whose calendar has the day): key -> day.
 */
export function daysByKey(year: number, keys: readonly string[], sources: readonly (readonly [string, string?])[]): Map<string, HolidayDay> {
  const out = new Map<string, HolidayDay>();
  for (const [country, state] of sources) {
    for (const h of holidaysOf(country, year, state)) if (keys.includes(h.key) && !out.has(h.key)) out.set(h.key, h);
  }
  return out;
}

/** The national public holidays (type "public", no subdivision) of `country` in `year`. */
export function publicDays(country: string, year: number): HolidayDay[] {
  return holidaysOf(country, year).filter((h) => h.type === "public");
}
