// Germany from the Digital Chart of the World (DIVA-GIS): lines already share
// their end points, so each part is one way as it stands.
import type { RoadClass } from "../types";
import type { RoadWay, WaySource } from "../ways";
import { dedupe, lineStrings, readFeatures, toLatLon, type LineFeature } from "./lines";

export const DCW_ATTRIBUTION = "Roads: Digital Chart of the World (public domain), via DIVA-GIS";

/** MED_DESCRI "With Median" marks divided highways: the Autobahn network of the 1990s data. */
export function classifyDcw(props: Record<string, unknown> | null): RoadClass {
  if (props?.MED_DESCRI === "With Median") return "motorway";
  if (props?.RTT_DESCRI === "Primary Route") return "primary";
  if (props?.RTT_DESCRI === "Secondary Route") return "secondary";
  return "other";
}

export function dcwWays(features: LineFeature[]): { ways: RoadWay[]; skippedTrails: number } {
  const ways: RoadWay[] = [];
  let skippedTrails = 0;
  features.forEach((f, i) => {
    if (f.properties?.F_CODE_DES === "Trail") { skippedTrails++; return; }
    const cls = classifyDcw(f.properties);
    for (const part of lineStrings(f.geometry)) {
      const line = dedupe(part);
      if (line.length >= 2) ways.push({ coords: toLatLon(line), cls, oneway: 0, country: "DE", source: `dcw:${i}` });
    }
  });
  return { ways, skippedTrails };
}

export function readDcw(file: string): WaySource<RoadWay[]> {
  const features = readFeatures(file);
  const { ways, skippedTrails } = dcwWays(features);
  return { id: "de-dcw", attribution: DCW_ATTRIBUTION, ways, report: { features: features.length, ways: ways.length, skippedTrails } };
}
