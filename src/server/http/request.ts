// Reading raw HTTP input: JSON bodies and query strings, with the documented errors.
import { declaredOver, readCappedText } from "./bounded-read";
import { HttpError, ValidationFailed } from "./errors";
import { nulDetails } from "./nul";
import { JsonSyntaxError, parseJsonPaced } from "./paced-json";

/** Bodies larger than this answer 413 (documented in the API description). */
export const MAX_BODY_BYTES = 1_000_000;

export type BodyRead = { ok: true; value: unknown } | { ok: false; detail: { loc: (string | number)[]; msg: string; type: string } };

/**
 * Reads a JSON body. A wrong content type or malformed JSON is reported as a
 * validation detail (FastAPI answers both with 422) so it can be listed
 * together with query violations.
 */
export async function readJsonBody(req: Request): Promise<BodyRead> {
  const contentType = req.headers.get("content-type") ?? "";
  const text = await readBodyText(req);
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType.trim())) {
    return {
      ok: false,
      detail: { loc: ["body"], msg: `Content-Type must be application/json, got '${contentType || "none"}'`, type: "content_type" },
    };
  }
  if (text.trim() === "") return { ok: false, detail: { loc: ["body"], msg: "Field required", type: "missing" } };
  let value: unknown;
  try {
    value = await parseJsonPaced(text); // 1 MB of small values takes JSON.parse 100-200 ms in one piece
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    const position = e instanceof JsonSyntaxError ? String(e.position) : /position (\d+)/.exec(String(e))?.[1];
    return {
      ok: false,
      detail: { loc: ["body", position ? Number(position) : 0], msg: `JSON decode error: ${(e as Error).message}`, type: "json_invalid" },
    };
  }
  // FastAPI reads a JSON null body as no body.
  if (value === null) return { ok: false, detail: { loc: ["body"], msg: "Field required", type: "missing" } };
  // JSON text can hold U+0000 only as the escape \u0000: without one, the walk over every value (a
  // 1 MB body holds some 300,000) would find nothing.
  const [nul] = text.includes("\\u0000") ? await nulDetails(value, ["body"]) : [];
  return nul ? { ok: false, detail: nul } : { ok: true, value };
}

/**
 * The body as text: 413 for a declared length over the limit, and reading stops
 * (413) as soon as it passes the limit whatever was declared (chunked bodies).
 * Every handler reads its body through this (JSON through readJsonBody, CSV as text).
 */
export async function readBodyText(req: Request): Promise<string> {
  if (declaredOver(req.headers, MAX_BODY_BYTES)) throw tooLarge();
  const text = await readCappedText(req.body, MAX_BODY_BYTES);
  if (text === null) throw tooLarge();
  return text;
}

function tooLarge(): HttpError {
  return new HttpError(413, { detail: `Request body exceeds ${MAX_BODY_BYTES} bytes` });
}

/** Query parameters as an object; repeated names become arrays. */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length === 1 ? all[0] : all;
  }
  return out;
}

export { ValidationFailed };

/** The JSON body, or the 422/413 it earns: for handlers with no other input to report together. */
export async function jsonBodyOrThrow(req: Request): Promise<unknown> {
  const read = await readJsonBody(req);
  if (!read.ok) throw new ValidationFailed([read.detail]);
  return read.value;
}
