// The names of a tour's points: the request's own (start_label, stop_label), else the town, with the
// country only where it is not the tour's; a city's district is its city.
import { expect, it } from "vitest";
import { packs } from "@/server/packs";
import { givenNames, namePoints } from "@/server/trpc/point-names";

it("names by town, the country only where it differs from the start's: Hamburg → München → Salzburg, AT → Hamburg", () => {
  const named = namePoints(packs.gazetteer, [
    { lat: 53.55, lon: 9.99 }, { lat: 48.14, lon: 11.58 }, { lat: 47.8, lon: 13.04 }, { lat: 53.55, lon: 9.99 },
  ]);
  expect(named.map((p) => p.name)).toEqual(["Hamburg", "München", "Salzburg, AT", "Hamburg"]);
  expect(named.map((p) => p.label)).toEqual(["Hamburg, DE", "München, DE", "Salzburg, AT", "Hamburg, DE"]);
  // A tour from Salzburg: the German towns carry their country.
  expect(namePoints(packs.gazetteer, [{ lat: 47.8, lon: 13.04 }, { lat: 48.14, lon: 11.58 }]).map((p) => p.name)).toEqual(["Salzburg", "München, DE"]);
});

it("names Berlin's centre Berlin, not its district Mitte; a point away from towns near the closest", () => {
  const [berlin, field, sea] = namePoints(packs.gazetteer, [{ lat: 52.52, lon: 13.405 }, { lat: 52.05, lon: 12.35 }, { lat: 54.8, lon: 4.0 }]);
  expect(berlin).toMatchObject({ name: "Berlin", label: "Berlin, DE" });
  expect(field.name).toMatch(/^near [^,]+$/);
  expect(sea).toMatchObject({ name: "54.8000, 4.0000", label: "54.8000, 4.0000" });
});

it("takes the request's names; a picked place's ', DE' is left off in a German tour, kept in another", () => {
  const pts = [
    { lat: 51.4818, lon: 7.2162, given: "Depot Bochum-Riemke" },
    { lat: 51.4566, lon: 7.0116, given: "45127 Essen, DE" },
    { lat: 51.4344, lon: 6.7623, given: "  " }, // blank: the town
    { lat: 47.8, lon: 13.04, given: "Salzburg, AT" },
  ];
  expect(namePoints(packs.gazetteer, pts).map((p) => [p.name, p.label])).toEqual([
    ["Depot Bochum-Riemke", "Depot Bochum-Riemke"],
    ["45127 Essen", "45127 Essen, DE"],
    ["Duisburg", "Duisburg, DE"],
    ["Salzburg, AT", "Salzburg, AT"],
  ]);
  // Without the gazetteer (packs not built): given names, else coordinates.
  expect(namePoints(null, pts.slice(0, 3)).map((p) => p.name)).toEqual(["Depot Bochum-Riemke", "45127 Essen, DE", "51.4344, 6.7623"]);
});

it("reads the request's names: the first start_label, each stop_label, else the next section's start_label", () => {
  expect(givenNames([])).toEqual([]);
  expect(givenNames([{ start_label: "Depot", stop_label: "Kunde A" }, { start_label: "Kunde A (Tor 2)" }, { stop_label: null }])).toEqual(["Depot", "Kunde A", null, null]);
  expect(givenNames([{ stop_label: "Kunde A" }, { start_label: "Lager B", stop_label: "Depot" }])).toEqual([null, "Kunde A", "Depot"]);
  expect(givenNames([{}, { start_label: "Lager B" }])).toEqual([null, "Lager B", null]);
});
