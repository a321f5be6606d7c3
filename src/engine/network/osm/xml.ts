// OSM XML (.osm) as a stream of text chunks -> OsmSink, via the saxes SAX parser.
import { SaxesParser, type SaxesTagPlain } from "saxes";
import type { OsmSink } from "./collect";
import type { OsmTags } from "./tags";

const e7 = (s: string | undefined) => Math.round(Number(s) * 1e7);

export async function scanOsmXml(chunks: AsyncIterable<string>, sink: OsmSink): Promise<void> {
  const parser = new SaxesParser();
  let way: { id: number; refs: number[]; tags: OsmTags } | null = null;
  parser.on("opentag", (tag: SaxesTagPlain) => {
    const a = tag.attributes;
    switch (tag.name) {
      case "node": {
        const lat = e7(a.lat), lon = e7(a.lon);
        if (Number.isFinite(lat) && Number.isFinite(lon)) sink.node(Number(a.id), lat, lon);
        break;
      }
      case "way":
        way = { id: Number(a.id), refs: [], tags: {} };
        break;
      case "nd":
        way?.refs.push(Number(a.ref));
        break;
      case "tag":
        // Node and relation tags are not needed.
        if (way && a.k !== undefined) way.tags[a.k] = a.v ?? "";
        break;
      case "bounds":
        sink.fileBounds({ minLat: Number(a.minlat), minLon: Number(a.minlon), maxLat: Number(a.maxlat), maxLon: Number(a.maxlon) });
        break;
    }
  });
  parser.on("closetag", (tag: SaxesTagPlain) => {
    if (tag.name === "way" && way) {
      sink.way(way.id, way.refs, way.tags);
      way = null;
    }
  });
  for await (const chunk of chunks) parser.write(chunk);
  parser.close();
}
