// Requests to an OCPI party the service pulls from (a CPO or hub), as OCPI 2.2.1 says
// (transport_and_format.asciidoc): the credentials token Base64-encoded in `Authorization: Token`,
// X-Request-ID and X-Correlation-ID on every request, every answer in OCPI's envelope
// {data, status_code, status_message, timestamp}. The host's addresses are checked against the
// operator's policy (OCPI_PULL_ALLOW_HTTP, OCPI_PULL_ALLOWED_HOSTS) and the connection goes to a
// checked one, as completion webhooks do (webhooks/send.ts): a tenant admin's URL cannot reach the
// operator's internal network. Each request is bounded in time (its answer read in full) and its
// answer in bytes; nothing here throws anything but a PullError.
import { randomUUID } from "node:crypto";
import http, { type IncomingHttpHeaders } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { parseJsonPaced } from "../../http/paced-json";
import { checkOutboundUrl, type AddressPolicy } from "../../webhooks/address-policy";
import { AddressRefused, checkedAddresses, networkError, systemResolver, type Resolved, type Resolver } from "../../webhooks/send";

/** Where a pull or handshake stopped: shown with its error. */
export type Stage = "versions" | "details" | "credentials" | "locations" | "storage";

export class PullError extends Error {
  constructor(
    readonly stage: Stage,
    message: string,
    readonly httpStatus: number | null = null,
    readonly statusCode: number | null = null,
    /** For the server log only (e.g. what a host name resolved to). */
    readonly detail?: string,
  ) {
    super(message);
  }
}

export interface ClientOptions {
  policy: AddressPolicy;
  timeoutMs: number;
  /** An answer larger than this is refused (and its reading stopped). */
  maxBytes: number;
  resolve?: Resolver;
  /** Epoch ms the whole run must end by: a request gets at most the time left. */
  deadline?: number;
}

export interface OcpiAnswer {
  httpStatus: number;
  headers: IncomingHttpHeaders;
  data: unknown;
  statusCode: number;
  statusMessage: string | null;
  bytes: number;
}

export interface RequestInit {
  method: "GET" | "POST";
  /** The credentials token as it is: sent Base64-encoded. */
  token: string;
  body?: unknown;
  /** Routing headers (OCPI-to-*, OCPI-from-*) of requests to functional modules. */
  headers?: Record<string, string>;
}

/** OCPI status codes (status_codes.asciidoc) in the words a source's error shows. */
const STATUS_WORDS: Record<number, string> = {
  2000: "generic client error",
  2001: "invalid or missing parameters",
  2002: "not enough information",
  2003: "unknown location",
  3000: "generic server error",
  3001: "unable to use the client's API",
  3002: "unsupported version",
  3003: "no matching endpoints or expected endpoints missing",
  4000: "generic hub error",
  4001: "unknown receiver",
  4002: "timeout on a forwarded request",
  4003: "connection problem at the hub",
};

export const statusWords = (code: number) => STATUS_WORDS[code] ?? (code >= 2000 && code < 5000 ? "error" : "unknown status");

