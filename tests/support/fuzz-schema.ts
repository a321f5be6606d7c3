// fast-check arbitraries for the JSON Schema 2020-12 the OpenAPI document uses (the words zod writes:
// $ref, anyOf, const, enum, type, prefixItems, items, properties, required, bounds, pattern, format),
// so a contract fuzzer can send values the document calls valid, and values one step away from them.
import fc from "fast-check";
import type { DocValidator } from "./openapi-ajv";

type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Text kept short: the document's bounds are up to thousands of characters, the interesting cases are not. */
const MAX_TEXT = 40;
const MAX_ITEMS = 4;

/** A value valid for `schema` (resolving refs in the document). */
export function valid(schema: Schema, doc: DocValidator, depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref) return valid(doc.at(schema.$ref), doc, depth);
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf || schema.oneOf) return fc.oneof(...(schema.anyOf ?? schema.oneOf).map((s: Schema) => valid(s, doc, depth)));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type: string) => valid({ ...schema, type }, doc, depth)));
  switch (schema.type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer": {
      const min = schema.minimum ?? (schema.exclusiveMinimum != null ? schema.exclusiveMinimum + 1 : -1_000_000);
      const max = schema.maximum ?? (schema.exclusiveMaximum != null ? schema.exclusiveMaximum - 1 : 1_000_000);
      return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
    }
    case "number": {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e6;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e6;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: schema.exclusiveMinimum != null, maxExcluded: schema.exclusiveMaximum != null })
        .map((n) => (Object.is(n, -0) ? 0 : n));
    }
    case "string":
      return text(schema);
    case "array": {
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((s: Schema) => valid(s, doc, depth + 1)));
      const minLength = schema.minItems ?? 0;
      const item = schema.items ? valid(schema.items, doc, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      return fc.array(item, { minLength, maxLength: Math.min(schema.maxItems ?? minLength + MAX_ITEMS, minLength + (depth > 2 ? 1 : MAX_ITEMS)) });
    }
    case "object":
    case undefined: {
      if (!schema.properties) return schema.type === "object" ? fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }) : fc.jsonValue({ maxDepth: 2 });
      const fields = Object.fromEntries(Object.entries(schema.properties as Record<string, Schema>).map(([k, s]) => [k, valid(s, doc, depth + 1)]));
      return fc.record(fields, { requiredKeys: schema.required ?? [] });
    }
    default:
      throw new Error(`fuzz-schema: no arbitrary for type ${schema.type}`);
  }
}

function text(schema: Schema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? MAX_TEXT, Math.max(minLength, MAX_TEXT));
  const fits = (s: string) => [...s].length >= minLength && [...s].length <= (schema.maxLength ?? Infinity);
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  switch (schema.format) {
    case "uuid":
      return fc.uuid();
    case "date-time":
      return fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString());
    case "uri":
      return fc.webUrl({ validSchemes: ["https"] }).filter(fits);
    default:
      return fc.string({ minLength, maxLength, unit: "grapheme" }).filter(fits);
  }
}

/** Values of the wrong kind for any field: each one some schema in the document refuses. */
const WRONG = [null, true, 0, -1, 1.5, 1e20, "", "x", "\u00e9\u00df", [], [1, "a"], {}, { a: 1 }];

/**
 * A value one step away from valid: a field (at any depth) replaced by a value of another kind, or
 * a required field left out; or the whole body replaced. Often, not always, invalid.
 */
export function nearlyValid(schema: Schema, doc: DocValidator): fc.Arbitrary<unknown> {
  return fc.tuple(valid(schema, doc), fc.nat(), fc.constantFrom(...WRONG), fc.boolean()).map(([value, pick, wrong, drop]) => {
    const spots = places(value);
    if (spots.length === 0) return wrong;
    const [parent, key] = spots[pick % spots.length];
    const copy = structuredClone(value);
    const target = parent.reduce<any>((node, k) => node[k], copy); // eslint-disable-line @typescript-eslint/no-explicit-any
    if (drop && !Array.isArray(target)) delete target[key];
    else target[key] = wrong;
    return copy;
  });
}

/** Every (path to a container, key) in a JSON value. */
function places(value: unknown, at: (string | number)[] = []): [(string | number)[], string | number][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[at, i] as [(string | number)[], number], ...places(v, [...at, i])]);
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => [[at, k] as [(string | number)[], string], ...places(v, [...at, k])]);
  return [];
}
