// GET /basemap/roads: the planner's road network as GeoJSON, for the map's own
// basemap (tests and air-gapped installs reach no tile server). Open data: no auth.
import { createHash } from "node:crypto";
import { HttpError } from "@/server/http/errors";
import { packs } from "@/server/packs";
import { roadLines } from "./lines";
import { geoJsonResponse } from "../respond";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

interface Cached {
  version: string;
  body: Buffer;
  etag: string;
}

const holder = globalThis as unknown as { __basemapRoads?: Cached };

function build(): Cached {
  const net = packs.plan.network;
  const hit = holder.__basemapRoads;
  if (hit && hit.version === net.version) return hit;
  const body = Buffer.from(JSON.stringify(roadLines(net)), "utf8");
  const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 20)}"`;
  holder.__basemapRoads = { version: net.version, body, etag };
  return holder.__basemapRoads;
}

export function GET(req: Request): Response {
  let roads: Cached;
  try {
    roads = build();
  } catch (e) {
    const status = e instanceof HttpError ? e.status : 500;
    const detail = e instanceof HttpError ? e.message : "Road network unavailable";
    return Response.json({ detail }, { status, headers: { "cache-control": "no-store" } });
  }
  return geoJsonResponse(req, roads, 3600);
}
