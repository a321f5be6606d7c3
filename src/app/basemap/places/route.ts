// GET /basemap/places?z=&x=&y=: the names of places in one map tile, for the map's own basemap
// (drawn where no tile server is reachable). Open data (GeoNames, CC BY 4.0): no auth. Each tile's
// answer is made once per gazetteer and kept (at most MAX_CACHED tiles), and sent with an ETag.
import { createHash } from "node:crypto";
import { z } from "zod";
import { queryInt } from "@/contract/fields";
import { endpoint } from "@/server/http/endpoint";
import { queryObject } from "@/server/http/request";
import { collect, throwIfAny } from "@/server/http/validation";
import type { ValidationDetail } from "@/server/http/errors";
import { packs } from "@/server/packs";
import { geoJsonResponse } from "../respond";
import { MAX_TILE_ZOOM, MIN_TILE_ZOOM, placeLabels } from "./labels";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Tiles kept: some 2 kB each. Europe at map zooms 4-9 is about 1,300 tiles. */
export const MAX_CACHED = 4_096;

const TileQuery = z.object({
  z: queryInt(MIN_TILE_ZOOM, MAX_TILE_ZOOM),
  x: queryInt(0, 2 ** MAX_TILE_ZOOM - 1),
  y: queryInt(0, 2 ** MAX_TILE_ZOOM - 1),
});

type Tile = { body: Buffer; etag: string };
const holder = globalThis as unknown as { __basemapPlaces?: { version: string; tiles: Map<string, Tile> } };

/** The tiles made so far (for tests: the cache stays bounded). */
export const cachedTiles = () => holder.__basemapPlaces?.tiles.size ?? 0;

function tile(zoom: number, x: number, y: number): Tile {
  const gaz = packs.gazetteer;
  if (holder.__basemapPlaces?.version !== gaz.header.version) holder.__basemapPlaces = { version: gaz.header.version, tiles: new Map() };
  const tiles = holder.__basemapPlaces.tiles;
  const key = `${zoom}/${x}/${y}`;
  let hit = tiles.get(key);
  if (hit) {
    // Most recently used last: the first is the one to drop.
    tiles.delete(key);
    tiles.set(key, hit);
    return hit;
  }
  const body = Buffer.from(JSON.stringify(placeLabels(gaz, zoom, x, y)), "utf8");
  hit = { body, etag: `"${createHash("sha256").update(gaz.header.version).update(body).digest("hex").slice(0, 20)}"` };
  if (tiles.size >= MAX_CACHED) tiles.delete(tiles.keys().next().value!);
  tiles.set(key, hit);
  return hit;
}

export const GET = endpoint(
  async (req) => {
    const details: ValidationDetail[] = [];
    const q = collect(TileQuery, queryObject(new URL(req.url)), "query", details);
    if (q) {
      // x and y within the tile grid of z.
      for (const k of ["x", "y"] as const) {
        if (q[k] >= 2 ** q.z) details.push({ loc: ["query", k], msg: `Input should be less than ${2 ** q.z} (the tiles of zoom ${q.z})`, type: "less_than" });
      }
    }
    throwIfAny(details);
    return geoJsonResponse(req, tile(q!.z, q!.x, q!.y), 86_400);
  },
  { quiet: true },
);
