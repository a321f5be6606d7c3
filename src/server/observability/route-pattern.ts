// The route a request matched, as a pattern: `/planner/jobs/{job_id}` rather
// than the raw path, so metric labels stay few and never carry ids.

/** Params as Next hands them to a route handler (catch-all params are arrays). */
export type RouteParams = Record<string, string | string[] | undefined>;

/** Placeholder for a path whose params could not be located (never the raw path). */
export const UNMATCHED_ROUTE = "{unmatched}";

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Replaces each dynamic segment of `pathname` by `{name}`. Next lists params in
 * path order, so they are matched from the right (a value that equals a static
 * segment to its left, as in `/poi/depots/poi`, keeps that segment). A path in
 * which some param cannot be found gives UNMATCHED_ROUTE.
 */
export function routePattern(pathname: string, params: RouteParams = {}): string {
  const segments = pathname.split("/");
  let end = segments.length - 1; // last segment a param may still occupy
  for (const name of Object.keys(params).reverse()) {
    const raw = params[name];
    const values = Array.isArray(raw) ? raw : [raw ?? ""];
    if (values.length === 0) continue; // an empty optional catch-all occupies no segment
    let found = -1;
    for (let start = end - values.length + 1; start >= 1 && found < 0; start--) {
      if (values.every((v, k) => decode(segments[start + k]) === v)) found = start;
    }
    if (found < 0) return UNMATCHED_ROUTE;
    segments.splice(found, values.length, `{${name}}`);
    end = found - 1;
  }
  return segments.join("/") || "/";
}
