// A local CPO on 127.0.0.1 (port 0) that speaks OCPI 2.2.1 as its specification describes it
// (github.com/ocpi/ocpi, tag 2.2.1): version_information_endpoint.asciidoc (versions, version details),
// credentials.asciidoc (Registration: token A for the versions module and the credentials POST only;
// the POST answers the CPO's Credentials with a new token C, which every later request must send;
// token A is then refused), transport_and_format.asciidoc (`Authorization: Token <Base64 token>`, the
// envelope {data, status_code, status_message, timestamp}, 401 for an unknown token or token A outside
// versions/credentials, pagination: offset/limit, `Link: <…>; rel="next"` with the request's filters,
// X-Total-Count, X-Limit), mod_locations.asciidoc (Sender interface: GET List with date_from inclusive
// and date_to exclusive on last_updated), status_codes.asciidoc (3001 when the CPO cannot use the
// client's API during the POST, 3002, 3003).
//
//   GET  /versions                -> [{version: "2.1.1", …}, {version: "2.2.1", url: /2.2.1}]
//   GET  /2.2.1                   -> {version, endpoints: [credentials, locations SENDER]}
//   POST /2.2.1/credentials       -> the CPO's Credentials (token C, roles [`role`: CPO NL/TNM]); calls `checkClient`
//                                    first, as a CPO fetches the client's versions during the POST
//   GET  /2.2.1/locations         -> a page of `locations` (X-Limit = pageSize)
//
// `mode` makes it misbehave: down (every connection cut), slow (answers after `slowMs`), malformed
// (the Locations answer is not JSON), refuse (401 to everything), no221 (versions without 2.2.1),
// nolocations (details without a Locations endpoint), huge (a Locations page past any sane limit).
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { heldAnswers } from "./fixture-server";

export type CpoMode = "ok" | "down" | "slow" | "malformed" | "refuse" | "no221" | "nolocations" | "huge";

export interface CpoFixture {
  url: string;
  versionsUrl: string;
  tokenA: string;
  /** Token C once the client registered. */
  tokenC: string | null;
  /** Token B the client gave in its credentials POST. */
  clientCredentials: { token: string; url: string; roles: unknown[] } | null;
  locations: Record<string, unknown>[];
  pageSize: number;
  mode: CpoMode;
  slowMs: number;
  /** The role its Credentials name (a hub's Locations belong to many parties). */
  role: { role: "CPO" | "HUB"; country_code: string; party_id: string };
  /** During the credentials POST: may the CPO use the client's API (its versions URL with token B)? */
  checkClient: (url: string, tokenB: string) => Promise<boolean>;
  requests: { method: string; path: string; query: URLSearchParams; token: string | null; headers: IncomingMessage["headers"] }[];
  close(): Promise<void>;
}

const timestamp = () => new Date().toISOString();

function send(res: ServerResponse, http: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(http, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

const envelope = (data: unknown, status_code = 1000, status_message = "Success") => ({ ...(data === undefined ? {} : { data }), status_code, status_message, timestamp: timestamp() });

/** The token of `Authorization: Token <Base64>` (2.2.1) as it is. */
function tokenOf(req: IncomingMessage): string | null {
  const m = /^Token\s+(\S+)$/.exec(req.headers.authorization ?? "");
  return m ? Buffer.from(m[1], "base64").toString("utf8") : null;
}

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return undefined;
  }
}

const time = (s: unknown) => Date.parse(/(Z|[+-]\d{2}:\d{2})$/i.test(String(s)) ? String(s) : `${String(s)}Z`);

