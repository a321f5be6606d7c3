// Calls the real Next route modules with Web Requests: the same code the
// server runs, without a server process.
import * as submitV2 from "@/app/planner/v2/route";
import * as planV1 from "@/app/planner/route";
import * as job from "@/app/planner/jobs/[job_id]/route";
import * as result from "@/app/planner/optimizations/[optimization_id]/result/route";
import * as models from "@/app/vehicles/info/models/route";
import * as fleet from "@/app/vehicles/route";
import * as fleetVehicle from "@/app/vehicles/[vehicle_id]/route";
import * as geocode from "@/app/routing/geocode/route";
import * as cpos from "@/app/poi/cpos/route";
import * as openapi from "@/app/openapi.json/route";
import * as overlays from "@/app/poi/overlays/route";
import * as overlay from "@/app/poi/overlays/[external_id]/route";
import * as depots from "@/app/poi/depots/route";
import * as depot from "@/app/poi/depots/[depot_id]/route";
import * as prices from "@/app/poi/prices/route";
import * as webhookSecret from "@/app/webhooks/secret/route";
import * as fleetDay from "@/app/planner/fleet/route";
import * as fleetDayStatus from "@/app/planner/fleet/[fleet_id]/route";
import * as commit from "@/app/planner/optimizations/[optimization_id]/commit/route";
import * as planWatch from "@/app/planner/optimizations/[optimization_id]/watch/route";
import * as replan from "@/app/planner/optimizations/[optimization_id]/replan/route";
import * as telematicsSources from "@/app/telematics/sources/route";
import * as telematicsSource from "@/app/telematics/sources/[source_id]/route";
import * as vehicleState from "@/app/vehicles/[vehicle_id]/state/route";
import * as ocpiVersions from "@/app/ocpi/versions/route";
import * as ocpiDetails from "@/app/ocpi/2.2.1/route";
import * as ocpiLocation from "@/app/ocpi/2.2.1/locations/[country_code]/[party_id]/[location_id]/route";
import * as ocpiEvse from "@/app/ocpi/2.2.1/locations/[country_code]/[party_id]/[location_id]/[evse_uid]/route";
import * as ocpiConnector from "@/app/ocpi/2.2.1/locations/[country_code]/[party_id]/[location_id]/[evse_uid]/[connector_id]/route";
import * as ocpiParties from "@/app/ocpi/parties/route";
import * as ocpiParty from "@/app/ocpi/parties/[party_ref]/route";
import * as ocpiSources from "@/app/ocpi/sources/route";
import * as ocpiSource from "@/app/ocpi/sources/[source_ref]/route";
import { PlannerQuery } from "@/contract/request";
import { queryObject } from "@/server/http/request";
import { packs } from "@/server/packs";
import { expectConsistent } from "./checked-plan";

type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;
type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
type RouteModule = Partial<Record<Method, RouteHandler>>;

const ROUTES: [RegExp, string[], RouteModule][] = [
  [/^\/planner\/v2$/, [], submitV2 as RouteModule],
  [/^\/planner$/, [], planV1 as RouteModule],
  [/^\/planner\/jobs\/([^/]+)$/, ["job_id"], job as RouteModule],
  [/^\/planner\/optimizations\/([^/]+)\/result$/, ["optimization_id"], result as RouteModule],
  [/^\/vehicles\/info\/models$/, [], models as RouteModule],
  [/^\/vehicles$/, [], fleet as RouteModule],
  [/^\/vehicles\/([^/]+)$/, ["vehicle_id"], fleetVehicle as RouteModule],
  [/^\/vehicles\/([^/]+)\/state$/, ["vehicle_id"], vehicleState as RouteModule],
  [/^\/telematics\/sources$/, [], telematicsSources as RouteModule],
  [/^\/telematics\/sources\/([^/]+)$/, ["source_id"], telematicsSource as RouteModule],
  [/^\/routing\/geocode$/, [], geocode as RouteModule],
  [/^\/poi\/cpos$/, [], cpos as RouteModule],
  [/^\/openapi\.json$/, [], openapi as RouteModule],
  [/^\/poi\/overlays$/, [], overlays as RouteModule],
  [/^\/poi\/overlays\/([^/]+)$/, ["external_id"], overlay as RouteModule],
  [/^\/poi\/depots$/, [], depots as RouteModule],
  [/^\/poi\/depots\/([^/]+)$/, ["depot_id"], depot as RouteModule],
  [/^\/poi\/prices$/, [], prices as RouteModule],
  [/^\/webhooks\/secret$/, [], webhookSecret as RouteModule],
  [/^\/planner\/fleet$/, [], fleetDay as RouteModule],
  [/^\/planner\/fleet\/([^/]+)$/, ["fleet_id"], fleetDayStatus as RouteModule],
  [/^\/planner\/optimizations\/([^/]+)\/commit$/, ["optimization_id"], commit as RouteModule],
  [/^\/planner\/optimizations\/([^/]+)\/watch$/, ["optimization_id"], planWatch as RouteModule],
  [/^\/planner\/optimizations\/([^/]+)\/replan$/, ["optimization_id"], replan as RouteModule],
  [/^\/ocpi\/versions$/, [], ocpiVersions as RouteModule],
  [/^\/ocpi\/2\.2\.1$/, [], ocpiDetails as RouteModule],
  [/^\/ocpi\/2\.2\.1\/locations\/([^/]+)\/([^/]+)\/([^/]+)$/, ["country_code", "party_id", "location_id"], ocpiLocation as RouteModule],
  [/^\/ocpi\/2\.2\.1\/locations\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)$/, ["country_code", "party_id", "location_id", "evse_uid"], ocpiEvse as RouteModule],
  [/^\/ocpi\/2\.2\.1\/locations\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)$/, ["country_code", "party_id", "location_id", "evse_uid", "connector_id"], ocpiConnector as RouteModule],
  [/^\/ocpi\/parties$/, [], ocpiParties as RouteModule],
  [/^\/ocpi\/parties\/([^/]+)$/, ["party_ref"], ocpiParty as RouteModule],
  [/^\/ocpi\/sources$/, [], ocpiSources as RouteModule],
  [/^\/ocpi\/sources\/([^/]+)$/, ["source_ref"], ocpiSource as RouteModule],
];

