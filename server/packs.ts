// Data packs, loaded once per process on first use.
import fs from "node:fs";
import path from "node:path";
import { loadGazetteer } from "../engine/geocode/pack";
import type { Gazetteer } from "../engine/geocode/search";
import { loadNetworkPack } from "../engine/network/pack";
import { createSnapper } from "../engine/network/snap";
import type { PlanData } from "../engine/plan/types";
import { createStationIndex } from "../engine/stations/corridor";
import { loadStationPack } from "../engine/stations/pack";
import type { Station } from "../engine/stations/types";
import { HttpError } from "./http/errors";
import { PACK_FILES, config } from "./config";

const holder = globalThis as unknown as { __plannerPacks?: Partial<{ plan: PlanData; stations: Station[]; gazetteer: Gazetteer; attribution: string[] }> };
const cache = () => (holder.__plannerPacks ??= {});

function packFile(name: string): string {
  const file = path.join(config().packDir, name);
  if (!fs.existsSync(file)) {
    throw new HttpError(503, { detail: `Data pack ${name} is missing in ${config().packDir}: run 'npm run data:build'` }, { "retry-after": "60" });
  }
  return file;
}

/** Each pack loads on first use, once per process. */
export const packs = {
  get plan(): PlanData {
    const c = cache();
    if (!c.plan) {
      const network = loadNetworkPack(packFile(PACK_FILES.network));
      const stationPack = loadStationPack(packFile(PACK_FILES.stations));
      c.stations = stationPack.stations;
      c.attribution = [network.attribution ?? "", ...stationPack.header.sources.map((s) => s.attribution)].filter(Boolean);
      c.plan = {
        network,
        snapper: createSnapper(network),
        stations: createStationIndex(stationPack.stations),
        versions: { [network.id]: network.version, stations: stationPack.version },
      };
    }
    return c.plan;
  },
  get stations(): Station[] {
    void packs.plan;
    return cache().stations!;
  },
  get gazetteer(): Gazetteer {
    return (cache().gazetteer ??= loadGazetteer(packFile(PACK_FILES.gazetteer)));
  },
  get attribution(): string[] {
    void packs.plan;
    return [...cache().attribution!, packs.gazetteer.header.attribution];
  },
};
