// PostgreSQL text cannot hold U+0000, and no field of this API needs it: any
// string (or object key) containing it is refused with 422 on every database,
// before it reaches a query, so both databases answer alike.
import type { ValidationDetail } from "./errors";
import { pacer } from "./pace";

export const NUL_MESSAGE = "Text must not contain the NUL character (U+0000)";

/**
 * Where in `value` a string or key contains U+0000 (at most `limit` places), in document order.
 * Iterative: a hostile body may nest arrays a million deep. Paced, and keeping only the containers on
 * the current path: a 1 MB body holds some 300,000 values, and a walk that kept a step per value held
 * the thread 100-300 ms.
 */
export async function nulPlaces(value: unknown, limit = 20): Promise<(string | number)[][]> {
  if (typeof value === "string") return value.includes("\u0000") ? [[]] : [];
  if (!value || typeof value !== "object") return [];
  interface Frame { container: Record<string | number, unknown>; keys: string[] | null; next: number; key: string | number }
  const frameOf = (container: object, key: string | number): Frame =>
    ({ container: container as Frame["container"], keys: Array.isArray(container) ? null : Object.keys(container), next: 0, key });
  const pace = pacer(8);
  const out: (string | number)[][] = [];
  const path: Frame[] = [frameOf(value, "")];
  for (let steps = 1; path.length && out.length < limit; steps++) {
    if ((steps & 1023) === 0) await pace();
    const top = path[path.length - 1];
    if (top.next >= (top.keys ?? (top.container as unknown as unknown[])).length) {
      path.pop();
      continue;
    }
    const key = top.keys ? top.keys[top.next] : top.next;
    top.next++;
    const here = () => [...path.slice(1).map((f) => f.key), key];
    const child = top.container[key];
    if (typeof key === "string" && key.includes("\u0000")) out.push(here());
    else if (typeof child === "string") {
      if (child.includes("\u0000")) out.push(here());
    } else if (child && typeof child === "object") path.push(frameOf(child, key));
  }
  return out;
}

export async function nulDetails(value: unknown, root: (string | number)[]): Promise<ValidationDetail[]> {
  return (await nulPlaces(value)).map((loc) => ({ loc: [...root, ...loc], msg: NUL_MESSAGE, type: "string_nul" }));
}
