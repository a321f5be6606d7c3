// Parts of stored JSON text, found by scanning instead of parsing: a stored result is megabytes
// (a 25-section tour's is 2.5 MB, its cost options five such), and parsing one to serve a part of it
// held the thread for most of 100 ms. The text is JSON.stringify's, so a part cut out of it is the
// text that parsing and serializing that part would give.

const QUOTE = 34, BACKSLASH = 92, COMMA = 44, COLON = 58;
const BRACE = 123, BRACKET = 91, CLOSE_BRACE = 125, CLOSE_BRACKET = 93;

// Tight loops over char codes: these scan megabytes.
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** Past the string whose opening quote is at `i`, or -1. */
function stringEnd(text: string, i: number): number {
  for (i++; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return -1;
}

/** The index just past the JSON value that starts at `from` (after white space), or -1 where it does not end. */
export function valueEnd(text: string, from: number): number {
  let i = skipSpace(text, from);
  const c = text.charCodeAt(i);
  if (c === QUOTE) return stringEnd(text, i);
  if (c === BRACE || c === BRACKET) {
    for (let depth = 0; i < text.length; i++) {
      const d = text.charCodeAt(i);
      if (d === QUOTE) {
        i = stringEnd(text, i) - 1;
        if (i < 0) return -1;
      } else if (d === BRACE || d === BRACKET) depth++;
      else if ((d === CLOSE_BRACE || d === CLOSE_BRACKET) && --depth === 0) return i + 1;
    }
    return -1;
  }
  const start = i; // a number, true, false or null
  for (let d = c; i < text.length && !isSpace(d) && d !== COMMA && d !== CLOSE_BRACE && d !== CLOSE_BRACKET; d = text.charCodeAt(++i));
  return i > start ? i : -1;
}

/** The [start, end) of each element of the JSON array `text`, in turn; it stops at the first that does not end. */
export function* arrayElements(text: string): Generator<[start: number, end: number]> {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== BRACKET) return;
  for (i = skipSpace(text, i + 1); i < text.length && text.charCodeAt(i) !== CLOSE_BRACKET; ) {
    const end = valueEnd(text, i);
    if (end < 0) return;
    yield [i, end];
    i = skipSpace(text, end);
    if (text.charCodeAt(i) === COMMA) i = skipSpace(text, i + 1);
  }
}

/** The text of element `k` of the JSON array `text`, or undefined when it has no such element. */
export function arrayElementText(text: string, k: number): string | undefined {
  let n = 0;
  for (const [start, end] of arrayElements(text)) if (n++ === k) return text.slice(start, end);
  return undefined;
}

/** The JSON object `text` without its member `key` (the text as it is where it has none). */
export function withoutMemberText(text: string, key: string): string {
  let i = skipSpace(text, 0);
  if (text[i] !== "{") return text;
  let previousEnd = i + 1; // where the member before this one ends
  for (i = skipSpace(text, i + 1); i < text.length && text[i] !== "}"; ) {
    const first = previousEnd === i || text.slice(previousEnd, i).trim() === "";
    const keyEnd = valueEnd(text, i);
    if (keyEnd < 0) return text;
    const colon = skipSpace(text, keyEnd);
    const end = text.charCodeAt(colon) === COLON ? valueEnd(text, colon + 1) : -1;
    if (end < 0) return text;
    const next = skipSpace(text, end);
    const after = text.charCodeAt(next) === COMMA ? skipSpace(text, next + 1) : next;
    if (JSON.parse(text.slice(i, keyEnd)) === key) {
      // The first member takes its following comma along, any other its preceding one.
      return first ? text.slice(0, i) + text.slice(after) : text.slice(0, previousEnd) + text.slice(end);
    }
    previousEnd = end;
    i = after;
  }
  return text;
}
