import { describe, expect, it } from "vitest";
import { geocoderKindOf, parseNominatim, parsePhoton, searchUrl } from "@/engine/geocode/external";
import { NOMINATIM, NOMINATIM_DOCS_EXAMPLE, PHOTON, PHOTON_DOCS_EXAMPLE, PHOTON_EMPTY } from "../../fixtures/geocoder-answers";

describe("which API a URL points at", () => {
  it("tells Photon and Nominatim by host or path", () => {
    expect(geocoderKindOf("https://photon.komoot.io")).toBe("photon");
    expect(geocoderKindOf("http://10.0.0.5:2322/api")).toBe("photon");
    expect(geocoderKindOf("https://nominatim.openstreetmap.org")).toBe("nominatim");
    expect(geocoderKindOf("https://geo.example.com/osm/search")).toBe("nominatim");
    expect(geocoderKindOf("https://geo.example.com/")).toBeNull();
    expect(geocoderKindOf("not a url")).toBeNull();
  });

  it("builds the search request from the root or the search path", () => {
    const photon = new URL(searchUrl("photon", "https://geo.example.com/photon/", "Marienplatz 1, 80331 München"));
    expect(photon.pathname).toBe("/photon/api");
    expect(photon.searchParams.get("q")).toBe("Marienplatz 1, 80331 München");
    expect(photon.searchParams.get("limit")).toBe("1");
    expect(new URL(searchUrl("photon", "http://127.0.0.1:2322/api", "x")).pathname).toBe("/api");
    const nominatim = new URL(searchUrl("nominatim", "https://nominatim.openstreetmap.org/search?format=xml", "Hamburg"));
    expect(nominatim.pathname).toBe("/search");
    expect(nominatim.searchParams.get("format")).toBe("jsonv2");
    expect([...nominatim.searchParams.keys()].sort()).toEqual(["format", "limit", "q"]);
  });
});

describe("Photon answers", () => {
  it("reads the documented example (no `type`: kind from the OSM tag)", () => {
    expect(parsePhoton(PHOTON_DOCS_EXAMPLE, "Berlin")).toEqual({
      latitude: 52.5170365, longitude: 13.3888599, label: "Berlin, DE", kind: "place", approximate: false,
    });
    const stadium = parsePhoton({ features: [PHOTON_DOCS_EXAMPLE.features[1]] }, "Olympiastadion Berlin");
    expect(stadium).toMatchObject({ kind: "address", label: "Berlin Olympic Stadium, Olympischer Platz 3, 14053 Berlin, DE" });
  });

  it("maps type to kind and composes a label", () => {
    expect(parsePhoton(PHOTON["Berlin Alexanderplatz"], "Berlin Alexanderplatz")).toEqual({
      latitude: 52.5219184, longitude: 13.4132147, label: "Alexanderplatz, 10178 Berlin, DE", kind: "street", approximate: false,
    });
    expect(parsePhoton(PHOTON["Marienplatz 1, 80331 München"], "Marienplatz 1, 80331 München")).toMatchObject({
      label: "Marienplatz 1, 80331 München, DE", kind: "address", approximate: false,
    });
    expect(parsePhoton(PHOTON["Wien Hauptbahnhof"], "Wien Hauptbahnhof")).toMatchObject({ kind: "address", label: "Wien Hauptbahnhof, Am Hauptbahnhof 1, 1100 Wien, AT" });
    expect(parsePhoton(PHOTON["80331"], "80331")).toMatchObject({ kind: "postcode", label: "80331 München, DE", approximate: false });
  });

  it("is approximate when a house number asked for is not in the answer", () => {
    expect(parsePhoton(PHOTON["Maasvlakteweg 999, Rotterdam"], "Maasvlakteweg 999, Rotterdam")).toMatchObject({ kind: "street", approximate: true });
    // Postcodes are no house numbers.
    expect(parsePhoton(PHOTON["Berlin Alexanderplatz"], "Alexanderplatz, 10178 Berlin")!.approximate).toBe(false);
    expect(parsePhoton(PHOTON["Berlin Alexanderplatz"], "Alexanderplatz, 100 00 Praha")!.approximate).toBe(false);
  });

  it("returns null for no feature and throws on a body of another shape", () => {
    expect(parsePhoton(PHOTON_EMPTY, "Xyzzy")).toBeNull();
    expect(() => parsePhoton([], "x")).toThrow(/FeatureCollection/);
    expect(() => parsePhoton({ features: [{ properties: {} }] }, "x")).toThrow();
    expect(() => parsePhoton({ features: [{ properties: {}, geometry: { coordinates: ["a", "b"] } }] }, "x")).toThrow(/coordinates/);
    expect(() => parsePhoton({ features: [{ properties: {}, geometry: { coordinates: [13, 95] } }] }, "x")).toThrow(/range/);
  });
});

describe("Nominatim answers", () => {
  it("reads the documented JSON example (`class`, no place_rank)", () => {
    expect(parseNominatim(NOMINATIM_DOCS_EXAMPLE, "London")).toEqual({
      latitude: 51.5073219, longitude: -0.1276474, label: "London, Greater London, England, SW1A 2DU, United Kingdom", kind: "place", approximate: false,
    });
  });

  it("maps addresstype, category and place_rank to kind", () => {
    expect(parseNominatim(NOMINATIM["Berlin Alexanderplatz"], "Berlin Alexanderplatz")).toEqual({
      latitude: 52.5219184, longitude: 13.4132147, label: "Alexanderplatz, Mitte, Berlin, 10178, Deutschland", kind: "street", approximate: false,
    });
    expect(parseNominatim(NOMINATIM["Marienplatz 1, 80331 München"], "Marienplatz 1, 80331 München")).toMatchObject({ kind: "address", approximate: false });
    expect(parseNominatim(NOMINATIM["80331"], "80331")).toMatchObject({ kind: "postcode", latitude: 48.1351 });
    expect(parseNominatim(NOMINATIM["Hamburg"], "Hamburg")).toMatchObject({ kind: "place", label: "Hamburg, Deutschland" });
    // A street answer to a query with a house number.
    expect(parseNominatim(NOMINATIM["Berlin Alexanderplatz"], "Alexanderplatz 7, Berlin")).toMatchObject({ kind: "street", approximate: true });
  });

  it("returns null for no place and throws on a body of another shape", () => {
    expect(parseNominatim([], "Xyzzy")).toBeNull();
    expect(() => parseNominatim({ error: "Unable to geocode" }, "x")).toThrow(/array/);
    expect(() => parseNominatim([{ lat: 52.5, lon: 13.4 }], "x")).toThrow(/lat\/lon/); // numbers: not the documented strings
  });
});
