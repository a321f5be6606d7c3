// How pydantic v2 reads numbers and booleans written as text (pydantic-core's str_as_int,
// str_as_float, str_as_bool): query and path values are text, and the error types of a body
// value of the wrong JSON type depend on whether v2 could have read it.

const INT_TEXT = /^([+-]?)(\d+(?:_\d+)*)(?:\.0+)?$/;

/**
 * An integer as v2 reads it from text: surrounding whitespace, one leading sign, leading zeros,
 * `_` between digits and a `.0` tail are allowed ("+1_000", " 12 ", "12.0"); nothing else
 * ("1.5", "1e3", "0x10", Unicode digits). Beyond the safe range the value is clamped to it, so
 * that a bound check still refuses it. undefined: not an integer.
 */
export function parseIntText(text: string): number | undefined {
  const t = text.trim();
  const m = INT_TEXT.exec(t);
  if (!m || t.startsWith("+-")) return undefined;
  const n = Number(m[1] + m[2].replace(/_/g, ""));
  return Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, n));
}

/** Whether v2 would read the text as a float (Rust's f64 syntax, `_` between digits, inf and nan). */
export function isFloatText(text: string): boolean {
  const t = text.trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) || /^[+-]?(inf|infinity|nan)$/i.test(t) ||
    (/^[^_].*[^_]$/.test(text) && !text.includes("__") && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text.replace(/_/g, "")));
}

const TRUE = new Set(["1", "t", "y", "on", "yes", "true"]);
const FALSE = new Set(["0", "f", "n", "no", "off", "false"]);

/** A boolean as v2 reads it from text ("yes", "off", "1", "T", ...); undefined: not one. */
export function boolFromText(text: string): boolean | undefined {
  const low = text === "0" || text === "1" ? text : text.toLowerCase();
  return TRUE.has(low) ? true : FALSE.has(low) ? false : undefined;
}

/** Of a query parameter given more than once, the last value counts (as in FastAPI). */
export const lastValue = (v: unknown): unknown => (Array.isArray(v) ? v[v.length - 1] : v);
