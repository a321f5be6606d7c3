import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildGazetteer, loadGazetteer, type Gazetteer, type GazetteerHeader } from "@/engine/geocode/build";
import { geocode, suggest, type GeocodeHit } from "@/engine/geocode/search";

const dataDir = path.resolve(process.cwd(), process.env.DATA_DIR ?? "../shared/data");
let dir: string;
let file: string;
let header: GazetteerHeader;
let gaz: Gazetteer;
let loadMs: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "gazetteer-"));
  file = path.join(dir, "gazetteer.json.gz");
  header = await buildGazetteer(dataDir, file);
  const t = performance.now();
  gaz = loadGazetteer(file);
  loadMs = performance.now() - t;
}, 180_000);

afterAll(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

function near(hit: GeocodeHit | null, lat: number, lon: number, tol = 0.05): GeocodeHit {
  expect(hit).not.toBeNull();
  expect(Math.abs(hit!.latitude - lat)).toBeLessThan(tol);
  expect(Math.abs(hit!.longitude - lon)).toBeLessThan(tol);
  return hit!;
}

const at = (q: string) => geocode(gaz, q);

describe("gazetteer pack", () => {
  it("has a versioned, attributed header and stays compact", () => {
    expect(header.version).toMatch(/^[0-9a-f]{64}$/);
    expect(header.attribution).toMatch(/GeoNames/);
    expect(header.license).toBe("CC BY 4.0");
    expect(header.counts.places).toBeGreaterThan(50_000);
    expect(header.counts.postcodes).toBeGreaterThan(200_000);
    expect(statSync(file).size).toBeLessThan(6_000_000);
    expect(gaz.header).toEqual(header);
    expect(loadMs).toBeLessThan(5_000);
  });

  it("only holds European places", () => {
    for (let i = 0; i < gaz.places.name.length; i += 97) {
      expect(gaz.places.lat[i] / 1e4).toBeGreaterThanOrEqual(34);
      expect(gaz.places.lat[i] / 1e4).toBeLessThanOrEqual(72);
      expect(gaz.places.lon[i] / 1e4).toBeGreaterThanOrEqual(-25);
      expect(gaz.places.lon[i] / 1e4).toBeLessThanOrEqual(45);
    }
  });

  it("rebuilds to the same version as plain JSON", async () => {
    const plain = path.join(dir, "gazetteer.json");
    expect((await buildGazetteer(dataDir, plain)).version).toBe(header.version);
    expect(geocode(loadGazetteer(plain), "Hamburg")).toEqual(at("Hamburg"));
  }, 180_000);
});

describe("geocode", () => {
  it("finds towns by name", () => {
    near(at("Hamburg"), 53.55, 10.0);
    expect(at("Hamburg")!.kind).toBe("place");
  });

  it("treats exonyms, case and diacritics alike", () => {
    const muc = near(at("München"), 48.137, 11.575);
    expect(muc.label).toBe("München, DE");
    for (const q of ["Munich", "munchen", "MÜNCHEN", "Muenchen"]) expect(at(q)).toEqual(muc);
    const cgn = near(at("Köln"), 50.94, 6.96);
    for (const q of ["Koeln", "koln", "Cologne"]) expect(at(q)).toEqual(cgn);
    expect(at("Vienna")!.label).toBe("Wien, AT");
  });

  it("finds postcodes, alone or with a town", () => {
    const pc = near(at("80331"), 48.13, 11.57);
    expect(pc.kind).toBe("postcode");
    expect(pc.label).toBe("80331 München, DE");
    expect(at("80331 München")).toEqual(pc);
    expect(at("D-80331")).toEqual(pc);
  });

  it("ignores the street part of an address", () => {
    const hit = near(at("Musterstraße 5, 10115 Berlin"), 52.53, 13.38);
    expect(hit).toMatchObject({ kind: "postcode", label: "10115 Berlin, DE" });
    near(at("Hauptstraße 1, Stuttgart"), 48.78, 9.18);
  });

  it("honours a country part", () => {
    const paris = near(at("Paris, France"), 48.85, 2.35);
    expect(paris.label).toBe("Paris, FR");
    expect(at("Paris, FR")).toEqual(paris);
    expect(at("Paris France")).toEqual(paris);
    expect(at("Berlin, Deutschland")!.label).toBe("Berlin, DE");
    expect(at("Hamburg, US")).toBeNull();
  });

  it("resolves ambiguous names by population", () => {
    expect(near(at("Frankfurt"), 50.11, 8.68).label).toBe("Frankfurt am Main, DE");
    near(at("Frankfurt (Oder)"), 52.35, 14.55);
    expect(at("Halle")!.label).toBe("Halle (Saale), DE");
  });

  it("tells postcode formats of different countries apart", () => {
    expect(at("59-700")!.label).toMatch(/^59-700 .*, PL$/);
    expect(at("59700")!.label).toMatch(/^59700 .*, FR$/);
    expect(at("A-1010 Wien")!.label).toMatch(/^1010 Wien.*, AT$/);
    expect(at("100 00 Praha")!.label).toMatch(/^100 00 Praha.*, CZ$/);
    near(at("1011 AB Amsterdam"), 52.37, 4.90);
  });

  it("falls back to postcode places for villages below 1000 inhabitants", () => {
    expect(near(at("Schmadebeck"), 54.04, 11.82)).toMatchObject({ kind: "place", label: "Schmadebeck, DE" });
  });

  it("returns null for nothing", () => {
    expect(at("")).toBeNull();
    expect(at("  , ")).toBeNull();
    expect(at("Xyzzyqwv")).toBeNull();
  });

  it("answers from the index, not a scan", () => {
    const t = performance.now();
    for (let i = 0; i < 2000; i++) at(i % 2 ? "Musterstraße 5, 10115 Berlin" : "Munich");
    expect(performance.now() - t).toBeLessThan(2_000);
  });
});

describe("suggest", () => {
  it("ranks own names by population", () => {
    const s = suggest(gaz, "Mün", 5);
    expect(s.length).toBe(5);
    expect(s[0].label).toBe("München, DE");
    expect(new Set(s.map((h) => h.label)).size).toBe(s.length);
    expect(suggest(gaz, "frankf", 3).map((h) => h.label).slice(0, 2)).toEqual(["Frankfurt am Main, DE", "Frankfurt (Oder), DE"]);
    expect(suggest(gaz, "b", 3).map((h) => h.label)).toContain("Berlin, DE");
  });

  it("completes postcodes, towns before large customers", () => {
    const s = suggest(gaz, "8033", 4);
    expect(s[0].label).toBe("80331 München, DE");
    for (const h of s) expect(h.kind).toBe("postcode");
  });

  it("handles empty input and limits", () => {
    expect(suggest(gaz, "", 5)).toEqual([]);
    expect(suggest(gaz, "Ber", 0)).toEqual([]);
    expect(suggest(gaz, "Ber", 2).length).toBe(2);
  });
});
