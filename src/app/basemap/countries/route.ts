// GET /basemap/countries: country outlines (Natural Earth via world-atlas) as
// GeoJSON, for the map's own basemap. Open data: no auth.
import { createHash } from "node:crypto";
import { countryOutlines } from "./outlines";
import { geoJsonResponse } from "../respond";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const holder = globalThis as unknown as { __basemapCountries?: { body: Buffer; etag: string } };

function build() {
  if (holder.__basemapCountries) return holder.__basemapCountries;
  const body = Buffer.from(JSON.stringify(countryOutlines()), "utf8");
  const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 20)}"`;
  holder.__basemapCountries = { body, etag };
  return holder.__basemapCountries;
}

export function GET(req: Request): Response {
  let c: ReturnType<typeof build>;
  try {
    c = build();
  } catch {
    return Response.json({ detail: "Country outlines unavailable (npm package world-atlas missing?)" }, { status: 500, headers: { "cache-control": "no-store" } });
  }
  return geoJsonResponse(req, c, 86400);
}
