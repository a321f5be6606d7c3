// Every error the API answers has a JSON body: validation errors use FastAPI's
// `{detail: [{loc, msg, type}]}`, all others `{detail: "<why>"}`.
export interface ValidationDetail {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === "string" ? body.detail : `HTTP ${status}`);
  }
}

export class ValidationFailed extends HttpError {
  constructor(readonly details: ValidationDetail[]) {
    super(422, { detail: details });
  }
}

export const notFound = (what: string) => new HttpError(404, { detail: `${what} not found` });

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store", ...headers },
  });
}
