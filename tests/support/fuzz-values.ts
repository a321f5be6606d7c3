// Hostile values for the API fuzz (tests/api/fuzz.test.ts): strings, numbers,
// ids, header values, JSON fragments, and JSON text written by hand so that it
// can carry what JSON.stringify cannot: own `__proto__` keys, numbers that
// overflow to Infinity, NaN tokens, nesting deeper than any recursive writer.
import fc from "fast-check";

/** JSON text placed verbatim. */
export class Raw {
  constructor(readonly text: string) {}
  [fc.toStringMethod](): string {
    return `Raw(${short(this.text)})`;
  }
}

/** Marks a key to delete in a mutation. */
export const REMOVE = Object.freeze({ [fc.toStringMethod]: () => "REMOVE" });

export function short(text: string, max = 120): string {
  return text.length > max ? `${JSON.stringify(text.slice(0, max))}… (${text.length} chars)` : JSON.stringify(text);
}

/** Sets an own property, `__proto__` included (plain assignment would change the prototype). */
export function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** JSON text of a value that may hold Raw pieces and own `__proto__` keys. */
export function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isFinite(value)) throw new Error("non-finite number: use Raw");
    return JSON.stringify(value) ?? "null";
  }
  if (Array.isArray(value)) return `[${value.map(toJson).join(",")}]`;
  return `{${Object.keys(value).map((k) => `${JSON.stringify(k)}:${toJson((value as Record<string, unknown>)[k])}`).join(",")}}`;
}

// ---- strings --------------------------------------------------------------------------

export const NASTY_STRINGS = [
  " ", "  \t ", "\u0000", "a\u0000b", "%00", "%2500", "../../etc/passwd", "..%2F..%2Fetc%2Fpasswd", "..\\..\\windows\\win.ini",
  "%2e%2e%2f", "/", "a/b", "?", "#", "&", "=", ";", "'", '"', "\\", "`", "null", "undefined", "NaN", "Infinity",
  "-Infinity", "true", "false", "[]", "{}", "0", "-0", "1e400", "__proto__", "constructor", "prototype", "toString",
  "hasOwnProperty", "<script>alert(1)</script>", "' OR '1'='1", '"; DROP TABLE "Tour"; --', "${jndi:ldap://x/a}", "{{7*7}}",
  "\u202eevil", "\u200b", "\ufeff", "\uffff", "İ", "ı", "ß", "ﬃ", "Ǆ", "ｅｔｐ", "１２３", "🚛🔋", "👩‍👩‍👧‍👦", "\u{10ffff}", "e\u0301",
  "x".repeat(101), "x".repeat(201), "x".repeat(301), "x".repeat(501), "9".repeat(400), "€".repeat(5000),
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 3 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }), weight: 1 },
  { arbitrary: fc.string({ unit: "binary-ascii", maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
);

/** Path segment values: never empty (a router has no empty segment). */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hostileString.filter((s) => s.length > 0), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      "1", "-1", "2147483647", "2147483648", "-2147483649", "9007199254740993", "99999999999999999999999", "1e3", "1.5", " 1", "1 ",
      "0x10", "0b1", "1_000", "+1", "00001", "１", "٣", "00000000-0000-4000-8000-000000000000", "00000000-0000-0000-0000-000000000000",
      "ffffffff-ffff-ffff-ffff-ffffffffffff", "{00000000-0000-4000-8000-000000000000}", "ZZZZZZZZ-ZZZZ-4ZZZ-8ZZZ-ZZZZZZZZZZZZ",
    ),
    weight: 3,
  },
  { arbitrary: fc.integer().map(String), weight: 1 },
  { arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String), weight: 1 },
  { arbitrary: fc.double().map(String), weight: 1 },
  { arbitrary: fc.uuid({ version: [1, 2, 3, 4, 5, 6, 7, 8] }), weight: 1 },
  { arbitrary: fc.stringMatching(/^[A-Za-z0-9._-]{1,100}$/), weight: 2 },
);

/** A header value a client can send: bytes 0x01-0xFF without CR, LF (Headers refuses those and NUL). */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.integer({ min: 1, max: 255 }).filter((c) => c !== 10 && c !== 13).map((c) => String.fromCharCode(c)), maxLength: 60 }),
  fc.constantFrom("", " ", "x".repeat(300), "%00", "null", "é", "\u00ff\u00fe", "a, b", "a; b", '"quoted"', "../.."),
);

// ---- numbers --------------------------------------------------------------------------

const finiteDouble = fc.double({ noNaN: true, noDefaultInfinity: true });

/** A JSON number that is not in [min, max] (and JSON that reads as ±Infinity). */
export function numberOutside(min: number, max: number, { int = false } = {}): fc.Arbitrary<unknown> {
  return fc.oneof(
    finiteDouble.filter((v) => v < min || v > max || (int && !Number.isInteger(v))),
    fc.constantFrom(new Raw("1e400"), new Raw("-1e400"), -1e308, 1e308, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_VALUE).filter(
      (v) => v instanceof Raw || (v as number) < min || (v as number) > max,
    ),
    fc.integer().filter((v) => v < min || v > max),
  );
}

