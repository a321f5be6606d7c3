// Error bodies as the API sends them (src/server/http/endpoint.ts): validation errors in FastAPI's
// shape, every other error a `detail` text; both with the request's id.
import { z } from "zod";

const RequestId = z.string().describe("The request's id, also sent as the X-Request-Id header: quote it when reporting a problem");

export const ErrorDetail = z
  .object({
    loc: z.array(z.union([z.string(), z.int()])).describe("Where the problem is: `body`, `query`, `path` or `header`, then the field's path (list items at their index)"),
    msg: z.string(),
    type: z.string().describe("pydantic v2's error type (`missing`, `less_than_equal`, ...) or the service's own (`value_error`, `tour_too_long`, ...)"),
  })
  .meta({ id: "ValidationError" });

export const HTTPValidationError = z
  .object({ detail: z.array(ErrorDetail).describe("Every violation of the request"), request_id: RequestId })
  .describe("422: the request violates the schema or a rule of the service")
  .meta({ id: "HTTPValidationError" });

export const HTTPError = z
  .looseObject({ detail: z.string().describe("What went wrong"), request_id: RequestId })
  .describe("Any error other than validation; some add fields (a 409 of GET .../result: `status` and `job_id`)")
  .meta({ id: "HTTPError" });
