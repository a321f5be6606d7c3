// Validation errors of planner.submit ({loc, msg, type} as FastAPI writes them)
// mapped onto the form's fields, so each message shows next to its input.

export interface ValidationDetail {
  loc: (string | number)[];
  msg: string;
  type?: string;
}

/** Field key -> messages. "_form" collects what belongs to no single field. */
export type FieldErrors = Record<string, string[]>;

const BODY_FIELDS = new Set(["vehicle_id", "battery_level_start", "battery_level_end", "start_time_tour"]);
const QUERY_FIELDS = new Set(["corridor", "min_charge_duration_min"]);

export function fieldOf(loc: (string | number)[]): string {
  const [where, a, b, c] = loc;
  if (where === "query" && typeof a === "string" && QUERY_FIELDS.has(a)) return a;
  if (where !== "body") return "_form";
  if (typeof a === "string" && BODY_FIELDS.has(a)) return a;
  if (a === "section_list" && typeof b === "number") {
    if (c === "start_pos") return `waypoint.${b}`;
    if (c === "stop_pos") return `waypoint.${b + 1}`;
    if (c === "payload_kg") return "payload_kg";
  }
  if (a === "poi_info" && typeof b === "string") return `poi.${b}`;
  return "_form";
}

export function toFieldErrors(details: ValidationDetail[]): FieldErrors {
  const out: FieldErrors = {};
  for (const d of details) {
    const key = fieldOf(d.loc);
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