export const AUTHED_ENDPOINTS: [method: Method, path: string][] = [
  ["POST", "/planner/v2"],
  ["POST", "/planner"],
  ["GET", "/planner/jobs/00000000-0000-4000-8000-000000000000"],
  ["GET", "/planner/optimizations/1/result"],
  ["GET", "/vehicles/info/models"],
  ["GET", "/vehicles"],
  ["POST", "/vehicles"],
  ["GET", "/vehicles/mb-eactros-600"],
  ["PATCH", "/vehicles/mb-eactros-600"],
  ["DELETE", "/vehicles/mb-eactros-600"],
  ["GET", "/routing/geocode?address=Hamburg"],
  ["GET", "/poi/cpos"],
  ["GET", "/poi/overlays"],
  ["PUT", "/poi/overlays/bnetza%3A1"],
  ["DELETE", "/poi/overlays/bnetza%3A1"],
  ["GET", "/poi/depots"],
  ["PUT", "/poi/depots/home"],
  ["DELETE", "/poi/depots/home"],
  ["GET", "/poi/prices"],
  ["PUT", "/poi/prices"],
  ["POST", "/planner/fleet"],
  ["GET", "/planner/fleet/00000000-0000-4000-8000-000000000000"],
  ["POST", "/planner/optimizations/1/commit"],
  ["DELETE", "/planner/optimizations/1/commit"],
  ["GET", "/planner/optimizations/1/watch"],
  ["POST", "/planner/optimizations/1/replan"],
  ["GET", "/webhooks/secret"],
  ["POST", "/webhooks/secret"],
  ["GET", "/telematics/sources"],
  ["GET", "/telematics/sources/oem"],
  ["PUT", "/telematics/sources/oem"],
  ["DELETE", "/telematics/sources/oem"],
  ["GET", "/vehicles/mb-eactros-600/state"],
  ["GET", "/ocpi/parties"],
  ["POST", "/ocpi/parties"],
  ["DELETE", "/ocpi/parties/1"],
  ["GET", "/ocpi/sources"],
  ["POST", "/ocpi/sources"],
  ["GET", "/ocpi/sources/1"],
  ["DELETE", "/ocpi/sources/1"],
];

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/** A Request to the route module Next would give it: for clients that take a fetch (`fetch: dispatch`). */
export async function dispatch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  const url = new URL(req.url);
  const route = ROUTES.find(([re]) => re.test(url.pathname));
  if (!route) throw new Error(`no route for ${url.pathname}`);
  const [re, names, mod] = route;
  const handler = mod[req.method as Method];
  if (!handler) throw new Error(`${req.method} not routed for ${url.pathname}`);
  const match = re.exec(url.pathname)!;
  const params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1])]));
  return handler(req, { params: Promise.resolve(params) });
}

export async function call(method: Method, pathAndQuery: string, opts: CallOptions = {}): Promise<ApiResponse> {
  const url = new URL(pathAndQuery, "http://planner.test");
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined || opts.body !== undefined) {
    body = opts.rawBody ?? JSON.stringify(opts.body);
    headers["content-type"] = opts.contentType ?? "application/json";
  }
  const res = await dispatch(url, { method, headers, body });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON: tests assert on that */
  }
  if (res.status === 200) checkPlans(json, url);
  return { status: res.status, headers: res.headers, text, json };
}

/**
 * Every plan the API hands out in a test is re-simulated on the pack it names; a plan answered at once
 * (POST /planner) with its request's min_charge_duration_min, which the result does not carry.
 */
function checkPlans(json: any, url: URL): void {
  if (!json || !Array.isArray(json.sections) || !json.totals || !json.planned_on) return;
  const network = packs.networks.find((e) => json.planned_on[e.net.id] === e.net.version)?.net;
  if (!network) throw new Error(`plan names no loaded network: ${JSON.stringify(json.planned_on)}`);
  const query = url.pathname === "/planner" ? PlannerQuery.safeParse(queryObject(url)) : null;
  expectConsistent(json, network, query?.success ? { minChargeMin: query.data.min_charge_duration_min } : {});
  plansChecked++;
}
export let plansChecked = 0;
