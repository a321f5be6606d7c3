import { beforeAll, describe, expect, it } from "vitest";
import { createCountryLocator, type CountryLocator } from "@/engine/network/countries";

let loc: CountryLocator;
beforeAll(() => { loc = createCountryLocator(); });

describe("country locator", () => {
  it.each([
    ["Berlin", 52.52, 13.405, "DE"], ["Paris", 48.857, 2.352, "FR"], ["Vienna", 48.208, 16.374, "AT"],
    ["Milan", 45.464, 9.19, "IT"], ["Warsaw", 52.23, 21.012, "PL"], ["Prague", 50.076, 14.438, "CZ"],
    ["Rotterdam", 51.924, 4.478, "NL"], ["Zurich", 47.377, 8.542, "CH"], ["Luxembourg", 49.612, 6.132, "LU"],
    ["Brussels", 50.85, 4.352, "BE"], ["Copenhagen", 55.676, 12.568, "DK"], ["Basel", 47.56, 7.59, "CH"],
    ["Strasbourg", 48.573, 7.752, "FR"], ["Kehl", 48.573, 7.815, "DE"], ["Salzburg", 47.8, 13.045, "AT"],
  ])("%s is in %s", (_name, lat, lon, code) => {
    expect(loc.countryAt(lat, lon)).toBe(code);
  });

  it("open sea is null, a point just off a coast takes that country", () => {
    expect(loc.countryAt(55.5, 3.5)).toBeNull(); // North Sea, ~150 km from any coast
    expect(loc.countryAt(52.12, 4.22)).toBe("NL"); // ~2 km off Scheveningen
    expect(loc.countryAt(95, 0)).toBeNull();
  });

  it("answers 200k lookups in well under a few seconds", () => {
    let s = 1;
    const rnd = () => ((s = (s * 16807) % 2147483647) / 2147483647);
    const t0 = performance.now();
    let hits = 0;
    for (let i = 0; i < 200_000; i++) if (loc.countryAt(43 + 12 * rnd(), -2 + 22 * rnd())) hits++;
    expect(hits).toBeGreaterThan(100_000);
    expect(performance.now() - t0).toBeLessThan(3000);
  });
});
