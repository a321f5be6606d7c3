// What plans read of the bans besides the computed calendar: the operator's overrides file
// (BAN_OVERRIDES_FILE: bans lifted or added at short notice, read again whenever it changes) and
// the Länder of the gazetteer's postcode places (regional holiday bans). A file that cannot be read
// leaves the calendar alone in force, said in every plan and in the log.
import fs from "node:fs";
import { parseBanOverrides, type BanOverrides } from "../../engine/bans/overrides";
import { createRegionLocator, type RegionLocator } from "../../engine/bans/regions";
import type { BanData } from "../../engine/plan/types";
import type { Gazetteer } from "../../engine/geocode/search";
import { config } from "../config";
import { log } from "../log";

/** An overrides file is a few entries a year per country: anything larger is a mistake. */
export const MAX_OVERRIDES_BYTES = 1_048_576;

interface ReadFile {
  stamp: string;
  overrides?: BanOverrides;
  problem?: string;
}
let read: ReadFile | null = null;

/** The overrides of BAN_OVERRIDES_FILE as last changed; re-read when its size or modification time changes. */
function overridesOf(file: string): Pick<ReadFile, "overrides" | "problem"> {
  let stamp: string;
  try {
    const st = fs.statSync(file);
    stamp = `${st.size}:${st.mtimeMs}`;
  } catch (e) {
    stamp = `missing:${(e as NodeJS.ErrnoException).code}`;
  }
  if (read?.stamp === stamp) return read;
  read = { stamp, ...parseFile(file) };
  if (read.problem) log.error({ file, problem: read.problem }, "driving-ban overrides not applied");
  else log.info({ file, lifted: read.overrides!.lifted.length, added: read.overrides!.added.length }, "driving-ban overrides read");
  return read;
}

function parseFile(file: string): Pick<ReadFile, "overrides" | "problem"> {
  const cannot = (why: string) => ({ problem: `The operator's driving-ban overrides (BAN_OVERRIDES_FILE) cannot be read (${why}): the computed ban calendar alone is applied.` });
  try {
    if (fs.statSync(file).size > MAX_OVERRIDES_BYTES) return cannot(`larger than ${MAX_OVERRIDES_BYTES} bytes`);
    return { overrides: parseBanOverrides(JSON.parse(fs.readFileSync(file, "utf8"))) };
  } catch (e) {
    const issues = (e as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
    if (issues) return cannot(issues.slice(0, 5).map((i) => `${i.path.map(String).join(".")}: ${i.message}`).join("; "));
    return cannot((e as Error).message);
  }
}

const locators = new WeakMap<Gazetteer, RegionLocator | null>();

/** The gazetteer's postcode places that carry a region, indexed once per gazetteer; null when its pack has none. */
export function regionLocatorOf(gazetteer: Gazetteer): RegionLocator | null {
  if (!locators.has(gazetteer)) locators.set(gazetteer, indexRegions(gazetteer));
  return locators.get(gazetteer)!;
}

function indexRegions(gazetteer: Gazetteer): RegionLocator | null {
  const pc = gazetteer.postcodes;
  if (pc.regions.length <= 1) return null;
  const rows: number[] = [];
  for (let i = 0; i < pc.region.length; i++) if (pc.region[i]) rows.push(i);
  return createRegionLocator({
    lat: rows.map((i) => pc.lat[i] / 1e4), lon: rows.map((i) => pc.lon[i] / 1e4),
    region: rows.map((i) => pc.region[i]), codes: pc.regions,
  });
}

/** The ban data of a plan: overrides when configured, regions when the gazetteer is at hand (loaded on the first regional ban). */
export function banData(gazetteer: () => Gazetteer | null): BanData {
  const file = config().BAN_OVERRIDES_FILE;
  const fromFile = file ? overridesOf(file) : {};
  // Looked up once per plan, at its first regional period (a route asks every kilometre).
  let locator: RegionLocator | null | undefined;
  const regionsOf = () => {
    if (locator === undefined) {
      const g = gazetteer();
      locator = g ? regionLocatorOf(g) : null;
    }
    return locator;
  };
  return {
    ...(fromFile.overrides ? { overrides: fromFile.overrides } : {}),
    ...(fromFile.problem ? { overridesProblem: fromFile.problem } : {}),
    regionsAt: (lat, lon) => regionsOf()?.regionsAt(lat, lon) ?? null,
  };
}
