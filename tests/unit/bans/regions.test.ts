import { expect, it } from "vitest";
import { BORDER_BAND_KM, createRegionLocator } from "@/engine/bans/regions";

// Two Länder side by side along the meridian 10 E: places of "DE-AA" west of it, of "DE-BB" east, every 0.05 deg (~3.4-5.6 km).
const places = { lat: [] as number[], lon: [] as number[], region: [] as number[], codes: ["", "DE-AA", "DE-BB"] };
for (let lat = 49; lat <= 51; lat += 0.05) {
  for (let lon = 9; lon <= 11; lon += 0.05) {
    if (Math.abs(lon - 10) < 1e-9) continue;
    places.lat.push(lat);
    places.lon.push(lon);
    places.region.push(lon < 10 ? 1 : 2);
  }
}
const kmPerDegLon = 111.2 * Math.cos((50 * Math.PI) / 180);

it("a point deep inside a Land is in that Land only; near the border in both", () => {
  const at = createRegionLocator(places);
  expect(at.regionsAt(50, 9.3)).toEqual(["DE-AA"]);
  expect(at.regionsAt(50, 10.7)).toEqual(["DE-BB"]);
  expect(at.regionsAt(50, 9.98)).toEqual(["DE-AA", "DE-BB"]);
  expect(at.regionsAt(50, 10.02)).toEqual(["DE-AA", "DE-BB"]);
  // Both kept up to the band beyond the border (the nearest place's distance plus BORDER_BAND_KM), not farther.
  const beyond = (BORDER_BAND_KM + 4) / kmPerDegLon;
  expect(at.regionsAt(50, 10 + beyond)).toEqual(["DE-BB"]);
  expect(at.regionsAt(50, 10 - beyond)).toEqual(["DE-AA"]);
});

it("no places near: no region known; places without a region are not indexed", () => {
  const at = createRegionLocator({ ...places, region: places.region.map((r, i) => (i % 2 ? 0 : r)) });
  expect(at.regionsAt(53, 10)).toEqual([]);
  expect(at.regionsAt(50, 9.3)).toEqual(["DE-AA"]);
});
