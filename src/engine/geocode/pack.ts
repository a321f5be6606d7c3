// Loading a built gazetteer pack (kept apart from the builder so a server
// that only reads packs does not pull in the build code).
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { indexGazetteer, type Gazetteer, type GazetteerPack } from "./search";

export const FORMAT_VERSION = 2; // 2: postcode rows carry their region (ISO 3166-2)

/** Reads a pack (plain or gzipped JSON) and builds its lookup indexes. */
export function loadGazetteer(file: string): Gazetteer {
  let buf = readFileSync(file);
  if (buf[0] === 0x1f && buf[1] === 0x8b) buf = gunzipSync(buf);
  const pack = JSON.parse(buf.toString("utf8")) as GazetteerPack;
  if (pack.header?.format !== "etruck-gazetteer" || pack.header.formatVersion !== FORMAT_VERSION) {
    throw new Error(`${file}: not a gazetteer pack of format version ${FORMAT_VERSION}`);
  }
  return indexGazetteer(pack);
}
