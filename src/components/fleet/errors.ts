// Server errors of the management forms onto their fields, as the planner form
// does (components/planner/errors.ts): the 422 `loc` names the field; what
// belongs to no field goes to "_form" with its location spelled out.
import { validationDetails, type FieldErrors, type ValidationDetail } from "@/components/planner/errors";
import { FIGURE_ORDER } from "./figures";

export type { FieldErrors };

/**
 * The app's own words around the server's messages (which are the REST contract's, in English):
 * a translator of the "requestErrors" messages, or anything answering the same keys.
 */
export type RequestErrorsT = (key: "request" | "failed") => string;

export function groupDetails(t: RequestErrorsT, details: ValidationDetail[], fieldOf: (loc: ValidationDetail["loc"]) => string): FieldErrors {
  const out: FieldErrors = {};
  for (const d of details) {
    const key = fieldOf(d.loc);
    const msg = key === "_form" ? `${d.loc.filter((p) => p !== "body").join(" › ") || t("request")}: ${d.msg}` : d.msg;
    if (!(out[key] ??= []).includes(msg)) out[key].push(msg);
  }
  return out;
}

/** Field errors of any tRPC error: 422 details by loc, other errors on `fallbackField` (or the form). */
export function errorsOf(
  t: RequestErrorsT,
  error: unknown,
  fieldOf: (loc: ValidationDetail["loc"]) => string,
  byCode: Record<string, string> = {},
): FieldErrors {
  const details = validationDetails(error);
  if (details?.length) return groupDetails(t, details, fieldOf);
  const e = error as { message?: string; data?: { code?: string } } | null;
  const field = (e?.data?.code && byCode[e.data.code]) || "_form";
  return { [field]: [e?.message || t("failed")] };
}

const FIGURES = new Set<string>(FIGURE_ORDER);

/** Fleet create/update: the vehicle id (body or path), name, model, each override. */
export function fleetFieldOf(loc: ValidationDetail["loc"]): string {
  const [where, a, b] = loc;
  if (a === "vehicle_id" && (where === "body" || where === "path")) return "vehicle_id";
  if (where !== "body") return "_form";
  if (a === "name" || a === "model_code") return a;
  if (a === "overrides") return typeof b === "string" && FIGURES.has(b) ? `overrides.${b}` : "overrides";
  return "_form";
}

/** Props for an input that may carry errors (ids as Field writes them: `<id>-error`, `<id>-hint`). */
export function ariaFor(id: string, errors?: string[], hasHint = false) {
  const describedBy = [errors?.length ? `${id}-error` : "", hasHint ? `${id}-hint` : ""].filter(Boolean).join(" ");
  return { ...(errors?.length ? { "aria-invalid": true as const } : {}), ...(describedBy ? { "aria-describedby": describedBy } : {}) };
}
