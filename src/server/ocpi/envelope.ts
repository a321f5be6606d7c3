// OCPI 2.2.1's response format (transport_and_format.asciidoc, "Response format") and status codes
// (status_codes.asciidoc): every answer on the OCPI paths is {data, status_code, status_message, timestamp},
// errors included, so that an OCPI client reads them; the REST API's `{detail, request_id}` is not used there.
import { endpoint, type Handler } from "../http/endpoint";
import { HttpError } from "../http/errors";

/** OCPI status codes this service answers. */
export const OCPI = {
  success: 1000,
  clientError: 2000,
  invalidParameters: 2001,
  unknownLocation: 2003,
  serverError: 3000,
} as const;

/** An OCPI error: the HTTP status and the OCPI status_code it is answered with. */
export class OcpiError extends HttpError {
  constructor(status: number, statusCode: number, message: string, data?: unknown, headers: Record<string, string> = {}) {
    super(status, { detail: message, status_code: statusCode, ...(data === undefined ? {} : { data }) }, headers);
  }
}

const timestamp = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");

export function ocpiResponse(httpStatus: number, data: unknown, statusCode: number = OCPI.success, message = "Success", headers: Record<string, string> = {}): Response {
  const body = { ...(data === undefined ? {} : { data }), status_code: statusCode, status_message: message, timestamp: timestamp() };
  return new Response(JSON.stringify(body), { status: httpStatus, headers: { "content-type": "application/json", "cache-control": "no-store", ...headers } });
}

/**
 * Any error of the request as OCPI's envelope. Malformed JSON and objects that break the
 * specification's rules are HTTP 400 with status_code 2001 (the REST API's 422 becomes 400: OCPI
 * answers a body it cannot use with 400), the validation details in `data`; the transport's errors
 * (401, 404 of an unknown path, 413, 429, 503) keep their HTTP status with status_code 2000, or 3000 for 5xx.
 */
export function ocpiErrorResponse(status: number, body: Record<string, unknown>, headers: Record<string, string>): Response {
  const details = Array.isArray(body.detail) ? body.detail : undefined;
  const invalid = status === 422 || status === 400;
  const statusCode = typeof body.status_code === "number" ? body.status_code : invalid ? OCPI.invalidParameters : status >= 500 ? OCPI.serverError : OCPI.clientError;
  const message = typeof body.detail === "string" ? body.detail : details ? `Invalid or missing parameters: ${details.slice(0, 5).map(describe).join("; ")}` : `HTTP ${status}`;
  return ocpiResponse(status === 422 ? 400 : status, body.data ?? details, statusCode, message, headers);
}

const describe = (d: { loc?: unknown[]; msg?: string }) => `${(d.loc ?? []).join(".")}: ${d.msg ?? ""}`;

/**
 * An OCPI route: endpoint()'s request id, log line and metrics, errors as OCPI's envelope, and the
 * caller's X-Correlation-ID given back (transport_and_format.asciidoc, "Unique message IDs"; X-Request-ID
 * is given back by endpoint()).
 */
export function ocpiEndpoint(handler: Handler) {
  const inner = endpoint(handler, { errorResponse: ocpiErrorResponse });
  return async (req: Request, ctx?: { params: Promise<Record<string, string | string[] | undefined>> }): Promise<Response> => {
    const response = await inner(req, ctx as Parameters<typeof inner>[1]);
    const correlation = req.headers.get("x-correlation-id")?.trim().slice(0, 100);
    if (correlation && /^[\x21-\x7e]+$/.test(correlation)) response.headers.set("x-correlation-id", correlation);
    return response;
  };
}
