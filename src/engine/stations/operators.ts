// One operator, one row: sources spell the same company in many ways.

/** Tokens of legal forms (after punctuation is removed), stripped from the end of a name. */
const LEGAL_TOKENS = new Set([
  // DE / AT / CH
  "gmbh", "mbh", "gesmbh", "ag", "kg", "kgaa", "ohg", "ug", "haftungsbeschrankt", "ev", "eg", "se", "co", "und", "&",
  // NL / BE / LU
  "bv", "nv", "vof", "cv", "sa", "sarl", "sprl", "bvba",
  // CZ / SK / PL
  "sro", "spol", "as", "a", "s", "r", "o", "sp", "z", "oo", "k", "j", "ska", "spzoo", "odstepny", "zavod", "oddzial", "w", "polsce",
  // elsewhere
  "ltd", "limited", "inc", "llc", "plc", "sas", "srl", "spa", "oy", "ab", "aps", "kft", "zrt", "doo",
]);

function tokens(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/&/g, " & ")
    .split(/[\s,;()/]+/)
    .map((t) => (t === "&" ? t : t.replace(/[^a-z0-9]/g, "")))
    .filter((t) => t.length > 0);
}

/** Key that ignores case, punctuation, whitespace and trailing legal-form suffixes. */
export function operatorKey(name: string): string {
  let key = keyCache.get(name);
  if (key === undefined) {
    if (keyCache.size > 50_000) keyCache.clear();
    keyCache.set(name, (key = computeKey(name)));
  }
  return key;
}

const keyCache = new Map<string, string>();

function computeKey(name: string): string {
  const t = tokens(name);
  let end = t.length;
  // Keep at least one token so a name that is only a legal form still has a key.
  while (end > 1 && LEGAL_TOKENS.has(t[end - 1])) end--;
  return t.slice(0, end).filter((x) => x !== "&").join("");
}

export function cleanName(name: string): string {
  return name.replace(/\s+/g, " ").trim();
}

/**
 * Display name per key: the most frequent spelling (whitespace-cleaned), ties to
 * the lexicographically smaller one so builds are reproducible.
 */
export function operatorDisplayNames(names: Iterable<string>): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const raw of names) {
    const name = cleanName(raw);
    if (!name) continue;
    const key = operatorKey(name);
    let m = counts.get(key);
    if (!m) counts.set(key, (m = new Map()));
    m.set(name, (m.get(name) ?? 0) + 1);
  }
  const out = new Map<string, string>();
  for (const [key, m] of counts) {
    let best = "", bestN = -1;
    for (const [name, n] of m) if (n > bestN || (n === bestN && name < best)) (best = name), (bestN = n);
    out.set(key, best);
  }
  return out;
}

/** Rewrites `operator` on every item to its key's display name (in place). */
export function normalizeOperators<T extends { operator: string }>(items: T[]): T[] {
  const display = operatorDisplayNames(items.map((it) => it.operator));
  for (const it of items) it.operator = display.get(operatorKey(cleanName(it.operator))) ?? cleanName(it.operator);
  return items;
}
