// JSON.parse in slices, for request bodies up to the 1 MB limit. Building the values is what costs:
// JSON.parse of 1 MB of `{},` (330,000 empty objects) held the thread 90-180 ms in one piece. A
// scan first checks the text and notes where every value starts and ends; the values are then
// built by JSON.parse of pieces of at most PIECE characters, yielding to the event loop between
// slices. The value is the one JSON.parse gives (the same keys in the same order, the last of
// duplicate keys, `__proto__` as an own key); a syntax error is a JsonSyntaxError with its position.

/** A text this short is parsed in one piece: JSON.parse builds at most ~22,000 values of it in a few ms. */
export const PACED_FROM_CHARS = 65_536;
const PIECE = 16_384;
const SLICE_MS = 8;

export class JsonSyntaxError extends SyntaxError {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const Kind = { Scalar: 0, Array: 1, Object: 2 } as const;

/** Every value of the text in document order: its kind, [start, end), the index past its own values, its member name's span. */
interface Values {
  count: number;
  kind: Uint8Array;
  start: Int32Array;
  end: Int32Array;
  next: Int32Array;
  keyStart: Int32Array;
  keyEnd: Int32Array;
}

/** JSON.parse(text), yielding to the event loop every few ms when the text is long. */
export async function parseJsonPaced(text: string): Promise<unknown> {
  if (text.length < PACED_FROM_CHARS) return JSON.parse(text);
  const yieldDue = timeSlicer();
  const values = await scanValues(text, yieldDue);
  return buildValues(text, values, yieldDue);
}

/** Resolves at once while the slice lasts; else after the event loop has run (setImmediate). */
function timeSlicer(): () => Promise<void> | null {
  let since = performance.now();
  return () => {
    if (performance.now() - since < SLICE_MS) return null;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}

// Char codes: the scan is a tight loop over a megabyte.
const QUOTE = 34, BACKSLASH = 92, COMMA = 44, COLON = 58, MINUS = 45, PLUS = 43, DOT = 46;
const BRACE = 123, BRACKET = 91, CLOSE_BRACE = 125, CLOSE_BRACKET = 93;
const ZERO = 48, NINE = 57, LOWER_E = 101, UPPER_E = 69, LOWER_U = 117;
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const isDigit = (c: number) => c >= ZERO && c <= NINE;
const isHex = (c: number) => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
const ESCAPABLE = new Set([QUOTE, BACKSLASH, 47, 98, 102, 110, 114, 116]); // " \ / b f n r t

function unexpected(text: string, i: number): JsonSyntaxError {
  if (i >= text.length) return new JsonSyntaxError("Unexpected end of JSON input", text.length);
  return new JsonSyntaxError(`Unexpected token '${text[i]}' in JSON at position ${i}`, i);
}

/** Past the string whose quote is at `i`. */
function stringEnd(text: string, i: number): number {
  for (i++; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    if (c < 32) throw new JsonSyntaxError(`Bad control character in string literal in JSON at position ${i}`, i);
    if (c === BACKSLASH) {
      const e = text.charCodeAt(++i);
      if (e === LOWER_U) {
        for (let k = 1; k <= 4; k++) if (!isHex(text.charCodeAt(i + k))) throw new JsonSyntaxError(`Bad Unicode escape in JSON at position ${i + k}`, i + k);
        i += 4;
      } else if (!ESCAPABLE.has(e)) throw new JsonSyntaxError(`Bad escaped character in JSON at position ${i}`, i);
    }
  }
  throw new JsonSyntaxError(`Unterminated string in JSON at position ${text.length}`, text.length);
}

function digitsEnd(text: string, i: number): number {
  if (!isDigit(text.charCodeAt(i))) throw unexpected(text, i);
  while (isDigit(text.charCodeAt(i))) i++;
  return i;
}

/** Past the number that starts at `i`: -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)? */
function numberEnd(text: string, i: number): number {
  if (text.charCodeAt(i) === MINUS) i++;
  if (text.charCodeAt(i) === ZERO) i++;
  else i = digitsEnd(text, i);
  if (text.charCodeAt(i) === DOT) i = digitsEnd(text, i + 1);
  const e = text.charCodeAt(i);
  if (e === LOWER_E || e === UPPER_E) {
    const sign = text.charCodeAt(++i);
    if (sign === PLUS || sign === MINUS) i++;
    i = digitsEnd(text, i);
  }
  return i;
}

function literalEnd(text: string, i: number): number {
  for (const word of ["true", "false", "null"]) {
    if (text.startsWith(word, i)) return i + word.length;
  }
  throw unexpected(text, i);
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The member name at `i` and the colon after it: the index of the member's value. */
function memberName(text: string, i: number, values: { pendingKey: [number, number] }): number {
  if (text.charCodeAt(i) !== QUOTE) throw unexpected(text, i);
  const end = stringEnd(text, i);
  values.pendingKey = [i, end];
  const colon = skipSpace(text, end);
  if (text.charCodeAt(colon) !== COLON) throw unexpected(text, colon);
  return colon + 1;
}

/** Checks the text as JSON.parse does and notes every value; yields between slices. */
async function scanValues(text: string, yieldDue: () => Promise<void> | null): Promise<Values> {
  const capacity = Math.ceil(text.length / 2) + 1; // a value and its comma take at least two characters
  const v: Values = {
    count: 0,
    kind: new Uint8Array(capacity),
    start: new Int32Array(capacity),
    end: new Int32Array(capacity),
    next: new Int32Array(capacity),
    keyStart: new Int32Array(capacity).fill(-1),
    keyEnd: new Int32Array(capacity).fill(-1),
  };
  const naming = { pendingKey: [-1, -1] as [number, number] };
  const open: number[] = []; // the containers the scan is in
  let i = 0;
  for (let steps = 1; ; steps++) {
    if ((steps & 1023) === 0) await yieldDue(); // 1,024 values: well under a ms
    // A value starts here.
    i = skipSpace(text, i);
    const at = v.count++;
    const c = text.charCodeAt(i);
    v.start[at] = i;
    [v.keyStart[at], v.keyEnd[at]] = naming.pendingKey;
    naming.pendingKey = [-1, -1];
    if (c === BRACE || c === BRACKET) {
      v.kind[at] = c === BRACE ? Kind.Object : Kind.Array;
      const first = skipSpace(text, i + 1);
      if (text.charCodeAt(first) !== (c === BRACE ? CLOSE_BRACE : CLOSE_BRACKET)) {
        open.push(at);
        i = c === BRACE ? memberName(text, first, naming) : first;
        continue;
      }
      i = first + 1;
      v.end[at] = i;
      v.next[at] = v.count;
    } else {
      if (c === QUOTE) i = stringEnd(text, i);
      else if (c === MINUS || isDigit(c)) i = numberEnd(text, i);
      else i = literalEnd(text, i);
      v.end[at] = i;
      v.next[at] = v.count;
    }
    // After a value: a comma, the end of the containers it closes, or the end of the text.
    for (;;) {
      i = skipSpace(text, i);
      if (open.length === 0) {
        if (i < text.length) throw new JsonSyntaxError(`Unexpected non-whitespace character after JSON at position ${i}`, i);
        return v;
      }
      const container = open[open.length - 1];
      const isObject = v.kind[container] === Kind.Object;
      const d = text.charCodeAt(i);
      if (d === COMMA) {
        i = isObject ? memberName(text, skipSpace(text, i + 1), naming) : i + 1;
        break;
      }
      if (d !== (isObject ? CLOSE_BRACE : CLOSE_BRACKET)) throw unexpected(text, i);
      i++;
      open.pop();
      v.end[container] = i;
      v.next[container] = v.count;
    }
  }
}

interface Open {
  at: number;
  into: unknown[] | Record<string, unknown>;
}

const isLarge = (v: Values, at: number) => v.kind[at] !== Kind.Scalar && v.end[at] - v.start[at] > PIECE;

/** JSON.parse's value of the scanned text: large containers built here, everything else by JSON.parse in pieces. */
async function buildValues(text: string, v: Values, yieldDue: () => Promise<void> | null): Promise<unknown> {
  if (!isLarge(v, 0)) return JSON.parse(text);
  const root = v.kind[0] === Kind.Array ? [] : {};
  const open: Open[] = [{ at: 0, into: root }];
  let at = 1;
  while (open.length > 0) {
    await yieldDue(); // a step builds up to PIECE characters' values: a few ms
    const parent = open[open.length - 1];
    if (at >= v.next[parent.at]) {
      open.pop();
      continue;
    }
    if (isLarge(v, at)) {
      const into = v.kind[at] === Kind.Array ? [] : {};
      attach(text, v, parent, at, into);
      open.push({ at, into });
      at++;
      continue;
    }
    if (Array.isArray(parent.into)) {
      // Neighbours that are small, together: one JSON.parse of up to PIECE characters.
      let last = at;
      for (let n = v.next[at]; n < v.next[parent.at] && !isLarge(v, n) && v.end[n] - v.start[at] <= PIECE; n = v.next[n]) last = n;
      for (const item of JSON.parse(`[${text.slice(v.start[at], v.end[last])}]`) as unknown[]) parent.into.push(item);
      at = v.next[last];
    } else {
      attach(text, v, parent, at, JSON.parse(text.slice(v.start[at], v.end[at])));
      at = v.next[at];
    }
  }
  return root;
}

function attach(text: string, v: Values, parent: Open, at: number, value: unknown): void {
  if (Array.isArray(parent.into)) {
    parent.into.push(value);
    return;
  }
  const name = JSON.parse(text.slice(v.keyStart[at], v.keyEnd[at])) as string;
  // An own property, as JSON.parse makes it: assigning `__proto__` would set the prototype instead.
  if (name === "__proto__") Object.defineProperty(parent.into, name, { value, writable: true, enumerable: true, configurable: true });
  else parent.into[name] = value;
}