/** Why a URL the service is to call may not be called (scheme, credentials in it, a refused literal address); null when it may. */
export function urlProblem(raw: string, policy: AddressPolicy): string | null {
  const checked = checkOutboundUrl(raw, policy, {
    subject: "", httpSetting: "OCPI_PULL_ALLOW_HTTP", credentials: "the party's token authenticates", refused: (why) => `is refused: ${why}`,
    // A fragment is never sent: the party's URL would not be the one stored.
    noFragment: true,
  });
  return "problem" in checked ? checked.problem : null;
}

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** One request; its answer as OCPI's envelope with a success status_code (1xxx), or a PullError saying what went wrong. */
export async function ocpiRequest(stage: Stage, rawUrl: string, init: RequestInit, opts: ClientOptions): Promise<OcpiAnswer> {
  const problem = urlProblem(rawUrl, opts.policy);
  if (problem) throw new PullError(stage, `${clip(rawUrl, 200)}: ${problem}`);
  const url = new URL(rawUrl);
  const timeoutMs = Math.min(opts.timeoutMs, opts.deadline === undefined ? Infinity : opts.deadline - Date.now());
  if (timeoutMs <= 0) throw new PullError(stage, "the run's time limit was reached");
  let addresses: Resolved[];
  try {
    addresses = await checkedAddresses(url, opts.policy, opts.resolve ?? systemResolver);
  } catch (e) {
    if (e instanceof AddressRefused) throw new PullError(stage, `refused: ${e.message}`, null, null, e.detail);
    throw new PullError(stage, e instanceof Error ? e.message : String(e));
  }
  const raw = await send(stage, url, addresses, init, timeoutMs, opts.maxBytes);
  const where = `${init.method} ${url.origin}${url.pathname}`;
  let body: unknown;
  try {
    body = raw.text === "" ? undefined : await parseJsonPaced(raw.text);
  } catch {
    body = undefined;
  }
  const envelope = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  const statusCode = typeof envelope?.status_code === "number" ? envelope.status_code : null;
  const message = typeof envelope?.status_message === "string" ? clip(envelope.status_message) : null;
  const said = statusCode !== null ? ` (OCPI ${statusCode}: ${statusWords(statusCode)}${message ? `; "${message}"` : ""})` : "";
  if (raw.status < 200 || raw.status > 299) {
    const why = raw.status === 401 || raw.status === 403 ? ": the party refused the token" : raw.status === 405 && stage === "credentials" ? ": the token was already used to register (ask the party for a new one)" : "";
    throw new PullError(stage, `${where} answered HTTP ${raw.status}${why}${said}`, raw.status, statusCode);
  }
  if (!envelope) throw new PullError(stage, `${where} answered ${raw.text === "" ? "nothing" : "something that is not OCPI's JSON envelope"}`, raw.status);
  if (statusCode === null) throw new PullError(stage, `${where} answered without an OCPI status_code`, raw.status);
  if (statusCode < 1000 || statusCode > 1999) throw new PullError(stage, `${where} answered${said}`, raw.status, statusCode);
  return { httpStatus: raw.status, headers: raw.headers, data: envelope.data, statusCode, statusMessage: message, bytes: raw.bytes };
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  bytes: number;
}

function send(stage: Stage, url: URL, addresses: Resolved[], init: RequestInit, timeoutMs: number, maxBytes: number): Promise<RawAnswer> {
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) (callback as (e: null, a: Resolved[]) => void)(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  };
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
  const headers: Record<string, string> = {
    ...init.headers,
    authorization: `Token ${Buffer.from(init.token, "utf8").toString("base64")}`,
    accept: "application/json",
    "x-request-id": randomUUID(),
    "x-correlation-id": randomUUID(),
    "user-agent": "etruck-planner-ocpi",
    ...(payload !== undefined ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) } : {}),
  };
  const transport = url.protocol === "https:" ? https : http;
  return new Promise<RawAnswer>((resolve, reject) => {
    let settled = false;
    const fail = (message: string, detail?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(new PullError(stage, message, null, null, detail));
    };
    const req = transport.request(url, { method: init.method, headers, lookup, agent: false }, (res) => {
      const status = res.statusCode ?? 0;
      if (Number(res.headers["content-length"] ?? 0) > maxBytes) {
        fail(`${init.method} ${url.origin}${url.pathname}: the answer is over ${maxBytes.toLocaleString("en")} bytes (Content-Length)`);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > maxBytes) fail(`${init.method} ${url.origin}${url.pathname}: the answer is over ${maxBytes.toLocaleString("en")} bytes`);
        else chunks.push(chunk);
      });
      res.on("end", () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ status, headers: res.headers, text: Buffer.concat(chunks).toString("utf8"), bytes: size });
      });
      res.on("error", (e) => fail(networkError(e, url, addresses).error));
    });
    // The whole exchange, the answer's reading included, within the time limit.
    const timer = setTimeout(() => fail(`${init.method} ${url.origin}${url.pathname}: no complete answer within ${timeoutMs} ms`), timeoutMs);
    req.on("error", (e) => {
      const { error, detail } = networkError(e, url, addresses);
      fail(`${init.method} ${url.origin}${url.pathname}: ${error}`, detail);
    });
    req.end(payload);
  });
}
