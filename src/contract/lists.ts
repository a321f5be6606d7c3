// Lists whose maximum length is checked before their items. zod checks `.max` after validating every
// item, and a 1 MB body holds some 300,000 of them (`[{},{},…]`): hundreds of milliseconds of
// validation before the one `too_long` pydantic v2 reports for a list over its maximum. The answer
// is the same (validation.ts drops item details under a too-long list); only the work goes.
import { z } from "zod";

/** `list` (a z.array with .max) with its length checked first; its JSON Schema and types are the list's. */
export function lengthFirst<S extends z.ZodArray<z.ZodType>>(list: S) {
  const max = list._zod.def.checks?.map((c) => c._zod.def as { check: string; maximum?: number }).find((d) => d.check === "max_length")?.maximum;
  if (typeof max !== "number") throw new Error("lengthFirst needs a list with .max()");
  return z.preprocess<unknown, S, z.input<S>>((value, ctx) => {
    if (!Array.isArray(value) || value.length <= max) return value;
    // As zod's own .max reports it (origin, maximum, not aborting the enclosing object's rules).
    ctx.addIssue({ code: "too_big", origin: "array", maximum: max, inclusive: true, input: value, continue: true, message: `Too big: expected array to have <=${max} items` });
    return z.NEVER;
  }, list);
}
