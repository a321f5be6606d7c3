// The history list's town labels from the spatial index give what a scan of every town gives, and
// a page's worth of them (100 plans x 26 points) in milliseconds rather than seconds.
import { expect, it } from "vitest";
import { haversineM } from "@/engine/geo";
import type { Gazetteer } from "@/engine/geocode/search";
import { packs } from "@/server/packs";
import { placeLabel } from "@/server/trpc/place-label";
import { mulberry32 } from "../../support/seeded";

/** The label as the history list made it before the index: every town in the latitude band scored. */
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
  const name = `${p.name[best]}, ${gaz.countries[p.cc[best]]}`;
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
