// Validation errors of a planner request ({loc, msg, type} as FastAPI writes
// them) mapped onto the form's fields, so each message shows next to its
// input. The same mapping serves the server's 422 (through tRPC) and the
// client's own check of the contract (form/validate.ts), so both put a
// message in the same place.

export interface ValidationDetail {
  loc: (string | number)[];
  msg: string;
  type?: string;
}

/** Field key -> messages. "_form" collects what belongs to no single field. */
export type FieldErrors = Record<string, string[]>;

const BODY_FIELDS = new Set(["vehicle_id", "battery_level_start", "battery_level_end", "start_time_tour", "service_time_departure_min", "section_list"]);
const QUERY_FIELDS = new Set(["corridor", "min_charge_duration_min"]);
const SECTION_FIELDS = new Set(["payload_kg", "service_time_min", "opening_time"]);
const DRIVER_FIELDS = new Set(["extended_daily_driving", "driven_since_break_min", "driven_today_min"]);

/**
 * Field keys: the body's own names; `poi.<filter>`; `driver.<field>`;
 * `waypoint.<i>` for the i-th route point (a section's start_pos is point i,
 * its stop_pos point i + 1); `section.<i>.<field>` for section i, shown at the
 * point where it ends.
 */
export function fieldOf(loc: (string | number)[]): string {
  const [where, a, b, c] = loc;
  if (where === "query" && typeof a === "string" && QUERY_FIELDS.has(a)) return a;
  if (where !== "body") return "_form";
  if (a === "section_list" && typeof b === "number") {
    if (c === "start_pos") return `waypoint.${b}`;
    if (c === "stop_pos") return `waypoint.${b + 1}`;
    if (typeof c === "string" && SECTION_FIELDS.has(c)) return `section.${b}.${c}`;
    return "_form";
  }
  if (typeof a === "string" && BODY_FIELDS.has(a)) return a;
  if (a === "poi_info" && typeof b === "string") return `poi.${b}`;
  if (a === "driver") return typeof b === "string" && DRIVER_FIELDS.has(b) ? `driver.${b}` : "driver";
  return "_form";
}

export function toFieldErrors(details: ValidationDetail[], rename: (key: string) => string = (k) => k): FieldErrors {
  const out: FieldErrors = {};
  for (const d of details) {
    const key = rename(fieldOf(d.loc));
    const msg = key === "_form" ? `${d.loc.filter((p) => p !== "body").join(" › ")}: ${d.msg}` : d.msg;
    (out[key] ??= []).includes(msg) || out[key].push(msg);
  }
  return out;
}

/** Reads `data.details` from a tRPC client error, if it carries any. */
export function validationDetails(error: unknown): ValidationDetail[] | null {
  const data = (error as { data?: { details?: unknown } } | null)?.data;
  const details = data?.details;
  if (!Array.isArray(details)) return null;
  return details.filter((d): d is ValidationDetail => d != null && Array.isArray((d as ValidationDetail).loc) && typeof (d as ValidationDetail).msg === "string");
}

export function hasAny(e: FieldErrors, ...prefixes: string[]): boolean {
  return Object.keys(e).some((k) => prefixes.some((p) => k === p || k.startsWith(p)));
}

/** Props for an input that may carry errors; `hint`: the id of a hint that describes it too. */
export function aria(id: string, errors?: string[], hint?: string) {
  const describedBy = [errors?.length ? `${id}-error` : "", hint ?? ""].filter(Boolean).join(" ");
  return { ...(errors?.length ? { "aria-invalid": true as const } : {}), ...(describedBy ? { "aria-describedby": describedBy } : {}) };
}
