// Translates zod issues into FastAPI's validation details, as pydantic v2 reports them: one entry
// per problem, a problem inside a list or pair at the element's index, v2's types and messages.
// tests/api/fastapi-reference.test.ts compares the `loc`s with a reference FastAPI app.
import { globalRegistry, type z } from "zod";
import { boolFromText, isFloatText, parseIntText } from "../../contract/text-values";
import { ValidationFailed, type ValidationDetail } from "./errors";

export type Source = "body" | "query" | "path";

type Issue = z.core.$ZodIssue & { input?: unknown };
type Path = (string | number)[];
type Def = { type: string; [k: string]: unknown };

const VALID_NUMBER = "Input should be a valid number";
const VALID_INT = "Input should be a valid integer";
const VALID_BOOL = "Input should be a valid boolean";

const TYPE_NAMES: Record<string, [type: string, msg: string]> = {
  string: ["string_type", "Input should be a valid string"],
  array: ["list_type", "Input should be a valid list"],
  tuple: ["tuple_type", "Input should be a valid tuple"],
  object: ["model_attributes_type", "Input should be a valid dictionary or object to extract fields from"],
  record: ["dict_type", "Input should be a valid dictionary"],
};

/**
 * A value of the wrong JSON type. The service converts none (a string is never read as a number,
 * nor a number as a boolean); where v2 could not have converted it either, v2's type says why
 * (`float_parsing` for "abc"), else its strict type (`float_type` for "1.5").
 */