// ---- JSON values ---------------------------------------------------------------------------

export const HOSTILE_KEYS = [
  "__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty", "__defineGetter__", "__lookupSetter__",
  "then", "toJSON", "length", "$where", "$gt", "", " ", "\u0000", "a.b", "a[0]", "🚛", "x".repeat(300),
];

export const hostileKey: fc.Arbitrary<string> = fc.oneof({ arbitrary: fc.constantFrom(...HOSTILE_KEYS), weight: 3 }, { arbitrary: fc.string({ unit: "binary", maxLength: 12 }), weight: 1 });

/** Nesting deeper than any recursive walker survives; under the 1 MB limit. */
export const deepNesting: fc.Arbitrary<Raw> = fc.oneof(
  fc.integer({ min: 1_000, max: 400_000 }).map((n) => new Raw("[".repeat(n) + "]".repeat(n))),
  fc.integer({ min: 1_000, max: 150_000 }).map((n) => new Raw('{"a":'.repeat(n) + "1" + "}".repeat(n))),
  fc.integer({ min: 1_000, max: 100_000 }).map((n) => new Raw('{"__proto__":'.repeat(n) + "{}" + "}".repeat(n))),
);

const primitive: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  finiteDouble,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(new Raw("1e400"), new Raw("-0"), new Raw("1E-400"), new Raw('"\\ud800"'), new Raw('"\\u0000"'), new Raw("123456789012345678901234567890")),
);

/** Any JSON value: objects with hostile keys (own `__proto__` included), arrays, deep nesting. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown; object: Record<string, unknown>; array: unknown[] }>((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, primitive, tie("object"), tie("array"), deepNesting),
  object: fc.array(fc.tuple(hostileKey, tie("value")), { maxLength: 4 }).map((entries) => {
    const o: Record<string, unknown> = {};
    for (const [k, v] of entries) put(o, k, v);
    return o;
  }),
  array: fc.array(tie("value"), { maxLength: 4 }),
})).value;

/** Pollution attempts: objects that would change Object.prototype if merged carelessly. */
export const pollution: fc.Arbitrary<unknown> = fc.constantFrom(
  new Raw('{"polluted":"yes"}'),
  new Raw('{"__proto__":{"polluted":"yes"}}'),
  new Raw('{"prototype":{"polluted":"yes"}}'),
  new Raw('{"constructor":{"prototype":{"polluted":"yes"}}}'),
);

/** JSON that is not an object. */
export const nonObject: fc.Arbitrary<unknown> = fc.oneof(
  primitive,
  fc.array(hostileJson, { maxLength: 3 }),
  deepNesting.filter((r) => r.text.startsWith("[")),
);

/** JSON that is neither a string nor null. */
export const notString: fc.Arbitrary<unknown> = fc.oneof(
  finiteDouble,
  fc.boolean(),
  fc.array(hostileJson, { maxLength: 2 }),
  fc.constant({}),
  pollution,
  fc.constant(new Raw("1e400")),
);

/** Values of the wrong JSON type for a number field (null included unless the field takes it). */
export function notNumber(nullable: boolean): fc.Arbitrary<unknown> {
  return fc.oneof(hostileString, fc.boolean(), fc.array(primitive, { maxLength: 2 }), fc.constant({}), pollution, ...(nullable ? [] : [fc.constant(null)]));
}

/** Any value a number field in [min, max] must refuse. */
export function badNumber(min: number, max: number, { nullable = false, int = false } = {}): fc.Arbitrary<unknown> {
  return fc.oneof(numberOutside(min, max, { int }), notNumber(nullable));
}

/** Any value an enum field must refuse. */
export function badEnum(allowed: readonly string[], { nullable = true } = {}): fc.Arbitrary<unknown> {
  return fc.oneof(
    hostileString.filter((s) => !allowed.includes(s)),
    fc.constantFrom(...allowed.map((a) => a.toLowerCase()), ...allowed.map((a) => ` ${a}`)).filter((s) => !allowed.includes(s)),
    finiteDouble,
    fc.boolean(),
    fc.array(fc.constantFrom(...allowed), { minLength: 1, maxLength: 2 }),
    ...(nullable ? [] : [fc.constant(null)]),
  );
}

export const notBoolean = (nullable: boolean): fc.Arbitrary<unknown> =>
  fc.oneof(fc.constantFrom("true", "false", "yes", 0, 1, "1", [], {}), hostileString, ...(nullable ? [] : [fc.constant(null)]));

export const notObjectOrNull = fc.oneof(hostileString, finiteDouble, fc.boolean(), fc.array(hostileJson, { maxLength: 2 }));