export async function startCpo(init: Partial<Pick<CpoFixture, "locations" | "pageSize" | "tokenA">> = {}): Promise<CpoFixture> {
  const held = heldAnswers();
  const cpo: CpoFixture = {
    url: "", versionsUrl: "", tokenA: init.tokenA ?? `token-a-${randomUUID()}`, tokenC: null, clientCredentials: null,
    locations: init.locations ?? [], pageSize: init.pageSize ?? 2, mode: "ok", slowMs: 2_000, role: { role: "CPO", country_code: "NL", party_id: "TNM" },
    checkClient: async () => true, requests: [], close: async () => undefined,
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", cpo.url);
    const token = tokenOf(req);
    cpo.requests.push({ method: req.method ?? "", path: url.pathname, query: url.searchParams, token, headers: req.headers });
    if (cpo.mode === "down") {
      req.socket.destroy();
      return;
    }
    if (cpo.mode === "refuse") return send(res, 401, envelope(undefined, 2000, "Unknown token"), { "www-authenticate": "Token" });
    const configModule = url.pathname === "/versions" || url.pathname === "/2.2.1" || url.pathname === "/2.2.1/credentials";
    // Token A is good for the versions module and the credentials POST until the registration ends; token C after it.
    const known = token !== null && (token === cpo.tokenC || (token === cpo.tokenA && cpo.tokenC === null && configModule));
    if (!known) return send(res, 401, envelope(undefined, 2000, "Unknown or spent token"), { "www-authenticate": "Token" });

    if (req.method === "GET" && url.pathname === "/versions") {
      const versions = [{ version: "2.1.1", url: `${cpo.url}/2.1.1` }, ...(cpo.mode === "no221" ? [{ version: "2.2", url: `${cpo.url}/2.2` }] : [{ version: "2.2.1", url: `${cpo.url}/2.2.1` }])];
      return send(res, 200, envelope(versions));
    }
    if (req.method === "GET" && url.pathname === "/2.2.1") {
      const endpoints = [
        { identifier: "credentials", role: "SENDER", url: `${cpo.url}/2.2.1/credentials` },
        ...(cpo.mode === "nolocations" ? [{ identifier: "tariffs", role: "SENDER", url: `${cpo.url}/2.2.1/tariffs` }] : [{ identifier: "locations", role: "SENDER", url: `${cpo.url}/2.2.1/locations` }]),
      ];
      return send(res, 200, envelope({ version: "2.2.1", endpoints }));
    }
    if (req.method === "POST" && url.pathname === "/2.2.1/credentials") {
      if (cpo.tokenC !== null) return send(res, 405, envelope(undefined, 2000, "Already registered"));
      const body = (await bodyOf(req)) as CpoFixture["clientCredentials"];
      if (!body || typeof body.token !== "string" || typeof body.url !== "string" || !Array.isArray(body.roles) || !body.roles.length) {
        return send(res, 400, envelope(undefined, 2001, "Not a Credentials object"));
      }
      if (!(await cpo.checkClient(body.url, body.token))) return send(res, 200, envelope(undefined, 3001, "Could not GET the client's versions"));
      cpo.clientCredentials = body;
      cpo.tokenC = `token-c-${randomUUID()}`;
      return send(res, 200, envelope({
        token: cpo.tokenC, url: cpo.versionsUrl,
        roles: [{ ...cpo.role, business_details: { name: `${cpo.role.country_code}/${cpo.role.party_id} fixture` } }],
      }));
    }
    if (req.method === "GET" && url.pathname === "/2.2.1/locations") {
      if (cpo.mode === "malformed") {
        res.writeHead(200, { "content-type": "application/json" });
        return void res.end('{"data": [{"id": "LOC1", "coordin');
      }
      if (cpo.mode === "huge") {
        res.writeHead(200, { "content-type": "application/json" });
        return void res.end(JSON.stringify(envelope([{ id: "x".repeat(3_000_000) }])));
      }
      const q = url.searchParams;
      const from = q.get("date_from"), to = q.get("date_to");
      const matching = cpo.locations.filter((l) => (!from || time(l.last_updated) >= time(from)) && (!to || time(l.last_updated) < time(to)));
      const offset = Number(q.get("offset") ?? 0);
      const limit = Math.min(Number(q.get("limit") ?? cpo.pageSize), cpo.pageSize);
      const page = matching.slice(offset, offset + limit);
      const headers: Record<string, string> = { "x-total-count": String(matching.length), "x-limit": String(cpo.pageSize) };
      if (offset + limit < matching.length) {
        const next = new URL(`${cpo.url}/2.2.1/locations`);
        next.searchParams.set("offset", String(offset + limit));
        next.searchParams.set("limit", String(limit));
        if (from) next.searchParams.set("date_from", from);
        if (to) next.searchParams.set("date_to", to);
        headers.link = `<${next}>; rel="next"`;
      }
      return send(res, 200, envelope(page), headers);
    }
    return send(res, 404, envelope(undefined, 2000, "No such endpoint"));
  }

  const server = createServer((req, res) => {
    const answer = () => void handle(req, res).catch(() => res.destroy());
    if (cpo.mode === "slow") held.later(cpo.slowMs, answer);
    else answer();
  });
  const { url, close } = await held.listen(server);
  cpo.url = url;
  cpo.versionsUrl = `${url}/versions`;
  cpo.close = close;
  return cpo;
}

/** A Location as the spec's examples/location_example.json, with DC connectors; `over` replaces fields. */
export function fixtureLocation(id: string, over: Record<string, unknown> = {}, at = "2026-11-20T10:00:00Z"): Record<string, unknown> {
  const connector = { id: "1", standard: "IEC_62196_T2_COMBO", format: "CABLE", power_type: "DC", max_voltage: 920, max_amperage: 500, max_electric_power: 400_000, last_updated: at };
  const evse = (uid: string, status = "AVAILABLE") => ({ uid, evse_id: `NL*TNM*E${uid}`, status, connectors: [connector], last_updated: at });
  return {
    country_code: "NL", party_id: "TNM", id, publish: true, name: `Truck hub ${id}`, address: "F.Rooseveltlaan 3A", city: "Gent", postal_code: "9000", country: "BEL",
    coordinates: { latitude: "51.047599", longitude: "3.729944" }, evses: [evse(`${id}-1`), evse(`${id}-2`)], operator: { name: "BeCharged" },
    time_zone: "Europe/Brussels", opening_times: { twentyfourseven: true }, last_updated: at, ...over,
  };
}
