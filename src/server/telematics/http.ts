// One request to a telematics source, bounded: the host is resolved and every address checked
// against the operator's policy (webhooks/send.ts: the connection goes to a checked address, so DNS
// cannot re-point it in between), one time limit for connecting, the answer's headers and its body,
// and the body read up to a byte cap (http/bounded-read.ts). Redirects are not followed. Errors are
// SourceFailure with a message for the source's last_error: it never names a resolved address.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Readable } from "node:stream";
import { readCappedText } from "../http/bounded-read";
import type { AddressPolicy } from "../webhooks/address-policy";
import { AddressRefused, checkedAddresses, networkError, systemResolver, type Resolved, type Resolver } from "../webhooks/send";

export class SourceFailure extends Error {}

export interface Bounds {
  policy: AddressPolicy;
  /** The whole request: connection, headers and body. */
  timeoutMs: number;
  /** Epoch ms by which the request must end however long timeoutMs would allow (a poll's deadline). */
  deadlineAt?: number;
  maxBytes: number;
  resolve?: Resolver;
}

export interface Answer {
  status: number;
  contentType: string;
  /** The body as text; null when it passed `maxBytes` (read no further). */
  text: string | null;
}

/** The answer to one request; SourceFailure for a refused address, a network error or the time limit. */
export async function boundedRequest(
  url: URL,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string },
  b: Bounds,
): Promise<Answer> {
  let addresses: Resolved[];
  try {
    addresses = await checkedAddresses(url, b.policy, b.resolve ?? systemResolver);
  } catch (e) {
    if (e instanceof AddressRefused) throw new SourceFailure(`refused: ${e.message}`);
    throw new SourceFailure(`${url.host}: ${e instanceof Error ? e.message : String(e)}`); // DNS errors name only the host
  }
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) (callback as (e: null, a: Resolved[]) => void)(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  };
  const left = b.deadlineAt === undefined ? b.timeoutMs : Math.min(b.timeoutMs, b.deadlineAt - Date.now());
  if (left <= 0) throw new SourceFailure("the poll ran out of time before it was done");
  const signal = AbortSignal.timeout(left);
  const late = () => new SourceFailure(left < b.timeoutMs ? "the poll ran out of time before it was done" : `${url.host}: no answer within ${b.timeoutMs} ms`);
  const transport = url.protocol === "https:" ? https : http;
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = transport.request(url, {
      method: init.method,
      headers: { ...init.headers, "user-agent": "electric-truck-planner-telematics", ...(init.body !== undefined ? { "content-length": String(Buffer.byteLength(init.body)) } : {}) },
      lookup,
      agent: false,
      signal,
    }, resolve);
    req.on("error", (e) => reject(signal.aborted ? late() : new SourceFailure(`${url.host}: ${networkError(e, url, addresses).error}`)));
    req.end(init.body);
  });
  const status = res.statusCode ?? 0;
  const contentType = String(res.headers["content-type"] ?? "");
  if (Number(res.headers["content-length"] ?? "0") > b.maxBytes) {
    res.destroy();
    return { status, contentType, text: null };
  }
  try {
    return { status, contentType, text: await readCappedText(Readable.toWeb(res) as ReadableStream<Uint8Array>, b.maxBytes) };
  } catch (e) {
    if (signal.aborted) throw late();
    throw new SourceFailure(`${url.host}: the answer broke off (${e instanceof Error ? e.message : String(e)})`);
  } finally {
    res.destroy();
  }
}
