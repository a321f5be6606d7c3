import { describe, expect, it } from "vitest";
import { planToGpx } from "@/engine/export/gpx";
import { exportStops } from "@/engine/export/stops";
import { decodePolyline } from "@/engine/network/polyline";
import { enginePlan, handResult } from "./fixture";
import { kid, kids, parseXml } from "./xml";

const GPX_NS = "http://www.topografix.com/GPX/1/1";

describe("GPX export", () => {
  const result = enginePlan();
  const gpx = parseXml(planToGpx(result, { name: "Aachen → Görlitz", time: "2026-11-19T10:00:00Z" }));

  it("is a GPX 1.1 document", () => {
    expect(gpx.name).toBe("gpx");
    expect(gpx.uri).toBe(GPX_NS);
    expect(gpx.attrs.version).toBe("1.1");
    expect(gpx.attrs.creator).toBeTruthy();
    expect(kid(kid(gpx, "metadata"), "name").text).toBe("Aachen → Görlitz");
    expect(kid(kid(gpx, "metadata"), "time").text).toBe("2026-11-19T10:00:00.000Z");
    // XSD sequence: metadata, wpt*, rte*, trk*.
    const order = gpx.children.map((c) => c.name);
    expect(order[0]).toBe("metadata");
    expect(order.lastIndexOf("wpt")).toBeLessThan(order.indexOf("trk"));
  });

  it("has the route as one track, a segment per section, points equal to the decoded polylines", () => {
    const trks = kids(gpx, "trk");
    expect(trks).toHaveLength(1);
    const segs = kids(trks[0], "trkseg");
    expect(result.sections.length).toBeGreaterThan(2);
    expect(segs).toHaveLength(result.sections.length);
    segs.forEach((seg, i) => {
      const got = kids(seg, "trkpt").map((p) => [Number(p.attrs.lat), Number(p.attrs.lon)]);
      expect(got).toEqual(decodePolyline(result.sections[i].polyline!));
    });
  });

  it("names the tour's points as the web app does; charging stops and breaks keep theirs", () => {
    const named = parseXml(planToGpx(handResult(), { name: "Hamburg → Frankfurt → München", pointNames: ["Hamburg", "Frankfurt", "München"] }));
    const names = kids(named, "wpt").map((w) => [kid(w, "type").text, kid(w, "name").text]);
    expect(names).toEqual([["start", "Hamburg"], ["charge", `Charging stop 1: A&B "Laden" <Nord> 'Süd'`], ["break", "Break"], ["stop", "Frankfurt"], ["destination", "München"]]);
    expect(kid(kid(named, "trk"), "name").text).toBe("Hamburg → Frankfurt → München");
    // The engine's plan: its request stop ends the first request section (section_id "drop-off").
    expect(exportStops(result, ["Aachen", "Kassel", "Görlitz"]).filter((x) => x.kind !== "charge" && x.kind !== "break").map((x) => x.name)).toEqual(["Aachen", "Kassel", "Görlitz"]);
  });

  it("has a waypoint per stop, in order, with names, kinds and descriptions", () => {
    const stops = exportStops(result);
    const wpts = kids(gpx, "wpt");
    expect(wpts).toHaveLength(stops.length);
    expect(stops[0].kind).toBe("start");
    expect(stops.at(-1)!.kind).toBe("destination");
    expect(stops.filter((s) => s.kind === "charge")).toHaveLength(result.totals!.charging_stops);
    expect(stops.filter((s) => s.kind === "stop")).toHaveLength(1);
    wpts.forEach((w, i) => {
      const s = stops[i];
      expect(Number(w.attrs.lat)).toBe(s.lat);
      expect(Number(w.attrs.lon)).toBe(s.lon);
      expect(kid(w, "type").text).toBe(s.kind);
      // XSD sequence inside wpt: time before name before desc before type.
      expect(w.children.map((c) => c.name).filter((n) => n !== "time")).toEqual(["name", "desc", "type"]);
    });
    const charge = wpts.find((w) => kid(w, "type").text === "charge")!;
    const stop = stops.find((s) => s.kind === "charge")!;
    // Names with & < > " ' come back unchanged after parsing.
    expect(kid(charge, "name").text).toBe(`Charging stop 1: ${stop.name}`);
    expect(stop.name).toMatch(/& Söhne <Süd>/);
    const desc = kid(charge, "desc").text;
    expect(desc).toContain(`Operator: ${stop.operator}`);
    expect(desc).toContain(`Power: ${stop.powerKW} kW`);
    expect(desc).toContain(`Energy: ${stop.energyKWh} kWh`);
    expect(desc).toMatch(/Charge time: \d/);
    expect(desc).toContain(`Arrival: ${stop.arrival}`);
    expect(kid(charge, "time").text).toBe(new Date(stop.arrival!).toISOString());
    expect(kid(wpts[1 + stops.slice(1).findIndex((s) => s.kind === "stop")], "name").text).toBe("drop-off");
  });

  it("keeps breaks and escapes or drops what XML cannot hold", () => {
    const xml = planToGpx(handResult());
    const doc = parseXml(xml);
    const wpts = kids(doc, "wpt");
    expect(wpts.map((w) => kid(w, "type").text)).toEqual(["start", "charge", "break", "stop", "destination"]);
    expect(kid(wpts[1], "name").text).toBe(`Charging stop 1: A&B "Laden" <Nord> 'Süd'`);
    expect(kid(wpts[1], "desc").text).toContain("Operator: Müller & Co <GmbH>; Power: 400 kW (MCS); Energy: 300.5 kWh; Charge time: 40 min; Break: 45 min");
    expect(kid(wpts[2], "name").text).toBe("Break");
    expect(kid(wpts[2], "desc").text).toContain("Break: 45 min");
    expect(kid(wpts[3], "name").text).toBe("Depot Süd");
    expect(xml).not.toContain("\u0001");
    expect(kid(kid(doc, "trk"), "trkseg")).toBeTruthy();
    expect(kids(kid(doc, "trk"), "trkseg").map((s) => kids(s, "trkpt").length)).toEqual([5, 5, 5, 9]);
    // No metadata time unless asked: the same result always gives the same file.
    expect(kid(doc, "metadata").children.map((c) => c.name)).toEqual(["name", "desc"]);
    expect(planToGpx(handResult())).toBe(xml);
  });
});
