import { describe, expect, it } from "vitest";
import { parseHeightM, parseMaxspeed, parseOneway, parseWeightT, wayMaxspeed } from "@/engine/network/osm/read";

describe("OSM value parsers", () => {
  it.each<[string | undefined, number | undefined]>([
    ["80", 80], ["80 mph", 129], ["50mph", 80], ["100 km/h", 100], ["60 kmh", 60], ["10 knots", 19],
    ["DE:urban", 50], ["DE:rural", 100], ["de:urban", 50], ["DE:motorway", undefined], ["AT:motorway", 130], ["CH:rural", 80],
    ["DE:zone30", 30], ["DE:zone:20", 20], ["DE:30", 30], ["XX:rural", undefined],
    ["none", undefined], ["signals", undefined], ["variable", undefined], ["walk", undefined], ["", undefined], [undefined, undefined],
    ["0", undefined], ["1000", undefined], ["50;30", 30], ["none;80", 80], ["80 @ (06:00-20:00)", undefined],
  ])("maxspeed %j -> %j", (v, kmh) => expect(parseMaxspeed(v)).toBe(kmh));

  it.each<[string | undefined, number | undefined]>([
    ["7.5", 7.5], ["7.5 t", 7.5], ["7.5t", 7.5], ["7500 kg", 7.5], ["12", 12], ["7,5", 7.5], ["10 st", 9.072], ["20000 lbs", 9.072],
    ["none", undefined], ["unsigned", undefined], ["default", undefined], [undefined, undefined], ["0", undefined],
  ])("maxweight %j -> %j t", (v, t) => expect(parseWeightT(v)).toBe(t));

  it.each<[string | undefined, number | undefined]>([
    ["4", 4], ["4.0 m", 4], ["3.8m", 3.8], ["4,2", 4.2], ["380 cm", 3.8], ["13'6\"", 4.115], ["13'", 3.962], ["14 ft", 4.267], ["12' 6\"", 3.81],
    ["default", undefined], ["none", undefined], ["below_default", undefined], ["no_sign", undefined], [undefined, undefined],
  ])("maxheight %j -> %j m", (v, m) => expect(parseHeightM(v)).toBe(m));

  it("one-way: explicit tag wins over motorway and roundabout defaults", () => {
    expect(parseOneway({}, "motorway")).toBe(1);
    expect(parseOneway({ oneway: "no" }, "motorway")).toBe(0);
    expect(parseOneway({ oneway: "-1", junction: "roundabout" }, "primary")).toBe(-1);
    expect(parseOneway({ junction: "roundabout" }, "primary")).toBe(1);
    expect(parseOneway({}, "trunk")).toBe(0);
    expect(parseOneway({ oneway: "reversible" }, "motorway")).toBe("reversible");
  });

  it("maxspeed:hgv first; never above the general limit; zone tags only when maxspeed is absent", () => {
    expect(wayMaxspeed({ maxspeed: "none", "maxspeed:hgv": "80" })).toBe(80);
    expect(wayMaxspeed({ maxspeed: "50", "maxspeed:hgv": "60" })).toBe(50);
    expect(wayMaxspeed({ maxspeed: "100", "maxspeed:hgv": "signals" })).toBe(100);
    expect(wayMaxspeed({ maxspeed: "70", "source:maxspeed": "DE:urban" })).toBe(70);
    expect(wayMaxspeed({ "maxspeed:type": "DE:rural" })).toBe(100);
    expect(wayMaxspeed({ "source:maxspeed": "sign" })).toBeUndefined();
    expect(wayMaxspeed({ "maxspeed:forward": "80" })).toBe(80);
  });
});
