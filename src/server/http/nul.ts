// PostgreSQL text cannot hold U+0000, and no field of this API needs it: any
// string (or object key) containing it is refused with 422 on every database,
// before it reaches a query, so both databases answer alike.
import type { ValidationDetail } from "./errors";

export const NUL_MESSAGE = "Text must not contain the NUL character (U+0000)";

/**
 * Where in `value` a string or key contains U+0000 (at most `limit` places).
 * Iterative: a hostile body may nest arrays a million deep.
 */
export function nulPlaces(value: unknown, limit = 20): (string | number)[][] {
  interface Step { value: unknown; key: string | number; parent: number }
  const seen: Step[] = [];
  const todo: Step[] = [{ value, key: "", parent: -1 }];
  const out: (string | number)[][] = [];
  const pathOf = (index: number, last?: string) => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let i = index; i > 0; i = seen[i].parent) path.push(seen[i].key);
    return path.reverse();
  };
  while (todo.length && out.length < limit) {
    const step = todo.pop()!;
    const index = seen.push(step) - 1;
    const v = step.value;
    if (typeof v === "string") {
      if (v.includes("\u0000")) out.push(pathOf(index));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) todo.push({ value: v[i], key: i, parent: index });
    } else if (v && typeof v === "object") {
      for (const [k, child] of Object.entries(v).reverse()) {
        if (k.includes("\u0000")) out.push(pathOf(index, k));
        else todo.push({ value: child, key: k, parent: index });
      }
    }
  }
  return out;
}

export function nulDetails(value: unknown, root: (string | number)[]): ValidationDetail[] {
  return nulPlaces(value).map((loc) => ({ loc: [...root, ...loc], msg: NUL_MESSAGE, type: "string_nul" }));
}
