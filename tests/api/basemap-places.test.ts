// GET /basemap/places (docs/API.md, The web app's own endpoints): the place names of one map tile
// for the own basemap. Bounded: at most 24 names a tile, the largest, none under the zoom's
// population floor, every place in one tile only; parameters out of range are a 422; a tile is
// made once and kept, the kept ones bounded; no tile holds the web thread for 100 ms.
import { beforeAll, describe, expect, it } from "vitest";
import * as places from "@/app/basemap/places/route";
import { LABELS_PER_TILE, minPopulation } from "@/app/basemap/places/labels";
import { packs } from "@/server/packs";
import { whileProbingHealthz } from "../support/healthz-probe";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function get(query: string, headers: Record<string, string> = {}) {
  const res = await (places.GET as Handler)(new Request(`http://planner.test/basemap/places${query}`, { headers }), { params: Promise.resolve({}) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : null };
}

/** The XYZ tile of a point, worked out here on its own (Web Mercator). */
function tileOf(lat: number, lon: number, z: number): [number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [Math.floor(((lon + 180) / 360) * n), Math.floor(((1 - Math.asinh(Math.tan(rad)) / Math.PI) / 2) * n)];
}

type Feature = { properties: { name: string; population: number }; geometry: { coordinates: [number, number] } };

beforeAll(() => {
  void packs.gazetteer; // loaded once per process, as on a running server
});

describe("a tile's names", () => {
  it("are the tile's largest places above the zoom's floor, at most 24, largest first: every tile of Europe at map zoom 4 and 7", async () => {
    const gaz = packs.gazetteer;
    for (const z of [3, 6]) {
      const floor = minPopulation(z + 1);
      // Each place of the gazetteer above the floor, by tile.
      const byTile = new Map<string, { name: string; population: number }[]>();
      for (let id = 0; id < gaz.places.name.length && gaz.places.pop[id] >= floor; id++) {
        if (gaz.places.districtOf?.has(id)) continue;
        const key = tileOf(gaz.places.lat[id] / 1e4, gaz.places.lon[id] / 1e4, z).join("/");
        byTile.set(key, [...(byTile.get(key) ?? []), { name: gaz.places.name[id], population: gaz.places.pop[id] }]);
      }
      const [x0, y0] = tileOf(72, -25, z), [x1, y1] = tileOf(34, 45, z);
      let named = 0, capped = 0;
      for (let x = x0; x <= x1; x++) {
        for (let y = y0; y <= y1; y++) {
          const res = await get(`?z=${z}&x=${x}&y=${y}`);
          expect(res.status).toBe(200);
          const got = (res.json.features as Feature[]).map((f) => f.properties);
          const all = byTile.get(`${x}/${y}`) ?? [];
          expect(got, `${z}/${x}/${y}`).toEqual(all.slice(0, LABELS_PER_TILE));
          named += got.length;
          if (all.length > LABELS_PER_TILE) capped++;
        }
      }
      expect(named).toBeGreaterThan(z === 3 ? 40 : 300);
      if (z === 6) expect(capped).toBeGreaterThan(0); // the cap holds where a tile has more
    }
  });

  it("name Berlin, Hamburg and München at country scale, and Berlin not by its district", async () => {
    const names = async (lat: number, lon: number, z: number) => {
      const [x, y] = tileOf(lat, lon, z);
      return ((await get(`?z=${z}&x=${x}&y=${y}`)).json.features as Feature[]).map((f) => f.properties.name);
    };
    expect(await names(52.52, 13.4, 5)).toContain("Berlin");
    expect(await names(53.55, 9.99, 5)).toContain("Hamburg");
    expect(await names(48.14, 11.58, 5)).toContain("München");
    const closeIn = await names(51.48, 7.22, 10); // map zoom 11: Bochum and the towns around it
    expect(closeIn).toContain("Bochum");
    expect(closeIn.length).toBeGreaterThan(5);
  });
});

describe("bounds", () => {
  it("refuses a zoom, x or y out of range, or missing, with a 422 on each", async () => {
    const bad = async (query: string, loc: string) => {
      const res = await get(query);
      expect(res.status, query).toBe(422);
      expect(res.json.detail.map((d: { loc: string[] }) => d.loc.join("."))).toContain(loc);
    };
    await bad("?z=2&x=0&y=0", "query.z");
    await bad("?z=12&x=0&y=0", "query.z");
    await bad("?z=5&x=32&y=0", "query.x");
    await bad("?z=5&x=0&y=-1", "query.y");
    await bad("?z=5&x=0", "query.y");
    await bad("?z=5.5&x=0&y=0", "query.z");
    await bad("?z=3&x=abc&y=0", "query.x");
  });

  it("answers a tile with an ETag it revalidates (304) and a day's cache; keeps at most MAX_CACHED tiles", async () => {
    const first = await get("?z=5&x=17&y=10");
    expect(first.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(first.headers.get("content-type")).toBe("application/geo+json");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{20}"$/);
    expect((await get("?z=5&x=17&y=10", { "if-none-match": etag })).status).toBe(304);
    expect((await get("?z=5&x=16&y=10")).headers.get("etag")).not.toBe(etag);

    for (let i = 0; i < places.MAX_CACHED + 50; i++) expect((await get(`?z=11&x=${i % 2048}&y=${700 + Math.floor(i / 2048)}`)).status).toBe(200);
    expect(places.cachedTiles()).toBe(places.MAX_CACHED);
  });

  it("holds the web thread well under 100 ms for any tile: a dense one at map zoom 4, an empty one at 12 (a scan of every place)", async () => {
    for (const query of ["?z=3&x=4&y=2", "?z=11&x=2000&y=100", "?z=6&x=34&y=21"]) {
      const probed = await whileProbingHealthz(() => get(query));
      expect(probed.value.status).toBe(200);
      expect(probed.slowestMs, query).toBeLessThan(100);
    }
  });
});
