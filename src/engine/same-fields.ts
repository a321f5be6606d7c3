// Whether two request objects hold the same value or object in every field but the ones named: the
// caches of one plan's searches (bounds, probes, requests) key on the objects a request is made of.
export function sameFieldsBut(a: object, b: object, ignore: readonly string[]): boolean {
  const ra = a as Record<string, unknown>, rb = b as Record<string, unknown>;
  for (const k of new Set([...Object.keys(ra), ...Object.keys(rb)])) if (!ignore.includes(k) && ra[k] !== rb[k]) return false;
  return true;
}
