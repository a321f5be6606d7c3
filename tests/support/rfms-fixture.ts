// A truck maker's rFMS 4.0 server for the tests (node:http on 127.0.0.1), written from the standard's
// OpenAPI file "rFMS vehicle data" 4.0.0 (api/rFMS_4_0.yaml of github.com/way-platform/rfms-go,
// commit 50c965c8), not from the service's code:
//   - GET /rfms/vehiclepositions and /rfms/vehiclestatuses answer VehiclePositionResponseObject
//     {vehiclePositionResponse: {vehiclePositions}, moreDataAvailable, moreDataAvailableLink?,
//     requestServerDateTime} and VehicleStatusResponseObject {vehicleStatusResponse: {vehicleStatuses}, ...}
//     with the media types `application/json; rfms=vehiclepositions.v4.0` / `...vehiclestatuses.v4.0`;
//   - latestOnly=true is required here (the spec: starttime or latestOnly, else 400; both: 400), and
//     answers each vehicle's latest report, `pageSize` vehicles a page in a fixed order, the next page
//     after `lastVin`; contentFilter (comma-separated ACCUMULATED, SNAPSHOT, UPTIME) keeps those blocks;
//   - errors are ErrorObject {error, error_description}: 401 (no or a wrong token), 400, 406;
//   - the oauth2ClientCredential scheme: POST /token, grant_type=client_credentials, the client by HTTP
//     Basic or in the form (RFC 6749 2.3.1), answering {access_token, token_type: "Bearer", expires_in}.
//     Basic authentication on the API (Volvo Trucks' rFMS; not a scheme of the 4.0 file) is served too.
// Faults: `mode` "slow" holds answers, "malformed" sends broken JSON, "refuse-token" answers 401 at
// /token, "no-paging" repeats the first page forever; "down" is a closed port (connection refused).
import http from "node:http";
import { heldAnswers } from "./fixture-server";

export interface FixtureVehicle {
  vin: string;
  /** A VehiclePositionObject without vin (added). */
  position?: Record<string, unknown>;
  /** A VehicleStatusObject without vin (added). */
  status?: Record<string, unknown>;
}

export interface RfmsFixture {
  url: string;
  base: string;
  tokenUrl: string;
  vehicles: FixtureVehicle[];
  pageSize: number;
  mode: "ok" | "slow" | "malformed" | "refuse-token" | "no-paging" | "huge";
  slowMs: number;
  client: { id: string; secret: string };
  basic: { username: string; password: string };
  /** Every request: method, path with query, headers. */
  requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[];
  tokensIssued: number;
  /** Tokens the API accepts; clear it to make the server refuse a token it gave. */
  tokens: Set<string>;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown, type = "application/json") => {
  res.writeHead(status, { "content-type": type });
  res.end(JSON.stringify(body));
};
const error = (res: http.ServerResponse, status: number, error: string, description: string) =>
  json(res, status, { error, error_description: description, error_uri: `https://oem.example/rfms/${error}.html` });

