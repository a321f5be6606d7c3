// The reader's result with its ways listed as RoadWays, for assertions on single ways.
import { readOsmFile, type OsmReadResult } from "@/engine/network/osm/read";
import { roadWaysOf, type RoadWay } from "@/engine/network/ways";

export type OsmWays = OsmReadResult & { ways: RoadWay[] };

export async function readOsmWays(file: string): Promise<OsmWays> {
  const r = await readOsmFile(file);
  return { ...r, ways: roadWaysOf(r.table) };
}
