// Translates zod issues into FastAPI/pydantic-style validation details.
import type { z } from "zod";
import { ValidationFailed, type ValidationDetail } from "./errors";

export type Source = "body" | "query" | "path";

type Issue = z.core.$ZodIssue & { input?: unknown };

const TYPE_NAMES: Record<string, [type: string, msg: string]> = {
  number: ["float_type", "Input should be a valid number"],
  int: ["int_type", "Input should be a valid integer"],
  string: ["string_type", "Input should be a valid string"],
  boolean: ["bool_type", "Input should be a valid boolean"],
  array: ["list_type", "Input should be a valid list"],
  tuple: ["list_type", "Input should be a valid list"],
  object: ["model_attributes_type", "Input should be a valid dictionary or object"],
  record: ["dict_type", "Input should be a valid dictionary"],
};

function describe(issue: Issue): { type: string; msg: string } {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined) return { type: "missing", msg: "Field required" };
      if (issue.expected === "int" && typeof issue.input === "number") {
        return { type: "int_from_float", msg: "Input should be a valid integer, got a number with a fractional part" };
      }
      if (issue.expected === "int" && typeof issue.input === "string") {
        return { type: "int_parsing", msg: "Input should be a valid integer, unable to parse string as an integer" };
      }
      const [type, msg] = TYPE_NAMES[issue.expected] ?? ["type_error", `Input should be of type ${issue.expected}`];
      return { type, msg };
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "array" || issue.origin === "set") {
        return { type: "too_short", msg: `List should have at least ${min} item${min === 1 ? "" : "s"} after validation` };
      }
      if (issue.origin === "string") {
        return { type: "string_too_short", msg: `String should have at least ${min} character${min === 1 ? "" : "s"}` };
      }
      return issue.inclusive === false
        ? { type: "greater_than", msg: `Input should be greater than ${min}` }
        : { type: "greater_than_equal", msg: `Input should be greater than or equal to ${min}` };
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "array" || issue.origin === "set") {
        return { type: "too_long", msg: `List should have at most ${max} item${max === 1 ? "" : "s"} after validation` };
      }
      if (issue.origin === "string") {
        return { type: "string_too_long", msg: `String should have at most ${max} character${max === 1 ? "" : "s"}` };
      }
      return issue.inclusive === false
        ? { type: "less_than", msg: `Input should be less than ${max}` }
        : { type: "less_than_equal", msg: `Input should be less than or equal to ${max}` };
    }
    case "invalid_value": {
      const values = issue.values.map((v) => `'${String(v)}'`);
      const list = values.length > 1 ? `${values.slice(0, -1).join(", ")} or ${values[values.length - 1]}` : values[0];
      return { type: "enum", msg: `Input should be ${list}` };
    }
    case "invalid_format":
      return issue.format === "uuid" || issue.format === "guid"
        ? { type: "uuid_parsing", msg: "Input should be a valid UUID" }
        : { type: "string_pattern_mismatch", msg: issue.message };
    case "invalid_union":
      return { type: "union_type", msg: issue.message };
    case "unrecognized_keys":
      return { type: "extra_forbidden", msg: `Extra inputs are not permitted: ${issue.keys.join(", ")}` };
    case "custom": {
      const type = (issue.params as { type?: string } | undefined)?.type;
      return { type: type ?? "value_error", msg: issue.message };
    }
    default:
      return { type: "value_error", msg: issue.message };
  }
}

export function issuesToDetails(issues: readonly z.core.$ZodIssue[], source: Source): ValidationDetail[] {
  return issues.map((issue) => ({
    loc: [source, ...issue.path.map((p) => (typeof p === "number" ? p : String(p)))],
    ...describe(issue as Issue),
  }));
}

/** Parses, collecting details instead of throwing, so one answer can list every violation. */
export function collect<S extends z.ZodType>(
  schema: S,
  input: unknown,
  source: Source,
  into: ValidationDetail[],
): z.output<S> | undefined {
  const parsed = schema.safeParse(input, { reportInput: true });
  if (parsed.success) return parsed.data;
  into.push(...issuesToDetails(parsed.error.issues, source));
  return undefined;
}

export function throwIfAny(details: ValidationDetail[]): void {
  if (details.length > 0) throw new ValidationFailed(details);
}

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, source: Source): z.output<S> {
  const details: ValidationDetail[] = [];
  const value = collect(schema, input, source, details);
  throwIfAny(details);
  return value as z.output<S>;
}