export async function startRfmsFixture(init: Partial<Pick<RfmsFixture, "vehicles" | "pageSize">> = {}): Promise<RfmsFixture> {
  const held = heldAnswers();
  const f = {
    vehicles: init.vehicles ?? [],
    pageSize: init.pageSize ?? 2,
    mode: "ok",
    slowMs: 2_000,
    client: { id: "fleet-client", secret: "client-secret-1" },
    basic: { username: "fleet-user", password: "basic-pass-1" },
    requests: [],
    tokensIssued: 0,
    tokens: new Set<string>(),
  } as unknown as RfmsFixture;

  const answer = (res: http.ServerResponse, send: () => void) => (f.mode === "slow" ? held.later(f.slowMs, send) : send());

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      f.requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const url = new URL(req.url ?? "/", "http://fixture");
      if (req.method === "POST" && url.pathname === "/token") return answer(res, () => token(req, res, body));
      const resource = url.pathname.match(/^\/rfms\/(vehiclepositions|vehiclestatuses)$/)?.[1] as "vehiclepositions" | "vehiclestatuses" | undefined;
      if (req.method !== "GET" || !resource) return error(res, 404, "NotFound", "no such resource");
      answer(res, () => data(req, res, url, resource));
    });
  });

  function token(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
    const form = new URLSearchParams(body);
    const basicAuth = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    let id = form.get("client_id");
    let secret = form.get("client_secret");
    if (basicAuth) {
      // RFC 6749 2.3.1: id and secret form-encoded, then base64 of "id:secret".
      const [a, b] = Buffer.from(basicAuth, "base64").toString("utf8").split(":");
      id = decodeURIComponent(a.replace(/\+/g, " "));
      secret = decodeURIComponent((b ?? "").replace(/\+/g, " "));
    }
    if (form.get("grant_type") !== "client_credentials") return json(res, 400, { error: "unsupported_grant_type" });
    if (f.mode === "refuse-token" || id !== f.client.id || secret !== f.client.secret) {
      return json(res, 401, { error: "invalid_client", error_description: "Client authentication failed" });
    }
    const accessToken = `tok-${++f.tokensIssued}`;
    f.tokens.add(accessToken);
    json(res, 200, { access_token: accessToken, token_type: "Bearer", expires_in: 3600, scope: form.get("scope") ?? "rfms" });
  }

  function authorized(req: http.IncomingMessage): boolean {
    const auth = req.headers.authorization ?? "";
    const bearer = /^Bearer (.+)$/.exec(auth)?.[1];
    if (bearer) return f.tokens.has(bearer);
    const basic = /^Basic (.+)$/.exec(auth)?.[1];
    return basic !== undefined && Buffer.from(basic, "base64").toString("utf8") === `${f.basic.username}:${f.basic.password}`;
  }

  function data(req: http.IncomingMessage, res: http.ServerResponse, url: URL, resource: "vehiclepositions" | "vehiclestatuses"): void {
    if (!authorized(req)) {
      res.setHeader("www-authenticate", 'Bearer error="invalid_token"');
      return error(res, 401, "InvalidAccessToken", "The access token is not valid");
    }
    const accept = req.headers.accept ?? "";
    if (accept && !accept.includes(`rfms=${resource}.v4.0`) && !/^application\/json\s*$|\*\/\*/.test(accept)) {
      return error(res, 406, "UnsupportedAcceptParameter", "The provided accept parameter is not supported");
    }
    const q = url.searchParams;
    const latestOnly = q.get("latestOnly") === "true";
    if (!latestOnly && !q.has("starttime")) return error(res, 400, "InvalidParameters", "starttime or latestOnly must be given");
    if (latestOnly && (q.has("starttime") || q.has("stoptime"))) return error(res, 400, "InvalidParameters", "latestOnly with starttime or stoptime");
    if (f.mode === "malformed") {
      res.writeHead(200, { "content-type": `application/json; rfms=${resource}.v4.0` });
      return void res.end('{"vehiclePositionResponse": {"vehiclePositions": [{"vin": "YS2');
    }
    if (f.mode === "huge") {
      res.writeHead(200, { "content-type": `application/json; rfms=${resource}.v4.0` });
      return void res.end(`{"moreDataAvailable": false, "padding": "${"x".repeat(300_000)}"}`);
    }
    const lastVin = f.mode === "no-paging" ? null : q.get("lastVin");
    const start = lastVin ? f.vehicles.findIndex((v) => v.vin === lastVin) + 1 : 0;
    const slice = f.vehicles.slice(start, start + f.pageSize);
    const more = start + f.pageSize < f.vehicles.length;
    const blocks = (q.get("contentFilter") ?? "ACCUMULATED,SNAPSHOT,UPTIME").split(",");
    const items = slice.flatMap((v) => {
      if (resource === "vehiclepositions") return v.position ? [{ vin: v.vin, ...v.position }] : [];
      if (!v.status) return [];
      const s: Record<string, unknown> = { vin: v.vin, ...v.status };
      if (!blocks.includes("SNAPSHOT")) delete s.snapshotData;
      if (!blocks.includes("ACCUMULATED")) delete s.accumulatedData;
      if (!blocks.includes("UPTIME")) delete s.uptimeData;
      return [s];
    });
    const nextLink = more ? `/rfms/${resource}?${new URLSearchParams({ ...Object.fromEntries(q), lastVin: slice.at(-1)!.vin })}` : undefined;
    const wrapper = resource === "vehiclepositions" ? { vehiclePositionResponse: { vehiclePositions: items } } : { vehicleStatusResponse: { vehicleStatuses: items } };
    json(res, 200, { ...wrapper, moreDataAvailable: more, ...(nextLink ? { moreDataAvailableLink: nextLink } : {}), requestServerDateTime: new Date().toISOString() }, `application/json; rfms=${resource}.v4.0`);
  }

  const { url, close } = await held.listen(server);
  return Object.assign(f, { url, base: `${url}/rfms`, tokenUrl: `${url}/token`, close });
}

/** A trigger as the schema requires it on every report. */
export const TIMER = { triggerType: "TIMER", context: "RFMS" };

/** A VehiclePositionObject (without vin) at `at`. */
export function positionReport(at: string, lat: number, lon: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    triggerType: TIMER, createdDateTime: at, receivedDateTime: at,
    gnssPosition: { latitude: lat, longitude: lon, heading: 182, altitude: 40, speed: 61.5, positionDateTime: at },
    wheelBasedSpeed: 62.3, tachographSpeed: 62.1, ...extra,
  };
}

/** A VehicleStatusObject (without vin) at `at` with a snapshot of a charging electric truck, and the blocks the contentFilter drops. */
export function statusReport(at: string, snapshot: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    triggerType: { triggerType: "BATTERY_PACK_CHARGING_STATUS_CHANGE", context: "RFMS", chargingStatusInfo: { event: "CHARGING_STARTED" } },
    createdDateTime: at, receivedDateTime: at, hrTotalVehicleDistance: 34_567_891, totalElectricMotorHours: 987.6, totalElectricEnergyUsed: 123_456_789,
    accumulatedData: { durationWheelbasedSpeedOverZero: 123_456, electricEnergyAux: 14_279 },
    snapshotData: {
      wheelBasedSpeed: 0, driver1WorkingState: "REST", driver2WorkingState: "NOT_AVAILABLE", ambientAirTemperature: 3.5, parkingBrakeSwitch: true,
      hybridBatteryPackRemainingCharge: 41.5, batteryPackChargingStatus: "CHARGING_DC", batteryPackChargingConnectionStatus: "CONNECTED",
      batteryPackChargingDevice: "VEHICLE_COUPLER", batteryPackChargingPower: 350_000, estimatedTimeBatteryPackChargingCompleted: "2026-11-25T11:40:00Z",
      estimatedDistanceToEmpty: { total: 180_000, batteryPack: 180_000 },
      ...snapshot,
    },
    uptimeData: { tellTaleInfo: [{ tellTale: "BATTERY_PACK", state: "OFF" }], hvessTemperature: 24.5 },
  };
}
