// Per-year corrections of the ban calendar: bans a government lifted (DE 2024 flood relief,
// FR 8 May 2018, LU Sundays until March 2025) and bans the rules do not compute (a year's FR
// summer Saturdays, AT Fahrverbotskalender, an IT decree's extra days). A JSON document:
//   { "lifted": [{ "rule", "country", "from", "to", "reason" }],
//     "added":  [{ "rule", "country", "regions"?, "from", "to", "label", "source", "confidence"?, "roads"? }] }
// "from"/"to" are instants with Z or an offset ("2027-05-08T00:00:00+02:00"), or local date-times
// without one ("2027-05-08T00:00"), read in the entry's "zone" or else the country's zone.
import { z } from "zod";
import { localToUtc } from "./local";
import { BAN_ZONES } from "./rules";
import type { BanPeriod } from "./types";

const DATE_TIME = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d)(?:\.\d+)?)?(Z|[+-]\d\d:\d\d)?$/;

const dateTime = z.string().regex(DATE_TIME, "an ISO date-time: 2027-05-08T00:00 (local) or 2027-05-08T00:00:00Z / +02:00");
const zone = z.string().refine((s) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: s });
    return true;
  } catch {
    return false;
  }
}, "an IANA time zone");
const country = z.string().regex(/^[A-Z]{2}$/, "ISO 3166-1 alpha-2, upper case");

const span = { country, from: dateTime, to: dateTime, zone: zone.optional() };

export const BanLiftSchema = z.object({
  /** A rule id ("FR-weekend"), or "*" for every rule of the country. */
  rule: z.string().min(1),
  ...span,
  reason: z.string().min(1),
}).strict();

export const BanAdditionSchema = z.object({
  rule: z.string().min(1),
  ...span,
  regions: z.array(z.string().regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, "ISO 3166-2: DE-BY")).min(1).nullable().optional(),
  label: z.string().min(1),
  source: z.string().min(1),
  confidence: z.enum(["official", "secondary", "estimate"]).default("official"),
  roads: z.enum(["all", "motorways_and_main_roads", "outside_built_up_areas"]).default("all"),
}).strict();

export const BanOverridesSchema = z.object({
  lifted: z.array(BanLiftSchema).default([]),
  added: z.array(BanAdditionSchema).default([]),
}).strict().superRefine((doc, ctx) => {
  for (const key of ["lifted", "added"] as const) {
    doc[key].forEach((e, i) => {
      if (!BAN_ZONES[e.country] && !e.zone) ctx.addIssue({ code: "custom", path: [key, i, "zone"], message: `no zone known for ${e.country}: give "zone"` });
      else if (!(instantOf(e.to, e.country, e.zone) > instantOf(e.from, e.country, e.zone))) ctx.addIssue({ code: "custom", path: [key, i, "to"], message: "\"to\" must be after \"from\"" });
    });
  }
});

export type BanOverrides = z.output<typeof BanOverridesSchema>;

/** Reads an overrides document (parsed JSON); throws a ZodError listing every problem. */
export const parseBanOverrides = (json: unknown): BanOverrides => BanOverridesSchema.parse(json);

/** The instant of an override's date-time: as given with Z or an offset, else local in `zone` or the country's zone. */
export function instantOf(text: string, countryCode: string, zoneName?: string): number {
  const m = DATE_TIME.exec(text);
  if (!m) return NaN;
  if (m[7]) return Date.parse(m[6] ? text : text.replace(/(T\d\d:\d\d)/, "$1:00"));
  const tz = zoneName ?? BAN_ZONES[countryCode];
  if (!tz) return NaN;
  const day = Math.floor(Date.UTC(+m[1], +m[2] - 1, +m[3]) / 86_400_000);
  return localToUtc(day, +m[4] * 60 + +m[5], tz) + (m[6] ? +m[6] * 1000 : 0);
}

/** `p` without [from, to): none, one or two pieces. */
function cut(p: BanPeriod, from: number, to: number): BanPeriod[] {
  if (to <= p.startMs || from >= p.endMs) return [p];
  const out: BanPeriod[] = [];
  if (from > p.startMs) out.push({ ...p, endMs: from });
  if (to < p.endMs) out.push({ ...p, startMs: to });
  return out;
}

/**
 * `periods` (of `country`, for the window [fromMs, toMs)) with the overrides applied: the lifted
 * spans taken out of the periods of their rule, the added periods of that country that overlap the
 * window put in; sorted by start.
 */
export function applyOverrides(periods: readonly BanPeriod[], overrides: BanOverrides, country: string, fromMs: number, toMs: number): BanPeriod[] {
  const cc = country.toUpperCase();
  let out = [...periods];
  for (const l of overrides.lifted) {
    if (l.country !== cc) continue;
    const from = instantOf(l.from, cc, l.zone), to = instantOf(l.to, cc, l.zone);
    out = out.flatMap((p) => (p.country === cc && (l.rule === "*" || l.rule === p.rule) ? cut(p, from, to) : [p]));
  }
  for (const a of overrides.added) {
    if (a.country !== cc) continue;
    const startMs = instantOf(a.from, cc, a.zone), endMs = instantOf(a.to, cc, a.zone);
    if (!(endMs > fromMs && startMs < toMs)) continue;
    out.push({
      rule: a.rule, country: cc, regions: a.regions ?? null, startMs, endMs,
      label: a.label, source: a.source, confidence: a.confidence, roads: a.roads,
    });
  }
  return out.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs || a.rule.localeCompare(b.rule));
}
