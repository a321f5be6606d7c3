// Reusable field builders. Messages follow pydantic's wording so partners who
// know the original FastAPI service see the same texts.
import { z } from "zod";

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
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** `HH:MM:SS` (today in UTC) or an ISO-8601 date-time; no offset means UTC. */
export const timeOfDayOrIso = z
  .string({ error: "Input should be a valid string" })
  .refine((s) => TIME_ONLY.test(s) || (ISO_DATETIME.test(s) && !Number.isNaN(Date.parse(withUtcDefault(s)))), {
    message: "Input should be a time HH:MM:SS or an ISO-8601 date-time",
  })
  .describe("`HH:MM:SS` (read as today in UTC) or ISO-8601 date-time (UTC when no offset is given)");

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
 * An integer query parameter. Query strings arrive as text: numeric text is
 * read as a number, anything else fails with pydantic's `int_parsing`.
 */
export const queryInt = (min?: number, max?: number) => {
  let n = z.int({ error: "Input should be a valid integer" });
  if (min !== undefined) n = n.min(min);
  if (max !== undefined) n = n.max(max);
  return z.preprocess((v, ctx) => {
    if (typeof v !== "string") return v;
    if (/^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
    ctx.addIssue({ code: "custom", message: "Input should be a valid integer, unable to parse string as an integer", params: { type: "int_parsing" }, input: v });
    return z.NEVER;
  }, n);
};

export const queryBool = z.preprocess(
  (v) => (typeof v === "string" ? ({ true: true, "1": true, yes: true, false: false, "0": false, no: false } as Record<string, boolean>)[v.toLowerCase()] ?? v : v),
  z.boolean({ error: "Input should be a valid boolean, unable to interpret input" }),
);
