// The town labels of plans' points: from the spatial index they are what a scan of every town gives,
// a page's worth (100 plans x 26 points) in milliseconds rather than seconds, and a city's district
// is named by its city ("Berlin", not "Mitte"), by the pack's districts or, in packs built before
// them, by the population rule.
import { describe, expect, it } from "vitest";
import { haversineM } from "@/engine/geo";
import type { Gazetteer } from "@/engine/geocode/search";
import { packs } from "@/server/packs";
import { cityOf, placeLabel } from "@/server/trpc/place-label";
import { mulberry32 } from "../../support/seeded";

/** The city a town is named by, found by scanning every town (the index's rule: see cityOf). */
function scannedCity(gaz: Gazetteer, id: number): number {
  const p = gaz.places;
  if (p.districtOf) return p.districtOf.get(id) ?? id;
  const disc = (pop: number) => Math.sqrt(pop / (Math.PI * 3_000)) * 1000;
  let city = id;
  for (let i = 0; i < p.name.length; i++) {
    if (p.pop[i] < 10 * Math.max(1, p.pop[id]) || Math.abs(p.lat[i] - p.lat[id]) / 1e4 > 0.3) continue;
    const m = haversineM(p.lat[id] / 1e4, p.lon[id] / 1e4, p.lat[i] / 1e4, p.lon[i] / 1e4);
    if (m + disc(p.pop[id]) <= disc(p.pop[i]) && (city === id || p.pop[i] > p.pop[city])) city = i;
  }
  return city;
}

/** The label as a scan of every town in the latitude band makes it. */
function scannedLabel(gaz: Gazetteer, lat: number, lon: number): string {
  const coords = `${lat.toFixed(4)}, ${lon.toFixed(4)}`;
  const p = gaz.places;
  let best = -1, bestScore = Infinity, bestM = 0;
  for (let i = 0; i < p.name.length; i++) {
    const dLat = p.lat[i] / 1e4 - lat;
    if (dLat > 0.3 || dLat < -0.3) continue;
    const m = haversineM(lat, lon, p.lat[i] / 1e4, p.lon[i] / 1e4);
    const score = m / Math.log10(10 + p.pop[i]);
    if (score < bestScore) [best, bestScore, bestM] = [i, score, m];
  }
  if (best < 0 || bestM > 30_000) return coords;
  const city = scannedCity(gaz, best);
  const name = `${p.name[city]}, ${gaz.countries[p.cc[city]]}`;
  return bestM < 2_000 ? name : `near ${name}`;
}

it("labels as the scan of every town does: near towns, between them, at sea and far from any", () => {
  const gaz = packs.gazetteer;
  const random = mulberry32(20261127);
  const points: [number, number][] = [];
  for (let k = 0; k < 1_500; k++) points.push([34 + random() * 38, -25 + random() * 70]); // Europe's box, sea included
  for (let k = 0; k < 1_500; k++) { // around towns, out to twice the label's reach
    const id = Math.floor(random() * gaz.places.name.length);
    const r = random() * 0.6, a = random() * 2 * Math.PI;
    points.push([gaz.places.lat[id] / 1e4 + r * Math.sin(a), gaz.places.lon[id] / 1e4 + r * Math.cos(a)]);
  }
  points.push([53.55, 9.99], [48.14, 11.58], [52.52, 13.4], [54.5, 4], [70.9, 27.5]);
  const differing = points.filter(([lat, lon]) => placeLabel(gaz, lat, lon) !== scannedLabel(gaz, lat, lon));
  expect(differing).toEqual([]);
  expect(points.filter(([lat, lon]) => placeLabel(gaz, lat, lon).startsWith("near ")).length).toBeGreaterThan(500);
});

// Speed is a benchmark's figure, printed here, never asserted (a loaded machine would fail it).
it("labels a history page of 100 plans of 26 points, every point with a place", () => {
  const gaz = packs.gazetteer;
  placeLabel(gaz, 50, 10); // the index is built once per process
  const random = mulberry32(7);
  const started = performance.now();
  const labels: string[] = [];
  for (let k = 0; k < 2_600; k++) labels.push(placeLabel(gaz, 47 + random() * 8, 6 + random() * 9));
  console.log(`2,600 place labels in ${(performance.now() - started).toFixed(1)} ms`);
  expect(labels.filter((l) => typeof l === "string" && l.length > 2)).toHaveLength(2_600);
});