function wrongType(expected: string, input: unknown): { type: string; msg: string } {
  const text = typeof input === "string" ? input : undefined;
  switch (expected) {
    case "number":
      return text !== undefined && !isFloatText(text)
        ? { type: "float_parsing", msg: `${VALID_NUMBER}, unable to parse string as a number` }
        : { type: "float_type", msg: VALID_NUMBER };
    case "int":
      if (typeof input === "number" && Number.isFinite(input) && !Number.isInteger(input)) {
        return { type: "int_from_float", msg: `${VALID_INT}, got a number with a fractional part` };
      }
      return text !== undefined && parseIntText(text) === undefined
        ? { type: "int_parsing", msg: `${VALID_INT}, unable to parse string as an integer` }
        : { type: "int_type", msg: VALID_INT };
    case "boolean": {
      const unreadable = (text !== undefined && boolFromText(text) === undefined) ||
        (typeof input === "number" && Number.isInteger(input) && input !== 0 && input !== 1);
      return unreadable ? { type: "bool_parsing", msg: `${VALID_BOOL}, unable to interpret input` } : { type: "bool_type", msg: VALID_BOOL };
    }
    default: {
      const [type, msg] = TYPE_NAMES[expected] ?? ["type_error", `Input should be of type ${expected}`];
      return { type, msg };
    }
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const lengthOf = (input: unknown) => (Array.isArray(input) || typeof input === "string" ? input.length : undefined);

function describe(issue: Issue, at: Schema | undefined): { type: string; msg: string } {
  const schema = at?._zod.def;
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return { type: "missing", msg: "Field required" };
      return wrongType(expected(issue, at), issue.input);
    case "too_small": {
      const min = Number(issue.minimum);
      const actual = lengthOf(issue.input);
      if (issue.origin === "array" || issue.origin === "set") {
        const kind = schema?.type === "tuple" ? "Tuple" : "List";
        return { type: "too_short", msg: `${kind} should have at least ${plural(min, "item")} after validation${actual === undefined ? "" : `, not ${actual}`}` };
      }
      if (issue.origin === "string") return { type: "string_too_short", msg: `String should have at least ${plural(min, "character")}` };
      return issue.inclusive === false
        ? { type: "greater_than", msg: `Input should be greater than ${min}` }
        : { type: "greater_than_equal", msg: `Input should be greater than or equal to ${min}` };
    }
    case "too_big": {
      const max = Number(issue.maximum);
      const actual = lengthOf(issue.input);
      if (issue.origin === "array" || issue.origin === "set") {
        const kind = schema?.type === "tuple" ? "Tuple" : "List";
        return { type: "too_long", msg: `${kind} should have at most ${plural(max, "item")} after validation${actual === undefined ? "" : `, not ${actual}`}` };
      }
      if (issue.origin === "string") return { type: "string_too_long", msg: `String should have at most ${plural(max, "character")}` };
      return issue.inclusive === false
        ? { type: "less_than", msg: `Input should be less than ${max}` }
        : { type: "less_than_equal", msg: `Input should be less than or equal to ${max}` };
    }
    case "invalid_value": {
      const values = issue.values.map((v) => `'${String(v)}'`);
      const list = values.length > 1 ? `${values.slice(0, -1).join(", ")} or ${values[values.length - 1]}` : values[0];
      return { type: "literal_error", msg: `Input should be ${list}` };
    }
    case "invalid_format":
      return issue.format === "uuid" || issue.format === "guid"
        ? { type: "uuid_parsing", msg: "Input should be a valid UUID" }
        : { type: "string_pattern_mismatch", msg: issue.message };
    case "invalid_union": {
      // A tagged union (z.discriminatedUnion) without a known tag: at the tag, as a missing field or a bad literal.
      const tagged = issue as Issue & { discriminator?: string; options?: unknown[] };
      if (tagged.discriminator && Array.isArray(tagged.options)) {
        const tag = issue.input && typeof issue.input === "object" ? (issue.input as Record<string, unknown>)[tagged.discriminator] : undefined;
        if (tag === undefined) return { type: "missing", msg: "Field required" };
        return describe({ code: "invalid_value", values: tagged.options, path: issue.path, message: "" } as unknown as Issue, at);
      }
      return { type: "union_type", msg: issue.message };
    }
    case "unrecognized_keys":
      return { type: "extra_forbidden", msg: "Extra inputs are not permitted" };
    case "custom": {
      const type = (issue.params as { type?: string } | undefined)?.type;
      // v2 prefixes the message of a validator's ValueError.
      return type ? { type, msg: issue.message } : { type: "value_error", msg: `Value error, ${issue.message}` };
    }
    default:
      return { type: "value_error", msg: `Value error, ${issue.message}` };
  }
}

type Schema = { _zod: { def: Def } };

/** The schema that validated the value at `path`, through wrappers, objects, lists and pairs. */
function schemaAt(root: z.ZodType | undefined, path: Path): Schema | undefined {
  let schema = root as unknown as Schema | undefined;
  for (let i = 0; schema?._zod && i <= path.length; ) {
    const def = schema._zod.def;
    switch (def.type) {
      case "optional": case "nullable": case "default": case "prefault": case "readonly": case "catch": case "nonoptional":
        schema = def.innerType as Schema;
        continue;
      case "pipe": // a transform's input side, a preprocess's schema
        schema = ((def.in as Schema)._zod.def.type === "transform" ? def.out : def.in) as Schema;
        continue;
      case "lazy":
        schema = (def.getter as () => Schema)();
        continue;
    }
    if (i === path.length) return schema;
    const step = path[i++];
    if (def.type === "object") schema = (def.shape as Record<string, Schema>)[step];
    else if (def.type === "array") schema = def.element as Schema;
    else if (def.type === "tuple") schema = (def.items as Schema[])[Number(step)] ?? (def.rest as Schema);
    else if (def.type === "record") schema = def.valueType as Schema;
    else return undefined;
  }
  return schema?._zod ? schema : undefined;
}

/** What the schema at a place expects, as v2 names it: an integer written as a number with a check (fields.ts wholeNumber) is an int. */
function expected(issue: Issue & { expected: string }, schema: Schema | undefined): string {
  return issue.expected === "number" && schema && (globalRegistry.get(schema as never) as { type?: string } | undefined)?.type === "integer" ? "int" : issue.expected;
}

const keyOf = (path: readonly PropertyKey[]) => JSON.stringify(path.map((p) => (typeof p === "number" ? p : String(p))));
const isUnder = (path: readonly PropertyKey[], parent: readonly PropertyKey[]) =>
  path.length > parent.length && parent.every((p, i) => path[i] === p);

/**
 * v2's shape of a set of issues:
 * - a pair (tuple) with too few items: each absent item is `missing` at its index, and the
 *   present ones are checked (zod stops at the length);
 * - a list over its maximum length: that alone (v2 stops there); too few items: only when
 *   every item is valid;
 * - one problem per place: a value of the wrong type is not also too long.
 */
function asPydantic(issues: readonly Issue[], schema: z.ZodType | undefined): Issue[] {
  let out: Issue[] = [];
  for (const issue of issues) {
    const def = schemaAt(schema, issue.path as Path)?._zod.def;
    if (issue.code === "too_small" && def?.type === "tuple" && Array.isArray(issue.input)) {
      const items = def.items as z.ZodType[];
      items.forEach((item, i) => {
        const path = [...issue.path, i];
        if (i >= (issue.input as unknown[]).length) {
          out.push({ code: "invalid_type", expected: "number", input: undefined, path, message: "" } as Issue);
          return;
        }
        const r = item.safeParse((issue.input as unknown[])[i], { reportInput: true });
        if (!r.success) out.push(...r.error.issues.map((x) => ({ ...x, path: [...path, ...x.path] }) as Issue));
      });
    } else if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) out.push({ ...issue, path: [...issue.path, key] }); // v2: each extra key at its place
    } else {
      out.push(issue);
    }
  }
  const tooLong = out.filter((i) => i.code === "too_big" && (i.origin === "array" || i.origin === "set"));
  out = out.filter((i) => !tooLong.some((t) => isUnder(i.path, t.path)));
  out = out.filter((i) => !(i.code === "too_small" && (i.origin === "array" || i.origin === "set") && out.some((o) => isUnder(o.path, i.path))));
  const byPlace = new Map<string, Issue>();
  for (const i of out) {
    const key = keyOf(i.path);
    const first = byPlace.get(key);
    if (!first || (i.code === "invalid_type" && first.code !== "invalid_type")) byPlace.set(key, i);
  }
  return [...byPlace.values()];
}

/** Details of zod issues; with the schema that raised them, pairs and lists are reported as v2 does. */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[], source: Source, schema?: z.ZodType): ValidationDetail[] {
  return asPydantic(issues as readonly Issue[], schema).map((issue) => ({
    loc: [source, ...issue.path.map((p) => (typeof p === "number" ? p : String(p)))],
    ...describe(issue, schemaAt(schema, issue.path as Path)),
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
  into.push(...issuesToDetails(parsed.error.issues, source, schema));
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
