import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildGazetteer, loadGazetteer, type Gazetteer, type GazetteerHeader } from "@/engine/geocode/build";
import { geocode, suggest, type GeocodeHit, type GeocodeMatch } from "@/engine/geocode/search";
import { placeLabel } from "@/server/trpc/place-label";

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

function near<H extends GeocodeHit>(hit: H | null, lat: number, lon: number, tol = 0.05): H {
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

  it("marks a city's districts (GeoNames sections of a populated place) with their city, which names them", () => {
    const city = (district: string) => {
      const id = gaz.places.name.indexOf(district);
      const c = gaz.places.districtOf?.get(id);
      return c == null ? null : gaz.places.name[c];
    };
    expect([city("Mitte"), city("Spandau"), city("Altona"), city("Bochum-Hordel"), city("Zürich (Kreis 11)")]).toEqual(["Berlin", "Berlin", "Hamburg", "Bochum", "Zürich"]);
    expect(city("Offenbach")).toBeNull(); // a city of its own beside Frankfurt
    expect(gaz.places.districtOf!.size).toBeGreaterThan(1_000);
    const at = (name: string) => placeLabel(gaz, gaz.places.lat[gaz.places.name.indexOf(name)] / 1e4, gaz.places.lon[gaz.places.name.indexOf(name)] / 1e4);
    expect([at("Mitte"), at("Altona"), at("Offenbach")]).toEqual(["Berlin, DE", "Hamburg, DE", "Offenbach, DE"]);
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

describe("precision", () => {
  it("says when the whole query was matched", () => {
    for (const q of ["Hamburg", "80331", "80331 München", "80331 Munich", "Munich, 80331", "Paris France", "1011 AB Amsterdam"]) {
      const hit = at(q)!;
      expect(hit.approximate, q).toBe(false);
      expect(hit.unmatched, q).toBeUndefined();
    }
  });

  it("falls back to the town and names the part it did not match", () => {
    expect(near(at("Berlin Alexanderplatz"), 52.52, 13.40)).toMatchObject({
      kind: "place", label: "Berlin, DE", approximate: true, unmatched: "Alexanderplatz",
    });
    expect(near(at("Marienplatz 1, 80331 München"), 48.13, 11.57)).toMatchObject({
      kind: "postcode", label: "80331 München, DE", approximate: true, unmatched: "Marienplatz 1",
    });
    expect(at("Musterstraße 5, 10115 Berlin")).toMatchObject({ approximate: true, unmatched: "Musterstraße 5" });
    // Without commas, the town's name is told from the street.
    expect(at("Marienplatz 1 80331 München")).toMatchObject({ label: "80331 München, DE", unmatched: "Marienplatz 1" });
    expect(at("Via Roma 1, Torino")).toMatchObject({ label: "Torino, IT", approximate: true, unmatched: "Via Roma 1" });
    expect(at("Luxembourg Cloche d'Or")).toMatchObject({ label: "Luxembourg, LU", unmatched: "Cloche d'Or" });
  });

  it("takes a district named beside its town, but not a namesake elsewhere", () => {
    for (const q of ["Hamburg Altona", "Altona Hamburg"]) expect(at(q)).toMatchObject({ label: "Altona, DE", approximate: false });
    expect(at("Amsterdam Schiphol")).toMatchObject({ label: "Schiphol, NL", approximate: false });
    // GeoNames' only "Nowa Huta" lies 105 km from Kraków, its "Hauptbahnhof" in Braunschweig (25 km from Wolfsburg).
    expect(at("Kraków Nowa Huta")).toMatchObject({ label: "Kraków, PL", approximate: true, unmatched: "Nowa Huta" });
    expect(at("Wolfsburg Hauptbahnhof")).toMatchObject({ label: "Wolfsburg, DE", unmatched: "Hauptbahnhof" });
    expect(at("Frankfurt Oder Bahnhof")).toMatchObject({ label: "Frankfurt (Oder), DE", unmatched: "Bahnhof" });
    // Single words count only as whole names: "Tor" is not "Tor Lupara" (IT), "Halle" stays Halle (Saale).
    expect(at("Frankfurter Tor 1")).toBeNull();
    expect(at("Halle Hauptbahnhof")).toMatchObject({ label: "Halle (Saale), DE", unmatched: "Hauptbahnhof" });
  });

  it("still finds nothing where no place is named", () => {
    expect(at("Alexanderplatz")).toBeNull();
    expect(at("Xyzzy Straße 12")).toBeNull();
  });
});

// Queries a dispatcher types, across the countries of the data; expected: the town or postcode
// (label), how precise, and what was left over.
const REALISTIC: [query: string, lat: number, lon: number, expected: Partial<GeocodeMatch>][] = [
  ["Hamburg", 53.55, 9.99, { label: "Hamburg, DE", kind: "place", approximate: false }],
  ["Berlin Alexanderplatz", 52.52, 13.41, { label: "Berlin, DE", kind: "place", approximate: true, unmatched: "Alexanderplatz" }],
  ["Marienplatz 1, 80331 München", 48.13, 11.57, { label: "80331 München, DE", kind: "postcode", approximate: true }],
  ["80331", 48.13, 11.57, { label: "80331 München, DE", kind: "postcode", approximate: false }],
  ["Rotterdam Maasvlakte", 51.92, 4.48, { label: "Rotterdam, NL", approximate: true, unmatched: "Maasvlakte" }],
  ["NL 3011", 51.92, 4.49, { label: "3011 Rotterdam, NL", kind: "postcode", approximate: false }],
  ["3011 NL", 51.92, 4.49, { label: "3011 Rotterdam, NL", kind: "postcode" }],
  ["Brussels", 50.85, 4.35, { label: "Bruxelles, BE", approximate: false }],
  ["Antwerpen Haven", 51.22, 4.40, { label: "Antwerpen, BE", unmatched: "Haven" }],
  ["Luxembourg", 49.61, 6.13, { label: "Luxembourg, LU" }],
  ["Lyon Part-Dieu", 45.75, 4.85, { label: "Lyon, FR", approximate: true, unmatched: "Part-Dieu" }],
  ["Rue de Rivoli, Paris", 48.85, 2.35, { label: "Paris, FR", unmatched: "Rue de Rivoli" }],
  ["Zürich HB", 47.37, 8.55, { label: "Zürich, CH", unmatched: "HB" }],
  ["Genève", 46.20, 6.15, { label: "Genève, CH", approximate: false }],
  ["Milano", 45.46, 9.19, { label: "Milano, IT", approximate: false }],
  ["Milan", 45.46, 9.19, { label: "Milano, IT" }],
  ["Bologna Interporto", 44.49, 11.34, { label: "Bologna, IT", unmatched: "Interporto" }],
  ["Warszawa", 52.23, 21.01, { label: "Warszawa, PL", approximate: false }],
  ["Warsaw", 52.23, 21.01, { label: "Warszawa, PL" }],
  ["Gdańsk Port", 54.35, 18.65, { label: "Gdańsk, PL", unmatched: "Port" }],
  ["Praha", 50.09, 14.42, { label: "Praha, CZ", approximate: false }],
  ["Prag", 50.09, 14.42, { label: "Praha, CZ" }],
  ["Brno Slatina", 49.18, 16.69, { label: "Brno-Slatina, CZ", approximate: false }],
  ["Wien Hauptbahnhof", 48.21, 16.37, { label: "Wien, AT", approximate: true, unmatched: "Hauptbahnhof" }],
  ["A-1010 Wien", 48.21, 16.37, { kind: "postcode", approximate: false }],
  ["Kopenhagen", 55.68, 12.57, { label: "København, DK", approximate: false }],
  ["Aarhus Havn", 56.16, 10.21, { label: "Aarhus, DK", unmatched: "Havn" }],
  ["Padborg", 54.83, 9.36, { label: "Padborg, DK", approximate: false }],
  ["Den Haag Centraal", 52.08, 4.30, { label: "'s-Gravenhage, NL", unmatched: "Centraal" }],
  ["Esch-sur-Alzette Belval", 49.50, 5.98, { label: "Esch-sur-Alzette, LU", unmatched: "Belval" }],
];

describe("realistic queries across the data's countries", () => {
  it.each(REALISTIC)("%s", (q, lat, lon, expected) => {
    expect(near(at(q), lat, lon)).toMatchObject(expected);
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
