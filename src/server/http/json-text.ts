// Parts of stored JSON text, found by scanning instead of parsing: a stored result is megabytes
// (a 25-section tour's is 2.5 MB, each of its cost options as much), and parsing one to serve a part of it
// held the thread for most of 100 ms. The text is JSON.stringify's, so a part cut out of it is the
// text that parsing and serializing that part would give.

import { nextTurn } from "./pace";

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
    const r = scanContainer(text, i, 0, text.length);
    return "end" in r ? r.end : -1;
  }
  const start = i; // a number, true, false or null
  for (let d = c; i < text.length && !isSpace(d) && d !== COMMA && d !== CLOSE_BRACE && d !== CLOSE_BRACKET; d = text.charCodeAt(++i));
  return i > start ? i : -1;
}

/** Characters of a container scanned between two turns of the event loop (a few ms). */
const SLICE_CHARS = 262_144;

/** valueEnd, scanning a container in slices with the event loop served in between (corridor stations are megabytes). */
async function valueEndPaced(text: string, from: number): Promise<number> {
  let i = skipSpace(text, from);
  const c = text.charCodeAt(i);
  if (c !== BRACE && c !== BRACKET) return valueEnd(text, i);
  for (let at = { i, depth: 0 }; at.i < text.length; await nextTurn()) {
    const r = scanContainer(text, at.i, at.depth, Math.min(text.length, at.i + SLICE_CHARS));
    if ("end" in r) return r.end;
    at = r;
  }
  return -1;
}

/**
 * A container's text from `i` (with `depth` brackets open) up to `until`: its end (-1 where a string in it
 * does not end), or where the scan stopped and how deep, to go on from there.
 */
function scanContainer(text: string, i: number, depth: number, until: number): { end: number } | { i: number; depth: number } {
  for (; i < until; i++) {
    const d = text.charCodeAt(i);
    if (d === QUOTE) {
      i = stringEnd(text, i) - 1;
      if (i < 0) return { end: -1 };
    } else if (d === BRACE || d === BRACKET) depth++;
    else if ((d === CLOSE_BRACE || d === CLOSE_BRACKET) && --depth === 0) return { end: i + 1 };
  }
  return { i, depth };
}

/** Where the top-level member `key` of the JSON object `text` lies (its values scanned in slices), or null where it has none. */
async function findMember(text: string, key: string): Promise<{ keyStart: number; valueStart: number; end: number; previousEnd: number; after: number; first: boolean } | null> {
  let i = skipSpace(text, 0);
  if (text[i] !== "{") return null;
  let previousEnd = i + 1; // where the member before this one ends
  for (i = skipSpace(text, i + 1); i < text.length && text[i] !== "}"; ) {
    const first = previousEnd === i || text.slice(previousEnd, i).trim() === "";
    const keyEnd = valueEnd(text, i);
    if (keyEnd < 0) return null;
    const colon = skipSpace(text, keyEnd);
    const end = text.charCodeAt(colon) === COLON ? await valueEndPaced(text, colon + 1) : -1;
    if (end < 0) return null;
    const next = skipSpace(text, end);
    const after = text.charCodeAt(next) === COMMA ? skipSpace(text, next + 1) : next;
    if (JSON.parse(text.slice(i, keyEnd)) === key) return { keyStart: i, valueStart: colon + 1, end, previousEnd, after, first };
    previousEnd = end;
    i = after;
  }
  return null;
}

/** The JSON object `text` without its member `key` (the text as it is where it has none); its values scanned in slices. */
export async function withoutMemberText(text: string, key: string): Promise<string> {
  const m = await findMember(text, key);
  if (!m) return text;
  // The first member takes its following comma along, any other its preceding one.
  return m.first ? text.slice(0, m.keyStart) + text.slice(m.after) : text.slice(0, m.previousEnd) + text.slice(m.end);
}

/** The text of the value of the JSON object's top-level member `key`, or null where it has none. */
export async function memberText(text: string, key: string): Promise<string | null> {
  const m = await findMember(text, key);
  return m ? text.slice(m.valueStart, m.end).trim() : null;
}