describe("a city's district is named by its city", () => {
  it("on the built gazetteer: Berlin's centre, Mitte and Spandau are Berlin; Hamburg, Bochum, Essen, Duisburg themselves", () => {
    const gaz = packs.gazetteer;
    const mitte = gaz.places.name.indexOf("Mitte");
    expect(gaz.places.pop[mitte]).toBeGreaterThan(50_000); // GeoNames' Berlin-Mitte, 0.6 km from Berlin's point
    expect(placeLabel(gaz, gaz.places.lat[mitte] / 1e4, gaz.places.lon[mitte] / 1e4)).toBe("Berlin, DE");
    expect(placeLabel(gaz, 52.52, 13.405)).toBe("Berlin, DE");
    expect(placeLabel(gaz, 53.55, 9.99)).toBe("Hamburg, DE");
    expect(placeLabel(gaz, 51.4818, 7.2162)).toBe("Bochum, DE");
    expect(placeLabel(gaz, 51.4566, 7.0116)).toBe("Essen, DE");
    expect(placeLabel(gaz, 51.4344, 6.7623)).toBe("Duisburg, DE");
    // A city beside a larger one keeps its own name: Offenbach is 6 km from Frankfurt's centre.
    expect(placeLabel(gaz, 50.1006, 8.7665)).toBe("Offenbach, DE");
  });

  /** A gazetteer of the given places (largest first, as packs are). */
  function gazetteer(places: { name: string; pop: number; lat: number; lon: number }[], districtOf: [string, string][] | null): Gazetteer {
    const sorted = [...places].sort((a, b) => b.pop - a.pop);
    const id = (n: string) => sorted.findIndex((p) => p.name === n);
    return {
      countries: ["DE"],
      places: {
        name: sorted.map((p) => p.name), pop: sorted.map((p) => p.pop), cc: new Uint16Array(sorted.length),
        lat: Int32Array.from(sorted.map((p) => Math.round(p.lat * 1e4))), lon: Int32Array.from(sorted.map((p) => Math.round(p.lon * 1e4))),
        key: [], districtOf: districtOf ? new Map(districtOf.map(([d, c]) => [id(d), id(c)])) : null,
      },
    } as unknown as Gazetteer;
  }
  const PLACES = [
    { name: "Hamburg", pop: 1_739_117, lat: 53.5507, lon: 9.993 },
    { name: "Altona", pop: 250_192, lat: 53.5503, lon: 9.9356 }, // a district (GeoNames PPLX), 3.8 km from Hamburg's point
    { name: "Neustadt", pop: 11_856, lat: 53.5521, lon: 9.9863 },
    { name: "Frankfurt am Main", pop: 753_056, lat: 50.1155, lon: 8.6842 },
    { name: "Offenbach", pop: 130_280, lat: 50.1006, lon: 8.7665 }, // its own city, 6 km from Frankfurt's point
    { name: "Wedel", pop: 33_000, lat: 53.5833, lon: 9.7 }, // a town 20 km out: beyond Hamburg's disc of 13.6 km
  ];

  it("by the pack's districts: Altona is Hamburg, Offenbach stays Offenbach", () => {
    const gaz = gazetteer(PLACES, [["Altona", "Hamburg"]]);
    expect(placeLabel(gaz, 53.5503, 9.9356)).toBe("Hamburg, DE");
    expect(placeLabel(gaz, 53.556, 9.93)).toBe("Hamburg, DE"); // beside Altona's point
    expect(placeLabel(gaz, 50.1006, 8.7665)).toBe("Offenbach, DE");
    expect(placeLabel(gaz, 53.5833, 9.7)).toBe("Wedel, DE");
    expect(cityOf(gaz, gaz.places.name.indexOf("Neustadt"))).toBe(gaz.places.name.indexOf("Neustadt")); // not a district by the pack
  });

  it("without the pack's districts, by population: a place of a tenth of a city's people inside its disc is the city", () => {
    const gaz = gazetteer(PLACES, null);
    // Neustadt (11,856, 0.5 km out) is inside Hamburg's disc; Altona (a seventh of Hamburg) keeps its name,
    // as Offenbach (a sixth of Frankfurt) and Wedel (outside Hamburg's disc) keep theirs.
    expect(placeLabel(gaz, 53.5521, 9.9863)).toBe("Hamburg, DE");
    expect(placeLabel(gaz, 53.5503, 9.9356)).toBe("Altona, DE");
    expect(placeLabel(gaz, 50.1006, 8.7665)).toBe("Offenbach, DE");
    expect(placeLabel(gaz, 53.5833, 9.7)).toBe("Wedel, DE");
    expect(placeLabel(gaz, 53.62, 9.6)).toBe("near Wedel, DE");
  });
});
