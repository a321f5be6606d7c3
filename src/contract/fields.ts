// Reusable field builders. Messages follow pydantic's wording so partners who
// know the original FastAPI service see the same texts.
import { z } from "zod";
import { boolFromText, lastValue, parseIntText } from "./text-values";

type Payload = { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] };

/** Cross-field rules of an object run on any object (see validFields); zod's default skips them after any field's error. */
export const onObjects = { when: (payload: Payload) => payload.value !== null && typeof payload.value === "object" && !Array.isArray(payload.value) };

/**
 * Which fields of an object passed their own checks, as its cross-field rules start: each rule runs
 * when the fields it reads are valid, whatever the other fields and rules gave (as pydantic v2
 * field validators). zod still skips every rule of an object one of whose issues aborts it (an
 * int's type, a string or list over its size cap): such objects use `wholeNumber`, not z.int().
 */
export function validFields(payload: { issues: Payload["issues"] }): (...keys: string[]) => boolean {
  const bad = new Set(payload.issues.map((i) => String(i.path?.[0] ?? "")));
  return (...keys) => !bad.has("") && keys.every((k) => !bad.has(k));
}

/** An integer in [min, max] whose error does not stop its object's cross-field rules (see validFields). */
export const wholeNumber = (min: number, max: number) =>
  z.number({ error: "Input should be a valid integer" }).min(min).max(max)
    .superRefine((n, ctx) => {
      if (!Number.isInteger(n)) ctx.addIssue({ code: "invalid_type", expected: "int", input: n, message: "Input should be a valid integer" });
    })
    .meta({ type: "integer" });

/** A rule over a whole list runs when every element is valid (as a v2 after-validator). */
export const whenAllValid = { when: (payload: Payload) => Array.isArray(payload.value) && payload.issues.length === 0 };

/**
 * A string of at most `max` characters counted as pydantic v2 and JSON Schema count them, by code
 * point (zod's .max counts UTF-16 units: an emoji would count twice).
 */
export const textUpTo = (max: number, min = 0) =>
  z.string({ error: "Input should be a valid string" })
    .superRefine((s, ctx) => {
      const n = [...s].length;
      if (n < min) ctx.addIssue({ code: "too_small", origin: "string", minimum: min, inclusive: true, input: s });
      else if (n > max) ctx.addIssue({ code: "too_big", origin: "string", maximum: max, inclusive: true, input: s });
    })
    .meta({ ...(min ? { minLength: min } : {}), maxLength: max });

/** A number in [min, max] (inclusive), as in the spec's range rules. */
export const numberIn = (min: number, max: number) =>
  z.number({ error: "Input should be a valid number" }).min(min).max(max);

export const latitude = z.number({ error: "Input should be a valid number" }).min(-90).max(90);
export const longitude = z.number({ error: "Input should be a valid number" }).min(-180).max(180);

/** [latitude, longitude] as the spec writes positions. */
export const latLonPair = z
  .tuple([latitude, longitude], { error: "Input should be a list of two numbers [latitude, longitude]" })
  .describe("[latitude, longitude] in WGS84 degrees");

const TIME_ONLY = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?$/;

/**
 * A real calendar date-time: month, day of that month, hour 0-23, minute and second 0-59, an
 * offset of at most 23:59 (Date.parse alone would take 2026-02-30 and 24:00).
 */
function isIsoDateTime(s: string): boolean {
  const m = ISO_DATETIME.exec(s);
  if (!m) return false;
  const [y, mo, d, h, mi, sec = "0", oh = "0", om = "0"] = m.slice(1).map((x) => x ?? "0");
  const days = new Date(Date.UTC(Number(y), Number(mo), 0)).getUTCDate();
  return Number(y) >= 1 && Number(mo) >= 1 && Number(mo) <= 12 && Number(d) >= 1 && Number(d) <= days &&
    Number(h) <= 23 && Number(mi) <= 59 && Number(sec) <= 59 && Number(oh) <= 23 && Number(om) <= 59;
}

/** `HH:MM:SS` (today in UTC) or an ISO-8601 date-time; no offset means UTC. */
export const timeOfDayOrIso = z
  .string({ error: "Input should be a valid string" })
  .refine((s) => TIME_ONLY.test(s) || isIsoDateTime(s), {
    message: "Input should be a time HH:MM:SS or an ISO-8601 date-time",
  })
  .describe("`HH:MM:SS` (read as today in UTC) or ISO-8601 date-time (UTC when no offset is given); a real calendar date and time")
  // The document states the form (TIME_ONLY or ISO_DATETIME); the calendar check stays in refine.
  .meta({ pattern: `(${TIME_ONLY.source})|(${ISO_DATETIME.source})` });

function withUtcDefault(s: string): string {
  const t = s.replace(" ", "T");
  return /(Z|[+-]\d{2}:?\d{2})$/.test(t) ? t : `${t}Z`;
}

/** Resolves a value accepted by `timeOfDayOrIso` to an absolute instant. */
export function resolveTimeOfDayOrIso(value: string, now: Date): Date {
  if (TIME_ONLY.test(value)) {
    const [h, m, s] = value.split(":").map(Number);
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h, m, s));
  }
  return new Date(withUtcDefault(value));
}

/**
 * An integer query or path parameter. Query strings arrive as text, read as pydantic v2 reads
 * integers ("+1_000", " 12 ", "12.0"; contract/text-values.ts); anything else fails with `int_parsing`.
 * Given more than once, the last value counts.
 */
export const queryInt = (min?: number, max?: number) => {
  let n = z.int({ error: "Input should be a valid integer" });
  if (min !== undefined) n = n.min(min);
  if (max !== undefined) n = n.max(max);
  return z.preprocess((raw, ctx) => {
    const v = lastValue(raw);
    if (typeof v !== "string") return v;
    const parsed = parseIntText(v);
    if (parsed !== undefined) return parsed;
    ctx.addIssue({ code: "custom", message: "Input should be a valid integer, unable to parse string as an integer", params: { type: "int_parsing" }, input: v });
    return z.NEVER;
  }, n);
};

/** A boolean query parameter: the texts pydantic v2 reads as booleans (true/false, 1/0, yes/no, on/off, t/f, y/n). */
export const queryBool = z.preprocess(
  (raw) => {
    const v = lastValue(raw);
    return typeof v === "string" ? (boolFromText(v) ?? v) : v;
  },
  z.boolean({ error: "Input should be a valid boolean, unable to interpret input" }),
);
